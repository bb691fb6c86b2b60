// Over 400 lines: a case per behaviour of the one shared client (retries, breaker, spacing, stats).
import { describe, expect, it, vi } from 'vitest';

import { QuotaDeferral } from '../provider.ts';
import {
  createUpstreamClient,
  UpstreamError,
  type UpstreamClientOptions,
  type UpstreamErrorKind,
} from './http.ts';

const T0 = Date.parse('2026-11-21T12:00:00.000Z');
const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Call = { url: URL; init: RequestInit | undefined; at: number };
type Handler = (call: Call, index: number) => Response | Promise<Response>;

/** A client over a fake fetch, clock, sleep and random; `sleeps` holds every delay asked for. */
function setup(handler: Handler, overrides: Partial<UpstreamClientOptions> = {}) {
  const clock = { now: T0 };
  const sleeps: number[] = [];
  const calls: Call[] = [];
  const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const call = { url: new URL(String(input)), init, at: clock.now };
    calls.push(call);
    return handler(call, calls.length - 1);
  }) as typeof fetch;
  const client = createUpstreamClient({
    name: 'football-data',
    baseUrl: 'https://api.example.test/v4',
    fetch: fakeFetch,
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
    },
    random: () => 0.5,
    log: { warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }) },
    ...overrides,
  });
  return { client, clock, sleeps, calls, warnings };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function text(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

/** What undici throws when the connection drops. */
function connectionReset(): TypeError {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
  });
}

