import {
  DetectError,
  MalformedError,
  ParseError,
  parseAtomFeed,
  parseRdfFeed,
  parseRssFeed,
  type AtomFeed,
  type MediaNs,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';
import sanitizeHtml from 'sanitize-html';

import type { LeagueSlug } from '../../../domain/league.ts';

export type FeedItem = {
  guid: string | null;
  title: string;
  link: string;
  summary: string;
  imageUrl: string | null;
  publishedAt: Date | null;
};

export const MAX_ITEMS = 200;
export const MAX_TITLE_CHARS = 300;
/** UTF-8 bytes of a summary after sanitising. */
export const MAX_SUMMARY_BYTES = 10 * 1024;

/** A 5 MiB body (the fetch limit) never decodes to more UTF-16 units than this. */
const MAX_DOCUMENT_CHARS = 5 * 1024 * 1024;
/** Items read from the document before linkless ones are dropped and the list is cut to MAX_ITEMS. */
const MAX_PARSED_ITEMS = 500;
/** HTML read per field: a summary keeps at most 10 KB of text, so the rest is never looked at. */
const MAX_HTML_CHARS = 100_000;
const MAX_TEXT_CHARS = 20_000;
const MAX_URL_CHARS = 2048;
const MAX_GUID_CHARS = 1000;
/** Widest image worth taking when a feed offers several sizes (Guardian: 140, 460, 700). */
const MAX_IMAGE_WIDTH = 1200;

type RawEntry = {
  guid: string | undefined;
  title: string | undefined;
  links: Array<string | undefined>;
  summaryHtml: string | undefined;
  contentHtml: string | undefined;
  media: MediaNs.ItemOrFeed | undefined;
  enclosures: Array<{ url?: string; type?: string }>;
  dates: Array<string | undefined>;
};

export type ParseFeedOptions = {
  /**
   * Also take links that are paths on this site (`/league/serie-a?report=1`): for Touchline's
   * own feeds only, rendered in-process. Every other feed's links must be absolute http(s).
   */
  sitePaths?: boolean;
};

/**
 * Reads an RSS 2.0, Atom 1.0 or RSS 1.0 document into plain, bounded items. Throws an `Error`
 * starting with "rss: " for malformed XML, an HTML page, a DTD that declares entities, or anything
 * that is not a feed. DTD entities are never expanded.
 */
export function parseFeed(
  xml: string,
  options: ParseFeedOptions = {},
): { title: string; items: FeedItem[] } {
  if (typeof xml !== 'string') throw new Error('rss: feed body is not a string');
  if (xml.length > MAX_DOCUMENT_CHARS) throw new Error('rss: document larger than 5 MiB');
  const root = findRootElement(xml);
  const local = root.toLowerCase().replace(/^.*:/, '');
  if (local === 'html' || local === 'head' || local === 'body') throw htmlPageError();
  if (local !== 'rss' && local !== 'feed' && local !== 'rdf') {
    throw new Error(`rss: not an RSS or Atom feed (root element <${root.slice(0, 40)}>)`);
  }
  requireClosedRoot(xml, root);

  let title: string | undefined;
  let entries: RawEntry[];
  try {
    if (local === 'rss') {
      const feed = parseRssFeed(xml, { maxItems: MAX_PARSED_ITEMS });
      title = feed.title;
      entries = (feed.items ?? []).map(fromRssItem);
    } else if (local === 'feed') {
      const feed = parseAtomFeed(xml, { maxItems: MAX_PARSED_ITEMS });
      title = feed.title?.value;
      entries = (feed.entries ?? []).map(fromAtomEntry);
    } else {
      const feed = parseRdfFeed(xml, { maxItems: MAX_PARSED_ITEMS });
      title = feed.title;
      entries = (feed.items ?? []).map(fromRdfItem);
    }
  } catch (error) {
    throw wrapParserError(error);
  }

  const items: FeedItem[] = [];
  for (const entry of entries) {
    const item = toFeedItem(entry, options.sitePaths === true);
    if (item !== null) items.push(item);
    if (items.length === MAX_ITEMS) break;
  }
  return { title: toPlainText(title ?? ''), items };
}

function htmlPageError(): Error {
  return new Error('rss: got an HTML page, not a feed (the feed URL may have moved)');
}

function wrapParserError(error: unknown): Error {
  if (error instanceof MalformedError) {
    const reason = error.cause instanceof Error ? error.cause.message : error.message;
    return new Error(`rss: malformed XML: ${reason.slice(0, 200)}`, { cause: error });
  }
  if (error instanceof DetectError || error instanceof ParseError) {
    return new Error('rss: not an RSS or Atom feed', { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`rss: cannot parse feed: ${reason.slice(0, 200)}`, { cause: error });
}

/**
 * Walks the prolog (XML declaration, comments, DOCTYPE) and returns the root element's name.
 * Rejects what is not XML, HTML doctypes and DTDs that declare entities: Touchline never expands
 * entities, and a feed that declares them is either broken or hostile.
 */
function findRootElement(xml: string): string {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < xml.length && isXmlSpace(xml.charCodeAt(i))) i++;
    if (i >= xml.length) throw new Error('rss: empty document');
    if (xml[i] !== '<') {
      throw new Error(xml[i] === '{' ? 'rss: not an XML feed (JSON?)' : 'rss: not an XML document');
    }
    if (xml.startsWith('<?', i)) {
      i = skipPast(xml, i + 2, '?>');
    } else if (xml.startsWith('<!--', i)) {
      i = skipPast(xml, i + 4, '-->');
    } else if (xml.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      i = readDoctype(xml, i);
    } else {
      const match = /^<([A-Za-z_][\w.:-]*)/.exec(xml.slice(i, i + 256));
      if (match === null) throw new Error('rss: malformed XML: no root element');
      return match[1] ?? '';
    }
  }
}

function isXmlSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function skipPast(xml: string, from: number, terminator: string): number {
  const end = xml.indexOf(terminator, from);
  if (end === -1) throw new Error('rss: malformed XML: unterminated prolog');
  return end + terminator.length;
}

/** Returns the index after the DOCTYPE declaration starting at `start`. */
function readDoctype(xml: string, start: number): number {
  const name = /^<!DOCTYPE\s+([^\s[>]+)/i.exec(xml.slice(start, start + 64))?.[1] ?? '';
  if (name.toLowerCase() === 'html') throw htmlPageError();
  let quote = '';
  let subsetStart = -1;
  for (let i = start + 9; i < xml.length; i++) {
    const c = xml[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[' && subsetStart === -1) {
      subsetStart = i;
    } else if (c === ']' && subsetStart !== -1) {
      if (/<!ENTITY/i.test(xml.slice(subsetStart, i))) {
        throw new Error('rss: DTD entity declarations are not allowed');
      }
      subsetStart = -2;
    } else if (c === '>' && subsetStart < 0) {
      return i + 1;
    }
  }
  if (subsetStart >= 0 && /<!ENTITY/i.test(xml.slice(subsetStart))) {
    throw new Error('rss: DTD entity declarations are not allowed');
  }
  throw new Error('rss: malformed XML: unterminated DOCTYPE');
}

/** A document cut short (a dropped connection, a full disk upstream) must not pass as a feed. */
function requireClosedRoot(xml: string, root: string): void {
  let end = xml.length;
  for (;;) {
    while (end > 0 && isXmlSpace(xml.charCodeAt(end - 1))) end--;
    if (xml.startsWith('-->', end - 3)) {
      end = xml.lastIndexOf('<!--', end - 3);
    } else if (xml.startsWith('?>', end - 2)) {
      end = xml.lastIndexOf('<?', end - 2);
    } else {
      break;
    }
    if (end < 0) break;
  }
  const tail = xml.slice(Math.max(0, end - root.length - 16), Math.max(0, end)).toLowerCase();
  const closing = /<\/([\w.:-]+)\s*>$/.exec(tail);
  if (closing?.[1] !== root.toLowerCase()) {
    throw new Error('rss: malformed XML: document is truncated or its root element is not closed');
  }
}

function fromRssItem(item: RssFeed.Item<string>): RawEntry {
  const guid = item.guid?.value;
  return {
    guid,
    title: item.title,
    // RSS 2.0: a guid is the item's permalink unless it says isPermaLink="false".
    links: [item.link, item.guid?.isPermaLink === false ? undefined : guid],
    summaryHtml: item.description,
    contentHtml: item.content?.encoded,
    media: item.media,
    enclosures: item.enclosures ?? [],
    dates: [item.pubDate, ...(item.dc?.dates ?? []), ...(item.dcterms?.dates ?? [])],
  };
}

function fromAtomEntry(entry: AtomFeed.Entry<string>): RawEntry {
  const links = entry.links ?? [];
  const alternates = links.filter((l) => l.rel === undefined || l.rel === 'alternate');
  alternates.sort((a, b) => Number(isHtmlType(b.type)) - Number(isHtmlType(a.type)));
  return {
    guid: entry.id,
    title: entry.title?.value,
    links: alternates.map((l) => l.href),
    summaryHtml: entry.summary?.value,
    contentHtml: entry.content?.src === undefined ? entry.content?.value : undefined,
    media: entry.media,
    enclosures: links
      .filter((l) => l.rel === 'enclosure')
      .map((l) => ({ url: l.href, type: l.type })),
    dates: [entry.published, entry.updated, ...(entry.dc?.dates ?? [])],
  };
}

function isHtmlType(type: string | undefined): boolean {
  return type === undefined || type === 'text/html' || type === 'application/xhtml+xml';
}

function fromRdfItem(item: RdfFeed.Item<string>): RawEntry {
  return {
    guid: item.rdf?.about,
    title: item.title,
    links: [item.link],
    summaryHtml: item.description,
    contentHtml: item.content?.encoded,
    media: item.media,
    enclosures: [],
    dates: [...(item.dc?.dates ?? []), ...(item.dcterms?.dates ?? [])],
  };
}

function toFeedItem(entry: RawEntry, sitePaths: boolean): FeedItem | null {
  let link: string | null = null;
  for (const candidate of entry.links) {
    link = cleanLink(candidate) ?? (sitePaths ? normaliseSitePath(candidate) : null);
    if (link !== null) break;
  }
  if (link === null) return null;

  let summary = sanitiseSummary(entry.summaryHtml ?? '');
  if (summary === '') summary = sanitiseSummary(entry.contentHtml ?? '');
  let title = toPlainText(entry.title ?? '');
  if (title === '') title = toPlainText(summary);

  let publishedAt: Date | null = null;
  for (const raw of entry.dates) {
    publishedAt = parseFeedDate(raw);
    if (publishedAt !== null) break;
  }

  return {
    guid: cleanGuid(entry.guid),
    title,
    link,
    summary,
    imageUrl: pickImage(entry),
    publishedAt,
  };
}

function cleanGuid(raw: string | undefined): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const guid = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return guid === '' ? null : guid.slice(0, MAX_GUID_CHARS);
}

// ---------------------------------------------------------------------------------------------
// Plain text

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  // Elements whose content is code or markup, never readable text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'svg',
    'template',
    'title',
    'head',
    'xmp',
    'plaintext',
  ],
};
const BLOCK_TAG =
  /<(\/?)(address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|ol|p|pre|section|table|td|th|tr|ul)\b/gi;
