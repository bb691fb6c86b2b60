import { describe, expect, it } from 'vitest';

import { escapeXml, renderRssDocument, type RssItem } from './rss-document.ts';

const channel = {
  title: 'Touchline: Premier League news',
  link: 'http://127.0.0.1:3000/league/premier-league',
  description: 'Match reports and previews',
  language: 'en-gb',
  selfUrl: 'http://127.0.0.1:3000/feeds/premier-league.xml',
  ttlMinutes: 15,
};

const item = (fields: Partial<RssItem> & Pick<RssItem, 'guid'>): RssItem => ({
  title: 'Arsenal 2-1 Chelsea',
  link: `http://127.0.0.1:3000/league/premier-league?report=${fields.guid}`,
  description: 'Arsenal beat Chelsea 2-1.',
  publishedAt: new Date('2026-11-21T14:55:00Z'),
  ...fields,
});

describe('escapeXml', () => {
  it.each([
    ['Brighton & Hove Albion', 'Brighton &amp; Hove Albion'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"quoted" and 'single'`, '&quot;quoted&quot; and &apos;single&apos;'],
    [']]> ends CDATA', ']]&gt; ends CDATA'],
    ['bell\u0007 and nul\u0000 removed', 'bell and nul removed'],
    ['Müller, Mbappé, 🏴', 'Müller, Mbappé, 🏴'],
  ])('escapes %j', (text, expected) => {
    expect(escapeXml(text)).toBe(expected);
  });
});

describe('renderRssDocument', () => {
  it('writes the channel and each item, text escaped for XML and for HTML', () => {
    const xml = renderRssDocument(channel, [
      item({
        guid: 'g&1',
        title: 'Brighton & Hove Albion 2-1 "Spurs"',
        description: 'Kick-off <17:00>',
      }),
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '<channel>',
        '<title>Touchline: Premier League news</title>',
        '<link>http://127.0.0.1:3000/league/premier-league</link>',
        '<description>Match reports and previews</description>',
        '<language>en-gb</language>',
        '<atom:link href="http://127.0.0.1:3000/feeds/premier-league.xml" rel="self" type="application/rss+xml"/>',
        '<lastBuildDate>Sat, 21 Nov 2026 14:55:00 GMT</lastBuildDate>',
        '<ttl>15</ttl>',
        '<item>',
        '<title>Brighton &amp; Hove Albion 2-1 &quot;Spurs&quot;</title>',
        '<link>http://127.0.0.1:3000/league/premier-league?report=g&amp;1</link>',
        '<description>Kick-off &amp;lt;17:00&amp;gt;</description>',
        '<guid isPermaLink="false">g&amp;1</guid>',
        '<pubDate>Sat, 21 Nov 2026 14:55:00 GMT</pubDate>',
        '</item>',
        '</channel>',
        '</rss>',
        '',
      ].join('\n'),
    );
  });

  it('dates the build by its newest story, so an unchanged feed is byte for byte the same', () => {
    const items = [
      item({ guid: 'a', publishedAt: new Date('2026-11-19T10:00:00Z') }),
      item({ guid: 'b', publishedAt: new Date('2026-11-21T09:00:00Z') }),
    ];
    const xml = renderRssDocument(channel, items);
    expect(xml).toContain('<lastBuildDate>Sat, 21 Nov 2026 09:00:00 GMT</lastBuildDate>');
    expect(renderRssDocument(channel, items)).toBe(xml);
    expect(renderRssDocument(channel, [])).not.toContain('lastBuildDate');
  });
});
