import { http, HttpResponse } from 'msw/http';
import { describe, expect, it } from 'vitest';

import { server } from '../../../tests/helpers/msw-server.ts';
import { createNewsItem } from '../../../tests/mocks/touchline-api.ts';
import { getNews, getNextNewsOffset, newsFeedQueryOptions, NEWS_PAGE_SIZE } from './news.ts';
import { createQueryClient } from './query-client.ts';

const page = (length: number) => Array.from({ length }, (_, i) => createNewsItem(i));

describe('getNextNewsOffset', () => {
  it.each([
    [10, 0, 10],
    [10, 30, 40],
    [9, 0, undefined],
    [0, 20, undefined],
  ])('after a page of %i items at offset %i, the next offset is %s', (length, offset, next) => {
    expect(getNextNewsOffset(page(length), offset)).toBe(next);
  });
});

describe('newsFeedQueryOptions', () => {
  it('asks for page offset / page size + 1 of the league, 10 items at a time', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/news', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ items: page(NEWS_PAGE_SIZE) });
      }),
    );
    const client = createQueryClient();
    const options = newsFeedQueryOptions('bundesliga');

    await client.fetchInfiniteQuery({ ...options, pages: 3 });

    expect(asked).toEqual([
      '?league=bundesliga&page=1&page_size=10',
      '?league=bundesliga&page=2&page_size=10',
      '?league=bundesliga&page=3&page_size=10',
    ]);
    client.clear();
  });
});

describe('getNews', () => {
  it('drops items the contract does not describe, and survives a missing list', async () => {
    const { id: _, ...noId } = createNewsItem(2);
    server.use(
      http.get('/api/news', () =>
        HttpResponse.json({
          items: [null, 'x', noId, { ...createNewsItem(3), id: 'news-3' }, createNewsItem(1)],
        }),
      ),
    );
    expect((await getNews({ league: 'all', page: 1, pageSize: 10 })).map((i) => i.id)).toEqual([1]);

    server.use(http.get('/api/news', () => HttpResponse.json({})));
    expect(await getNews({ league: 'all', page: 1, pageSize: 10 })).toEqual([]);
  });
});