const ESCAPED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
// eslint-disable-next-line no-control-regex -- control characters and lone surrogates are removed
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/gu;

/** HTML to text: tags dropped (script and the like with their content), entities decoded once. */
function decodeHtml(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_TAG, ' <$1$2'), TEXT_ONLY);
  return text.replace(/&(amp|lt|gt|quot);/g, (_match, name: string) => ESCAPED[name] ?? '');
}

/**
 * Makes text read back as itself when parsed as HTML once more, so sanitising is idempotent and
 * no consumer can mistake it for markup: `<` before a tag-like character becomes `‹`, and when
 * some `&` would still decode, every `&` before a name or `#` becomes `＆`.
 */
function neutralise(text: string): string {
  let out = text.replace(/<(?=[^\s\d])/g, '‹');
  if (decodeHtml(out) === out) return out;
  out = out.replace(/&(?=[#A-Za-z])/g, '＆');
  if (decodeHtml(out) === out) return out;
  return out.replaceAll('&', '＆').replaceAll('<', '‹');
}

/** Boilerplate that feeds append to every summary (Guardian, WordPress). */
function removeFooters(text: string): string {
  for (;;) {
    const before = text;
    if (text.endsWith('Continue reading...')) {
      text = text.slice(0, -'Continue reading...'.length).trimEnd();
    }
    const post = text.lastIndexOf('The post ');
    if (post !== -1) {
      const tail = text.slice(post);
      if (tail.length <= 1500 && tail.endsWith('.') && tail.includes(' appeared first on ')) {
        text = text.slice(0, post).trimEnd();
      }
    }
    if (text === before) return text;
  }
}

/** A feed summary (HTML or text) as plain text: no markup at all, ≤ 10 KB of UTF-8. */
export function sanitiseSummary(html: string): string {
  let text = decodeHtml(html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html);
  if (text.length > MAX_TEXT_CHARS) text = text.slice(0, MAX_TEXT_CHARS);
  text = text.replace(UNPRINTABLE, '').replace(/\s+/g, ' ').trim();
  return truncateBytes(neutralise(removeFooters(text)), MAX_SUMMARY_BYTES);
}

/** `<` where an HTML parser would open a tag, end tag, comment, doctype or instruction. */
const TAG_OPEN = /<(?=[A-Za-z!/?])/g;
/** `&` with all an HTML parser could read after it as a character reference. */
const CHARACTER_REFERENCE = /&(?:#[xX]?[\dA-Fa-f]*|[A-Za-z][\dA-Za-z]*);?/g;
/** What is left of a CDATA section that a feed escaped into its text. */
const CDATA_MARKER = /<!\[CDATA\[|\]\]>/g;

/**
 * A feed's or an item's title, or any other text served as plain text, of at most 300
 * characters: every tag removed whatever its name (script, style and the like with their
 * content), comments, processing instructions and CDATA markers too; character references
 * decoded once; control characters and lone surrogates dropped; whitespace collapsed.
 *
 * It is idempotent, `toPlainText(toPlainText(x)) === toPlainText(x)`, so text stored by it can
 * go through it again when served. Decoding can bring markup back (`&lt;b&gt;` is `<b>`), and
 * stripping and decoding again until nothing changes would decode twice ("&amp;lt;" means the
 * text "&lt;") and drop words that were only ever text. So what decoding brings back is made
 * inert instead, as in summaries: see makeInert.
 */
export function toPlainText(html: string): string {
  const input = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  // Controls go before parsing as well: "<scr\0ipt>" is read as the tag it looks like.
  let text = decodeHtml(input.replace(UNPRINTABLE, '').replace(CDATA_MARKER, ''));
  if (text.length > MAX_TEXT_CHARS) text = text.slice(0, MAX_TEXT_CHARS);
  text = removeAll(text.replace(UNPRINTABLE, ''), CDATA_MARKER);
  return makeInert(truncateChars(text.replace(/\s+/g, ' ').trim(), MAX_TITLE_CHARS));
}

/** Removes every match, again until none is left: removing one can join another ("]]]]>>"). */
function removeAll(text: string, pattern: RegExp): string {
  for (;;) {
    const next = text.replace(pattern, '');
    if (next === text) return text;
    text = next;
  }
}

/**
 * Makes decoded text parse back as itself: `<` that would open a tag becomes `‹`, and `&`
 * becomes `＆` where what follows would decode. Each reference is tried on its own, so "Q&A" and
 * "AT&T" stay as written. Should the parser still change anything, every `<` and `&` goes: text
 * without them has nothing left to parse. Neither is a space, so nothing is joined or trimmed.
 */
function makeInert(text: string): string {
  if (!text.includes('<') && !text.includes('&')) return text;
  const out = text
    .replace(TAG_OPEN, '‹')
    .replace(CHARACTER_REFERENCE, (reference) =>
      decodeHtml(reference) === reference ? reference : `＆${reference.slice(1)}`,
    );
  if (decodeHtml(out) === out) return out;
  return out.replaceAll('<', '‹').replaceAll('&', '＆');
}

const ELLIPSIS = '…';
const utf8 = new TextEncoder();

function truncateChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return cutAt(text, maxChars - ELLIPSIS.length);
}

function truncateBytes(text: string, maxBytes: number): string {
  // Cheap exit: every UTF-16 unit is at most 3 bytes of UTF-8.
  if (text.length * 3 <= maxBytes || utf8.encode(text).length <= maxBytes) return text;
  const budget = maxBytes - 3; // the ellipsis is 3 bytes
  let bytes = 0;
  let index = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes > budget) break;
    index += char.length;
  }
  return cutAt(text, index);
}

/** Cuts before `end` (at a word break when one is near), never inside a surrogate pair. */
function cutAt(text: string, end: number): string {
  let cut = end;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  const space = text.lastIndexOf(' ', cut);
  if (space > cut - 40 && space > 0) cut = space;
  return text.slice(0, cut).trimEnd() + ELLIPSIS;
}

// ---------------------------------------------------------------------------------------------
// Links and images

const TRACKING_PARAMS = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'cmp',
  'dclid',
  'fbclid',
  'gbraid',
  'gclid',
  'gclsrc',
  'icid',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'ocid',
  'ref_src',
  'ref_url',
  'ttclid',
  'twclid',
  'wbraid',
  'yclid',
]);
const TRACKING_PREFIXES = ['utm_', 'at_', 'ns_', 'hsa_', 'pk_', 'mtm_', 'oly_'];

