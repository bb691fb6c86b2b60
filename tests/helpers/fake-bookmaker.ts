// A bookmaker's site on this machine, for a 'Bet now' journey that needs no network: an HTTPS
// server with a throw-away certificate, which a browser reaches under the bookmaker's own
// address when launched with `hostResolverRules` (every name but 127.0.0.1 resolves to it).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { makeCertificates } from './certificates.ts';

export type FakeBookmaker = {
  /** Chromium's `--host-resolver-rules`: every host name but 127.0.0.1 to this server. */
  hostResolverRules: string;
  /** What the server was asked: the Host header and the path of each request. */
  requests: { host: string; path: string }[];
  close: () => Promise<void>;
};

export async function startFakeBookmaker(): Promise<FakeBookmaker> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'touchline-bookmaker-'));
  try {
    const certificates = await makeCertificates(dir);
    const requests: FakeBookmaker['requests'] = [];
    const server = https.createServer(
      { cert: await readFile(certificates.cert), key: await readFile(certificates.key) },
      (request, response) => {
        requests.push({ host: request.headers.host ?? '', path: request.url ?? '' });
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>Bookmaker</title><p>Welcome</p>');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      hostResolverRules: `MAP * 127.0.0.1:${String(port)}, EXCLUDE 127.0.0.1`,
      requests,
      close: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
