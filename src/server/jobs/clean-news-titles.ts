import type { Db } from '../db/client.ts';
import { listNewsTitles, updateNewsTitles } from '../db/news-articles-queries.ts';
import { toPlainText } from '../providers/rss/plain-text.ts';

/**
 * Rewrites, as plain text, the stored titles that are not (those an older release stored with
 * their markup), so every reader of the table, the API and the rumour extraction alike, gets
 * plain text. toPlainText is idempotent: a clean title is left alone, and a second run writes
 * nothing. Returns how many titles were rewritten.
 */
export async function runCleanNewsTitles(deps: { db: Db; now: () => Date }): Promise<number> {
  const rows = await listNewsTitles(deps.db);
  const changed = rows.flatMap(({ id, title }) => {
    const plain = toPlainText(title);
    return plain === title ? [] : [{ id, title: plain }];
  });
  return updateNewsTitles(deps.db, changed, deps.now());
}
