import { describe, expect, it } from 'vitest';

import { parseConfig } from './config.ts';

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
