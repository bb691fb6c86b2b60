import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { createTestApp, loginCookie, type TestApp } from '../../../tests/helpers/test-app.ts';
import { createLiveMatch } from '../../../tests/mocks/touchline-api.ts';
import { createLiveFeed, type LiveFeed } from '../http/live-feed.ts';
import type { LiveStreamLimits } from '../http/live-streams.ts';
import { SESSION_MAX_AGE_MS } from '../http/session-token.ts';

const quiet = { info: () => {}, warn: () => {} };

/** A live match's board item with this id and score. */
const item = (id: number, result: string) =>
  createLiveMatch({ id, result, status: 0, minute: '12' });

type Running = { test: TestApp; url: string; feed: LiveFeed; cookie: string };
let running: Running | undefined;
const open: AbortController[] = [];

afterEach(async () => {
  for (const controller of open.splice(0)) controller.abort();
  await running?.test.close();
  running = undefined;
});

async function start(
  options: {
    limits?: Partial<LiveStreamLimits>;
    heartbeatMs?: number;
    maxBufferedBytes?: number;
    rateLimit?: number;
    now?: () => Date;
  } = {},
): Promise<Running> {
  const feed = createLiveFeed({ log: quiet });
  const test = await createTestApp({
    live: {
      feed,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
      ...(options.maxBufferedBytes === undefined
        ? {}
        : { maxBufferedBytes: options.maxBufferedBytes }),
    },
    ...(options.rateLimit === undefined ? {} : { rateLimit: { perMinute: options.rateLimit } }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const url = await test.app.listen({ port: 0, host: '127.0.0.1' });
  running = { test, url, feed, cookie: await loginCookie(test.app) };
  return running;
}

/** Opens a stream and reads it as text; `until` waits for what a test expects to arrive. */
async function openStream(run: Running, headers: Record<string, string> = {}, query = '') {
  const controller = new AbortController();
  open.push(controller);
  const response = await fetch(`${run.url}/api/live${query}`, {
    headers: { cookie: run.cookie, 'accept-encoding': 'gzip, br', ...headers },
    signal: controller.signal,
  });
  let text = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const until = async (done: (text: string) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done(text)) {
      if (reader === undefined || Date.now() > deadline) throw new Error(`timed out: ${text}`);
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error(`stream ended: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  };
  return { response, until, close: () => controller.abort(), text: () => text };
}

/** The events of a stream's text: name, id and data of each. */
function parseEvents(text: string) {
  return text
    .split('\n\n')
    .filter((block) => block.includes('event: '))
    .map((block) => {
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return { event: field('event'), id: field('id'), data: field('data') };
    });
}

const hasReady = (text: string) => text.includes('event: ready');

describe('GET /api/live', () => {
  it('is behind the gate', async () => {
    const run = await start();
    const response = await fetch(`${run.url}/api/live`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers an uncompressed, unstored event stream that starts with retry and ready', async () => {
    const run = await start();
    run.feed.publish([item(1, '1-0')]);
    const stream = await openStream(run);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    // The security headers of every answer are kept.
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await stream.until(hasReady);
    const retry = Number(/^retry: (\d+)\n\n/.exec(text)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(1000);
    expect(retry).toBeLessThan(5000);
    expect(parseEvents(text)).toEqual([{ event: 'ready', id: run.feed.getNewestId(), data: '{}' }]);
  });

  it('spreads the reconnection delay it tells each stream', async () => {
    const run = await start({ limits: { perSession: 20 } });
    const retries = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const stream = await openStream(run);
      retries.add(/^retry: (\d+)/.exec(await stream.until(hasReady))?.[1] ?? '');
      stream.close();
    }
    expect(retries.size).toBeGreaterThan(1);
  });

  it('pushes each change to every open stream', async () => {
    const run = await start();
    const first = await openStream(run);
    const second = await openStream(run);
    await Promise.all([first.until(hasReady), second.until(hasReady)]);
    run.feed.publish([item(5, '2-1')]);
    for (const stream of [first, second]) {
      const text = await stream.until((t) => t.includes('event: matches'));
      const event = parseEvents(text).find((e) => e.event === 'matches');
      expect(JSON.parse(event?.data ?? '')).toEqual({
        at: expect.any(Number),
        matches: [item(5, '2-1')],
      });
      expect(event?.id).toBe(run.feed.getNewestId());
    }
  });

  it('resumes after Last-Event-ID, or last_event_id, with the events missed', async () => {
    const run = await start();
    const before = run.feed.getNewestId();
    run.feed.publish([item(1, '1-0')]);
    run.feed.publish([item(2, '0-1')]);
    for (const stream of [
      await openStream(run, { 'last-event-id': before }),
      await openStream(run, {}, `?last_event_id=${before}`),
    ]) {
      const events = parseEvents(await stream.until(hasReady));
      expect(events.map((e) => e.event)).toEqual(['matches', 'matches', 'ready']);
      expect(events.map((e) => JSON.parse(e.data ?? '') as unknown)).toEqual([
        { at: expect.any(Number), matches: [item(1, '1-0')] },
        { at: expect.any(Number), matches: [item(2, '0-1')] },
        {},
      ]);
    }
    // One that saw everything gets nothing again.
    const upToDate = await openStream(run, { 'last-event-id': run.feed.getNewestId() });
    expect(parseEvents(await upToDate.until(hasReady)).map((e) => e.event)).toEqual(['ready']);
  });

  it('tells a stream resuming from a garbage or future id to reload', async () => {
    const run = await start();
    run.feed.publish([item(1, '1-0')]);
    for (const id of ['not-an-id', '99999999999999-0', "'; drop table matches; --"]) {
      const stream = await openStream(run, { 'last-event-id': id });
      const events = parseEvents(await stream.until(hasReady));
      expect(events.map((e) => e.event)).toEqual(['reload', 'ready']);
    }
  });

  it('refuses an over-long last_event_id as a bad request', async () => {
    const run = await start();
    const response = await fetch(`${run.url}/api/live?last_event_id=${'1'.repeat(100)}`, {
      headers: { cookie: run.cookie },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('sends a comment line to keep a quiet stream open', async () => {
    const run = await start({ heartbeatMs: 50 });
    const stream = await openStream(run);
    await stream.until((t) => t.includes(': keep-alive\n\n'), 2000);
  });

  it('refuses streams past the limit of a session with 429, and takes one when another ends', async () => {
    const run = await start({ limits: { perSession: 2 } });
    const first = await openStream(run);
    const second = await openStream(run);
    await Promise.all([first.until(hasReady), second.until(hasReady)]);
    const third = await fetch(`${run.url}/api/live`, { headers: { cookie: run.cookie } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
    expect(await third.json()).toEqual({ error: 'Too many live streams for this session' });
    // Another session from the same address is still welcome.
    const otherCookie = await loginCookie(run.test.app);
    const other = await openStream({ ...run, cookie: otherCookie });
    expect(other.response.status).toBe(200);

    first.close();
    await delay(100);
    const again = await openStream(run);
    expect(again.response.status).toBe(200);
  });

  it('counts streams by the session cookie that verified, whatever other cookie comes first', async () => {
    const run = await start({ limits: { perSession: 2 } });
    const streams = [];
    // A different junk __Host-gate cookie each time, before the one valid gate cookie.
    for (let i = 0; i < 2; i++) {
      const stream = await openStream(run, { cookie: `__Host-gate=junk-${i}; ${run.cookie}` });
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    await Promise.all(streams.map((stream) => stream.until(hasReady)));
    const third = await fetch(`${run.url}/api/live`, {
      headers: { cookie: `__Host-gate=junk-2; ${run.cookie}` },
    });
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ error: 'Too many live streams for this session' });
  });

  it('ends a stream within a heartbeat once its session has expired', async () => {
    let nowMs = Date.parse('2026-11-21T15:30:00Z');
    const run = await start({ heartbeatMs: 50, now: () => new Date(nowMs) });
    const stream = await openStream(run);
    await stream.until((t) => t.includes(': keep-alive\n\n'), 2000);
    // Thirty days and a minute after the login: the token has expired.
    nowMs += SESSION_MAX_AGE_MS + 60_000;
    await expect(stream.until(() => false, 2000)).rejects.toThrow('stream ended');
    const again = await fetch(`${run.url}/api/live`, { headers: { cookie: run.cookie } });
    expect(again.status).toBe(401);
  });

  it('refuses streams past the limit of an address with 429', async () => {
    const run = await start({ limits: { perAddress: 1 } });
    const first = await openStream(run);
    await first.until(hasReady);
    const otherCookie = await loginCookie(run.test.app);
    const response = await fetch(`${run.url}/api/live`, { headers: { cookie: otherCookie } });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: 'Too many live streams from this address' });
  });

  it('refuses streams past the instance total as overload (503 with Retry-After)', async () => {
    const run = await start({ limits: { total: 1 } });
    await (await openStream(run)).until(hasReady);
    const response = await fetch(`${run.url}/api/live`, { headers: { cookie: run.cookie } });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is not counted by the per-minute request limit', async () => {
    const run = await start({ rateLimit: 2, limits: { perSession: 10 } });
    for (let i = 0; i < 4; i++) {
      const stream = await openStream(run);
      expect(stream.response.status).toBe(200);
      stream.close();
    }
  });

  it('drops a stream that stops reading once its unsent bytes pass the bound', async () => {
    const run = await start({ maxBufferedBytes: 64 * 1024 });
    // A client that sends its request and never reads a byte.
    const { port } = new URL(run.url);
    const stalled = net.connect(Number(port), '127.0.0.1');
    stalled.pause();
    stalled.write(`GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${run.cookie}\r\n\r\n`);
    const metric = async (name: string) => {
      const response = await run.test.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { cookie: run.cookie },
      });
      return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(response.body)?.[1]);
    };
    for (let i = 0; i < 50 && (await metric('touchline_live_streams')) !== 1; i++) await delay(20);
    expect(await metric('touchline_live_streams')).toBe(1);
    const healthy = await openStream(run);
    await healthy.until(hasReady);
    // It reads all along (what a browser does), up to the last event.
    const healthyRead = healthy.until((t) => t.includes('"id":99'), 20_000);

    // Big events until the kernel's buffers are full and the server's own pass the bound.
    const big = Array.from({ length: 40 }, (_, i) => ({
      ...item(i, '0-0'),
      local: 'x'.repeat(100),
    }));
    for (let i = 0; i < 400 && (await metric('touchline_live_streams_dropped')) === 0; i++) {
      run.feed.publish(big);
      await delay(5);
    }
    expect(await metric('touchline_live_streams_dropped')).toBe(1);
    expect(await metric('touchline_live_streams')).toBe(1);
    // The reader that kept reading still gets what comes next.
    run.feed.publish([item(99, '9-9')]);
    await healthyRead;
    stalled.destroy();
  });

  it('ends every stream when the server closes, so browsers reconnect elsewhere', async () => {
    const run = await start();
    const stream = await openStream(run);
    await stream.until(hasReady);
    const closing = run.test.app.close();
    await expect(stream.until(() => false)).rejects.toThrow(/stream ended/);
    await closing;
  });
});
