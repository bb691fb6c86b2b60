// Baseline for the memory benchmark: an embedded PGlite on the data folder named by the first
// argument, started with the PostgreSQL settings given as JSON in the second and V8's WebAssembly
// settings (both the server's own),
// and one Fastify route, GET /select, that runs `select 1` on it, listening on PORT at HOST. Its
// event-loop delay is measured as prom-client measures the real server's (a
// perf_hooks.monitorEventLoopDelay histogram at a 10 ms resolution, reset at each reading); the
// benchmark reads it over the IPC channel, so the process serves no second route.
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

import { keepWebAssemblyOnBaselineCompiler } from '../../src/server/db/baseline-compiler.ts';

/** The event loop's delays since the last reading, in seconds, as prom-client names them. */
export type LoopDelay = { p50: number; p99: number; max: number };

const [folder, startParams] = process.argv.slice(2);
if (folder === undefined || startParams === undefined)
  throw new Error('usage: bare-pglite.ts <data folder> <PostgreSQL settings as JSON>');
keepWebAssemblyOnBaselineCompiler();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const db = await PGlite.create({
  dataDir: folder,
  startParams: JSON.parse(startParams) as string[],
});
const app = Fastify({ logger: false });
app.get('/select', async () => (await db.query('select 1 as one')).rows);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });

process.on('message', (message: { type: 'loop-delay' }) => {
  if (message.type !== 'loop-delay') return;
  const reading: LoopDelay = {
    p50: delay.percentile(50) / 1e9,
    p99: delay.percentile(99) / 1e9,
    max: delay.max / 1e9,
  };
  delay.reset();
  process.send?.(reading);
});
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