function isTrackingParam(key: string): boolean {
  const name = key.toLowerCase();
  return TRACKING_PARAMS.has(name) || TRACKING_PREFIXES.some((p) => name.startsWith(p));
}

/** An absolute http(s) URL without credentials, or null. Padding whitespace is tolerated. */
function parseHttpUrl(raw: string | undefined): URL | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_CHARS) return null;
  // eslint-disable-next-line no-control-regex -- the URL parser would silently drop these
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/** Drops tracking parameters and keeps every other one exactly as it was written. */
function stripTracking(url: URL): void {
  if (url.search === '') return;
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !isTrackingParam(safeDecode(part.split('=')[0] ?? '')));
  url.search = kept.length === 0 ? '' : `?${kept.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function cleanLink(raw: string | undefined): string | null {
  const url = parseHttpUrl(raw);
  if (url === null) return null;
  stripTracking(url);
  return url.href;
}

/** The key two links are compared by: lower-case host, no fragment, no tracking parameters. */
export function normaliseLink(url: string): string {
  const parsed = parseHttpUrl(url);
  if (parsed === null) return url.trim();
  stripTracking(parsed);
  parsed.hash = '';
  return parsed.href;
}

// A stand-in origin to resolve paths against: a path that lands anywhere else is refused.
const SITE_BASE = 'http://site.invalid';

/**
 * A path on this site (`/league/serie-a?report=1`), without tracking parameters or fragment, or
 * null. Nothing a browser would read as another host passes: `//host`, `/\host`, controls.
 */
