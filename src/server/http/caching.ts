import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { CachedBody } from './response-cache.ts';

export const PRIVATE_CACHE_CONTROL =
  'private, max-age=15, stale-while-revalidate=30, stale-if-error=86400';

/**
 * onSend hook for JSON GET answers: private caching only (a shared cache would bypass the
 * gate), a strong ETag, and 304 when the client already holds the same bytes.
 */
export async function addCachingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;

  const given = reply.getHeader('etag');
  const etag =
    typeof given === 'string'
      ? given
      : `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  const held = request.headers['if-none-match'];
  if (
    held !== undefined &&
    held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  ) {
    reply.code(304);
    return '';
  }
  return payload;
}

/** Sends a cached JSON body with its ETag (the caching hook answers 304 when it matches). */
export function sendCached(reply: FastifyReply, cached: CachedBody) {
  return reply
    .header('etag', cached.etag)
    .type('application/json; charset=utf-8')
    .send(cached.body);
}
