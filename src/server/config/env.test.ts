import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError } from './config-error.ts';
import { parseConfig, readTlsFiles } from './env.ts';

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
    [{ CLOCK_SPEED: '-2' }, /CLOCK_SPEED must be 0 \(the clock stands still at NOW\) or more/],
    [{ SITE_TIME_ZONE: 'Mars/Olympus' }, /SITE_TIME_ZONE must be an IANA time zone/],
    [{ SITE_PASSWORD: '' }, /SITE_PASSWORD must not be empty/],
  ])('rejects %j with a line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('takes CLOCK_SPEED=0 as a clock that stands still', () => {
    expect(parseConfig({ NOW: '2026-11-21T15:30:00Z', CLOCK_SPEED: '0' }).clockSpeed).toBe(0);
  });

  it('names every bad variable on one line', () => {
    expect(() => parseConfig({ PORT: 'x', CLOCK_SPEED: '-1' })).toThrow(/PORT .*; CLOCK_SPEED /);
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
    // The admin password is held to the same length, and unset is not short.
    expect(parseConfig({ ADMIN_PASSWORD: 'x' }).shortAdminPassword).toBe(true);
    expect(parseConfig({ ADMIN_PASSWORD: 'sixteen-chars!!!' }).shortAdminPassword).toBe(false);
    expect(parseConfig({}).shortAdminPassword).toBe(false);
    expect(parseConfig({}).shortPassword).toBe(true);
  });
});