export function normaliseSitePath(raw: string | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  if (!trimmed.startsWith('/') || trimmed.length > MAX_URL_CHARS) return null;
  // The URL parser drops tabs and newlines and reads "\" as "/": "/\t/host" would become "//host".
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed, SITE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SITE_BASE || url.pathname.startsWith('//')) return null;
  stripTracking(url);
  return `${url.pathname}${url.search}`;
}

type SizedImage = { url?: string; width?: number };

function pickImage(entry: RawEntry): string | null {
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

// ---------------------------------------------------------------------------------------------
// Dates

/** Zone names Date.parse does not know, as numeric offsets. */
const ZONE_OFFSETS: Record<string, string> = {
  BST: '+0100',
  IST: '+0530',
  CET: '+0100',
  CEST: '+0200',
  EET: '+0200',
  EEST: '+0300',
  WET: '+0000',
  WEST: '+0100',
  MSK: '+0300',
  JST: '+0900',
  AEST: '+1000',
  AEDT: '+1100',
};

/** RFC 822 (with GMT, numeric or common named zones) or ISO 8601; null when unreadable. */
function parseFeedDate(raw: string | undefined): Date | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim().replace(/\b([A-Z]{3,4})$/, (zone) => ZONE_OFFSETS[zone] ?? zone);
  if (text.length > 100 || !/\d{4}/.test(text)) return null;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1990 && year <= 2200 ? new Date(ms) : null;
}

