import { parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';

import { renderRssDocument, type RssItem } from './rss-document.ts';

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

describe('renderRssDocument', () => {
  it('writes the channel and each item, text escaped for XML and for HTML', () => {
    const xml = renderRssDocument(channel, [
      item({
        guid: 'g&1',
        title: 'Brighton & Hove Albion 2-1 "Spurs" <b>',
        description: 'Kick-off <17:00>',
        category: 'Match report',
      }),
    ]);
    expect(xml).not.toMatch(/<(b|17)/);
    // What a reader gets once the XML is read: a title with its "&" once, and angle brackets
    // escaped for readers that take titles for HTML; a description that is HTML text.
    expect(parseRssFeed(xml)).toEqual({
      title: 'Touchline: Premier League news',
      link: 'http://127.0.0.1:3000/league/premier-league',
      description: 'Match reports and previews',
      language: 'en-gb',
      lastBuildDate: 'Sat, 21 Nov 2026 14:55:00 GMT',
      ttl: 15,
      atom: {
        links: [
          {
            href: 'http://127.0.0.1:3000/feeds/premier-league.xml',
            rel: 'self',
            type: 'application/rss+xml',
          },
        ],
      },
      items: [
        {
          title: 'Brighton & Hove Albion 2-1 "Spurs" &lt;b&gt;',
          link: 'http://127.0.0.1:3000/league/premier-league?report=g&1',
          description: 'Kick-off &lt;17:00&gt;',
          guid: { value: 'g&1', isPermaLink: false },
          pubDate: 'Sat, 21 Nov 2026 14:55:00 GMT',
          categories: [{ name: 'Match report' }],
        },
      ],
    });
  });

  it('drops the characters no XML document may hold', () => {
    const xml = renderRssDocument(channel, [
      item({ guid: 'x', title: 'bell\u0007 and nul\u0000 removed', description: 'Müller, 🏴' }),
    ]);
    const [parsed] = parseRssFeed(xml).items ?? [];
    expect(parsed?.title).toBe('bell and nul removed');
    expect(parsed?.description).toBe('Müller, 🏴');
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
