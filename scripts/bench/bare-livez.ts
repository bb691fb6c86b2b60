// Baseline for the start-up benchmark: Fastify with one GET /livez route, listening on PORT at
// HOST, and nothing else: the least a Node process answering its first request has to do.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/livez', () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
