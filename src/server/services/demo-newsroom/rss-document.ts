import { generateRssFeed } from 'feedsmith';

import { escapeHtml } from '../../../domain/escape-html.ts';

export type RssItem = {
  /** Stable identifier of the story (not a link). */
  guid: string;
  title: string;
  link: string;
  /** Plain text (written as HTML text: readers take a description for HTML). */
  description: string;
  publishedAt: Date;
  category?: string;
  /** Its picture (an SVG drawn by this site), written as an image enclosure. */
  imageUrl?: string;
};

export type RssChannel = {
  title: string;
  link: string;
  description: string;
  /** e.g. en-gb */
  language: string;
  /** The feed's own address (atom:link rel="self"). */
  selfUrl?: string;
  /** Minutes a reader may cache the feed. */
  ttlMinutes?: number;
};

// Characters XML 1.0 does not allow at all, even escaped (controls, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text without the characters no XML document may hold; feedsmith escapes the rest. */
function toXmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

/**
 * A title stays plain text with its "&" as written, as feeds write titles; only angle brackets
 * are escaped for HTML too, since readers that take titles for HTML would drop them as tags.
 */
function escapeTags(text: string): string {
  return text.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * An RSS 2.0 document (feedsmith's), items in the order given. lastBuildDate is the newest
 * item's date, so the document (and its ETag) only changes when the stories do.
 */
export function renderRssDocument(channel: RssChannel, items: readonly RssItem[]): string {
  const newest = items.reduce<Date | null>(
    (latest, item) => (latest === null || item.publishedAt > latest ? item.publishedAt : latest),
    null,
  );
  return generateRssFeed({
    title: toXmlText(channel.title),
    link: toXmlText(channel.link),
    description: toXmlText(channel.description),
    language: channel.language,
    ...(newest === null ? {} : { lastBuildDate: newest }),
    ...(channel.ttlMinutes === undefined ? {} : { ttl: channel.ttlMinutes }),
    ...(channel.selfUrl === undefined
      ? {}
      : {
          atom: {
            links: [{ href: toXmlText(channel.selfUrl), rel: 'self', type: 'application/rss+xml' }],
          },
        }),
    items: items.map((item) => ({
      title: escapeTags(toXmlText(item.title)),
      link: toXmlText(item.link),
      // Readers decode an item's XML, then read the description as HTML.
      description: escapeHtml(toXmlText(item.description)),
      guid: { value: toXmlText(item.guid), isPermaLink: false },
      pubDate: item.publishedAt,
      ...(item.category === undefined ? {} : { categories: [{ name: toXmlText(item.category) }] }),
      ...(item.imageUrl === undefined
        ? {}
        : { enclosures: [{ url: toXmlText(item.imageUrl), length: 0, type: 'image/svg+xml' }] }),
    })),
  });
}
