import type { FastifyReply, FastifyRequest } from 'fastify';

import { entityTag } from '../entity-tag.ts';

export const PRIVATE_CACHE_CONTROL =
  'private, max-age=15, stale-while-revalidate=30, stale-if-error=86400';

/** A serialised answer, kept as bytes so sending it needs no encoding, with its ETag. */
export type CachedBody = { body: Buffer; etag: string };

/** Answers that are tagged and revalidated: JSON data and the site's own feeds. */
const TAGGED_TYPES = ['application/json', 'application/rss+xml'];

/** Whether an If-None-Match header names `etag` (a weak tag counts: the bytes are the same). */
function holdsTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * onSend hook, the one place answers get an ETag and a 304: a GET answered 200 with JSON or a
 * feed gets private caching only (a shared cache would bypass the gate), kept under the cookie
 * when gated (Vary: Cookie), a strong ETag (the
 * route's own, as `sendCached` sets it, or one of the bytes), and a 304 with no body when the
 * client already holds the same bytes.
 */
export async function addCachingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !TAGGED_TYPES.some((tagged) => type.startsWith(tagged))) {
    return payload;
  }

  // A gated answer is the session's: kept under its cookie, so once the cookie is gone (signed
  // out, expired) the browser asks again and meets the gate instead of reading its copy.
  if (request.routeOptions.config.access !== 'public') addVary(reply, 'Cookie');
  const given = reply.getHeader('etag');
  const etag = typeof given === 'string' ? given : entityTag(payload);
  reply.header('etag', etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  if (holdsTag(request.headers['if-none-match'], etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

/** Adds `name` to the answer's Vary header, keeping what it names already. */
function addVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' ? current.split(',').map((n) => n.trim()) : [];
  if (names.some((n) => n === '*' || n.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names.filter((n) => n !== ''), name].join(', '));
}

/** Sends a cached JSON body with its ETag (the caching hook answers 304 when it matches). */
export function sendCached(reply: FastifyReply, cached: CachedBody) {
  return reply
    .header('etag', cached.etag)
    .type('application/json; charset=utf-8')
    .send(cached.body);
}
