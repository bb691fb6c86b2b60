import { useState, type FormEvent } from 'react';

import { LEAGUES } from '../../domain/league.ts';
import { formatShortDateTime } from '../../domain/time-zone.ts';
import {
  useCreateNewsSync,
  useNewsSources,
  type NewsSource,
  type NewsSyncResult,
} from '../api/news.ts';
import { ClicksReportCard } from '../components/clicks-report.tsx';
import { readSiteMeta } from '../site-meta.ts';

const CARD = 'flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm';

function formatTime(iso: string | null, timeZone: string): string | null {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(ms) ? formatShortDateTime(ms, timeZone) : null;
}

function getLeagueName(slug: string | null): string {
  if (slug === null || slug === '' || slug === 'all') return 'All leagues';
  return LEAGUES.find((l) => l.slug === slug)?.name ?? slug;
}

function getErrorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'Unknown error occurred';
}

function SyncOutcome({ result }: { result: NewsSyncResult }) {
  if (!result.success) {
    return (
      <p className="rounded-lg border border-live/30 bg-live/5 p-3 text-sm text-live">
        Sync failed: {result.error ?? 'Unknown error occurred'}
      </p>
    );
  }
  const sources = Array.isArray(result.sources) ? result.sources : [];
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-success/30 bg-success/5 p-3 text-sm">
      <p className="font-semibold text-success">Sync completed successfully!</p>
      <p>
        New articles:{' '}
        <span className="font-semibold tabular-nums">
          {result.total_new ?? result.totalIngested ?? 0}
        </span>
      </p>
      <p>
        Total processed:{' '}
        <span className="font-semibold tabular-nums">{result.total_processed ?? 0}</span>
      </p>
      {sources.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label="Sources synced">
          {sources.map((source, i) => (
            <li key={`${source.source}:${i}`} className="min-w-0 break-words">
              <span className="font-medium">{source.source}</span>: {source.new_items} new of{' '}
              {source.total_items}
              {source.error ? <span className="block text-live">Error: {source.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SyncCard() {
  const sources = useNewsSources();
  const sync = useCreateNewsSync();
  const [adminPassword, setAdminPassword] = useState('');
  const { timeZone } = readSiteMeta();
  const passwordRequired = sources.data?.admin_password_required === true;
  const lastSync =
    sources.data === undefined ? null : formatTime(sources.data.last_sync_at, timeZone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sync.mutate({ adminPassword: passwordRequired ? adminPassword : undefined });
  };

  return (
    <section className={CARD} aria-labelledby="sync-title">
      <div>
        <h2 id="sync-title" className="text-lg font-bold">
          News RSS Sync
        </h2>
        <p className="text-sm text-subtle">
          Fetch the latest articles from every news feed now. Sync is limited to once every 5
          minutes.
        </p>
      </div>
      <p className="text-sm">
        Last sync:{' '}
        <span className="font-semibold tabular-nums" data-testid="last-sync">
          {sources.data !== undefined
            ? (lastSync ?? 'Never')
            : sources.isPending
              ? 'Loading…'
              : 'Unavailable'}
        </span>
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {passwordRequired ? (
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
            Admin password
            <input
              type="password"
              autoComplete="current-password"
              value={adminPassword}
              onChange={(event) => setAdminPassword(event.target.value)}
              className="h-10 rounded-md border border-line px-3 font-normal"
            />
          </label>
        ) : null}
        <button
          type="submit"
          disabled={sync.isPending}
          className="h-10 rounded-md bg-pitch px-4 text-sm font-semibold text-chalk hover:bg-pitch-light disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sync.isPending ? 'Syncing...' : 'Sync News Now'}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {sync.isSuccess ? <SyncOutcome result={sync.data} /> : null}
        {sync.isError ? (
          <p className="rounded-lg border border-live/30 bg-live/5 p-3 text-sm text-live">
            {getErrorMessage(sync.error)}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function SourceRow({ source, timeZone }: { source: NewsSource; timeZone: string }) {
  const markers = [source.disabled ? 'Disabled' : null, source.flagged ? 'Flagged' : null].filter(
    (m) => m !== null,
  );
  return (
    <tr className="border-b border-line align-top last:border-b-0">
      <td className="max-w-48 px-3 py-2">
        <span className="block font-medium break-words">{source.name}</span>
        {markers.map((marker) => (
          <span
            key={marker}
            className={`mt-1 mr-1 inline-block rounded px-1.5 py-0.5 text-xs font-bold ${
              marker === 'Disabled' ? 'bg-ink text-chalk' : 'bg-accent text-ink'
            }`}
          >
            {marker}
          </span>
        ))}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{getLeagueName(source.league_slug)}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {formatTime(source.last_fetched_at, timeZone) ?? 'Never'}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{source.item_count}</td>
      <td className="max-w-64 px-3 py-2">
        <span className="tabular-nums">{source.error_count}</span>
        {source.last_error ? (
          <span className="block text-xs break-words text-live">{source.last_error}</span>
        ) : null}
      </td>
    </tr>
  );
}

function SourcesCard() {
  const { data, isPending, isError } = useNewsSources();
  const { timeZone } = readSiteMeta();
  const sources = data?.sources ?? [];
  return (
    <section className={CARD} aria-labelledby="sources-title">
      <h2 id="sources-title" className="text-lg font-bold">
        Feed sources
      </h2>
      {isPending ? (
        <p className="text-sm text-subtle">Loading sources…</p>
      ) : isError ? (
        <p className="text-sm text-live">Failed to load feed sources</p>
      ) : sources.length === 0 ? (
        <p className="text-sm text-subtle">No feed sources configured</p>
      ) : (
        // The table scrolls inside its card on a phone; the page itself never scrolls sideways.
        // Focusable, so a keyboard can scroll it too.
        <div
          className="-mx-4 overflow-x-auto"
          tabIndex={0}
          role="group"
          aria-labelledby="sources-title"
        >
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs text-subtle uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Source
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  League
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last fetch
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Items
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Errors
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((source, i) => (
                <SourceRow key={`${source.url}:${i}`} source={source} timeZone={timeZone} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function AdminPage() {
  const sources = useNewsSources();
  // Whether the admin password is needed, as the feeds' answer says; a failed answer asks none.
  const passwordRequired = sources.isError ? false : sources.data?.admin_password_required;
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Admin Panel</h1>
        <p className="text-sm text-subtle">Manage news feeds and system operations</p>
      </header>
      <SyncCard />
      <ClicksReportCard passwordRequired={passwordRequired} />
      <SourcesCard />
    </div>
  );
}
