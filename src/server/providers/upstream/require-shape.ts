import type { z } from 'zod';

import { UpstreamError } from './http.ts';
import type { LiveSourceName } from './live-source.ts';

/**
 * Validates `value` against `schema`, or throws a `bad-body` UpstreamError naming the first
 * wrong field's path under `where` ("response.0.teams.home: expected object").
 */
export function requireShape<T>(
  provider: LiveSourceName,
  schema: z.ZodType<T>,
  value: unknown,
  where: string,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [where, ...(issue?.path ?? []).map(String)].filter((p) => p !== '').join('.');
  throw new UpstreamError(
    provider,
    'bad-body',
    `${path === '' ? 'body' : path}: ${issue?.message ?? 'unexpected shape'}`,
  );
}
