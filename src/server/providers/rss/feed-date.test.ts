import { describe, expect, it } from 'vitest';

import { rssDocument as rss } from '../../../../tests/helpers/feed-documents.ts';
import { parseFeed } from './parse.ts';

describe('item dates', () => {
  it('reads publishedAt from pubDate, then dc:date; a named zone like BST; null when unreadable', () => {
    const feed = parseFeed(
      rss(
        [
          '<item><title>a</title><link>https://a.example/1</link><pubDate>Sun, 18 Oct 2026 19:05:00 BST</pubDate></item>',
          '<item><title>b</title><link>https://a.example/2</link><dc:date>2026-10-18T17:02:48Z</dc:date></item>',
          '<item><title>c</title><link>https://a.example/3</link><pubDate>yesterday</pubDate></item>',
        ].join(''),
      ),
    );
    expect(feed.items.map((i) => i.publishedAt)).toEqual([
      new Date('2026-10-18T18:05:00Z'),
      new Date('2026-10-18T17:02:48Z'),
      null,
    ]);
  });
});
