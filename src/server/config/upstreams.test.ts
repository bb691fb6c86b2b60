import { describe, expect, it } from 'vitest';

import { parseConfig } from './env.ts';

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
      'football-data': 'fd-key',
      'api-football': undefined,
      'odds-api': 'odds-key',
    });

    expect(parseConfig({ DATA_SOURCE: 'live', ...KEYS }).live).toEqual({
      matches: 'besoccer',
      standings: 'besoccer',
      players: 'besoccer',
      odds: 'odds-api',
      transfers: 'api-football',
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
      transfers: 'api-football',
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
      'Invalid configuration: TRANSFERS_PROVIDER football-data does not give transfers; use one of api-football',
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

  it('reads the event-loop delay past which data requests are refused, 200 ms by default', () => {
    expect(parseConfig({}).overloadEventLoopDelayMs).toBe(200);
    expect(parseConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '500' }).overloadEventLoopDelayMs).toBe(500);
    expect(() => parseConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '5' })).toThrow(
      'OVERLOAD_EVENT_LOOP_DELAY_MS must be at least 10',
    );
    expect(() => parseConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: 'soon' })).toThrow(
      'OVERLOAD_EVENT_LOOP_DELAY_MS must be a number',
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
