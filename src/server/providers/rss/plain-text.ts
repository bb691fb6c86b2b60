import sanitizeHtml from 'sanitize-html';

export const MAX_TITLE_CHARS = 300;
/** UTF-8 bytes of a summary after sanitising. */
export const MAX_SUMMARY_BYTES = 10 * 1024;
/** HTML read per field: a summary keeps at most 10 KB of text, so the rest is never looked at. */
export const MAX_HTML_CHARS = 100_000;
/** Text looked at per field once the markup is gone. */
export const MAX_TEXT_CHARS = 20_000;

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
export function decodeHtml(html: string): string {
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
