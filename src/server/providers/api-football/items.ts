import type * as z from 'zod';

import type { DroppedItem } from '../upstream/http.ts';
import { formatPath } from '../upstream/require-shape.ts';

// One rule for the items of every API-Football list: an item Touchline cannot use (a null where
// an id belongs, a missing or mistyped field) is left out and reported, the rest of the answer is
// kept. Only a wrong envelope refuses a whole answer (requireData in errors.ts).

/** Told about each item left out of a good answer (UpstreamClient.noteDropped). */
export type Drop = (item: DroppedItem) => void;

/** What identifies an item in the drop report: its kind, where it stood and its id's path. */
export type ItemPlace = {
  /** "match", "standing", "player", "transfer"… */
  kind: string;
  /** Where the item stands in the body, "response[3]", used when its id cannot be read. */
  where: string;
  /** The path of the item's id inside it, e.g. ['fixture', 'id']. */
  idPath: readonly string[];
};

/** The item's upstream id at `path` as text, or null when it is not a number or a string. */
export function findItemId(raw: unknown, path: readonly string[]): string | null {
  let value: unknown = raw;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * `raw` read with `schema`, or null when it does not fit: then the item is reported to `drop`
 * with its id (or its place when the id is unreadable) and the first wrong field
 * ("response[3].teams.home.id: Invalid input: expected number, received null").
 */
export function readItem<T>(
  schema: z.ZodType<T>,
  raw: unknown,
  place: ItemPlace,
  drop: Drop | undefined,
): T | null {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  drop?.({
    kind: place.kind,
    id: findItemId(raw, place.idPath) ?? place.where,
    reason: `${formatPath(place.where, issue?.path ?? [])}: ${issue?.message ?? 'unexpected shape'}`,
  });
  return null;
}
