// Baseline for the benchmark: a bare Fastify route answering fixed bytes (the same body and
// headers Touchline sends), and nothing else: no hooks, no cookies, no cache, no database.
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';

const body = readFileSync(process.argv[2] ?? '/dev/stdin');
const headers = JSON.parse(readFileSync(process.argv[3] ?? '/dev/null', 'utf8') || '{}') as Record<
  string,
  string
>;
const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => reply.headers(headers).send(body));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`running at ${url}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
