import { describe, expect, it } from 'vitest';

import { LEAGUES } from '../../../domain/league.ts';
import { UpstreamError } from './http.ts';
import { requireLeague } from './league.ts';

describe('requireLeague', () => {
  it('gives the registry entry of a covered league', () => {
    expect(requireLeague('besoccer', 'serie-a', LEAGUES).footballDataCode).toBe('SA');
  });

  it.each(['eredivisie', '__proto__', 'toString', ''])('refuses %j as a bad request', (slug) => {
    let caught: unknown;
    try {
      requireLeague('odds-api', slug, LEAGUES);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UpstreamError);
    expect((caught as UpstreamError).kind).toBe('bad-request');
    expect((caught as UpstreamError).provider).toBe('odds-api');
  });
});
