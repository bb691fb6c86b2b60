import type { FastifyRequest } from 'fastify';

import { HttpError } from './errors.ts';

/**
 * C0 and C1 control characters and DEL: no path, query or body value of Touchline's holds one,
 * and NUL is refused by Postgres in text, so it would fail deep in a query instead of here.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** A surrogate without its pair: no UTF-8 text can carry one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any body Touchline accepts; a deeper one is refused rather than walked. */
const MAX_DEPTH = 16;

/**
 * The first problem with the text in `value`, as `query.league: contains an invalid character`
 * (a control character, or a lone surrogate); null when there is
 * none. Object keys are checked as well as values.
 */
export function findInvalidText(value: unknown, where: string, depth = 0): string | null {
  if (typeof value === 'string') {
    const valid = !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);
    return valid ? null : `${where}: contains an invalid character`;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return `${where}: nested too deeply`;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`;
    const found = findInvalidText(key, at, depth + 1) ?? findInvalidText(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A preValidation hook (the body is parsed by then) answering 400 `{error}` for a request whose
 * path parameters, query or body hold an invalid character, on every route alike.
 */
export async function refuseInvalidText(request: FastifyRequest) {
  const found =
    findInvalidText(request.params, 'params') ??
    findInvalidText(request.query, 'query') ??
    findInvalidText(request.body, 'body');
  if (found !== null) throw new HttpError(400, found);
}
