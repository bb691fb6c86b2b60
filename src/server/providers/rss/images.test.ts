import { describe, expect, it } from 'vitest';

import { rssDocument as rss } from '../../../../tests/helpers/feed-documents.ts';
import { parseFeed } from './parse.ts';

describe('item images', () => {
  it('accepts images only as absolute http(s) URLs', () => {
    const feed = parseFeed(
      rss(
        [
          '<item><title>a</title><link>https://a.example/1</link><media:content url="javascript:alert(1)" medium="image"/><enclosure url="data:image/png;base64,AAAA" type="image/png"/></item>',
          '<item><title>b</title><link>https://a.example/2</link><description>&lt;img src="/relative.jpg"&gt;&lt;img src="https://cdn.example/x.jpg?a=1&amp;amp;b=2"&gt;</description></item>',
          '<item><title>c</title><link>https://a.example/3</link><enclosure url="https://cdn.example/clip.mp4" type="video/mp4"/><media:content url="https://cdn.example/clip.mp4" medium="video"/></item>',
        ].join(''),
      ),
    );
    expect(feed.items.map((i) => i.imageUrl)).toEqual([
      null,
      'https://cdn.example/x.jpg?a=1&b=2',
      null,
    ]);
  });
});
