// Benchmarks of Touchline on this machine, each next to a baseline measured in the same run.
// Run with `npm run bench`; it builds the front end, then starts its own servers on ephemeral
// ports and stops them.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { startServer } from '../tests/helpers/e2e-server.ts';
import { buildFrontEnd, reportFirstLoadJs } from './bench/bundle-size.ts';
import { benchNewsSync } from './bench/news-sync.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

type Result = { rps: number; p99: number; errors: number; non2xx: number };

async function load(
  url: string,
  headers: Record<string, string>,
  duration = DURATION_S,
): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function startBare(
  bodyFile: string,
  headersFile: string,
): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['scripts/bench/bare-server.ts', bodyFile, headersFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /running at (\S+)/.exec(chunk.toString());
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${String(code)}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function benchMatchesToday() {
  const server = await startServer({ NOW: '2026-11-21T15:30:00Z', LOG_LEVEL: 'error' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-bench-'));
  try {
    const login = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'kickoff' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const headers = { cookie };
    // Let start-up work finish first (model training, the first news sync), as on a running site.
    for (let i = 0; i < 60; i++) {
      const [predictions, news] = await Promise.all(
        ['/api/predictions?limit=1', '/api/news?page_size=1'].map(
          async (p) =>
            (await (await fetch(`${server.url}${p}`, { headers })).json()) as Record<
              string,
              unknown[]
            >,
        ),
      );
      if ((predictions?.predictions?.length ?? 0) > 0 && (news?.items?.length ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const sample = await fetch(`${server.url}/api/matches/today`, { headers });
    const body = await sample.text();
    const bodyFile = path.join(dir, 'body.json');
    await writeFile(bodyFile, body);
    // The baseline sends the very same response: body and headers (but those of the connection).
    const sent = Object.fromEntries(
      [...sample.headers].filter(
        ([name]) =>
          !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(
            name,
          ),
      ),
    );
    const headersFile = path.join(dir, 'headers.json');
    await writeFile(headersFile, JSON.stringify(sent));
    const emptyFile = path.join(dir, 'no-headers.json');
    await writeFile(emptyFile, '{}');
    const bare = await startBare(bodyFile, headersFile);
    const bareBody = await startBare(bodyFile, emptyFile);
    try {
      // Warm everything up first (JIT, caches), then measure one after the other.
      for (const url of [
        `${bare.url}/bare`,
        `${bareBody.url}/bare`,
        `${server.url}/api/matches/today`,
      ]) {
        await load(url, headers, 3);
      }
      const baseline = await load(`${bare.url}/bare`, {});
      const bodyOnly = await load(`${bareBody.url}/bare`, {});
      const touchline = await load(`${server.url}/api/matches/today`, headers);
      const matches = (JSON.parse(body) as { matches: unknown[] }).matches.length;
      console.log(
        `\nGET /api/matches/today (${matches} matches, ${body.length} bytes), ${CONNECTIONS} connections, ${DURATION_S} s each`,
      );
      console.table({
        'bare Fastify route, same body and headers': baseline,
        'bare Fastify route, same body only': bodyOnly,
        'Touchline /api/matches/today': touchline,
      });
      const ratio = touchline.rps / baseline.rps;
      console.log(
        `ratio to the same response: ${ratio.toFixed(2)} (target at least 0.50) ${ratio >= 0.5 ? 'MET' : 'MISSED'}`,
      );
      console.log(
        `ratio to the same body without Touchline's headers: ${(touchline.rps / bodyOnly.rps).toFixed(2)}`,
      );
    } finally {
      bare.stop();
      bareBody.stop();
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// The servers serve dist/: build it first, and weigh what a first visit to the home page loads.
await buildFrontEnd();
await reportFirstLoadJs();
await benchMatchesToday();
await benchNewsSync();
