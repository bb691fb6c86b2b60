import { describe, expect, it } from 'vitest';

import { createSessionSigner, equalsConstantTime } from './session-token.ts';

const now = new Date('2026-11-21T15:30:00Z');
const signer = createSessionSigner({ secret: 'secret-one', password: 'kickoff' });

describe('createSessionSigner', () => {
  it('accepts the tokens it issues', () => {
    expect(signer.verify(signer.issue(now), now)).toBe(true);
  });

  it('issues a new token each time', () => {
    expect(signer.issue(now)).not.toBe(signer.issue(now));
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['garbage', 'not-a-token'],
    ['wrong version', 'v2.1.abc.def'],
    ['overlong', 'v1.'.padEnd(500, 'x')],
  ])('refuses a %s token', (_, token) => {
    expect(signer.verify(token, now)).toBe(false);
  });

  it('refuses a token whose signature was altered', () => {
    const token = signer.issue(now);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(signer.verify(tampered, now)).toBe(false);
  });

  it('refuses a token whose issue time was altered', () => {
    const [v, , nonce, mac] = signer.issue(now).split('.');
    expect(signer.verify([v, '1', nonce, mac].join('.'), now)).toBe(false);
  });

  it('refuses a token older than 30 days', () => {
    const token = signer.issue(now);
    expect(signer.verify(token, new Date(now.getTime() + 29 * 86_400_000))).toBe(true);
    expect(signer.verify(token, new Date(now.getTime() + 31 * 86_400_000))).toBe(false);
  });

  it('voids every token when the password changes', () => {
    const token = signer.issue(now);
    const rotated = createSessionSigner({ secret: 'secret-one', password: 'new-password' });
    expect(rotated.verify(token, now)).toBe(false);
  });

  it('voids every token when the secret changes', () => {
    const other = createSessionSigner({ secret: 'secret-two', password: 'kickoff' });
    expect(other.verify(signer.issue(now), now)).toBe(false);
  });
});

describe('equalsConstantTime', () => {
  it.each([
    ['kickoff', 'kickoff', true],
    ['kickoff', 'kickof', false],
    ['kickoff', 'KICKOFF', false],
    ['', '', true],
    ['', 'x', false],
  ])('compares %j and %j as %s', (a, b, equal) => {
    expect(equalsConstantTime(a, b)).toBe(equal);
  });
});