/** A fetch that never answers but rejects with the signal's reason, as undici does. */
const hang: Handler = (call) =>
  new Promise<Response>((_, reject) => {
    const signal = call.init?.signal;
    if (!signal) throw new Error('no signal passed to fetch');
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected the call to fail');
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('timeout', () => {
  it('gives up on a fetch that does not answer within timeoutMs, naming the provider', async () => {
    const { client, calls } = setup(hang, { timeoutMs: 20, maxAttempts: 1 });
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('timeout');
    expect(error.retryable).toBe(true);
    expect(error.provider).toBe('football-data');
    expect(error.message).toBe('football-data: no answer within 20 ms');
    expect(error.cause).toMatchObject({ name: 'TimeoutError' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.signal?.aborted).toBe(true);
  });

  it('retries timeouts like other transient failures', async () => {
    const { client, calls, sleeps } = setup(hang, { timeoutMs: 10 });
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('timeout');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('uses a 5 s timeout by default', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { client, calls } = setup(() => json({ ok: true }));
    await client.getJson('matches');
    expect(timeout).toHaveBeenCalledTimes(1);
    expect(timeout).toHaveBeenCalledWith(5000);
    expect(calls[0]?.init?.signal).toBe(timeout.mock.results[0]?.value);
    expect(calls[0]?.init?.signal?.aborted).toBe(false);
  });

  it('reports the default 5000 ms in the message when the signal fires', async () => {
    const { client } = setup(
      () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
      { maxAttempts: 1 },
    );
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('football-data: no answer within 5000 ms');
  });
});

describe('retries', () => {
  it('makes at most 3 attempts on network errors, with full-jitter delays of 0.5 × 1 s and 0.5 × 2 s', async () => {
    const { client, calls, sleeps, warnings } = setup(() => {
      throw connectionReset();
    });
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('football-data: request failed: fetch failed (read ECONNRESET)');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
    expect(calls.map((c) => c.at - T0)).toEqual([0, 500, 1500]);
    expect(warnings.map((w) => [w.obj.attempt, w.obj.retry])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
  });

  it('treats a rejection that is not an Error as a network error', async () => {
    const { client, calls } = setup(() => Promise.reject('socket hang up' as unknown as Error));
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('socket hang up');
    expect(calls).toHaveLength(3);
  });

  it('returns the body once a retry succeeds', async () => {
    const { client, calls, sleeps } = setup((_, i) =>
      i === 0 ? text('busy', 503) : json({ matches: [1, 2] }),
    );
    const result = await client.getJson('matches');
    expect(result.body).toEqual({ matches: [1, 2] });
    expect(result.headers.get('content-type')).toBe('application/json');
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([500]);
    expect(client.stats().retries).toBe(1);
  });

  it('delays follow random × min(30 s, 1 s × 2^(attempt-1)) and never exceed the cap', async () => {
    const half = setup(() => text('down', 500), { maxAttempts: 8 });
    await rejection(half.client.getJson('matches'));
    expect(half.sleeps).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);

    const high = setup(() => text('down', 500), { maxAttempts: 10, random: () => 0.999_999 });
    await rejection(high.client.getJson('matches'));
    expect(high.sleeps).toHaveLength(9);
    for (const delay of high.sleeps) expect(delay).toBeLessThanOrEqual(30_000);
    expect(Math.max(...high.sleeps)).toBeGreaterThan(29_999);

    const zero = setup(() => text('down', 500), { random: () => 0 });
    await rejection(zero.client.getJson('matches'));
    expect(zero.sleeps).toEqual([0, 0]);
  });

  it.each([500, 502, 503, 504, 429])('retries HTTP %i up to 3 attempts', async (status) => {
    const { client, calls, sleeps } = setup(() => text('nope', status));
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe(status === 429 ? 'rate-limit' : 'server');
    expect(error.status).toBe(status);
    expect(error.message).toBe(`football-data: HTTP ${status}: nope`);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it.each<[number, UpstreamErrorKind]>([
    [400, 'bad-request'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not-found'],
    [422, 'bad-request'],
  ])('does not retry HTTP %i (%s)', async (status, kind) => {
    const { client, calls, sleeps, warnings } = setup(() => json({ message: 'no' }, status));
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(false);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(client.stats().retries).toBe(0);
    expect(warnings.map((w) => w.obj.retry)).toEqual([false]);
  });

  it('does not retry a 200 whose body is not JSON', async () => {
    const { client, calls, sleeps } = setup(() => text('<html>maintenance</html>', 200));
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toBe('football-data: answer is not JSON: <html>maintenance</html>');
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('raises what inspectText finds in a plain-text 200, without retrying', async () => {
    const seen: string[] = [];
    const { client, calls } = setup(() => text('Your plan does not include this league', 200), {
      inspectText: (body) => {
        seen.push(body);
        return new UpstreamError('football-data', 'plan', body);
      },
    });
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('plan');
    expect(seen).toEqual(['Your plan does not include this league']);
    expect(calls).toHaveLength(1);
  });

  it.each<UpstreamErrorKind>(['quota', 'auth', 'rate-limit', 'server'])(
    'does not retry a %s error found by inspectBody',
    async (kind) => {
      const seen: unknown[] = [];
      const { client, calls, sleeps } = setup(() => json({ errors: { reason: kind } }), {
        inspectBody: (body) => {
          seen.push(body);
          return new UpstreamError('api-football', kind, `errors in body: ${kind}`);
        },
      });
      const error = await rejection(client.getJson('fixtures'));
      expect(error.kind).toBe(kind);
      expect(seen).toEqual([{ errors: { reason: kind } }]);
      expect(calls).toHaveLength(1);
      expect(sleeps).toEqual([]);
      expect(client.stats().retries).toBe(0);
    },
  );

  it.each<UpstreamErrorKind>(['rate-limit', 'server'])(
    'does not retry a %s error found by inspectText',
    async (kind) => {
      const { client, calls } = setup(() => text('Too many requests', 200), {
        inspectText: () => new UpstreamError('besoccer', kind, 'in text'),
      });
      const error = await rejection(client.getJson('matches'));
      expect(error.kind).toBe(kind);
      expect(calls).toHaveLength(1);
    },
  );

  it('returns the body when inspectBody finds nothing wrong', async () => {
    const { client } = setup(() => json({ response: [] }), { inspectBody: () => undefined });
    expect((await client.getJson('fixtures')).body).toEqual({ response: [] });
  });

  it('lets maxAttempts lower the number of attempts', async () => {
    const { client, calls } = setup(() => text('down', 503), { maxAttempts: 1 });
    await rejection(client.getJson('matches'));
    expect(calls).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  it('waits at least the Retry-After seconds of a 429 before the retry', async () => {
    const { client, calls, sleeps } = setup((_, i) =>
      i === 0 ? text('slow down', 429, { 'retry-after': '2' }) : json({ ok: true }),
    );
    await client.getJson('matches');
    expect(sleeps).toEqual([2000]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(2000);
  });

  it('keeps the jitter when it is longer than Retry-After', async () => {
    const { client, sleeps } = setup(
      (_, i) => (i === 0 ? text('slow down', 429, { 'retry-after': '0' }) : json({ ok: true })),
      { random: () => 0.75 },
    );
    await client.getJson('matches');
    expect(sleeps).toEqual([750]);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const retryAt = new Date(T0 + 10_000).toUTCString();
    const { client, calls, sleeps } = setup((_, i) =>
      i === 0 ? text('slow down', 429, { 'retry-after': retryAt }) : json({ ok: true }),
    );
    await client.getJson('matches');
    expect(sleeps).toEqual([10_000]);
    expect(calls[1]!.at).toBe(T0 + 10_000);
  });

  it('waits exactly the cap when Retry-After equals it', async () => {
    const { client, sleeps } = setup((_, i) =>
      i === 0 ? text('slow down', 429, { 'retry-after': '30' }) : json({ ok: true }),
    );
    await client.getJson('matches');
    expect(sleeps).toEqual([30_000]);
  });

  it.each([
    ['seconds', '31'],
    ['an HTTP date', new Date(T0 + 3_600_000).toUTCString()],
  ])('does not retry when Retry-After (%s) is beyond the 30 s cap', async (_, header) => {
    const { client, calls, sleeps, warnings } = setup(() =>
      text('come back later', 429, { 'retry-after': header }),
    );
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBe(header === '31' ? 31_000 : 3_600_000);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(client.stats().retries).toBe(0);
    expect(warnings.map((w) => w.obj.retry)).toEqual([false]);
  });
});

describe('inspectError', () => {
  it('overrides the status: a 429 that means out of credits is not retried', async () => {
    const seen: Array<[number, string, string | null, number]> = [];
    const { client, calls, sleeps } = setup(
      () => text('{"message":"quota exhausted"}', 429, { 'x-requests-remaining': '0' }),
      {
        name: 'odds-api',
        inspectError: (status, body, headers, nowMs) => {
          seen.push([status, body, headers.get('x-requests-remaining'), nowMs]);
          return new UpstreamError('odds-api', 'quota', 'out of credits', { status });
        },
      },
    );
    const error = await rejection(client.getJson('sports'));
    expect(error.kind).toBe('quota');
    expect(error.message).toBe('odds-api: out of credits');
    // The client's clock comes along, for a Retry-After given as a date.
    expect(seen).toEqual([[429, '{"message":"quota exhausted"}', '0', T0]]);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('falls back to the status when it returns undefined', async () => {
    const { client, calls } = setup(() => text('slow down', 429), {
      inspectError: () => undefined,
    });
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('rate-limit');
    expect(calls).toHaveLength(3);
  });
});

describe('circuit breaker', () => {
  /** One attempt per call, so each call is one breaker outcome. */
  function breakerSetup() {
    const outcomes: Array<'ok' | 'fail' | Promise<'ok' | 'fail'>> = [];
    const env = setup(
      async () => {
        const next = await (outcomes.shift() ?? 'ok');
        return next === 'ok' ? json({ ok: true }) : text('down', 503);
      },
      { maxAttempts: 1 },
    );
    const run = async (outcome: 'ok' | 'fail') => {
      outcomes.push(outcome);
      return outcome === 'ok'
        ? env.client.getJson('matches')
        : rejection(env.client.getJson('matches'));
    };
    return { ...env, outcomes, run };
  }

  async function openBreaker(env: ReturnType<typeof breakerSetup>) {
    for (let i = 0; i < 5; i++) await env.run('ok');
    for (let i = 0; i < 5; i++) await env.run('fail');
    expect(env.client.stats().breaker).toBe('open');
  }

  it('stays closed after 9 failures (fewer than 10 calls)', async () => {
    const env = breakerSetup();
    for (let i = 0; i < 9; i++) await env.run('fail');
    expect(env.client.stats().breaker).toBe('closed');
    await env.run('ok');
    expect(env.calls).toHaveLength(10);
  });

  it('stays closed at 4 failures in 10 calls', async () => {
    const env = breakerSetup();
    for (let i = 0; i < 6; i++) await env.run('ok');
    for (let i = 0; i < 4; i++) await env.run('fail');
    expect(env.client.stats().breaker).toBe('closed');
  });

  it('opens at 5 ok + 5 failures and then rejects without calling fetch', async () => {
    const env = breakerSetup();
    await openBreaker(env);
    const error = await rejection(env.client.getJson('matches'));
    expect(error.kind).toBe('breaker-open');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('football-data');
    expect(env.calls).toHaveLength(10);
    expect(env.client.stats().callsToday).toBe(10);
  });

  it('opens after 10 failing calls even with retries on (each attempt counts)', async () => {
    const { client, calls } = setup(() => text('down', 500));
    for (let i = 0; i < 3; i++) await rejection(client.getJson('matches'));
    expect(calls).toHaveLength(9);
    expect(client.stats().breaker).toBe('closed');
    const error = await rejection(client.getJson('matches'));
    // The 10th attempt opens the breaker; the retry after it is refused.
    expect(error.kind).toBe('breaker-open');
    expect(calls).toHaveLength(10);
    expect(client.stats().breaker).toBe('open');
  });

  it('lets exactly one trial through after 30 s and closes on its success', async () => {
    const env = breakerSetup();
    await openBreaker(env);
    env.clock.now += 29_999;
    expect((await rejection(env.client.getJson('matches'))).kind).toBe('breaker-open');
    expect(env.calls).toHaveLength(10);

    env.clock.now += 1;
    expect(env.client.stats().breaker).toBe('half-open');
    const gate = deferred<'ok' | 'fail'>();
    env.outcomes.push(gate.promise);
    const trial = env.client.getJson('matches');
    // While the trial is out, everything else is still refused.
    for (let i = 0; i < 3; i++) {
      expect((await rejection(env.client.getJson('matches'))).kind).toBe('breaker-open');
    }
    expect(env.calls).toHaveLength(11);
    gate.resolve('ok');
    expect((await trial).body).toEqual({ ok: true });
    expect(env.client.stats().breaker).toBe('closed');

    await env.run('ok');
    await env.run('fail');
    expect(env.calls).toHaveLength(13);
    expect(env.client.stats().breaker).toBe('closed');
  });

  it('opens again for another 30 s when the trial fails', async () => {
    const env = breakerSetup();
    await openBreaker(env);
    env.clock.now += 30_000;
    const failed = await env.run('fail');
    expect(failed).toMatchObject({ kind: 'server' });
    expect(env.calls).toHaveLength(11);
    expect(env.client.stats().breaker).toBe('open');

    env.clock.now += 29_999;
    expect((await rejection(env.client.getJson('matches'))).kind).toBe('breaker-open');
    expect(env.calls).toHaveLength(11);

    env.clock.now += 1;
    expect(env.client.stats().breaker).toBe('half-open');
    await env.run('ok');
    expect(env.calls).toHaveLength(12);
    expect(env.client.stats().breaker).toBe('closed');
  });
});

describe('request spacing', () => {
  it('makes the second call sleep for the rest of minIntervalMs', async () => {
    const { client, clock, calls, sleeps } = setup(() => json({ ok: true }), {
      minIntervalMs: 6000,
    });
    await client.getJson('matches');
    expect(sleeps).toEqual([]);
    clock.now += 1000;
    await client.getJson('matches');
    expect(sleeps).toEqual([5000]);
    expect(calls.map((c) => c.at - T0)).toEqual([0, 6000]);
    clock.now += 10_000;
    await client.getJson('matches');
    expect(sleeps).toEqual([5000]);
  });

  it('spaces concurrent calls and retries too', async () => {
    // Three calls at the same instant: a sleep that leaves the clock alone shows each one's wait.
    const waits: number[] = [];
    const concurrent = setup(() => json({ ok: true }), {
      minIntervalMs: 6000,
      sleep: async (ms) => void waits.push(ms),
    });
    await Promise.all([
      concurrent.client.getJson('a'),
      concurrent.client.getJson('b'),
      concurrent.client.getJson('c'),
    ]);
    expect(concurrent.calls).toHaveLength(3);
    expect(waits).toEqual([6000, 12_000]);

    const retried = setup((_, i) => (i === 0 ? text('busy', 503) : json({ ok: true })), {
      minIntervalMs: 6000,
    });
    await retried.client.getJson('matches');
    expect(retried.sleeps).toEqual([500, 5500]);
    expect(retried.calls.map((c) => c.at - T0)).toEqual([0, 6000]);
  });
});

describe('noteFailure', () => {
  it("counts a parser's refusal of a good answer once, in the counters and the breaker", async () => {
    const { client, warnings } = setup(() => json({ matches: 'not a list' }));
    await client.getJson('/matches');
    const refused = new UpstreamError('football-data', 'bad-body', 'matches: expected an array');
    client.noteFailure(refused);
    client.noteFailure(refused);
    expect(client.stats()).toMatchObject({
      failures: 1,
      lastError: 'football-data: matches: expected an array',
      lastErrorAt: new Date(T0).toISOString(),
    });
    expect(warnings.map((w) => w.msg)).toEqual(['football-data: matches: expected an array']);
  });

  it('ignores failures the client counted itself and errors that are not upstream errors', async () => {
    const { client } = setup(() => text('no', 401));
    const error = await client.getJson('/matches').catch((e: unknown) => e);
    expect(client.stats().failures).toBe(1);
    client.noteFailure(error);
    client.noteFailure(new Error('a bug, not the upstream'));
    expect(client.stats().failures).toBe(1);
  });

  it("ignores an open breaker's refusals, which would otherwise keep it open", async () => {
    const { client, clock, calls } = setup(() => text('down', 503), { maxAttempts: 1 });
    for (let i = 0; i < 10; i++) await rejection(client.getJson('/matches'));
    expect(client.stats()).toMatchObject({ breaker: 'open', failures: 10 });
    // A sync wrapper notes every error its calls throw, refusals of the open breaker included.
    for (let i = 0; i < 10; i++) {
      clock.now += 2_000;
      client.noteFailure(await rejection(client.getJson('/matches')));
    }
    expect(calls).toHaveLength(10);
    expect(client.stats().failures).toBe(10);
    // The cool-down still runs from the last real failure.
    clock.now += 10_000;
    expect(client.stats().breaker).toBe('half-open');
  });

  it('counts in the breaker: five good answers with refused bodies open it', async () => {
    const { client, calls } = setup(() => json({}));
    for (let i = 0; i < 5; i++) {
      expect(client.stats().breaker).toBe('closed');
      await client.getJson('/matches');
      client.noteFailure(new UpstreamError('football-data', 'bad-body', 'missing field'));
    }
    // Ten outcomes, half of them failures.
    expect(client.stats().breaker).toBe('open');
    await expect(client.getJson('/matches')).rejects.toMatchObject({ kind: 'breaker-open' });
    expect(calls).toHaveLength(5);
  });
});

describe('noteDeferral', () => {
  const deferral = () =>
    new QuotaDeferral(
      'football-data',
      'transfers of ligue-1 wait for another day: 21 needed, 70 left, 30 kept',
      new Date('2026-11-22T00:00:00Z'),
    );

  it('counts a deferral as deferred, never as a failure or a breaker outcome', async () => {
    const { client, calls, warnings } = setup(() => json({ ok: true }));
    for (let i = 0; i < 12; i++) {
      const deferred = deferral();
      client.noteDeferral(deferred);
      // As a sync wrapper notes whatever a read throws.
      client.noteFailure(deferred);
    }
    expect(client.stats()).toMatchObject({
      deferred: 12,
      lastDeferral:
        'football-data: transfers of ligue-1 wait for another day: 21 needed, 70 left, 30 kept',
      failures: 0,
      lastError: null,
      lastErrorAt: null,
      breaker: 'closed',
    });
    expect(warnings).toEqual([]);
    // Twelve deferrals among ten outcomes would have opened it: real calls still go out.
    await client.getJson('/matches');
    expect(calls).toHaveLength(1);
  });
});

describe('noteDropped and notePlanLimit', () => {
  function withLog() {
    const warnings: { obj: object; msg: string }[] = [];
    const client = createUpstreamClient({
      name: 'api-football',
      baseUrl: 'https://api.example.test/',
      fetch: () => Promise.resolve(json({})),
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    return { client, warnings };
  }

  it('counts every dropped item and logs each distinct one once, with the provider', () => {
    const { client, warnings } = withLog();
    const item = { kind: 'transfer', id: 'player 123', reason: 'teams.in.id is null' };
    client.noteDropped(item);
    client.noteDropped(item);
    client.noteDropped({ ...item, id: 'player 456' });
    expect(client.stats().itemsDropped).toBe(3);
    expect(warnings.map((w) => w.msg)).toEqual([
      'api-football: transfer player 123 left out: teams.in.id is null',
      'api-football: transfer player 456 left out: teams.in.id is null',
    ]);
    expect(warnings[0]?.obj).toMatchObject({ provider: 'api-football', item: 'transfer' });
    // A dropped item is not a failed call: the breaker and the failure count do not move.
    expect(client.stats()).toMatchObject({ failures: 0, breaker: 'closed' });
  });

  it('keeps a plan limit until it is cleared, logging it once', () => {
    const { client, warnings } = withLog();
    client.notePlanLimit('plan does not cover season 2026');
    client.notePlanLimit('plan does not cover season 2026');
    expect(client.stats().planLimit).toBe('plan does not cover season 2026');
    expect(warnings).toHaveLength(1);
    client.notePlanLimit(null);
    expect(client.stats().planLimit).toBeNull();
  });
});

describe('stats', () => {
  it('starts empty', () => {
    const { client } = setup(() => json({}));
    expect(client.stats()).toEqual({
      provider: 'football-data',
      callsToday: 0,
      day: '2026-11-21',
      requests: 0,
      retries: 0,
      failures: 0,
      lastSuccessAt: null,
      lastErrorAt: null,
      lastError: null,
      creditsLeft: null,
      creditsUsed: null,
      itemsDropped: 0,
      planLimit: null,
      deferred: 0,
      lastDeferral: null,
      breaker: 'closed',
    });
  });

  it('fills credits from readQuota, on errors too, keeping values it does not report', async () => {
    const answers = [
      json({}, 200, { 'x-requests-remaining': '42', 'x-requests-used': '458' }),
      text('bad', 400, { 'x-requests-remaining': '41', 'x-requests-used': '459' }),
      json({}, 200, { 'x-requests-used': '460' }),
      json({}, 200),
    ];
    const { client } = setup((_, i) => answers[i]!, {
      readQuota: (headers) => {
        const remaining = headers.get('x-requests-remaining');
        const used = headers.get('x-requests-used');
        if (remaining === null && used === null) return undefined;
        return {
          remaining: remaining === null ? null : Number(remaining),
          used: used === null ? null : Number(used),
        };
      },
    });
    await client.getJson('odds');
    expect(client.stats()).toMatchObject({ creditsLeft: 42, creditsUsed: 458 });
    await rejection(client.getJson('odds'));
    expect(client.stats()).toMatchObject({ creditsLeft: 41, creditsUsed: 459 });
    await client.getJson('odds');
    expect(client.stats()).toMatchObject({ creditsLeft: 41, creditsUsed: 460 });
    await client.getJson('odds');
    expect(client.stats()).toMatchObject({ creditsLeft: 41, creditsUsed: 460 });
  });

  it('counts every HTTP attempt in callsToday and resets it on a new UTC day', async () => {
    const answers = [text('busy', 503), text('busy', 503), json({ ok: true })];
    const { client, clock } = setup((_, i) => answers[i] ?? json({ ok: true }));
    await client.getJson('matches');
    expect(client.stats()).toMatchObject({
      callsToday: 3,
      requests: 3,
      retries: 2,
      failures: 2,
      day: '2026-11-21',
    });

    clock.now = Date.parse('2026-11-21T23:59:59.999Z');
    await client.getJson('matches');
    expect(client.stats()).toMatchObject({ callsToday: 4, day: '2026-11-21' });

    clock.now = Date.parse('2026-11-22T00:00:00.000Z');
    await client.getJson('matches');
    expect(client.stats()).toMatchObject({ callsToday: 1, requests: 5, day: '2026-11-22' });
  });

  it('records lastError, lastErrorAt and lastSuccessAt from the clock', async () => {
    const answers = [text('Resource not found', 404), json({ ok: true })];
    const { client, clock } = setup((_, i) => answers[i]!);
    await rejection(client.getJson('teams/1'));
    expect(client.stats()).toMatchObject({
      lastError: 'football-data: HTTP 404: Resource not found',
      lastErrorAt: '2026-11-21T12:00:00.000Z',
      lastSuccessAt: null,
      failures: 1,
    });
    clock.now += 60_000;
    await client.getJson('teams/2');
    expect(client.stats()).toMatchObject({
      lastError: 'football-data: HTTP 404: Resource not found',
      lastErrorAt: '2026-11-21T12:00:00.000Z',
      lastSuccessAt: '2026-11-21T12:01:00.000Z',
      failures: 1,
      requests: 2,
    });
  });

  it('keeps long error bodies short in the message', async () => {
    const { client } = setup(() => text('x'.repeat(5000), 400));
    const error = await rejection(client.getJson('matches'));
    expect(error.message).toBe(`football-data: HTTP 400: ${'x'.repeat(200)}`);
  });
});

describe('request building', () => {
  it.each([
    ['https://api.example.test/v4', 'competitions/PL/matches'],
    ['https://api.example.test/v4', '/competitions/PL/matches'],
    ['https://api.example.test/v4/', 'competitions/PL/matches'],
    ['https://api.example.test/v4/', '/competitions/PL/matches'],
  ])('joins %s and %s to one URL', async (baseUrl, path) => {
    const { client, calls } = setup(() => json({}), { baseUrl });
    await client.getJson(path, { season: 2026, live: true });
    expect(calls[0]?.url.href).toBe(
      'https://api.example.test/v4/competitions/PL/matches?season=2026&live=true',
    );
  });

  it('adds options.query (auth), skips undefined values and keeps auth from being overridden', async () => {
    const { client, calls } = setup(() => json({}), {
      name: 'odds-api',
      baseUrl: 'https://odds.example.test/v4/',
      query: { apiKey: 'secret-key' },
    });
    await client.getJson('/sports/soccer_epl/odds', {
      regions: 'uk',
      markets: undefined,
      apiKey: 'from-caller',
    });
    const url = calls[0]!.url;
    expect(url.origin + url.pathname).toBe('https://odds.example.test/v4/sports/soccer_epl/odds');
    expect([...url.searchParams]).toEqual([
      ['regions', 'uk'],
      ['apiKey', 'secret-key'],
    ]);
    expect(url.searchParams.has('markets')).toBe(false);
  });

  it('sends the auth headers, asks for JSON and refuses redirects', async () => {
    const { client, calls } = setup(() => json({}), { headers: { 'X-Auth-Token': 'token' } });
    await client.getJson('matches');
    expect(calls[0]?.init).toMatchObject({
      headers: { accept: 'application/json', 'X-Auth-Token': 'token' },
      redirect: 'error',
    });
  });
});

describe('body size', () => {
  it('refuses a body whose content-length is over 10 MB without reading or parsing it', async () => {
    const responses: Response[] = [];
    const inspected: unknown[] = [];
    const { client, calls, sleeps } = setup(
      () => {
        const response = new Response('{"big":true}', {
          headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
        });
        responses.push(response);
        return response;
      },
      { inspectBody: (body) => void inspected.push(body) },
    );
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('bad-body');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('too large');
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(responses[0]?.bodyUsed).toBe(false);
    expect(inspected).toEqual([]);
    expect(client.stats().lastError).toContain('too large');
  });

  it('accepts a content-length of exactly 10 MB', async () => {
    const { client } = setup(
      () => new Response('{"ok":true}', { headers: { 'content-length': String(MAX_BODY_BYTES) } }),
    );
    expect((await client.getJson('matches')).body).toEqual({ ok: true });
  });

  it('refuses an over-long body sent without content-length', async () => {
    const { client, calls } = setup(() => new Response(`"${'a'.repeat(MAX_BODY_BYTES)}"`));
    const error = await rejection(client.getJson('matches'));
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('too large');
    expect(calls).toHaveLength(1);
  });
});
