import { describe, expect, it } from 'vitest';

import {
  createPasswordCheck,
  DEFAULT_SCRYPT,
  getSessionPasswordKey,
  hashPassword,
  parsePasswordHash,
  verifyPasswordHash,
} from './password-hash.ts';

// Cheap parameters for speed; the default ones are tried once.
const FAST = { n: 2 ** 14, r: 8, p: 1 };
const SALT = Buffer.alloc(16, 1).toString('base64');
const KEY = Buffer.alloc(32, 2).toString('base64');

describe('hashPassword and verifyPasswordHash', () => {
  it('writes scrypt$N$r$p$salt$hash with the recommended parameters by default', async () => {
    const text = await hashPassword('a long and random site password');
    expect(text).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(parsePasswordHash(text)).toMatchObject(DEFAULT_SCRYPT);
    expect(
      await verifyPasswordHash('a long and random site password', parsePasswordHash(text)),
    ).toBe(true);
  });

  it('accepts the password and nothing else, and salts every hash', async () => {
    const text = await hashPassword('correct horse battery staple', FAST);
    const hash = parsePasswordHash(text);
    expect(await verifyPasswordHash('correct horse battery staple', hash)).toBe(true);
    for (const wrong of ['', 'correct horse battery stapl', 'Correct horse battery staple']) {
      expect(await verifyPasswordHash(wrong, hash)).toBe(false);
    }
    expect(await hashPassword('correct horse battery staple', FAST)).not.toBe(text);
  });

  it('checks logins against a plain password or a hash alike', async () => {
    const plain = createPasswordCheck('kickoff-kickoff-kickoff');
    const hashed = createPasswordCheck({
      hash: await hashPassword('kickoff-kickoff-kickoff', FAST),
    });
    for (const check of [plain, hashed]) {
      expect(await check('kickoff-kickoff-kickoff')).toBe(true);
      expect(await check('kickoff')).toBe(false);
    }
  });

  it('runs many checks at once without failing any', async () => {
    const check = createPasswordCheck({ hash: await hashPassword('pw-pw-pw-pw-pw-pw', FAST) });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => check(i % 2 === 0 ? 'pw-pw-pw-pw-pw-pw' : 'nope')),
    );
    expect(answers).toEqual([true, false, true, false, true, false, true, false]);
  });

  it('keys sessions by the hash when only the hash is configured', () => {
    const text = `scrypt$16384$8$1$${SALT}$${KEY}`;
    expect(getSessionPasswordKey('kickoff')).toBe('kickoff');
    expect(getSessionPasswordKey({ hash: text })).toContain(text);
    expect(getSessionPasswordKey({ hash: text })).not.toBe(
      getSessionPasswordKey({ hash: text.replace('$8$', '$4$') }),
    );
  });
});

describe('parsePasswordHash', () => {
  it('reads the parameters, salt and key', () => {
    expect(parsePasswordHash(`scrypt$16384$8$1$${SALT}$${KEY}`)).toEqual({
      n: 16384,
      r: 8,
      p: 1,
      salt: Buffer.alloc(16, 1),
      key: Buffer.alloc(32, 2),
    });
    // Padding may be left off.
    expect(parsePasswordHash(`scrypt$16384$8$1$${SALT.replace(/=+$/, '')}$${KEY}`).n).toBe(16384);
  });

  it.each([
    ['', /must be scrypt\$N\$r\$p/],
    ['kickoff', /must be scrypt\$N\$r\$p/],
    [`argon2$16384$8$1$${SALT}$${KEY}`, /must be scrypt\$N\$r\$p/],
    [`scrypt$16384$8$1$${SALT}`, /must be scrypt\$N\$r\$p/],
    [`scrypt$16384$8$1$${SALT}$${KEY}$x`, /must be scrypt\$N\$r\$p/],
    [`scrypt$abc$8$1$${SALT}$${KEY}`, /N must be a whole number/],
    [`scrypt$16384$08$1$${SALT}$${KEY}`, /r must be a whole number/],
    [`scrypt$16384$8$-1$${SALT}$${KEY}`, /p must be a whole number/],
    [`scrypt$20000$8$1$${SALT}$${KEY}`, /N must be a power of two from 16384 to 131072/],
    [`scrypt$1024$8$1$${SALT}$${KEY}`, /N must be a power of two/],
    [`scrypt$${2 ** 18}$8$1$${SALT}$${KEY}`, /N must be a power of two/],
    [`scrypt$${2 ** 30}$8$1$${SALT}$${KEY}`, /N must be a power of two/],
    [`scrypt$16384$17$1$${SALT}$${KEY}`, /r must be from 1 to 16/],
    [`scrypt$16384$8$5$${SALT}$${KEY}`, /p must be from 1 to 4/],
    [`scrypt$131072$16$1$${SALT}$${KEY}`, /N·r is too large/],
    [`scrypt$131072$8$4$${SALT}$${KEY}`, /N·r·p is too large/],
    [`scrypt$16384$8$1$not*base64$${KEY}`, /salt must be base64/],
    [`scrypt$16384$8$1$${SALT}$${KEY}x`, /hash must be base64/],
    [`scrypt$16384$8$1$${Buffer.alloc(8).toString('base64')}$${KEY}`, /salt must be 16 to 64/],
    [`scrypt$16384$8$1$${SALT}$${Buffer.alloc(8).toString('base64')}`, /hash must be 16 to 64/],
  ])('refuses %j, saying why', (text, message) => {
    expect(() => parsePasswordHash(text)).toThrow(message);
  });

  it('never quotes the value in its error', () => {
    const text = `scrypt$16384$8$1$${SALT}$${KEY}tail`;
    expect(() => parsePasswordHash(text)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(SALT) as string }),
    );
  });
});
