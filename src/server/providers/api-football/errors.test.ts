import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { UpstreamError } from '../upstream/http.ts';
import { findBodyError, findErrorAnswer, findTextError, readQuota } from './errors.ts';

const T0 = Date.parse('2026-10-18T12:00:00Z');

function fixture(name: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/api-football-${name}.json`, import.meta.url), 'utf8'),
  );
}

describe('findBodyError', () => {
  it.each([
    ['error-token', 'auth', false, 'token: Error/Missing application key'],
    ['error-daily-limit', 'quota', false, 'requests: You have reached the request limit'],
    ['error-ratelimit', 'rate-limit', true, 'rateLimit: Too many requests'],
    ['error-plan', 'plan', false, 'plan: Free plans do not have access'],
    ['error-parameter', 'bad-request', false, 'season: The Season field'],
  ])('reads %s as %s (retryable: %s)', (name, kind, retryable, message) => {
    const error = findBodyError(fixture(name));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error?.kind).toBe(kind);
    expect(error?.retryable).toBe(retryable);
    expect(error?.provider).toBe('api-football');
    expect(error?.message).toContain(`api-football: ${message}`);
  });

  it('waits one request interval of the stated per-minute limit before retrying', () => {
    expect(findBodyError(fixture('error-ratelimit'))?.retryAfterMs).toBe(6000);
    const other = findBodyError({ errors: { rateLimit: 'Too many requests.' } });
    expect(other?.kind).toBe('rate-limit');
    expect(other?.retryAfterMs).toBeUndefined();
  });

  it('finds no error in data bodies, an empty errors object or a body without errors', () => {
    expect(findBodyError(fixture('fixtures-live'))).toBeUndefined();
    expect(findBodyError({ errors: {}, response: [] })).toBeUndefined();
    expect(findBodyError({ response: [] })).toBeUndefined();
    expect(findBodyError('text')).toBeUndefined();
  });

  it('reads a non-empty errors array as a bad request', () => {
    const error = findBodyError({ errors: ['Something is wrong'], response: [] });
    expect(error?.kind).toBe('bad-request');
    expect(error?.message).toBe('api-football: error: Something is wrong');
  });

  it('puts a bad key before any other complaint in the same body', () => {
    const error = findBodyError({ errors: { season: 'bad', token: 'missing key' } });
    expect(error?.kind).toBe('auth');
  });
});

describe('findErrorAnswer', () => {
  const body = (name: string) => JSON.stringify(fixture(name));

  it('reads the error body of a non-2xx answer, keeping its status', () => {
    const quota = findErrorAnswer(429, body('error-daily-limit'), new Headers(), T0);
    expect([quota?.kind, quota?.status, quota?.retryable]).toEqual(['quota', 429, false]);
    const limited = findErrorAnswer(429, body('error-ratelimit'), new Headers(), T0);
    expect([limited?.kind, limited?.retryAfterMs]).toEqual(['rate-limit', 6000]);
    const asked = findErrorAnswer(
      429,
      body('error-ratelimit'),
      new Headers({ 'retry-after': '3' }),
      T0,
    );
    expect(asked?.retryAfterMs).toBe(3000);
    expect(findErrorAnswer(403, body('error-token'), new Headers(), T0)?.kind).toBe('auth');
  });

  it('reads 499 as a time-out and leaves other answers to the status code', () => {
    expect(findErrorAnswer(499, '', new Headers(), T0)?.kind).toBe('timeout');
    expect(findErrorAnswer(500, 'oops', new Headers(), T0)).toBeUndefined();
    expect(findErrorAnswer(429, '{"message":"slow"}', new Headers(), T0)).toBeUndefined();
  });

  it('reads Retry-After as the shared client does: a date too, and an empty one not as 0', () => {
    const at = (value: string) =>
      findErrorAnswer(429, body('error-ratelimit'), new Headers({ 'retry-after': value }), T0)
        ?.retryAfterMs;
    expect(at(new Date(T0 + 5000).toUTCString())).toBe(5000);
    // An empty header says nothing: the per-minute share of the message stands.
    expect(at('')).toBe(6000);
  });
});

describe('findTextError', () => {
  it('reads an empty body, an HTML page and JSON cut short as bad-body', () => {
    expect(findTextError('  ')?.message).toBe('api-football: empty answer (no content)');
    const page = findTextError(
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body></body></html>',
    );
    expect([page?.kind, page?.message]).toEqual([
      'bad-body',
      'api-football: an HTML page instead of JSON ("502 Bad Gateway")',
    ]);
    expect(findTextError('<html><body>down</body></html>')?.message).toBe(
      'api-football: an HTML page instead of JSON',
    );
    const cut = findTextError('{"get":"transfers","response":[{"player":{"id":');
    expect([cut?.kind, cut?.message]).toEqual([
      'bad-body',
      'api-football: JSON cut short or malformed after 47 characters',
    ]);
  });

  it('leaves other text to the shared client', () => {
    expect(findTextError('Service temporarily unavailable')).toBeUndefined();
  });
});

describe('readQuota', () => {
  it('reads the daily headers into credits left and used', () => {
    const headers = new Headers({
      'x-ratelimit-requests-limit': '100',
      'x-ratelimit-requests-remaining': '73',
      'X-RateLimit-Limit': '10',
      'X-RateLimit-Remaining': '9',
    });
    expect(readQuota(headers)).toEqual({ remaining: 73, used: 27 });
  });

  it('is undefined without the daily headers, and null for an unreadable value', () => {
    expect(readQuota(new Headers({ 'x-ratelimit-remaining': '9' }))).toBeUndefined();
    expect(
      readQuota(
        new Headers({ 'x-ratelimit-requests-limit': '100', 'x-ratelimit-requests-remaining': '?' }),
      ),
    ).toEqual({ remaining: null, used: null });
  });
});
