import {
  listReportDays,
  renderClicksCsv,
  summariseClicks,
  type ClicksReport,
} from '../../domain/affiliate-clicks.ts';
import { listClickCounts } from '../db/affiliate-clicks-queries.ts';
import type { Db } from '../db/client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The operators' report of 'Bet now' clicks over the last 30 days, as JSON and as CSV. */
export function createClicksReport(deps: { db: Db; now: () => Date; timeZone: string }) {
  const read = async () => {
    const nowMs = deps.now().getTime();
    const { days, fromMs } = listReportDays(nowMs, deps.timeZone);
    // To the end of today: a click stamped a moment after `now` (another instance's clock) counts.
    const counts = await listClickCounts(deps.db, {
      from: new Date(fromMs),
      to: new Date(nowMs + DAY_MS),
      timeZone: deps.timeZone,
    });
    return { days, counts: counts.filter((row) => days.includes(row.day)) };
  };
  return {
    async getReport(): Promise<ClicksReport> {
      const { days, counts } = await read();
      return summariseClicks(counts, { days, timeZone: deps.timeZone });
    },
    /** The report's rows as CSV, with the file name to save it under. */
    async getCsv(): Promise<{ fileName: string; body: string }> {
      const { days, counts } = await read();
      return {
        fileName: `affiliate-clicks-${days[0] ?? ''}-to-${days.at(-1) ?? ''}.csv`,
        body: renderClicksCsv(counts),
      };
    },
  };
}

export type ClicksReportService = ReturnType<typeof createClicksReport>;
