export type RssItem = {
  /** Stable identifier of the story (not a link). */
  guid: string;
  title: string;
  link: string;
  /** Plain text (written as HTML text: readers take a description for HTML). */
  description: string;
  publishedAt: Date;
  category?: string;
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

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Characters XML 1.0 does not allow at all, even escaped (controls, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text made safe for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * An RSS 2.0 document, items in the order given. lastBuildDate is the newest item's date, so
 * the document (and its ETag) only changes when the stories do.
 */
export function renderRssDocument(channel: RssChannel, items: readonly RssItem[]): string {
  const newest = items.reduce<Date | null>(
    (latest, item) => (latest === null || item.publishedAt > latest ? item.publishedAt : latest),
    null,
  );
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
  ];
  if (channel.selfUrl !== undefined) {
    lines.push(
      `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    );
  }
  if (newest !== null) lines.push(element('lastBuildDate', newest.toUTCString()));
  if (channel.ttlMinutes !== undefined) lines.push(element('ttl', String(channel.ttlMinutes)));
  for (const item of items) {
    lines.push(
      '<item>',
      element('title', escapeTags(item.title)),
      element('link', item.link),
      element('description', escapeHtml(item.description)),
      `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
      element('pubDate', item.publishedAt.toUTCString()),
    );
    if (item.category !== undefined) lines.push(element('category', item.category));
    lines.push('</item>');
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** Plain text as HTML text: readers decode an item's XML, then read its text as HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A title stays plain text with its "&" escaped once, as feeds write it; only angle brackets
 * are escaped for HTML too, since readers that take titles for HTML would drop them as tags.
 */
function escapeTags(text: string): string {
  return text.replace(/[<>]/g, (c) => ESCAPES[c] ?? c);
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}
