import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { findBodyError, parseErrorText, readFlagCode } from './answer.ts';

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function fixture(name: string): unknown {
  return JSON.parse(fixtureText(name));
}

describe('plain-text and in-body errors', () => {
  it('reads the plan refusals as `plan`', () => {
    for (const name of ['besoccer-error-not-allowed.txt', 'besoccer-error-no-version.txt']) {
      const error = parseErrorText(fixtureText(name));
      expect(error?.kind).toBe('plan');
      expect(error?.provider).toBe('besoccer');
    }
    expect(parseErrorText(fixtureText('besoccer-error-not-allowed.txt'))?.message).toContain(
      'info-not-allowed-request-for-api-account-type',
    );
  });

  it('leaves other text (an HTML page) to the caller', () => {
    expect(parseErrorText(fixtureText('besoccer-not-json.html'))).toBeUndefined();
  });

  it('finds an error field only when no envelope carries data', () => {
    expect(findBodyError(fixture('besoccer-tables-outside-plan.json'))?.kind).toBe('plan');
    expect(findBodyError(fixture('besoccer-matchs-outside-plan.json'))?.kind).toBe('plan');
    expect(findBodyError(fixture('besoccer-livescore.json'))).toBeUndefined();
    expect(findBodyError(fixture('besoccer-league-stats.json'))).toBeUndefined();
    expect(findBodyError({ matches: [], error: 'stale' })).toBeUndefined();
    expect(findBodyError({ error: false })).toBeUndefined();
    expect(findBodyError({ error: 0, table: null })).toBeUndefined();
  });
});

describe('readFlagCode', () => {
  it.each([
    [['es'], 'es'],
    [['FR'], 'fr'],
    [['gb-eng'], 'gb-eng'],
    [['https://cdn.resfu.com/media/img/flags/round/es.png'], 'es'],
    // BeSoccer draws Wales as wa.png; flag-icons calls it gb-wls.
    [['https://cdn.resfu.com/media/img/flags/round/wa.png?size=60x'], 'gb-wls'],
    // Withdrawn codes come out as today's country; codes of no country give way to the next.
    [['yu'], 'rs'],
    [['ue', 'pt'], 'pt'],
    [['wo'], ''],
    [[null, undefined, ''], ''],
  ])('reads %j as %j', (values, expected) => {
    expect(readFlagCode(...values)).toBe(expected);
  });
});
