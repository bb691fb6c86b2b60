import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { isProtectedPath } from '../http/gate.ts';

export type SiteMeta = {
  brandName: string;
  creditLine: string;
  replayLabel: string;
  timeZone?: string;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Fills the {{placeholders}} of the built index.html with the site's configuration. */
export function renderIndexHtml(template: string, meta: SiteMeta): string {
  return template
    .replaceAll('{{brand_name}}', escapeHtml(meta.brandName))
    .replaceAll('{{credit_line}}', escapeHtml(meta.creditLine))
    .replaceAll('{{replay_label}}', escapeHtml(meta.replayLabel))
    .replaceAll('{{time_zone}}', escapeHtml(meta.timeZone ?? 'Africa/Johannesburg'));
}

/**
 * Serves the built single-page app: hashed assets with a year's cache, every other page path
 * with index.html, and JSON 404s for unknown data paths.
 */
export function webAppRoutes(deps: { webRoot: string; meta: SiteMeta }) {
  return async function (app: FastifyInstance) {
    const indexFile = path.join(deps.webRoot, 'index.html');
    const built = existsSync(indexFile);
    const indexHtml = built
      ? renderIndexHtml(readFileSync(indexFile, 'utf8'), deps.meta)
      : '<!doctype html><title>Touchline</title><p>The front end is not built: run npm run build.</p>';

    if (built) {
      await app.register(fastifyStatic, {
        root: deps.webRoot,
        wildcard: false,
        index: false,
        serve: true,
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isProtectedPath(request.url) &&
        !request.url.startsWith('/assets/');
      if (!wantsPage) return reply.code(404).send({ error: 'Not Found' });
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  };
}
