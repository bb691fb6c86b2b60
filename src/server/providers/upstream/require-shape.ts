import type { z } from 'zod';

import type { LiveSourceName } from '../registry.ts';
import { UpstreamError } from './http.ts';

/**
 * A field's path as code would write it, under `root`: `matches[1].homeTeam`,
 * `[0].bookmakers[2].title`; `body` for the body itself.
 */
export function formatPath(root: string, path: readonly PropertyKey[]): string {
  let text = root;
  for (const segment of path) {
    text +=
      typeof segment === 'number' ? `[${segment}]` : `${text === '' ? '' : '.'}${String(segment)}`;
  }
  return text === '' ? 'body' : text;
}

/**
 * Validates `value` against `schema`, or throws a `bad-body` UpstreamError naming the first
 * wrong field's path under `root` ("response[0].teams.home: expected object").
 */
export function requireShape<T>(
  provider: LiveSourceName,
  schema: z.ZodType<T>,
  value: unknown,
  root: string,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new UpstreamError(
    provider,
    'bad-body',
    `${formatPath(root, issue?.path ?? [])}: ${issue?.message ?? 'unexpected shape'}`,
  );
}
