import { useId, useState, type FormEvent, type ReactNode } from 'react';

import type { ClickPage } from '../../domain/affiliate-clicks.ts';
import { downloadClicksCsv, useClicksReport, type ClicksReport } from '../api/clicks-report.ts';

const CARD = 'flex flex-col gap-4 rounded-xl border border-line bg-white p-4 shadow-sm';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const PAGE_NAMES: Record<ClickPage, string> = {
  home: 'Home page',
  league: 'League pages',
  match: 'Match pages',
  team: 'Team pages',
  news: 'News pages',
  predictions: 'Predictions page',
  transfers: 'Transfers page',
  other: 'Other pages',
};

/** "21 Nov" of a calendar day written YYYY-MM-DD. */
function formatDay(day: string): string {
  const [, month = 1, date = 1] = day.split('-').map(Number);
  return `${date} ${MONTHS[month - 1] ?? ''}`;
}

function getPageName(page: string | null): string {
  if (page === null) return 'Not recorded';
  return PAGE_NAMES[page as ClickPage] ?? page;
}

function formatShare(clicks: number, total: number): string {
  return total === 0 ? '–' : `${Math.round((clicks / total) * 100)}%`;
}

function getErrorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Unknown error occurred';
}

// Chart geometry, in the SVG's own units: 30 bars of 8 with gaps of 2.
const BAR = 8;
const GAP = 2;
const PLOT_TOP = 12;
const PLOT_HEIGHT = 80;
const LEFT = 4;

/** Clicks per day as bars, with its numbers in the table that follows it. */
function DayChart({ days, titleId }: { days: ClicksReport['days']; titleId: string }) {
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const width = LEFT * 2 + days.length * (BAR + GAP) - GAP;
  const baseline = PLOT_TOP + PLOT_HEIGHT;
  const busiest = days.reduce<ClicksReport['days'][number] | null>(
    (best, d) => (best === null || d.clicks > best.clicks ? d : best),
    null,
  );
  const total = days.reduce((n, d) => n + d.clicks, 0);
  const summary =
    busiest === null || total === 0
      ? 'No clicks in the last 30 days.'
      : `${total} clicks in the last 30 days, most on ${formatDay(busiest.day)} (${busiest.clicks}).`;
  const labelled = [days[0], days[Math.floor(days.length / 2)], days.at(-1)];
  return (
    <svg
      viewBox={`0 0 ${width} ${baseline + 16}`}
      className="h-auto w-full max-w-2xl text-pitch"
      role="img"
      aria-labelledby={titleId}
      data-testid="clicks-chart"
    >
      <title
        id={titleId}
      >{`Clicks per day. ${summary} Every day's count is in the table below.`}</title>
      <text x={LEFT} y={8} className="fill-subtle" fontSize="8">
        {max} a day at most
      </text>
      <line
        x1={0}
        x2={width}
        y1={baseline + 0.5}
        y2={baseline + 0.5}
        className="stroke-line"
        strokeWidth="1"
      />
      {days.map((d, i) => {
        const height = (d.clicks / max) * PLOT_HEIGHT;
        return (
          <rect
            key={d.day}
            x={LEFT + i * (BAR + GAP)}
            y={baseline - height}
            width={BAR}
            height={height}
            rx="1"
            fill="currentColor"
            data-day={d.day}
            data-clicks={d.clicks}
          >
            <title>{`${formatDay(d.day)}: ${d.clicks} clicks`}</title>
          </rect>
        );
      })}
      {labelled.map((d, i) =>
        d === undefined ? null : (
          <text
            key={`${d.day}:${i}`}
            x={LEFT + days.indexOf(d) * (BAR + GAP) + BAR / 2}
            y={baseline + 12}
            textAnchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'}
            className="fill-subtle"
            fontSize="8"
          >
            {formatDay(d.day)}
          </text>
        ),
      )}
    </svg>
  );
}