// ---------------------------------------------------------------------------------------------
// League guess

type Term = { text: string; weight: number; exactCase: boolean };

const LEAGUE_WEIGHT = 1;
const CLUB_WEIGHT = 2;

/** Names, short names and nicknames; `=` marks words that only count with this capitalisation. */
const LEAGUE_TERMS: Record<LeagueSlug, { leagues: string[]; clubs: string[] }> = {
  'premier-league': {
    leagues: ['Premier League', 'EPL', '=Prem'],
    clubs: [
      'Arsenal',
      '=Gunners',
      'Aston Villa',
      '=Villa',
      '=Villans',
      'Bournemouth',
      '=Cherries',
      'Brentford',
      'Brighton',
      '=Seagulls',
      'Burnley',
      'Chelsea',
      'Crystal Palace',
      '=Palace',
      'Everton',
      '=Toffees',
      'Fulham',
      'Ipswich',
      'Leeds',
      'Leicester',
      'Liverpool',
      'Luton',
      'Man City',
      'Manchester City',
      'Man Utd',
      'Man United',
      'Manchester United',
      'Red Devils',
      'Newcastle',
      '=Magpies',
      'Nottingham Forest',
      "Nott'm Forest",
      '=Forest',
      'Southampton',
      'Sunderland',
      'Tottenham',
      '=Spurs',
      'West Ham',
      '=Hammers',
      'Wolves',
      'Wolverhampton',
      'Sheffield United',
    ],
  },
  'la-liga': {
    leagues: ['La Liga', 'LaLiga', 'Primera Division', 'El Clasico', 'Clasico'],
    clubs: [
      'Barcelona',
      'Barca',
      'Blaugrana',
      'Real Madrid',
      'Madrid',
      'Los Blancos',
      'Atletico Madrid',
      'Atletico',
      'Atleti',
      'Athletic Bilbao',
      'Athletic Club',
      'Real Sociedad',
      'Real Betis',
      'Betis',
      'Sevilla',
      'Villarreal',
      'Valencia',
      'Osasuna',
      'Celta Vigo',
      'Celta',
      'Getafe',
      'Girona',
      'Mallorca',
      'Rayo Vallecano',
      'Alaves',
      'Las Palmas',
      'Leganes',
      'Espanyol',
      'Valladolid',
      'Elche',
      'Levante',
      'Real Oviedo',
      'Cadiz',
      'Granada',
      'Almeria',
    ],
  },
  'serie-a': {
    leagues: ['Serie A', 'Scudetto', 'Calcio'],
    clubs: [
      'Juventus',
      'Juve',
      'Bianconeri',
      'Old Lady',
      'Inter Milan',
      'Internazionale',
      '=Inter',
      'Nerazzurri',
      'AC Milan',
      'Milan',
      'Rossoneri',
      'San Siro',
      'Napoli',
      'Partenopei',
      '=Roma',
      'Giallorossi',
      'Lazio',
      'Biancocelesti',
      'Atalanta',
      'Fiorentina',
      '=Viola',
      'Bologna',
      'Torino',
      'Genoa',
      'Udinese',
      'Sassuolo',
      'Cagliari',
      'Lecce',
      'Parma',
      '=Como',
      'Hellas Verona',
      'Verona',
      'Empoli',
      'Monza',
      'Venezia',
      'Cremonese',
      'Sampdoria',
      'Salernitana',
    ],
  },
  bundesliga: {
    leagues: ['Bundesliga', 'Der Klassiker'],
    clubs: [
      'Bayern',
      'Bayern Munich',
      'Bayern Munchen',
      'Borussia Dortmund',
      'Dortmund',
      'BVB',
      'RB Leipzig',
      'Leipzig',
      'Bayer Leverkusen',
      'Leverkusen',
      'Eintracht Frankfurt',
      'Frankfurt',
      'VfB Stuttgart',
      'Stuttgart',
      'Wolfsburg',
      'Gladbach',
      'Monchengladbach',
      'Freiburg',
      'Hoffenheim',
      'Werder Bremen',
      'Bremen',
      'Union Berlin',
      'Hertha',
      'Mainz',
      'Augsburg',
      'Heidenheim',
      'Bochum',
      'St Pauli',
      'Holstein Kiel',
      'Hamburger SV',
      'HSV',
      'Koln',
      'Schalke',
    ],
  },
  'ligue-1': {
    leagues: ['Ligue 1', 'Ligue Un'],
    clubs: [
      'PSG',
      'Paris Saint-Germain',
      'Paris St-Germain',
      'Paris St Germain',
      'Les Parisiens',
      'Marseille',
      'Lyon',
      'Olympique Lyonnais',
      'Monaco',
      'Lille',
      'OGC Nice',
      '=Lens',
      'Rennes',
      'Strasbourg',
      'Nantes',
      'Reims',
      'Toulouse',
      'Montpellier',
      '=Brest',
      'Auxerre',
      '=Angers',
      'Le Havre',
      'Saint-Etienne',
      'St Etienne',
      'Lorient',
      'Metz',
      'Paris FC',
    ],
  },
};

