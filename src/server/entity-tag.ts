import { createHash } from 'node:crypto';

/**
 * The strong ETag of a body's bytes: the one way Touchline tags what it sends (http/caching.ts)
 * and what it reads from its own feeds (jobs/ingest-rss.ts).
 */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
