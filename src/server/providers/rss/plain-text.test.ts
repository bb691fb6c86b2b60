import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  hostileHtml,
  rssDocument as rss,
  TAG_START,
} from '../../../../tests/helpers/feed-documents.ts';
import { parseFeed } from './parse.ts';
import { MAX_SUMMARY_BYTES, sanitiseSummary, toPlainText } from './plain-text.ts';

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('summaries and titles are plain text', () => {
  // Payloads from Miniflux, FreshRSS and tt-rss advisories and the usual mXSS shapes.
  it.each([
    ['<img srcset="http:a<script>alert(1)</script>">', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>after', 'after'],
    ['<button formaction="javascript:alert(1)">Click</button>', 'Click'],
    ['<svg onload=alert(1)><text>svg</text></svg>', ''],
    ['<a href=" javascript:alert(1)">link</a>', 'link'],
    ['<a href="&#106;avascript:alert(1)">link</a>', 'link'],
    ['<a href="javas&#x09;cript:alert(1)">link</a>', 'link'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>', 'data'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['<object data="javascript:alert(1)"></object><embed src="x.swf">', ''],
    ['<style>@import "javascript:alert(1)"</style>styled', 'styled'],
    ['<div style="background:url(javascript:alert(1))">styled</div>', 'styled'],
    ['<form><input formaction=javascript:alert(1)></form><details open ontoggle=alert(1)>', ''],
    ['<!--<img src=x onerror=alert(1)>-->comment', 'comment'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt>alert(1)'],
  ])('removes the markup of %j', (html, text) => {
    const summary = sanitiseSummary(html);
    expect(summary).toBe(text);
    expect(summary).not.toMatch(TAG_START);
    expect(summary).not.toMatch(/javascript:|onerror|srcdoc|formaction/i);
  });

  it('keeps escaped markup as inert text and decodes entities only once', () => {
    expect(sanitiseSummary('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '‹script>alert(1)‹/script>',
    );
    expect(sanitiseSummary('5 &lt; 6 &amp;&amp; 3 &gt; 2')).toBe('5 < 6 && 3 > 2');
    expect(sanitiseSummary('Tom &amp;amp; Jerry')).toBe('Tom ＆amp; Jerry');
    expect(sanitiseSummary('Brighton &amp; Hove Albion&nbsp;won')).toBe(
      'Brighton & Hove Albion won',
    );
  });

  it('collapses whitespace, joins block elements with a space and drops control characters', () => {
    expect(sanitiseSummary('  <p>One</p><p>Two</p>\n\n<ul><li>Three</li></ul>\u0000\u0007  ')).toBe(
      'One Two Three',
    );
  });

  it('keeps a title plain: tags dropped, entities decoded once, escaped tags left inert', () => {
    expect(toPlainText('  <b>Spurs</b> v Villa &lt;preview&gt; &amp; more  ')).toBe(
      'Spurs v Villa ‹preview> & more',
    );
    expect(toPlainText('<script>alert(1)</script>Title')).toBe('Title');
    expect(toPlainText('&lt;script&gt;alert(1)&lt;/script&gt;Title')).toBe(
      '‹script>alert(1)‹/script>Title',
    );
    expect(toPlainText('Q&A: 3 < 4')).toBe('Q&A: 3 < 4');
  });

  it('never lets script, iframe, onerror or javascript: from a description through parseFeed', () => {
    const description = `<![CDATA[<p onclick="x()">Report</p><script>alert(1)</script><iframe src="javascript:alert(1)"></iframe><img src="x" onerror="alert(1)">]]>`;
    const [item] = parseFeed(
      rss(
        `<item><title><![CDATA[<i>Match</i> report]]></title><link>https://a.example/1</link><description>${description}</description></item>`,
      ),
    ).items;
    expect(item?.title).toBe('Match report');
    expect(item?.summary).toBe('Report');
    expect(item?.imageUrl).toBeNull();
  });
});

describe('toPlainText', () => {
  /** `<` and what follows, up to a `>`, holding an event-handler attribute. */
  const HANDLER_IN_TAG = /<[^>]*\son\w+\s*=/i;

  // The outside probe's titles, the usual mXSS shapes and escaped markup that turns into tags
  // once decoded.
  it.each([
    ['<x onmouseover=alert(17)>hover</x>', 'hover'],
    ['<mtext><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style>Title', 'Title'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '‹script>alert(1)‹/script>'],
    ['&amp;lt;b&amp;gt;', '＆lt;b＆gt;'],
    ['&amp;#60;b&amp;#62;', '＆#60;b＆#62;'],
    ['<![CDATA[<b>x</b>]]>', 'x'],
    ['&lt;![CDATA[x]]&gt;', 'x'],
    ['Late ]]> winner', 'Late winner'],
    ['<!-- c -->text', 'text'],
    ['<?xml-stylesheet href="x.xsl"?>Title', 'Title'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['&#60;img src=x onerror=alert(1)&#62;', '‹img src=x onerror=alert(1)>'],
    ['&#x3C;svg/onload=alert(1)&#x3E;', '‹svg/onload=alert(1)>'],
    ['Arsenal &amp; Chelsea', 'Arsenal & Chelsea'],
    ['Ødegaard’s “late” winner', 'Ødegaard’s “late” winner'],
    ['<<b>>x<</b>>', '<>x<>'],
    ['Spurs v Villa <preview>', 'Spurs v Villa'],
    ['Tom &amp;amp; Jerry', 'Tom ＆amp; Jerry'],
    ['Q&A: AT&T, 3 < 4 > 2', 'Q&A: AT&T, 3 < 4 > 2'],
    ['<a href="javascript:alert(1)">link</a>', 'link'],
    ['<scr\u0000ipt>alert(1)</script>after', 'after'],
    ['\u0000Ti\u0007tle\u0085\uD800 \t\r\n here\u2028 ⚽ ', 'Title here ⚽'],
    ['&lt;\u0001b&gt;x', '‹b>x'],
  ])('reads %j as the text %j', (input, text) => {
    const plain = toPlainText(input);
    expect(plain).toBe(text);
    expect(plain).not.toMatch(TAG_START);
    expect(plain).not.toMatch(HANDLER_IN_TAG);
    expect(toPlainText(plain)).toBe(plain);
  });

  it('caps the text at 300 characters', () => {
    const plain = toPlainText(`<b>${'Arsenal &amp; Chelsea '.repeat(40)}</b>`);
    expect(plain.length).toBeLessThanOrEqual(300);
    expect(plain.endsWith('…')).toBe(true);
    expect(toPlainText(plain)).toBe(plain);
  });

  const hostilePiece = fc.constantFrom(
    '<',
    '>',
    '&',
    ';',
    '#',
    'x',
    'X',
    '3C',
    '60',
    '/',
    '!',
    '?',
    '-',
    '=',
    '"',
    "'",
    ' ',
    'lt',
    'gt',
    'amp',
    'not',
    'nbsp',
    'script',
    'b',
    '<x onmouseover=alert(17)>',
    '</x>',
    '<b>',
    '</b>',
    '<p>',
    '<script>',
    '</script>',
    '<style>',
    '</style>',
    '<svg>',
    '<mtext><mglyph>',
    '<img src=x onerror=alert(1)>',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    ']]',
    '<?',
    '?>',
    '&lt;',
    '&gt;',
    '&amp;',
    '&quot;',
    '&#60;',
    '&#x3C;',
    '&#X3c',
    '&#0;',
    '&#128;',
    '&#xD800;',
    '&amp;lt;',
    '&amp;amp;',
    '&lt',
    '&ampx',
    '&notit;',
    '\u0000',
    '\u0001',
    '\u001f',
    '\t',
    '\n',
    '\r',
    '\u000b',
    '\u007f',
    '\u0085',
    '\u00a0',
    '\u2028',
    '\uD800',
    '\uDC00',
    '⚽',
    '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
    '👨‍👩‍👧',
    '“',
    '’',
    'Ø',
  );
  const hostile = fc
    .array(fc.oneof(hostilePiece, fc.string({ maxLength: 4 })), { maxLength: 150 })
    .map((pieces) => pieces.join(''));
  // Any code point (lone surrogates included), and strings over the few characters markup and
  // entities are made of, where a random string is far likelier to mean something.
  const anyString = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.string({ unit: fc.constantFrom(...'<>&#;/!?-[]x3Cltgampbo= \u0000'), maxLength: 400 }),
  );

  it('is idempotent over arbitrary strings (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const plain = toPlainText(input);
        expect(toPlainText(plain)).toBe(plain);
        expect(plain).not.toMatch(TAG_START);
      }),
      { seed: 42, numRuns: 1000 },
    );
  });

  it('is idempotent over hostile markup and leaves only plain text (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const plain = toPlainText(input);
        expect(toPlainText(plain)).toBe(plain);
        expect(plain).not.toMatch(TAG_START);
        expect(plain).not.toMatch(HANDLER_IN_TAG);
        expect(plain).not.toContain(']]>');
        // eslint-disable-next-line no-control-regex -- control characters must be gone
        expect(plain).not.toMatch(/[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u);
        expect(plain).toBe(plain.trim());
        expect(plain).not.toMatch(/\s{2}/);
        expect(plain.length).toBeLessThanOrEqual(300);
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});

describe('fuzzing the sanitiser (fast-check, fixed seed)', () => {
  it('sanitised summaries have no tags and sanitising them again changes nothing', () => {
    fc.assert(
      fc.property(hostileHtml, (html) => {
        const summary = sanitiseSummary(html);
        expect(summary).not.toMatch(TAG_START);
        expect(sanitiseSummary(summary)).toBe(summary);
        expect(utf8Bytes(summary)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES);
      }),
      { numRuns: 1000, seed: 20261121 },
    );
  });
});