/** Names that contain a club's name but belong elsewhere. */
const FALSE_FRIENDS = ['Inter Miami'];

/** Accents folded, punctuation to single spaces, padded so terms match whole words only. */
function foldWords(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

const COMPILED_TERMS: Array<[LeagueSlug, Term[]]> = Object.entries(LEAGUE_TERMS).map(
  ([slug, { leagues, clubs }]) => [
    slug as LeagueSlug,
    [
      ...leagues.map((t) => compileTerm(t, LEAGUE_WEIGHT)),
      ...clubs.map((t) => compileTerm(t, CLUB_WEIGHT)),
    ],
  ],
);
const FOLDED_FALSE_FRIENDS = FALSE_FRIENDS.map((t) => foldWords(t).toLowerCase());

function compileTerm(raw: string, weight: number): Term {
  const exactCase = raw.startsWith('=');
  const folded = foldWords(exactCase ? raw.slice(1) : raw);
  return { text: exactCase ? folded : folded.toLowerCase(), weight, exactCase };
}

/**
 * The league a general news item is about, from club and league names (and nicknames) in its
 * text: clubs count twice as much as a league's name. Null when nothing matches or two leagues
 * score the same.
 */
export function guessLeagueSlug(text: string): LeagueSlug | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  let cased = foldWords(text.slice(0, MAX_TEXT_CHARS));
  for (const name of FOLDED_FALSE_FRIENDS) {
    const at = cased.toLowerCase().indexOf(name);
    if (at !== -1) cased = `${cased.slice(0, at)} ${cased.slice(at + name.length)}`;
  }
  const lower = cased.toLowerCase();
  let best: LeagueSlug | null = null;
  let bestScore = 0;
  let tied = false;
  for (const [slug, terms] of COMPILED_TERMS) {
    let score = 0;
    for (const term of terms) {
      if ((term.exactCase ? cased : lower).includes(term.text)) score += term.weight;
    }
    if (score > bestScore) {
      best = slug;
      bestScore = score;
      tied = false;
    } else if (score === bestScore && score > 0) {
      tied = true;
    }
  }
  return tied ? null : best;
}
