import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { getDefaultNewsFeeds, parseConfig, readNewsFeeds } from './config.ts';

describe('parseConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      sitePassword: 'kickoff',
      usesDefaultPassword: true,
      databaseUrl: undefined,
      dataDir: './data',
      dataSource: 'replay',
      siteTimeZone: 'Africa/Johannesburg',
      clockSpeed: 1,
      brandName: 'Touchline',
      creditLine: 'Built with love by the AI Department of Media24',
    });
  });

  it('reads every variable it is given', () => {
    const config = parseConfig({
      PORT: '8080',
      SITE_PASSWORD: 'a-long-site-password',
      DATABASE_URL: 'postgres://u@db:5432/touchline',
      REDIS_URL: 'redis://cache:6379',
      NOW: '2026-11-21T15:30:00Z',
      CLOCK_SPEED: '60',
      BRAND_NAME: 'Matchday',
    });
    expect(config.port).toBe(8080);
    expect(config.usesDefaultPassword).toBe(false);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/touchline');
    expect(config.now?.toISOString()).toBe('2026-11-21T15:30:00.000Z');
    expect(config.clockSpeed).toBe(60);
    expect(config.brandName).toBe('Matchday');
  });

  it('treats an empty optional variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', NOW: '' })).toMatchObject({
      databaseUrl: undefined,
      now: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /PORT must be at most 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ DATA_SOURCE: 'magic' }, /DATA_SOURCE must be one of replay, live/],
    [{ NOW: 'saturday' }, /NOW must be an ISO date-time/],
    [{ CLOCK_SPEED: '-2' }, /CLOCK_SPEED must be a positive number/],
    [{ SITE_TIME_ZONE: 'Mars/Olympus' }, /SITE_TIME_ZONE must be an IANA time zone/],
    [{ SITE_PASSWORD: '' }, /SITE_PASSWORD must not be empty/],
  ])('rejects %j with a line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('names every bad variable on one line', () => {
    expect(() => parseConfig({ PORT: 'x', CLOCK_SPEED: '0' })).toThrow(/PORT .*; CLOCK_SPEED /);
  });
});

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
      ['premier-league', 'la-liga', 'serie-a', 'bundesliga', 'ligue-1'].map((league) => ({
        name: 'Matchday',
        url: `/feeds/${league}.xml`,
        league,
      })),
    );
    expect(feeds.filter((f) => f.url.startsWith('https://')).length).toBeGreaterThanOrEqual(5);
    expect(new Set(feeds.map((f) => f.url)).size).toBe(feeds.length);
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
      / entry 1 \(league\): must be null or one of premier-league, la-liga/,
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
