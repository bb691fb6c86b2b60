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
import { useDeferredData } from '../hooks/use-deferred-data.ts';

// Cards keep their own height: opening one does not stretch its neighbours.
const GRID = 'grid grid-cols-1 items-start gap-3 md:grid-cols-2 xl:grid-cols-3 [&>*]:min-w-0';

/** Where the league a fan last chose is remembered, in this browser. */
export const TRANSFERS_LEAGUE_KEY = 'touchline:transfers-league';

const TABS = [
  { key: 'arrivals', label: 'In', empty: 'No arrivals' },
  { key: 'departures', label: 'Out', empty: 'No departures' },
  { key: 'rumors', label: 'Rumors', empty: 'No rumours' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function readStoredLeague(): LeagueFilter | null {
  try {
    const stored = window.localStorage.getItem(TRANSFERS_LEAGUE_KEY);
    return stored === null ? null : parseLeagueFilter(stored);
  } catch {
    return null;
  }
}

function storeLeague(league: LeagueFilter): void {
  try {
    window.localStorage.setItem(TRANSFERS_LEAGUE_KEY, league);
  } catch {
    // Storage may be off (private mode): the choice then lasts as long as the address.
  }
}

/** Lower case without accents, so "monchen" finds Mönchengladbach. */
function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The league the page opens on: the one in the address, else the one the fan chose last time,
 * else the first league. One league at a time keeps the page short on a phone.
 */
function pickLeague(fromAddress: string | null): LeagueFilter {
  if (fromAddress !== null) return parseLeagueFilter(fromAddress);
  return readStoredLeague() ?? (LEAGUE_FILTERS[1]?.slug as LeagueFilter);
}

export function TransfersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const league = pickLeague(searchParams.get('league'));
  const [query, setQuery] = useState('');
  const searching = foldName(query) !== '';
  // A fan looking for a club may not know its league: the search looks through every league,
  // whose clubs are fetched only once a search starts.
  const transfers = useTransfers(league);
  const everyLeague = useTransfers('all', { enabled: searching });
  const shown = searching ? everyLeague : transfers;
  const { data: shownData, isPending: shownPending } = useDeferredData(shown);
  const leagueName = LEAGUE_FILTERS.find((f) => f.slug === league)?.name ?? '';
  const teams = (shownData ?? [])
    .filter(hasTransferActivity)
    .filter((team) => !searching || foldName(team.name).includes(foldName(query)));

  const chooseLeague = (next: LeagueFilter) => {
    storeLeague(next);
    setQuery('');
    setSearchParams({ league: next }, { replace: true });
  };

  let body;
  if (shownPending) {
    body = (
      <div className={GRID} aria-busy="true" aria-label="Loading transfers">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl border border-line bg-white" />
        ))}
      </div>
    );
  } else if (shown.isError && shownData === undefined) {
    body = (
      <div
        role="alert"
        className="rounded-xl border border-live/30 bg-live/5 p-4 text-center text-live"
      >
        Failed to load transfer data. Please try again later.
      </div>
    );
  } else if (searching) {
    body = (
      <>
        <p className="text-sm text-subtle" role="status">
          {teams.length === 0
            ? `No club with transfer activity matches “${query.trim()}”`
            : `${String(teams.length)} club(s) matching “${query.trim()}” in all leagues`}
        </p>
        <TeamList teams={teams} />
      </>
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
        <TeamList teams={teams} />
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
      <div role="search" className="max-w-sm">
        <label htmlFor="transfers-club-search" className="mb-1 block text-sm font-medium">
          Find a club in any league
        </label>
        <input
          id="transfers-club-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="e.g. Arsenal"
          autoComplete="off"
          className="h-10 w-full rounded-lg border border-line bg-white px-3 text-sm"
        />
      </div>
      <section className="flex flex-col gap-4" aria-label="Transfers">
        {body}
      </section>
    </div>
  );
}

function TeamList({ teams }: { teams: TransferTeam[] }) {
  return (
    <div className={GRID}>
      {teams.map((team) => (
        <TeamCard key={`${team.league_alias}:${String(team.id)}`} team={team} />
      ))}
    </div>
  );
}

/**
 * A club's crest, name and counts; its arrivals, departures and rumours, under tabs, open
 * below when the fan asks (a disclosure button), so a league's clubs fit on a phone's screen.
 */
function TeamCard({ team }: { team: TransferTeam }) {
  const id = useId();
  const [open, setOpen] = useState(false);
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
      {/* The counts go under a name too long to share the line, rather than break it mid-word. */}
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2">
        <TeamLink
          club={{ key: team.key, name: team.name }}
          className="flex min-w-0 flex-auto items-center gap-2"
        >
          <Shield src={team.shield} size={28} />
          <h2
            id={`${id}-name`}
            className="min-w-0 text-sm leading-tight font-bold [overflow-wrap:break-word] sm:text-base"
          >
            {team.name}
          </h2>
        </TeamLink>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-moves`}
          onClick={() => setOpen((was) => !was)}
          className="ml-auto flex shrink-0 items-center gap-2 rounded-lg px-2 py-1.5 text-xs text-subtle hover:bg-chalk"
        >
          <span className="sr-only">
            {open ? 'Hide' : 'Show'} transfers of {team.name}:{' '}
          </span>
          {TABS.map((tab) => (
            <span key={tab.key} className="whitespace-nowrap">
              {tab.label}{' '}
              <span className="font-bold text-ink tabular-nums">{lists[tab.key].length}</span>
              <span className="sr-only">,</span>
            </span>
          ))}
          <span
            aria-hidden="true"
            className={`inline-block transition-transform ${open ? 'rotate-180' : ''}`}
          >
            ▾
          </span>
        </button>
      </header>
      {open ? (
        <div id={`${id}-moves`} className="border-t border-line">
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
            tabIndex={0}
            className="focus-visible:-outline-offset-3"
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
        </div>
      ) : null}
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
          {rumour && player.team !== '' && player.team !== source ? (
            // A rumour whose story names the selling club: that club, as the story does.
            <>
              <span className="sr-only">From </span>
              <span>{player.team}</span>
            </>
          ) : rumour ? (
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
