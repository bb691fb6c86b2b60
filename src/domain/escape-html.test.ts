import { describe, expect, it } from 'vitest';

import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it.each([
    ['Brighton & Hove Albion', 'Brighton &amp; Hove Albion'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"quoted" and 'single'`, '&quot;quoted&quot; and &#39;single&#39;'],
    [']]> ends CDATA', ']]&gt; ends CDATA'],
    ['&amp; is escaped again', '&amp;amp; is escaped again'],
    ['Müller, Mbappé, 🏴', 'Müller, Mbappé, 🏴'],
  ])('escapes %j', (text, expected) => {
    expect(escapeHtml(text)).toBe(expected);
  });
});
