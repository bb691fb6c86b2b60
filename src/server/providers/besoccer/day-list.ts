import type { UpstreamClient } from '../upstream/http.ts';
import { badBody, IntSchema, isRecord, requireList } from './answer.ts';
import { readItemId } from './matches.ts';

// BeSoccer's day list (`req=matchsday`) in pages. The list covers every competition BeSoccer
// follows (240 matches on the documented example day) and answers one page at a time: its
// documented `init` (index of the first item) and `limit` (items per page) page through it, and
// `summary.today` states how many items the day has (NOTES.md §2.1). The sync deletes stored
// matches the list lacks, so a list that cannot be read whole is an error, never a shorter list.

export const API_PATH = 'api.php';

/** Items asked for per page. Without `limit` BeSoccer answered 40; no maximum is documented. */
export const DAY_PAGE_SIZE = 100;

/**
 * Most pages read of one day: 3,000 items at the page size asked for, 1,200 if BeSoccer
 * silently held pages to the 40 it answered without `limit`. A day longer than that is refused.
 */
export const MAX_DAY_PAGES = 30;

export type DayListPage = {
  items: unknown[];
  /** `summary.today`: the number of items the whole day has; null when the body does not say. */
  total: number | null;
};

/** One page of a `matchsday` answer: its items (the envelope must hold them) and the day's count. */
export function readDayPage(body: unknown): DayListPage {
  const items = requireList(body, 'matches');
  const summary = isRecord(body) ? body.summary : undefined;
  const today = IntSchema.safeParse(isRecord(summary) ? summary.today : undefined);
  return { items, total: today.success && today.data >= 0 ? today.data : null };
}

/**
 * Every item of the day list of `date` (YYYY-MM-DD, a Madrid calendar day), one item per id.
 * Pages are asked for until one comes back shorter than asked for with the day's count
 * (`summary.today`, when given) read, or until an empty page, which must not leave the count
 * short. Throws (`bad-body`) when the list cannot be read whole: a page that brings
 * nothing new (BeSoccer ignoring `init`), the list ending short of its count, the page cap, or a
 * day without a single item that does not say it has none. A failing page throws its own error.
 */
export async function fetchDayList(
  client: Pick<UpstreamClient, 'getJson'>,
  date: string,
  options: { pageSize?: number; maxPages?: number } = {},
): Promise<unknown[]> {
  const pageSize = options.pageSize ?? DAY_PAGE_SIZE;
  const maxPages = options.maxPages ?? MAX_DAY_PAGES;
  const items: unknown[] = [];
  const seen = new Set<string>();
  let total: number | null = null;
  let offset = 0;
  for (let page = 0; page < maxPages; page++) {
    const query = { req: 'matchsday', date, init: offset, limit: pageSize };
    const answer = readDayPage((await client.getJson(API_PATH, query)).body);
    total ??= answer.total;
    if (answer.items.length === 0) return endOfList(items, total, date);
    const before = items.length;
    for (const item of answer.items) {
      const id = readItemId(item);
      if (id !== null && seen.has(id)) continue;
      if (id !== null) seen.add(id);
      items.push(item);
    }
    if (items.length === before) {
      throw badBody(`day list ${date}: the page from ${offset} repeats earlier items`);
    }
    offset += answer.items.length;
    // A page shorter than asked for is the last one, unless the day's count says more are to
    // come (BeSoccer may hold pages to fewer items than asked for). After a full page, only
    // the next one can tell.
    if (answer.items.length < pageSize && (total === null || items.length >= total)) {
      return items;
    }
  }
  throw badBody(
    `day list ${date}: not read whole in ${maxPages} pages (${items.length}` +
      `${total === null ? '' : ` of ${total}`} items)`,
  );
}

/** The items read when the list ran out: whole only if they make up the count it stated. */
function endOfList(items: unknown[], total: number | null, date: string): unknown[] {
  if (total !== null && items.length < total) {
    throw badBody(`day list ${date}: ended after ${items.length} of ${total} items`);
  }
  // BeSoccer lists every competition it follows: a day without one match is believed only
  // when the answer says the day has none.
  if (items.length === 0 && total !== 0) {
    throw badBody(`day list ${date}: no matches, and no count saying the day has none`);
  }
  return items;
}
