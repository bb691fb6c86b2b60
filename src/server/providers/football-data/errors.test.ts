import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { classifyError, findErrorBody, parseWaitSeconds } from './errors.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

describe('error bodies and rate-limit hints', () => {
  it('reads the error fixtures and classifies them', () => {
    const cases = [
      ['football-data-error-400-invalid-token.json', 400, 'auth'],
      ['football-data-error-403.json', 403, 'plan'],
      ['football-data-error-404.json', 404, 'not-found'],
      ['football-data-error-429.json', 429, 'rate-limit'],
    ] as const;
    for (const [name, status, kind] of cases) {
      const body = findErrorBody(fixture(name));
      expect(body?.errorCode).toBe(status);
      expect(classifyError(status, body?.message ?? '')).toBe(kind);
    }
    expect(classifyError(401, '')).toBe('auth');
    expect(classifyError(403, '')).toBe('auth');
    expect(classifyError(400, 'bad filter')).toBe('bad-request');
    expect(classifyError(503, '')).toBe('server');
    expect(findErrorBody(fixture('football-data-standings-pl.json'))).toBeUndefined();
  });

  it('finds the wait of a 429 in the reset header or in the message', () => {
    const text = JSON.stringify(fixture('football-data-error-429.json'));
    expect(parseWaitSeconds(null, text)).toBe(41);
    expect(parseWaitSeconds('7', text)).toBe(7);
    expect(parseWaitSeconds(null, 'You reached your request limit. Wait 9 seconds.')).toBe(9);
    expect(parseWaitSeconds(null, '{"message":"slow down","errorCode":429}')).toBeUndefined();
  });
});
