import type { MediaNs } from 'feedsmith';

import { normaliseSitePath, parseHttpUrl } from './links.ts';
import { decodeHtml, MAX_HTML_CHARS } from './plain-text.ts';

/** Widest image worth taking when a feed offers several sizes (Guardian: 140, 460, 700). */
const MAX_IMAGE_WIDTH = 1200;

type SizedImage = { url?: string; width?: number };

/** Where an item may name its picture, best first. */
export type ImageSources = {
  media: MediaNs.ItemOrFeed | undefined;
  enclosures: Array<{ url?: string; type?: string }>;
  summaryHtml: string | undefined;
  contentHtml: string | undefined;
};

/**
 * An item's picture: a media:content image (widest up to 1200 px), else a thumbnail, else an
 * image enclosure, else the first <img> of its summary or content; absolute http(s) only.
 */
export function pickImage(entry: ImageSources): string | null {
  const media = entry.media;
  const groups = media?.groups ?? [];
  const contents = [...(media?.contents ?? []), ...groups.flatMap((g) => g.contents ?? [])];
  const fromContent = pickBestSize(contents.filter(isImageContent));
  if (fromContent !== null) return fromContent;

  const thumbnails = [
    ...(media?.thumbnails ?? []),
    ...groups.flatMap((g) => g.thumbnails ?? []),
    ...contents.flatMap((c) => c.thumbnails ?? []),
  ];
  const fromThumbnail = pickBestSize(thumbnails);
  if (fromThumbnail !== null) return fromThumbnail;

  for (const enclosure of entry.enclosures) {
    if (!(enclosure.type ?? '').trim().toLowerCase().startsWith('image/')) continue;
    const url = parseHttpUrl(enclosure.url);
    if (url !== null) return url.href;
  }

  return findFirstImg(entry.summaryHtml) ?? findFirstImg(entry.contentHtml);
}

/**
 * For this site's own feeds only: an image enclosure that is a picture this site draws
 * (`/img/report/…`), as a path on this site.
 */
export function pickSiteImage(entry: Pick<ImageSources, 'enclosures'>): string | null {
  for (const enclosure of entry.enclosures) {
    if (!(enclosure.type ?? '').trim().toLowerCase().startsWith('image/')) continue;
    const path = normaliseSitePath(enclosure.url);
    if (path !== null && path.startsWith('/img/')) return path;
  }
  return null;
}

const NON_IMAGE_EXTENSION = /\.(mp4|m4v|mov|webm|mkv|m3u8|mpd|mp3|m4a|aac|ogg|wav|flac|pdf)$/i;

function isImageContent(content: MediaNs.Content): boolean {
  const medium = content.medium?.toLowerCase();
  const type = content.type?.toLowerCase();
  if (medium !== undefined) return medium === 'image';
  if (type !== undefined) return type.startsWith('image/');
  // Untyped media:content (Guardian, The Athletic) is an image unless its name says otherwise.
  const url = parseHttpUrl(content.url);
  return url !== null && !NON_IMAGE_EXTENSION.test(url.pathname);
}

/** The widest image up to MAX_IMAGE_WIDTH, else one of unknown size, else the narrowest. */
function pickBestSize(images: readonly SizedImage[]): string | null {
  let best: { href: string; width: number } | null = null;
  let unsized: string | null = null;
  let narrowest: { href: string; width: number } | null = null;
  for (const image of images) {
    const url = parseHttpUrl(image.url);
    if (url === null) continue;
    const width = image.width;
    if (typeof width !== 'number' || !Number.isFinite(width) || width <= 0) {
      unsized ??= url.href;
    } else if (width <= MAX_IMAGE_WIDTH) {
      if (best === null || width > best.width) best = { href: url.href, width };
    } else if (narrowest === null || width < narrowest.width) {
      narrowest = { href: url.href, width };
    }
  }
  return best?.href ?? unsized ?? narrowest?.href ?? null;
}

/** `src` of the first usable `<img>` in an HTML fragment, looking at no more than 20 tags. */
function findFirstImg(html: string | undefined): string | null {
  if (typeof html !== 'string') return null;
  const scanned = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  const opening = /<img[\s/]/gi;
  for (let tags = 0; tags < 20; tags++) {
    const match = opening.exec(scanned);
    if (match === null) return null;
    const end = scanned.indexOf('>', match.index);
    const limit = match.index + 2048;
    const tag = scanned.slice(match.index, end === -1 ? limit : Math.min(end, limit));
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    if (value === undefined) continue;
    const url = parseHttpUrl(decodeHtml(value));
    if (url !== null) return url.href;
  }
  return null;
}
