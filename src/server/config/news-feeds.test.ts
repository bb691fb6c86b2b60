import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { LEAGUES } from '../../domain/league.ts';
import { getDefaultNewsFeeds, readNewsFeeds } from './news-feeds.ts';

describe('readNewsFeeds', () => {
  const writeFeeds = async (content: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-feeds-'));
    const file = path.join(dir, 'feeds.json');
    await writeFile(file, content);
    return file;
  };

  it('uses the demo feeds of every league and a handful of real ones when NEWS_FEEDS is unset', async () => {
    const feeds = await readNewsFeeds(undefined, 'Matchday');
    expect(feeds).toEqual(getDefaultNewsFeeds('Matchday'));
    expect(feeds.filter((f) => f.url.startsWith('/feeds/'))).toEqual(
      LEAGUES.map(({ slug: league }) => ({
        name: 'Matchday',
        url: `/feeds/${league}.xml`,
        league,
      })),
    );
    expect(feeds.filter((f) => f.url.startsWith('https://')).length).toBeGreaterThanOrEqual(5);
    expect(new Set(feeds.map((f) => f.url)).size).toBe(feeds.length);
  });

  it("takes each league's real feeds from the league registry, then the European ones", () => {
    const real = getDefaultNewsFeeds('Touchline').filter((f) => !f.url.startsWith('/'));
    expect(real).toEqual([
      ...LEAGUES.flatMap((l) => l.newsFeeds.map((feed) => ({ ...feed, league: l.slug }))),
      {
        name: 'BBC Sport',
        url: 'https://feeds.bbci.co.uk/sport/football/european/rss.xml',
        league: null,
      },
    ]);
  });

  it('reads the file NEWS_FEEDS names, league optional', async () => {
    const file = await writeFeeds(
      JSON.stringify([
        { name: 'BBC Sport', url: 'https://feeds.bbci.co.uk/sport/football/rss.xml', league: null },
        { name: 'Football Italia', url: 'https://football-italia.net/feed/', league: 'serie-a' },
        { name: 'Touchline', url: '/feeds/serie-a.xml' },
      ]),
    );
    expect(await readNewsFeeds(file, 'Touchline')).toEqual([
      { name: 'BBC Sport', url: 'https://feeds.bbci.co.uk/sport/football/rss.xml', league: null },
      { name: 'Football Italia', url: 'https://football-italia.net/feed/', league: 'serie-a' },
      { name: 'Touchline', url: '/feeds/serie-a.xml', league: null },
    ]);
  });

  it.each([
    ['{"name": "x"}', 'is not a list', /: must be a JSON array of feeds$/],
    ['[{"url": "https://a.example/feed"}]', 'has no name', / entry 1 \(name\): is required$/],
    [
      '[{"name": "a", "url": "https://a.example/feed"}, {"name": "b", "url": "ftp://b.example/feed"}]',
      'has a bad url',
      / entry 2 \(url\): must be an http\(s\) URL, or a path on this server/,
    ],
    [
      '[{"name": "a", "url": "https://a.example/feed", "league": "eredivisie"}]',
      'names an unknown league',
      ` entry 1 (league): must be null or one of ${LEAGUES.map((l) => l.slug).join(', ')}`,
    ],
    [
      '[{"name": "a", "url": "https://a.example/feed", "leauge": null}]',
      'has an unknown field',
      / entry 1: unknown field leauge$/,
    ],
    [
      '[{"name": "a", "url": "https://a.example/feed"}, {"name": "b", "url": "https://a.example/feed"}]',
      'lists a feed twice',
      / entry 2 \(url\): https:\/\/a.example\/feed is listed twice$/,
    ],
    ['[{"name": "a",', 'is not JSON', / is not valid JSON$/],
  ])(
    'stops start-up, naming the file and the entry, when the file %s',
    async (content, _, error) => {
      const file = await writeFeeds(content);
      const failure = readNewsFeeds(file, 'Touchline');
      await expect(failure).rejects.toThrow(`Invalid configuration: NEWS_FEEDS ${file}`);
      await expect(failure).rejects.toThrow(error);
    },
  );

  it('names a file it cannot read', async () => {
    await expect(readNewsFeeds('/no/such/feeds.json', 'Touchline')).rejects.toThrow(
      'Invalid configuration: NEWS_FEEDS /no/such/feeds.json cannot be read (ENOENT)',
    );
  });
});
