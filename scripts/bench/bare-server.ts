// Baseline for the benchmark: a bare Fastify route answering fixed bytes, nothing else.
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';

const body = readFileSync(process.argv[2] ?? '/dev/stdin');
const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`running at ${url}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
