import { renameOddsEventClubs } from '../../../domain/odds.ts';
import {
  createTeamNameIndex,
  slugifyTeamName,
  type KnownClub,
} from '../../../domain/team-names.ts';
import {
  carryListGaps,
  type DataKind,
  type FootballProvider,
  type ProviderMatch,
  type ProviderTeam,
} from '../provider.ts';
import type { LiveSource, UpstreamMatch, UpstreamTeam } from '../upstream/live-source.ts';

/** Which upstream gives each kind of data; a kind without one is not synced. */
export type LiveSelection = Partial<Record<DataKind, LiveSource>>;

export type KnownClubInfo = KnownClub & { name: string; shortName: string };

/**
 * One FootballProvider over several upstreams, each giving the kinds the operator picked.
 * Clubs are matched across upstreams by name onto Touchline's own club keys, so a match from
 * one provider and its odds from another meet on the same row.
 */
export function createLiveProvider(options: {
  sources: LiveSelection;
  clubs: KnownClubInfo[];
}): FootballProvider {
  const { sources } = options;
  const index = createTeamNameIndex(options.clubs);
  const clubByKey = new Map(options.clubs.map((c) => [c.key, c]));

  const toTeam = (team: UpstreamTeam, leagueSlug: string): ProviderTeam => {
    const key =
      index.resolve(team.name, leagueSlug) ??
      (team.shortName === null ? null : index.resolve(team.shortName, leagueSlug)) ??
      slugifyTeamName(team.name);
    const known = clubByKey.get(key);
    return {
      key,
      leagueSlug,
      name: known?.name ?? team.name,
      shortName:
        known?.shortName ?? team.shortName ?? team.name.replace(/[^A-Za-z]/g, '').slice(0, 3),
      logoUrl: team.logoUrl,
    };
  };

  const toMatch = (m: UpstreamMatch): ProviderMatch => {
    const home = toTeam(m.home, m.leagueSlug);
    const away = toTeam(m.away, m.leagueSlug);
    return {
      externalId: m.externalId,
      leagueSlug: m.leagueSlug,
      homeKey: home.key,
      awayKey: away.key,
      kickoff: m.kickoff,
      phase: m.phase,
      minute: m.minute,
      homeScore: m.homeScore,
      awayScore: m.awayScore,
      htHomeScore: m.htHomeScore,
      htAwayScore: m.htAwayScore,
      home,
      away,
      // Absent when the upstream does not know them: the stored goals and facts then stay.
      ...(m.events === undefined ? {} : { events: m.events }),
      ...(m.facts === undefined ? {} : { facts: m.facts }),
    };
  };

  const need = <T>(source: LiveSource | undefined, method: T | undefined, kind: string): T => {
    if (source === undefined || method === undefined) {
      throw new Error(`no provider gives ${kind}`);
    }
    return method;
  };

  const offers = (Object.keys(sources) as DataKind[]).filter((k) => sources[k] !== undefined);
  const matchesSource = sources.matches;

  return {
    name: 'live',
    matchIdPrefix: matchesSource === undefined ? 'live:' : `${matchesSource.name}:`,
    offers,
    async listTeams() {
      // Clubs arrive with each kind of data.
      return [];
    },
    async listMatches(from, to) {
      const list = need(matchesSource, matchesSource?.listMatches, 'matches');
      const items = await list(from, to);
      // What the source left out travels on to the sync, which keeps those stored matches.
      return carryListGaps(items, items.map(toMatch));
    },
    async getStandings(leagueSlug) {
      const source = sources.standings;
      const rows = await need(source, source?.getStandings, 'standings')(leagueSlug);
      return rows.map(({ team, ...row }) => {
        const mapped = toTeam(team, leagueSlug);
        return { ...row, teamKey: mapped.key, team: mapped };
      });
    },
    async getTopPlayers(leagueSlug) {
      const source = sources.players;
      const top = await need(source, source?.getTopPlayers, 'players')(leagueSlug);
      const map = (list: typeof top.goals) =>
        list.map(({ team, ...player }) => {
          const mapped = team === null ? undefined : toTeam(team, leagueSlug);
          return {
            ...player,
            teamKey: mapped?.key ?? null,
            ...(mapped === undefined ? {} : { team: mapped }),
          };
        });
      return { goals: map(top.goals), assists: map(top.assists) };
    },
    async listOdds(leagueSlug) {
      const source = sources.odds;
      const events = await need(source, source?.listOdds, 'odds')(leagueSlug);
      const sourceName = (source as LiveSource).name;
      return events.map((event) => {
        const home = toTeam(
          { id: '', name: event.home_team, shortName: null, logoUrl: null },
          leagueSlug,
        );
        const away = toTeam(
          { id: '', name: event.away_team, shortName: null, logoUrl: null },
          leagueSlug,
        );
        const match: ProviderMatch = {
          externalId: `${sourceName}:${event.id}`,
          leagueSlug,
          homeKey: home.key,
          awayKey: away.key,
          kickoff: new Date(event.commence_time),
          phase: 'scheduled',
          minute: '',
          homeScore: null,
          awayScore: null,
          htHomeScore: null,
          htAwayScore: null,
          home,
          away,
        };
        // Named as the club table names them, like every other answer of the site.
        return { match, event: renameOddsEventClubs(event, home.name, away.name) };
      });
    },
    async listTransfers(leagueSlug) {
      const source = sources.transfers;
      const moves = await need(source, source?.listTransfers, 'transfers')(leagueSlug);
      return carryListGaps(
        moves,
        moves.map(({ team, ...move }) => {
          const mapped = toTeam(team, leagueSlug);
          return { ...move, teamKey: mapped.key, team: mapped };
        }),
      );
    },
  };
}
