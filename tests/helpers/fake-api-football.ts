import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { http as mswHttp, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';

import {
  createApiFootballSource,
  type ApiFootballSourceOptions,
} from '../../src/server/providers/api-football/client.ts';
import { UpstreamError } from '../../src/server/providers/upstream/http.ts';

const FIXTURES = new URL('../../src/server/providers/api-football/fixtures/', import.meta.url);

/**
 * The text of an API-Football body kept beside the adapter: `real/<name>.json` for a body
 * recorded from the API ("real/af-transfers-team-33"), else `api-football-<name>.json`.
 */
export function readApiFootballText(name: string): string {
  const file = name.startsWith('real/') ? `${name}.json` : `api-football-${name}.json`;
  return readFileSync(new URL(file, FIXTURES), 'utf8');
}

/** The parsed body of readApiFootballText; a fresh copy each time, free to change. */
export function readApiFootballBody(name: string): Record<string, unknown> {
  return JSON.parse(readApiFootballText(name)) as Record<string, unknown>;
}

/** One request the fake API saw: its path under the base URL, its query and its key header. */
export type SeenRequest = { path: string; query: Record<string, string>; key: string | null };

/** An answer of the msw fake; it may look at the request (its query names the club…). */
export type FakeAnswer = (request: Request) => Response | Promise<Response>;

/**
 * Answers each path under `base` (msw) with its queue of answers, the last one repeating, and
 * records each request. A path without answers gets a 404.
 */
export function serveApiFootball(
  server: SetupServer,
  base: string,
  routes: Record<string, FakeAnswer[]>,
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const calls = new Map<string, number>();
  server.use(
    mswHttp.get(`${base}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname.slice(new URL(base).pathname.length + 1);
      seen.push({
        path,
        query: Object.fromEntries(url.searchParams),
        key: request.headers.get('x-apisports-key'),
      });
      const answers = routes[path];
      if (answers === undefined) return new HttpResponse('no route', { status: 404 });
      const n = calls.get(path) ?? 0;
      calls.set(path, n + 1);
      const answer = answers[Math.min(n, answers.length - 1)];
      if (answer === undefined) throw new Error(`no answer for ${path}`);
      return answer(request);
    }),
  );
  return seen;
}

/** What the loopback fake answers a request with: a status, a JSON value or raw text, headers. */
export type LoopbackAnswer = { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * A loopback API-Football on 127.0.0.1 (an ephemeral port): each GET is answered by `answer`
 * (path without the leading slash, query), or a 404 when it returns undefined. A string body is
 * sent as it is, anything else as JSON. Records every request.
 */
export async function startFakeApiFootball(
  answer: (path: string, query: Record<string, string>) => LoopbackAnswer | undefined,
) {
  const requests: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/+/, '');
    const query = Object.fromEntries(url.searchParams);
    const key = request.headers['x-apisports-key'];
    requests.push({ path, query, key: typeof key === 'string' ? key : null });
    const found = answer(path, query);
    if (found === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no route');
      return;
    }
    const text = typeof found.body === 'string' ? found.body : JSON.stringify(found.body);
    response.writeHead(found.status ?? 200, {
      'content-type': 'application/json',
      ...found.headers,
    });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeApiFootball = Awaited<ReturnType<typeof startFakeApiFootball>>;

/**
 * A `/teams?league=&season=` body naming the given clubs, shaped as API-Football answers it
 * (`{team: {id, name, code, country, founded, national, logo}, venue}`), for tests: that answer
 * was not recorded, so the clubs come from the ids, names and logos of other recorded bodies.
 */
export function buildTeamsBody(
  query: { league: number; season: number },
  clubs: readonly { id: number; name: string; logo: string | null }[],
) {
  return {
    get: 'teams',
    parameters: { league: String(query.league), season: String(query.season) },
    errors: [],
    results: clubs.length,
    paging: { current: 1, total: 1 },
    response: clubs.map((club) => ({
      team: {
        id: club.id,
        name: club.name,
        code: null,
        country: 'England',
        founded: null,
        national: false,
        logo: club.logo,
      },
      venue: { id: null, name: null, address: null, city: null, capacity: null, surface: null },
    })),
  };
}

/**
 * The adapter as unit tests build it: no request spacing, no real sleeping (the waits are
 * recorded), a fixed clock unless given, and the warnings it logs collected.
 */
export function createTestApiFootball(
  options: Partial<ApiFootballSourceOptions> & { baseUrl: string },
) {
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const source = createApiFootballSource({
    apiKey: 'test-key',
    now: () => Date.parse('2026-10-18T12:00:00Z'),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    minIntervalMs: 0,
    log: { warn: (_obj, msg) => warnings.push(msg) },
    ...options,
  });
  return { source, sleeps, warnings };
}

/** The UpstreamError `promise` rejects with; anything else fails the test. */
export async function catchUpstreamError(
  promise: Promise<unknown> | undefined,
): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}