/** A table that scrolls inside its card on a phone, so the page itself never scrolls sideways. */
function ReportTable(props: {
  caption: string;
  columns: [string, string, string];
  rows: { key: string; cells: [ReactNode, number, string] }[];
}) {
  const th = 'px-3 py-2 font-semibold';
  return (
    <div className="-mx-4 overflow-x-auto" tabIndex={0} role="group" aria-label={props.caption}>
      <table className="w-full text-left text-sm">
        <caption className="px-4 pb-1 text-left text-base font-bold">{props.caption}</caption>
        <thead className="border-b border-line text-xs text-subtle uppercase">
          <tr>
            <th scope="col" className={th}>
              {props.columns[0]}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {props.columns[1]}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {props.columns[2]}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key} className="border-b border-line last:border-b-0">
              <th scope="row" className="px-3 py-1.5 font-medium break-words">
                {row.cells[0]}
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.cells[1]}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.cells[2]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report, adminPassword }: { report: ClicksReport; adminPassword?: string }) {
  const chartTitleId = useId();
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const { total } = report;
  const share = (clicks: number) => formatShare(clicks, total);
  const save = () => {
    setDownload({ busy: true, error: null });
    downloadClicksCsv(adminPassword).then(
      () => setDownload({ busy: false, error: null }),
      (error: unknown) => setDownload({ busy: false, error: getErrorMessage(error) }),
    );
  };
  const empty = (what: string) => [
    { key: 'none', cells: [what, 0, '–'] as [string, number, string] },
  ];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="font-semibold tabular-nums" data-testid="clicks-total">
            {total}
          </span>{' '}
          clicks from {formatDay(report.from)} to {formatDay(report.to)}
        </p>
        <button
          type="button"
          onClick={save}
          disabled={download.busy}
          className="h-10 rounded-md border border-pitch px-4 text-sm font-semibold text-pitch hover:bg-pitch hover:text-chalk disabled:cursor-not-allowed disabled:opacity-60"
        >
          {download.busy ? 'Preparing CSV…' : 'Download CSV'}
        </button>
      </div>
      {download.error === null ? null : (
        <p role="alert" className="text-sm text-live">
          {download.error}
        </p>
      )}
      <figure className="flex flex-col gap-2">
        <figcaption className="text-base font-bold">Clicks by day</figcaption>
        <DayChart days={report.days} titleId={chartTitleId} />
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-pitch">
            Clicks by day as a table
          </summary>
          <ReportTable
            caption="Clicks by day"
            columns={['Day', 'Clicks', 'Share']}
            rows={report.days.map((d) => ({
              key: d.day,
              cells: [formatDay(d.day), d.clicks, share(d.clicks)],
            }))}
          />
        </details>
      </figure>
      <ReportTable
        caption="Clicks by bookmaker"
        columns={['Bookmaker', 'Clicks', 'Share']}
        rows={
          report.bookmakers.length === 0
            ? empty('No clicks yet')
            : report.bookmakers.map((b) => ({
                key: b.key,
                cells: [b.title, b.clicks, share(b.clicks)],
              }))
        }
      />
      <ReportTable
        caption="Clicks by league"
        columns={['League', 'Clicks', 'Share']}
        rows={
          report.leagues.length === 0
            ? empty('No clicks yet')
            : report.leagues.map((l) => ({
                key: l.slug ?? '',
                cells: [l.name, l.clicks, share(l.clicks)],
              }))
        }
      />
      <ReportTable
        caption="Clicks by page"
        columns={['Page', 'Clicks', 'Share']}
        rows={
          report.pages.length === 0
            ? empty('No clicks yet')
            : report.pages.map((p) => ({
                key: p.page ?? '',
                cells: [getPageName(p.page), p.clicks, share(p.clicks)],
              }))
        }
      />
    </>
  );
}

/**
 * The operators' report of 'Bet now' clicks over the last 30 days. With an admin password set,
 * it asks for the password first; `passwordRequired` undefined: not known yet, nothing is asked.
 */
export function ClicksReportCard({ passwordRequired }: { passwordRequired: boolean | undefined }) {
  const [typed, setTyped] = useState('');
  const [adminPassword, setAdminPassword] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const enabled = passwordRequired === false || adminPassword !== null;
  const query = useClicksReport({ adminPassword: adminPassword ?? undefined, attempt, enabled });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdminPassword(typed);
    setAttempt((n) => n + 1);
  };

  return (
    <section className={CARD} aria-labelledby="clicks-title">
      <div>
        <h2 id="clicks-title" className="text-lg font-bold">
          Affiliate clicks
        </h2>
        <p className="text-sm text-subtle">
          &lsquo;Bet now&rsquo; and odds clicks of the last 30 days, by day, bookmaker, league and
          page.
        </p>
      </div>
      {passwordRequired === true && (adminPassword === null || query.isError) ? (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
            Admin password
            <input
              type="password"
              autoComplete="current-password"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className="h-10 rounded-md border border-line px-3 font-normal"
            />
          </label>
          <button
            type="submit"
            className="h-10 rounded-md bg-pitch px-4 text-sm font-semibold text-chalk hover:bg-pitch-light"
          >
            Show report
          </button>
        </form>
      ) : null}
      <div role="status" aria-live="polite" className="contents">
        {passwordRequired === undefined ? (
          <p className="text-sm text-subtle">Loading clicks…</p>
        ) : !enabled ? null : query.isPending ? (
          <p className="text-sm text-subtle">Loading clicks…</p>
        ) : query.isError ? (
          <p className="text-sm text-live">{getErrorMessage(query.error)}</p>
        ) : null}
      </div>
      {query.data === undefined || query.isError ? null : (
        <Report report={query.data} adminPassword={adminPassword ?? undefined} />
      )}
    </section>
  );
}
