import { z } from 'zod';

import { findCountryCode } from '../../../domain/countries.ts';
import { UpstreamError } from '../upstream/http.ts';
import { findHttpsUrl } from '../upstream/https-url.ts';
import type { UpstreamTeam } from '../upstream/live-source.ts';
import { formatPath } from '../upstream/require-shape.ts';

// What every BeSoccer api.php answer shares: its errors (plain text or an `error` field), its
// loosely typed scalars and its teams. BeSoccer types loosely: ids, scores and table numbers
// arrive as strings or numbers, so those are coerced; everything else is validated strictly and
// a mismatch is a `bad-body` error. The facts relied on are in NOTES.md beside this file.

export const PROVIDER = 'besoccer';

/** Envelope keys of the requests Touchline makes (and of `matchs`). */
const ENVELOPE_KEYS = ['matches', 'match', 'table', 'stats'] as const;

// ---------------------------------------------------------------------------------------------
// Errors

export function badBody(message: string): UpstreamError {
  return new UpstreamError(PROVIDER, 'bad-body', message);
}

/**
 * The error a plain-text 200 body stands for: plan refusals
 * (`info-not-allowed-request-for-api-account-type`, `no-version`) are `plan`; any other text
 * is left to the caller (a `bad-body`).
 */
export function parseErrorText(text: string): UpstreamError | undefined {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (
    lower.startsWith('info-not-allowed-request-for-api-account-type') ||
    lower.startsWith('no-version')
  ) {
    return new UpstreamError(
      PROVIDER,
      'plan',
      `refused for this key's plan: ${trimmed.slice(0, 120)}`,
    );
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A PHP-style error flag: `"error": false` or `0` next to data is not an error. */
function readErrorFlag(value: unknown): string | null {
  if (value === undefined || value === null || value === false || value === 0) return null;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === '0' ? null : value;
  return JSON.stringify(value) ?? 'error';
}

/**
 * The error a JSON 200 body reports instead of data: an `error` field at the top or inside the
 * envelope (`{"match":{"error":…}}`, which a client checks for leagues outside the plan) when no
 * envelope carries data. BeSoccer documents no other in-body error, so this is read as `plan`.
 */
export function findBodyError(body: unknown): UpstreamError | undefined {
  if (!isRecord(body)) return undefined;
  let error = readErrorFlag(body.error);
  for (const key of ENVELOPE_KEYS) {
    const value = body[key];
    if (Array.isArray(value)) return undefined;
    if (isRecord(value)) {
      const inner = readErrorFlag(value.error);
      if (inner === null) return undefined;
      error ??= inner;
    }
  }
  if (error === null) return undefined;
  return new UpstreamError(PROVIDER, 'plan', `answered with an error: ${error.slice(0, 120)}`);
}

/**
 * Why one item of a list failed its schema, for noteDropped: the first wrong field's path under
 * `root` and zod's message ("matches[3].local: Invalid input: expected string…").
 */
export function describeIssue(error: z.ZodError, root: string): string {
  const issue = error.issues[0];
  return `${formatPath(root, issue?.path ?? [])}: ${issue?.message ?? 'unexpected shape'}`;
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * The array under `key`. A body without it is an error, never an empty list: NOTES.md §6
 * says a league outside the plan answers JSON without the array, so an `error` field makes it
 * `plan` and anything else `bad-body`.
 */
export function requireList(body: unknown, key: string, root = key): unknown[] {
  if (!isRecord(body)) throw badBody(`answer is ${describeType(body)}, not a JSON object`);
  const value = body[key];
  if (Array.isArray(value)) return value;
  const refusal = findBodyError(body);
  if (refusal !== undefined) throw refusal;
  throw badBody(
    `${root}: expected an array, got ${value === undefined ? 'nothing' : describeType(value)}` +
      ' (a league outside the plan answers without it)',
  );
}

// ---------------------------------------------------------------------------------------------
// Loose scalars

export const IdSchema = z
  .union([z.string().trim().min(1), z.number().int().nonnegative()])
  .transform((value) => String(value));

export const IntSchema = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^[-+]?\d+$/, 'expected an integer'),
  ])
  .transform((value) => Number(value));

/** `"2"`, `2` → 2; `"x"`, `""`, null → null (not started / no score). */
export const GoalsSchema = z
  .union([
    z.number().int().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^(\d+|x|)$/i, 'expected goals or "x"'),
  ])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return value;
    return typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
  });

export const OptionalTextSchema = z.string().nullish();

/** BeSoccer's own flag codes where flag-icons names the flag otherwise (Wales is its wa.png). */
const BESOCCER_FLAG_CODES: Record<string, string> = { wa: 'gb-wls' };

/**
 * `"es"`, `"gb-eng"` or a flag image URL (`…/flags/round/es.png`) → the flag-icons code of the
 * first value that names a country (through the one country lookup), else "": BeSoccer's codes
 * for no country (`ue` for UEFA, `wo` for the world) give none.
 */
export function readFlagCode(...values: (string | null | undefined)[]): string {
  for (const value of values) {
    const text = (value ?? '').trim().toLowerCase();
    const code = /^[a-z]{2}(-[a-z]{3})?$/.test(text)
      ? text
      : /\/([a-z]{2}(?:-[a-z]{3})?)\.(?:png|svg|jpe?g|gif|webp)(?:[?#].*)?$/.exec(text)?.[1];
    if (code === undefined) continue;
    const flag = findCountryCode(BESOCCER_FLAG_CODES[code] ?? code);
    if (flag !== '') return flag;
  }
  return '';
}

export function emptyToNull(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
}

export function toTeam(
  id: string,
  name: string,
  abbr: string | null | undefined,
  shield: string | null | undefined,
): UpstreamTeam {
  return { id, name: name.trim(), shortName: emptyToNull(abbr), logoUrl: findHttpsUrl(shield) };
}
