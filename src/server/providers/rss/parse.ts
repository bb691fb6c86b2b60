import {
  DetectError,
  MalformedError,
  ParseError,
  parseAtomFeed,
  parseRdfFeed,
  parseRssFeed,
  type AtomFeed,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';

import { parseFeedDate } from './feed-date.ts';
import { pickImage, pickSiteImage, type ImageSources } from './images.ts';
import { cleanLink, normaliseSitePath } from './links.ts';
import { toPlainText, sanitiseSummary } from './plain-text.ts';

export type FeedItem = {
  guid: string | null;
  title: string;
  link: string;
  summary: string;
  imageUrl: string | null;
  publishedAt: Date | null;
};

export const MAX_ITEMS = 200;

/** A 5 MiB body (the fetch limit) never decodes to more UTF-16 units than this. */
const MAX_DOCUMENT_CHARS = 5 * 1024 * 1024;
/** Items read from the document before linkless ones are dropped and the list is cut to MAX_ITEMS. */
const MAX_PARSED_ITEMS = 500;
const MAX_GUID_CHARS = 1000;

type RawEntry = ImageSources & {
  guid: string | undefined;
  title: string | undefined;
  links: Array<string | undefined>;
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
    imageUrl: pickImage(entry) ?? (sitePaths ? pickSiteImage(entry) : null),
    publishedAt,
  };
}

function cleanGuid(raw: string | undefined): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const guid = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return guid === '' ? null : guid.slice(0, MAX_GUID_CHARS);
}
