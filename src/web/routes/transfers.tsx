import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';

import {
  formatFee,
  hasTransferActivity,
  sortByFee,
  type TransferPlayer,
  type TransferTeam,
} from '../../domain/transfers.ts';
import { useTransfers } from '../api/transfers.ts';
import { CountryFlag } from '../components/country-flag.tsx';
import {
  LEAGUE_FILTERS,
  LeagueFilterChips,
  parseLeagueFilter,
  type LeagueFilter,
} from '../components/league-filter-chips.tsx';
import { findArticleHref } from '../components/news-card.tsx';
import { Shield } from '../components/shield.tsx';
import { TeamLink } from '../components/team-link.tsx';

const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3 [&>*]:min-w-0';

const TABS = [
  { key: 'arrivals', label: 'In', empty: 'No arrivals' },
  { key: 'departures', label: 'Out', empty: 'No departures' },
  { key: 'rumors', label: 'Rumors', empty: 'No rumours' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function TransfersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const league = parseLeagueFilter(searchParams.get('league'));
  const transfers = useTransfers(league);
  const leagueName = LEAGUE_FILTERS.find((f) => f.slug === league)?.name ?? '';
  const teams = (transfers.data ?? []).filter(hasTransferActivity);

  const chooseLeague = (next: LeagueFilter) => {
    setSearchParams(next === 'all' ? {} : { league: next }, { replace: true });
  };

  let body;
  if (transfers.isPending) {
    body = (
      <div className={GRID} aria-busy="true" aria-label="Loading transfers">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-64 animate-pulse rounded-xl border border-line bg-white" />
        ))}
      </div>
    );
  } else if (transfers.isError && transfers.data === undefined) {
    body = (
      <div
        role="alert"
        className="rounded-xl border border-live/30 bg-live/5 p-4 text-center text-live"
      >
        Failed to load transfer data. Please try again later.
      </div>
    );
  } else if (teams.length === 0) {
    body = (
      <div className="rounded-xl border border-line bg-white px-4 py-12 text-center">
        <h2 className="text-lg font-bold">No Transfer Activity</h2>
        <p className="mt-1 text-sm text-subtle">
          No transfer activity found for {league === 'all' ? 'any league' : leagueName}
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-subtle">
          Showing {teams.length} team(s) with transfer activity
          {league === 'all' ? '' : ` in ${leagueName}`}
        </p>
        <div className={GRID}>
          {teams.map((team) => (
            <TeamCard key={`${team.league_alias}:${String(team.id)}`} team={team} />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Transfer Rumours</h1>
        <p className="text-sm text-subtle">Latest transfer news and rumors from top leagues</p>
      </header>
      <LeagueFilterChips value={league} onChange={chooseLeague} />
      <section className="flex flex-col gap-4" aria-label="Transfers">
        {body}
      </section>
    </div>
  );
}

/** A club's crest and name, with its arrivals, departures and rumours under tabs. */
function TeamCard({ team }: { team: TransferTeam }) {
  const id = useId();
  const lists: Record<TabKey, TransferPlayer[]> = {
    arrivals: sortByFee(team.arrivals),
    departures: sortByFee(team.departures),
    rumors: sortByFee(team.rumors),
  };
  // Open on the first tab with something in it.
  const [active, setActive] = useState<TabKey>(
    () => TABS.find((tab) => lists[tab.key].length > 0)?.key ?? 'arrivals',
  );
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeTab = TABS.find((tab) => tab.key === active) ?? TABS[0];

  // Arrow keys, Home and End move between the tabs and select the one reached (WAI-ARIA tabs).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next];
    if (tab === undefined) return;
    setActive(tab.key);
    tabRefs.current[next]?.focus();
  };

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm"
    >
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        <TeamLink
          club={{ key: team.key, name: team.name }}
          className="flex min-w-0 items-center gap-3"
        >
          <Shield src={team.shield} size={32} />
          <h2 id={`${id}-name`} className="min-w-0 truncate text-lg font-bold">
            {team.name}
          </h2>
        </TeamLink>
      </header>
      <div
        role="tablist"
        aria-label={`${team.name} transfers`}
        className="flex border-b border-line"
      >
        {TABS.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`flex flex-1 items-center justify-center gap-1.5 border-b-2 px-2 py-2 text-sm font-semibold transition-colors focus-visible:-outline-offset-3 ${
                selected
                  ? 'border-pitch text-pitch'
                  : 'border-transparent text-subtle hover:text-ink'
              }`}
            >
              {tab.label}{' '}
              <span
                className={`rounded-full px-1.5 text-xs tabular-nums ${
                  selected ? 'bg-pitch text-chalk' : 'bg-chalk text-subtle'
                }`}
              >
                {lists[tab.key].length}
              </span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${active}`}
        // Focusable so a keyboard can scroll a long list; its focus ring is drawn inside, as the
        // card clips anything outside.
        tabIndex={0}
        className="max-h-80 overflow-y-auto focus-visible:-outline-offset-3"
      >
        {lists[active].length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-subtle">{activeTab.empty}</p>
        ) : (
          <ul className="divide-y divide-line">
            {lists[active].map((player, index) => (
              <PlayerRow key={`${String(player.id)}:${index}`} player={player} />
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** "end of loan" → "End of loan". */
const describeType = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

/** Name, photo, flag, the other club (or a rumour's source), the kind of move and the fee. */
function PlayerRow({ player }: { player: TransferPlayer }) {
  const fee = formatFee(player.valor);
  const rumour = player.type === 'rumour';
  const source = player.source ?? player.team;
  // The story behind a rumour: a web address, or a page of this site for the replay's own.
  const href = rumour ? findArticleHref(player.link) : null;
  return (
    <li className="flex items-center gap-3 px-4 py-2">
      <Shield src={player.image} size={36} className="rounded-full" />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          {href !== null ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="truncate text-pitch underline-offset-2 hover:underline"
            >
              {player.name}
              <span aria-hidden="true"> ↗</span>
            </a>
          ) : (
            <span className="truncate">{player.name}</span>
          )}
          {player.flag === '' ? null : <CountryFlag code={player.flag} />}
        </p>
        <p className="truncate text-xs text-subtle">
          {rumour ? (
            <>
              <span className="sr-only">Source: </span>
              <span>{source}</span>
            </>
          ) : (
            <span>{player.team}</span>
          )}{' '}
          · <span>{describeType(player.type)}</span>
        </p>
      </div>
      {fee === null ? null : <span className="shrink-0 text-sm font-bold tabular-nums">{fee}</span>}
    </li>
  );
}
