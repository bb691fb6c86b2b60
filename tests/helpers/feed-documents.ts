import fc from 'fast-check';

/** A minimal RSS 2.0 document around raw item XML, with the media, content and dc namespaces. */
export const rssDocument = (items: string, channel = '<title>Test feed</title>') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>${channel}${items}</channel></rss>`;

/** Text as an XML element's content or a double-quoted attribute. */
export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** A character that begins a tag, comment, doctype or processing instruction. */
export const TAG_START = /<[A-Za-z!/?]/;

/** HTML fragments that feeds and attackers write, joined at random (fast-check). */
export const hostileHtml = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<p>',
        '</p>',
        '<b>',
        '<script>',
        '</script>',
        '<style>',
        '<iframe srcdoc="',
        '">',
        '<img src="',
        '<a href="javascript:alert(1)">',
        '</a>',
        '&amp;',
        '&lt;',
        '&gt;',
        '&#60;',
        '&#x3C;',
        '&nbsp;',
        '&amp;lt;b&amp;gt;',
        '<!--',
        '-->',
        '<',
        '>',
        '&',
        ' ',
        '\n',
        'Continue reading...',
        'The post ',
        ' appeared first on ',
        '.',
      ),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));
