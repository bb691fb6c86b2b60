import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  ConfigError,
  getDefaultNewsFeeds,
  parseConfig,
  readNewsFeeds,
  readTlsFiles,
} from './config.ts';

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
    [{ PORT: '80.5' }, /PORT must be a whole number/],
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

describe('parseConfig with DATA_SOURCE=live', () => {
  const KEYS = {
    BESOCCER_API_KEY: 'bs-key',
    FOOTBALL_DATA_API_KEY: 'fd-key',
    API_FOOTBALL_KEY: 'af-key',
    ODDS_API_KEY: 'odds-key',
  };

  it('picks no upstream for the replay, whatever keys are set', () => {
    expect(parseConfig(KEYS).live).toEqual({
      matches: undefined,
      standings: undefined,
      players: undefined,
      odds: undefined,
      transfers: undefined,
    });
  });

  it('defaults each kind to the first provider that has a key', () => {
    const config = parseConfig({
      DATA_SOURCE: 'live',
      FOOTBALL_DATA_API_KEY: 'fd-key',
      ODDS_API_KEY: 'odds-key',
    });
    expect(config.dataSource).toBe('live');
    expect(config.live).toEqual({
      matches: 'football-data',
      standings: 'football-data',
      players: 'football-data',
      odds: 'odds-api',
      transfers: undefined,
    });
    expect(config.keys).toEqual({
      besoccer: undefined,
      footballData: 'fd-key',
      apiFootball: undefined,
      oddsApi: 'odds-key',
    });

    expect(parseConfig({ DATA_SOURCE: 'live', ...KEYS }).live).toEqual({
      matches: 'besoccer',
      standings: 'besoccer',
      players: 'besoccer',
      odds: 'odds-api',
      transfers: 'besoccer',
    });
    expect(parseConfig({ DATA_SOURCE: 'live', API_FOOTBALL_KEY: 'af-key' }).live).toEqual({
      matches: 'api-football',
      standings: 'api-football',
      players: 'api-football',
      odds: 'api-football',
      transfers: 'api-football',
    });
  });

  it('takes the provider chosen for each kind, and none turns a kind off', () => {
    const config = parseConfig({
      DATA_SOURCE: 'live',
      ...KEYS,
      MATCHES_PROVIDER: 'football-data',
      STANDINGS_PROVIDER: 'api-football',
      PLAYERS_PROVIDER: 'none',
      ODDS_PROVIDER: 'api-football',
      TRANSFERS_PROVIDER: '',
    });
    expect(config.live).toEqual({
      matches: 'football-data',
      standings: 'api-football',
      players: undefined,
      odds: 'api-football',
      transfers: 'besoccer',
    });
  });

  it('names both variables when a chosen provider has no key', () => {
    expect(() =>
      parseConfig({
        DATA_SOURCE: 'live',
        MATCHES_PROVIDER: 'football-data',
        ...{ BESOCCER_API_KEY: 'k' },
      }),
    ).toThrow(
      'Invalid configuration: MATCHES_PROVIDER is football-data but FOOTBALL_DATA_API_KEY is not set',
    );
    expect(() =>
      parseConfig({ DATA_SOURCE: 'live', BESOCCER_API_KEY: 'k', ODDS_PROVIDER: 'odds-api' }),
    ).toThrow(/ODDS_PROVIDER is odds-api but ODDS_API_KEY is not set/);
  });

  it('refuses a provider that does not give the kind, listing those that do', () => {
    expect(() =>
      parseConfig({ DATA_SOURCE: 'live', ...KEYS, TRANSFERS_PROVIDER: 'football-data' }),
    ).toThrow(
      'Invalid configuration: TRANSFERS_PROVIDER football-data does not give transfers; use one of besoccer, api-football',
    );
    expect(() =>
      parseConfig({ DATA_SOURCE: 'live', ...KEYS, MATCHES_PROVIDER: 'odds-api' }),
    ).toThrow(/MATCHES_PROVIDER odds-api does not give matches/);
  });

  it('refuses an unknown provider name', () => {
    expect(() => parseConfig({ DATA_SOURCE: 'live', ...KEYS, ODDS_PROVIDER: 'bet365' })).toThrow(
      /ODDS_PROVIDER must be one of besoccer, football-data, api-football, odds-api, none/,
    );
  });

  it('names every problem of the live choice on one line', () => {
    expect(() =>
      parseConfig({
        DATA_SOURCE: 'live',
        BESOCCER_API_KEY: 'k',
        STANDINGS_PROVIDER: 'api-football',
        ODDS_PROVIDER: 'besoccer',
      }),
    ).toThrow(
      /STANDINGS_PROVIDER is api-football but API_FOOTBALL_KEY is not set; ODDS_PROVIDER besoccer does not give odds/,
    );
  });

  it('needs a source of matches', () => {
    const message =
      'Invalid configuration: DATA_SOURCE=live needs a source of matches: set BESOCCER_API_KEY, or FOOTBALL_DATA_API_KEY, or API_FOOTBALL_KEY';
    expect(() => parseConfig({ DATA_SOURCE: 'live' })).toThrow(message);
    expect(() => parseConfig({ DATA_SOURCE: 'live', ODDS_API_KEY: 'odds-key' })).toThrow(message);
    expect(() => parseConfig({ DATA_SOURCE: 'live', ...KEYS, MATCHES_PROVIDER: 'none' })).toThrow(
      message,
    );
  });

  it('reads the rate limit per address, 300 a minute by default and 0 for none', () => {
    expect(parseConfig({}).rateLimitPerMinute).toBe(300);
    expect(parseConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
    expect(parseConfig({ RATE_LIMIT_PER_MINUTE: '1200' }).rateLimitPerMinute).toBe(1200);
    expect(() => parseConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(
      'RATE_LIMIT_PER_MINUTE must be at least 0',
    );
  });

  it('reads the odds credit budget, 50 a day by default', () => {
    expect(parseConfig({}).oddsDailyCredits).toBe(50);
    expect(parseConfig({ ODDS_API_DAILY_CREDITS: '16' }).oddsDailyCredits).toBe(16);
    expect(parseConfig({ ODDS_API_DAILY_CREDITS: '0' }).oddsDailyCredits).toBe(0);
  });

  it('reads the upstream base URLs, unset by default', () => {
    expect(parseConfig({}).baseUrls).toEqual({
      besoccer: undefined,
      'football-data': undefined,
      'api-football': undefined,
      'odds-api': undefined,
    });
    const config = parseConfig({
      BESOCCER_BASE_URL: 'http://127.0.0.1:4010/besoccer',
      FOOTBALL_DATA_BASE_URL: 'https://proxy.example/v4',
      API_FOOTBALL_BASE_URL: ' ',
      ODDS_API_BASE_URL: 'https://odds.example/v4',
    });
    expect(config.baseUrls).toEqual({
      besoccer: 'http://127.0.0.1:4010/besoccer',
      'football-data': 'https://proxy.example/v4',
      'api-football': undefined,
      'odds-api': 'https://odds.example/v4',
    });
  });

  it.each([
    [{ ODDS_API_DAILY_CREDITS: '-1' }, /ODDS_API_DAILY_CREDITS must be at least 0/],
    [{ ODDS_API_DAILY_CREDITS: '2.5' }, /ODDS_API_DAILY_CREDITS must be a whole number/],
    [{ ODDS_API_DAILY_CREDITS: 'lots' }, /ODDS_API_DAILY_CREDITS must be a number/],
    [{ FOOTBALL_DATA_BASE_URL: 'ftp://x' }, /FOOTBALL_DATA_BASE_URL must be an http/],
    [{ BESOCCER_BASE_URL: 'localhost:4010' }, /BESOCCER_BASE_URL must be an http/],
    [{ ODDS_API_BASE_URL: 'https://a b' }, /ODDS_API_BASE_URL must be an http/],
    [{ API_FOOTBALL_BASE_URL: 'http://' }, /API_FOOTBALL_BASE_URL must be an http/],
  ])('rejects %j with a line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
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

describe('TLS_CERT and TLS_KEY', () => {
  it('serve plain HTTP when neither is set, HTTPS when both are', () => {
    expect(parseConfig({}).tls).toBeUndefined();
    expect(parseConfig({ TLS_CERT: '/etc/tls/cert.pem', TLS_KEY: '/etc/tls/key.pem' }).tls).toEqual(
      { certFile: '/etc/tls/cert.pem', keyFile: '/etc/tls/key.pem' },
    );
  });

  it.each([
    [{ TLS_CERT: '/etc/tls/cert.pem' }, 'TLS_CERT is set, TLS_KEY is not'],
    [{ TLS_KEY: '/etc/tls/key.pem', TLS_CERT: ' ' }, 'TLS_KEY is set, TLS_CERT is not'],
  ])('must be set together: %o', (env, detail) => {
    expect(() => parseConfig(env)).toThrow(
      `Invalid configuration: TLS_CERT and TLS_KEY must be set together (${detail})`,
    );
  });

  it('stops start-up, naming the variable and file, when a file is unreadable or not PEM', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-tls-config-'));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    await writeFile(cert, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    await writeFile(key, 'not a key');
    await expect(readTlsFiles({ certFile: '/no/such/cert.pem', keyFile: key })).rejects.toThrow(
      'Invalid configuration: TLS_CERT /no/such/cert.pem cannot be read (ENOENT)',
    );
    await expect(readTlsFiles({ certFile: cert, keyFile: key })).rejects.toThrow(
      `Invalid configuration: TLS_KEY ${key} is not a PEM private key`,
    );
    await writeFile(key, '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----\n');
    await expect(readTlsFiles({ certFile: cert, keyFile: key })).resolves.toMatchObject({
      cert: expect.stringContaining('BEGIN CERTIFICATE'),
      key: expect.stringContaining('BEGIN PRIVATE KEY'),
    });
  });
});

describe('parseConfig with SITE_PASSWORD_HASH', () => {
  const HASH = `scrypt$131072$8$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(32, 2).toString('base64')}`;

  it('keeps only the hash, with no plain password and no default', () => {
    const config = parseConfig({ SITE_PASSWORD_HASH: HASH });
    expect(config.sitePassword).toEqual({ hash: HASH });
    expect(config.usesDefaultPassword).toBe(false);
    expect(config.shortPassword).toBe(false);
  });

  it('treats an empty SITE_PASSWORD_HASH as unset', () => {
    expect(parseConfig({ SITE_PASSWORD_HASH: '' }).sitePassword).toBe('kickoff');
  });

  it('refuses SITE_PASSWORD and SITE_PASSWORD_HASH together', () => {
    expect(() =>
      parseConfig({ SITE_PASSWORD: 'a-long-site-password', SITE_PASSWORD_HASH: HASH }),
    ).toThrow(/^Invalid configuration: SITE_PASSWORD and SITE_PASSWORD_HASH are both set/);
  });

  it.each([
    ['not a hash', /SITE_PASSWORD_HASH must be scrypt\$N\$r\$p\$<salt base64>\$<hash base64>/],
    [HASH.replace('131072', '1048576'), /SITE_PASSWORD_HASH N must be a power of two/],
    [HASH.replace('$8$1$', '$8$9$'), /SITE_PASSWORD_HASH p must be from 1 to 4/],
    [`${HASH}!`, /SITE_PASSWORD_HASH the hash must be base64/],
  ])('refuses a malformed hash with a clear line, never quoting it (%#)', (hash, message) => {
    let thrown: unknown;
    try {
      parseConfig({ SITE_PASSWORD_HASH: hash });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).toMatch(/npm run hash-password/);
    expect((thrown as Error).message).not.toContain(hash);
  });

  it('flags a plain password shorter than 16 characters, and only that', () => {
    expect(parseConfig({ SITE_PASSWORD: 'fifteen-chars!!' }).shortPassword).toBe(true);
    expect(parseConfig({ SITE_PASSWORD: 'sixteen-chars!!!' }).shortPassword).toBe(false);
    expect(parseConfig({}).shortPassword).toBe(true);
  });
});
