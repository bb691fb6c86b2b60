import { useId, useState } from 'react';

import { formatShortDateTime } from '../../domain/time-zone.ts';
import type { NewsItem } from '../api/news.ts';

const CDATA = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/;
// A stand-in origin to resolve paths against: a path that lands anywhere else is refused.
const SITE_BASE = 'https://site.invalid';

/**
 * The address 'Read at Source' opens: the link without a CDATA wrapper, or null unless it is an
 * absolute http(s) address or a path on this site (Touchline's own stories, e.g.
 * `/league/serie-a?report=12`). A feed's `javascript:` or `data:` link never becomes a link, nor
 * does `//host` or `/\host`, which browsers read as another site.
 */
export function findArticleHref(link: string | null | undefined): string | null {
  if (typeof link !== 'string') return null;
  const unwrapped = (CDATA.exec(link)?.[1] ?? link).trim();
  if (unwrapped === '') return null;
  if (unwrapped.startsWith('/')) return findSitePath(unwrapped);
  try {
    const url = new URL(unwrapped);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function findSitePath(path: string): string | null {
  // The URL parser drops tabs and newlines and reads "\" as "/": "/\t/host" would become "//host".
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  try {
    const url = new URL(path, SITE_BASE);
    if (url.origin !== SITE_BASE || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

const CARD =
  'flex min-w-0 flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm';
// The image box keeps its 16:9 space whether the picture loads or fails.
const IMAGE_BOX = 'aspect-video w-full bg-line';

function hasImage(src: string | null | undefined): src is string {
  return typeof src === 'string' && src.trim() !== '';
}

/**
 * `first`: the picture is likely the largest thing on screen when the page opens, so it is
 * fetched at once and first, rather than when the browser finds it near the viewport.
 */
function NewsImage({ src, first }: { src: string; first: boolean }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div
        className={`${IMAGE_BOX} flex items-center justify-center text-muted`}
        aria-hidden="true"
        data-testid="news-image-placeholder"
      >
        <svg viewBox="0 0 24 24" className="h-10 w-10" fill="none" stroke="currentColor">
          <path strokeWidth="1.5" d="M4 5h13v14H6a2 2 0 0 1-2-2V5Z" />
          <path strokeWidth="1.5" d="M17 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      onError={() => setBroken(true)}
      className={`${IMAGE_BOX} object-cover`}
    />
  );
}

/**
 * One news item: picture, time and source, title (2 lines), summary (3 lines), 'Read at Source'.
 * An item with no picture (match reports get one drawn by the server) is a compact card: a grey
 * box would say nothing and push the headline down, so the summary gets the room instead.
 */
export function NewsCard({
  item,
  timeZone,
  headingLevel = 3,
  first = false,
}: {
  item: NewsItem;
  timeZone: string;
  headingLevel?: 2 | 3;
  /** The page's first card, at the top of the screen: its picture loads at once. */
  first?: boolean;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const published = item.published_at ?? item.created_at ?? null;
  const publishedMs = published === null ? Number.NaN : Date.parse(published);
  const source = item.source ?? item.source_name ?? '';
  const href = findArticleHref(item.link) ?? findArticleHref(item.url);
  const button = 'mt-auto self-start rounded-md px-3 py-2 text-sm font-semibold';

  return (
    <article className={CARD} aria-labelledby={titleId}>
      {hasImage(item.image_url) ? <NewsImage src={item.image_url} first={first} /> : null}
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="flex min-w-0 items-center gap-2 text-xs text-subtle">
          {Number.isFinite(publishedMs) ? (
            <time className="shrink-0 tabular-nums" dateTime={published ?? undefined}>
              {formatShortDateTime(publishedMs, timeZone)}
            </time>
          ) : null}
          {source ? <span className="min-w-0 truncate font-semibold">{source}</span> : null}
        </p>
        <Heading id={titleId} className="line-clamp-2 font-bold leading-snug break-words">
          {item.title ?? ''}
        </Heading>
        {item.summary ? (
          <p
            className={`${hasImage(item.image_url) ? 'line-clamp-3' : 'line-clamp-6'} text-sm break-words text-subtle`}
          >
            {item.summary}
          </p>
        ) : null}
        {href === null ? (
          <button type="button" disabled className={`${button} bg-line text-subtle`}>
            Read at Source
          </button>
        ) : (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={`${button} bg-pitch text-chalk hover:bg-pitch-light`}
          >
            Read at Source
          </a>
        )}
      </div>
    </article>
  );
}

/** A card-shaped placeholder while news loads. */
export function NewsCardSkeleton() {
  return (
    <div className={CARD} aria-hidden="true" data-testid="news-card-skeleton">
      <div className={`${IMAGE_BOX} animate-pulse`} />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-3 w-1/3 animate-pulse rounded bg-line" />
        <div className="h-5 w-full animate-pulse rounded bg-line" />
        <div className="h-5 w-2/3 animate-pulse rounded bg-line" />
        <div className="h-12 w-full animate-pulse rounded bg-line" />
        <div className="h-9 w-32 animate-pulse rounded bg-line" />
      </div>
    </div>
  );
}
