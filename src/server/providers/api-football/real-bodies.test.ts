import { describe, expect, it } from 'vitest';

import { readApiFootballBody } from '../../../../tests/helpers/fake-api-football.ts';
import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { readListGaps } from '../provider.ts';
import { UpstreamError, type DroppedItem } from '../upstream/http.ts';
import type { UpstreamTeam, UpstreamTransfer } from '../upstream/live-source.ts';
import { findBodyError } from './errors.ts';
import { parseOddsPage, toOddsEvents } from './odds.ts';
import { parseMatches, parseStandings, parseTopPlayers } from './parse.ts';
import { getTransferRange, parseTransfers, parseTransferType } from './transfers.ts';

// Contract tests on the bodies recorded from the real API (fixtures/real/SOURCES.md): each is
// read whole, and the values checked here were read off the JSON by hand.

const real = (name: string) => readApiFootballBody(`real/${name}`);

/** A league of the registry's shape for an API-Football id Touchline does not cover. */
function otherLeague(id: number): LeagueEntry {
  return { ...(LEAGUES[0] as LeagueEntry), slug: `league-${id}`, apiFootballId: id };
}

function collect() {
  const dropped: DroppedItem[] = [];
  return { dropped, drop: (item: DroppedItem) => dropped.push(item) };
}

const CLUB_NAMES: Record<string, string> = {
  '33': 'Manchester United',
  '40': 'Liverpool',
  '42': 'Arsenal',
};
/** The season of August 2026, when the transfers were recorded: April 2026 to March 2027. */
const SEASON_2026 = getTransferRange(new Date('2026-08-20T12:00:00Z'));
const ALL_TIME = { from: '1900-01-01', to: '2100-01-01' };

function movesOf(club: string, range = SEASON_2026) {
  const { dropped, drop } = collect();
  const team: UpstreamTeam = {
    id: club,
    name: CLUB_NAMES[club] ?? '',
    shortName: null,
    logoUrl: null,
  };
  const moves = parseTransfers(real(`af-transfers-team-${club}`), team, range, drop);
  return { moves, dropped };
}

const find = (moves: UpstreamTransfer[], player: string, direction: 'in' | 'out') =>
  moves.find((m) => m.playerName === player && m.direction === direction);

describe('af-transfers-team-33 (Manchester United)', () => {
  it("reads the season's 18 arrivals and 11 departures, 14 of the arrivals returns from loan", () => {
    const { moves, dropped } = movesOf('33');
    const arrivals = moves.filter((m) => m.direction === 'in');
    expect(arrivals).toHaveLength(18);
    expect(moves.filter((m) => m.direction === 'out')).toHaveLength(11);
    expect(arrivals.filter((m) => m.type === 'end of loan')).toHaveLength(14);
    expect(dropped).toEqual([]);
    // "Return from loan", not a loan.
    expect(find(moves, 'M. Rashford', 'in')).toMatchObject({
      otherClub: 'Barcelona',
      type: 'end of loan',
      valor: '',
      window: 'Summer 2026',
    });
    // Listed on 12 and 13 July: one move.
    expect(moves.filter((m) => m.playerName === 'Y. Tielemans')).toEqual([
      expect.objectContaining({ direction: 'in', otherClub: 'Aston Villa', type: 'transfer' }),
    ]);
    // Three copies, one naming the player where the club would be (id null): Inter Miami.
    expect(moves.filter((m) => m.playerName === 'Casemiro')).toEqual([
      expect.objectContaining({ direction: 'out', otherClub: 'Inter Miami', type: 'free' }),
    ]);
    // A release with no club but the player's own name ("Sancho Jadon"): no club.
    expect(find(moves, 'J. Sancho', 'out')).toMatchObject({
      otherClub: '',
      type: 'free',
      valor: '0',
    });
    expect(find(moves, 'Ethan Williams', 'out')).toMatchObject({
      otherClub: 'Peterborough',
      type: 'transfer',
      valor: '',
    });
    expect(find(moves, 'Ethan Williams', 'in')?.playerId).toBe('api-football:365664');
  });

  it('reads every move of its history with the fees as written', () => {
    const { moves, dropped } = movesOf('33', ALL_TIME);
    expect(moves).toHaveLength(768);
    expect(dropped).toEqual([]);
    expect(find(moves, 'Robin van Persie', 'out')).toMatchObject({
      otherClub: 'Fenerbahce',
      type: 'transfer',
      valor: '5.5',
      window: 'Summer 2015',
    });
    expect(find(moves, 'Robin van Persie', 'in')).toMatchObject({
      otherClub: 'Arsenal',
      valor: '25.5',
    });
    expect(find(moves, 'A. Büttner', 'out')).toMatchObject({ otherClub: 'Dynamo', valor: '5.5' });
    expect(find(moves, 'J. Dudgeon', 'out')?.valor).toBe('0.095');
    expect(find(moves, 'A. Sánchez', 'in')).toMatchObject({
      otherClub: 'Arsenal',
      type: 'transfer',
      valor: '',
    });
    // "Back from Loan" twice (once with no club id) and "Return from loan": one return.
    expect(
      moves.filter((m) => m.playerName === 'T. Malacia' && m.window === 'Summer 2025'),
    ).toEqual([
      expect.objectContaining({ direction: 'in', otherClub: 'PSV Eindhoven', type: 'end of loan' }),
    ]);
  });
});

describe('af-transfers-team-40 (Liverpool)', () => {
  it("reads the season's 13 arrivals and 9 departures", () => {
    const { moves, dropped } = movesOf('40');
    expect(moves.filter((m) => m.direction === 'in')).toHaveLength(13);
    expect(moves.filter((m) => m.direction === 'out')).toHaveLength(9);
    expect(dropped).toEqual([]);
    expect(moves.filter((m) => m.playerName === 'Mohamed Salah')).toEqual([
      expect.objectContaining({ direction: 'out', otherClub: 'Trabzonspor', type: 'free' }),
    ]);
    expect(find(moves, 'R. Araújo', 'in')).toMatchObject({ otherClub: 'Barcelona', type: 'loan' });
    // "Raise": a youth player promoted, a move of the club to itself.
    expect(moves.some((m) => m.playerName === 'J. Lambie')).toBe(false);
  });

  it('reads the fees written "12M", "6.5M", "800K €" and the free move written "Free €"', () => {
    const { moves } = movesOf('40', ALL_TIME);
    expect(moves).toHaveLength(821);
    expect(find(moves, 'F. Chiesa', 'in')).toMatchObject({ otherClub: 'Juventus', valor: '12' });
    expect(find(moves, 'T. Awoniyi', 'out')).toMatchObject({
      otherClub: 'Union Berlin',
      valor: '6.5',
    });
    expect(find(moves, 'Damien Plessis', 'out')?.valor).toBe('0.8');
    expect(find(moves, 'Rickie Lambert', 'in')?.valor).toBe('5.5');
    expect(find(moves, 'Álvaro Maximiliano Arias Invernizzi', 'in')).toMatchObject({
      otherClub: 'SUD America',
      type: 'free',
      valor: '0',
    });
    // Moves with no type at all (null) are transfers of unknown fee.
    expect(find(moves, 'James Barry Norris', 'in')).toMatchObject({ type: 'transfer', valor: '' });
  });
});

describe('af-transfers-team-42 (Arsenal)', () => {
  it("reads the season's 12 arrivals and 9 departures", () => {
    const { moves, dropped } = movesOf('42');
    expect(moves.filter((m) => m.direction === 'in')).toHaveLength(12);
    expect(moves.filter((m) => m.direction === 'out')).toHaveLength(9);
    expect(dropped).toEqual([]);
    expect(find(moves, 'Bruno Guimarães', 'in')).toMatchObject({
      otherClub: 'Newcastle',
      type: 'transfer',
    });
    expect(find(moves, 'L. Trossard', 'out')?.otherClub).toBe('Beşiktaş');
    expect(find(moves, "C. O'Neill", 'out')).toMatchObject({ otherClub: '', type: 'free' });
  });

  it('reads the fees written "21.4M" and "100K €"', () => {
    const { moves } = movesOf('42', ALL_TIME);
    expect(moves).toHaveLength(800);
    expect(find(moves, 'A. Ramsdale', 'out')).toMatchObject({
      otherClub: 'Southampton',
      valor: '21.4',
    });
    expect(find(moves, 'Emiliano Olivero', 'in')?.valor).toBe('0.1');
    expect(find(moves, 'Nacho Monreal', 'out')?.valor).toBe('0.25');
    expect(moves.some((m) => m.playerName === 'M. Dowman')).toBe(false);
  });
});

describe('every transfer type the recorded bodies spell', () => {
  const types = new Set<string | null>();
  for (const club of Object.keys(CLUB_NAMES)) {
    const { response } = real(`af-transfers-team-${club}`) as {
      response: { transfers: { type: string | null }[] }[];
    };
    for (const entry of response) for (const move of entry.transfers) types.add(move.type);
  }

  it('gives a fee to each that writes an amount, and a return to each return from loan', () => {
    expect(types.size).toBeGreaterThan(200);
    for (const text of types) {
      const { type, valor } = parseTransferType(text);
      expect(['transfer', 'loan', 'free', 'end of loan']).toContain(type);
      if (text !== null && /\d/.test(text)) expect(Number(valor), text).toBeGreaterThan(0);
      if (text !== null && /(return|back) from loan/i.test(text)) expect(type).toBe('end of loan');
    }
  });
});

describe('af-fixtures-date-2026-08-20', () => {
  const body = real('af-fixtures-date-2026-08-20');

  it('picks the one match of the five leagues out of the 181 of the day', () => {
    expect((body.response as unknown[]).length).toBe(181);
    const { dropped, drop } = collect();
    const [match, ...others] = parseMatches(body, { drop });
    expect(others).toEqual([]);
    expect(match).toEqual({
      externalId: 'api-football:1570351',
      leagueSlug: 'la-liga',
      home: expect.objectContaining({ id: '728', name: 'Rayo Vallecano' }),
      away: expect.objectContaining({
        id: '542',
        name: 'Alaves',
        logoUrl: 'https://media.api-sports.io/football/teams/542.png',
      }),
      kickoff: new Date('2026-08-20T19:00:00Z'),
      phase: 'scheduled',
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
      // A `date=` list has no events: the referee (no country here), no goals recorded.
      facts: {
        goalsRecorded: false,
        assistKind: 'assist',
        shots: null,
        statistics: null,
        atFullTime: [],
        referee: 'J. Munuera',
        sources: ['api-football'],
      },
    });
    expect(dropped).toEqual([]);
  });

  it('reads every item whole, with its status (158 NS, 19 FT, 3 PST, 1 PEN)', () => {
    const ids = new Set((body.response as { league: { id: number } }[]).map((i) => i.league.id));
    const { dropped, drop } = collect();
    const matches = parseMatches(body, { leagues: [...ids].map(otherLeague), drop });
    expect(matches).toHaveLength(181);
    expect(dropped).toEqual([]);
    expect(readListGaps(matches)).toEqual({ leftOut: [], partial: false });
    const phases = new Map<string, number>();
    for (const m of matches) phases.set(m.phase, (phases.get(m.phase) ?? 0) + 1);
    expect(Object.fromEntries(phases)).toEqual({ scheduled: 158, finished: 20, postponed: 3 });
    const byId = new Map(matches.map((m) => [m.externalId, m]));
    expect(byId.get('api-football:1490398')).toMatchObject({
      home: expect.objectContaining({ name: 'Sporting Kansas City' }),
      phase: 'finished',
      homeScore: 1,
      awayScore: 1,
      htHomeScore: 0,
      htAwayScore: 1,
    });
    // Decided on penalties (3-1 in the shoot-out): finished at 0-0.
    expect(byId.get('api-football:1513300')).toMatchObject({ phase: 'finished', homeScore: 0 });
    expect(byId.get('api-football:1611288')).toMatchObject({ phase: 'postponed', homeScore: null });
  });

  it('carries no events: goals unknown for all 181, referees without their country', () => {
    const ids = new Set((body.response as { league: { id: number } }[]).map((i) => i.league.id));
    const matches = parseMatches(body, { leagues: [...ids].map(otherLeague) });
    expect(matches.filter((m) => m.events !== undefined)).toEqual([]);
    expect(matches.filter((m) => m.facts?.goalsRecorded !== false)).toEqual([]);
    expect(matches.filter((m) => m.facts?.statistics !== null)).toEqual([]);
    const referees = new Map(matches.map((m) => [m.externalId, m.facts?.referee]));
    expect(referees.get('api-football:1490398')).toBe('Victor Rivas');
    expect(referees.get('api-football:1570351')).toBe('J. Munuera');
    // 132 items have no referee; none of the others keeps a comma.
    expect([...referees.values()].filter((r) => r === null)).toHaveLength(132);
    expect([...referees.values()].filter((r) => r?.includes(','))).toEqual([]);
  });
});

describe('af-fixtures-live-2024-05-06', () => {
  const body = real('af-fixtures-live-2024-05-06');

  it('has none of the five leagues; the Eredivisie match reads live at 41 minutes', () => {
    expect(parseMatches(body)).toEqual([]);
    const [match, ...others] = parseMatches(body, { leagues: [...LEAGUES, otherLeague(88)] });
    expect(others).toEqual([]);
    expect(match).toMatchObject({
      externalId: 'api-football:1200152',
      leagueSlug: 'league-88',
      home: expect.objectContaining({ name: 'Emmen' }),
      away: expect.objectContaining({ name: 'Dordrecht' }),
      phase: 'live',
      minute: '41',
      homeScore: 2,
      awayScore: 1,
    });
  });

  it('reads all 26 items (its `results` says 9), statuses without the `extra` field', () => {
    expect(body.results).toBe(9);
    const ids = new Set((body.response as { league: { id: number } }[]).map((i) => i.league.id));
    const { dropped, drop } = collect();
    const matches = parseMatches(body, { leagues: [...ids].map(otherLeague), drop });
    expect(matches).toHaveLength(26);
    expect(dropped).toEqual([]);
    const byId = new Map(matches.map((m) => [m.externalId, m]));
    expect(byId.get('api-football:1145219')).toMatchObject({
      phase: 'live',
      minute: '76',
      homeScore: 3,
    });
    expect(byId.get('api-football:1151376')).toMatchObject({ phase: 'halftime', minute: '' });
  });

  it("reads each live match's goals from its events, and they add up to all 26 scores", () => {
    const ids = new Set((body.response as { league: { id: number } }[]).map((i) => i.league.id));
    const { dropped, drop } = collect();
    const matches = parseMatches(body, { leagues: [...ids].map(otherLeague), drop });
    expect(dropped).toEqual([]);
    expect(matches.filter((m) => m.facts?.goalsRecorded !== true).map((m) => m.externalId)).toEqual(
      [],
    );
    const goals = matches.reduce((sum, m) => sum + (m.events?.length ?? 0), 0);
    expect(goals).toBe(35);
    const byId = new Map(matches.map((m) => [m.externalId, m]));
    const summary = (id: string) =>
      byId
        .get(`api-football:${id}`)
        ?.events?.map((g) =>
          [g.side, `${g.minute}+${g.added}`, g.scorer, String(g.assist), g.penalty].join(' '),
        );
    // A missed penalty at 35' (N. Gagnidze) is no goal: 1-3 from two penalties and two goals.
    expect(summary('1163169')).toEqual([
      'away 13+0 T. Wouter null true',
      'away 19+0 Z. Rukhadze A. Konte false',
      'away 35+0 T. Wouter null false',
      'home 57+0 S. Nonikashvili null true',
    ]);
    // A goal in first-half added time.
    expect(summary('1145219')).toEqual([
      'away 6+0 F. Fulton null false',
      'home 45+1 A. Salmon null false',
      'home 51+0 A. Salmon null false',
      'home 72+0 A. Salmon null false',
    ]);
    expect(summary('1167002')).toEqual(['away 45+4 R. Nagai null true']);
    // Seven goals the API names no scorer for.
    expect(byId.get('api-football:1198473')?.events?.map((g) => g.scorer)).toEqual(
      Array.from({ length: 7 }, () => null),
    );
    expect(byId.get('api-football:1062743')?.facts).toMatchObject({
      referee: 'Oleksandr Omelchenko',
      statistics: null,
    });
    expect(byId.get('api-football:1062743')?.events).toEqual([]);
  });
});

describe('af-standings-39-2023', () => {
  it('reads the 20 rows of the Premier League 2023-24', () => {
    const { dropped, drop } = collect();
    const rows = parseStandings(real('af-standings-39-2023'), drop);
    expect(rows).toHaveLength(20);
    expect(dropped).toEqual([]);
    expect(rows[0]).toEqual({
      team: {
        id: '50',
        name: 'Manchester City',
        shortName: null,
        logoUrl: 'https://media.api-sports.io/football/teams/50.png',
      },
      pos: 1,
      wins: 28,
      draws: 7,
      losses: 3,
      goalsFor: 96,
      goalsAgainst: 34,
      points: 91,
    });
    expect(rows.map((r) => r.pos)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows.at(-1)).toMatchObject({
      team: expect.objectContaining({ name: 'Sheffield Utd' }),
      points: 16,
      goalsAgainst: 104,
    });
  });
});

describe('af-topscorers-39-2023', () => {
  it('reads the 20 scorers with their flags from `nationality`', () => {
    const body = real('af-topscorers-39-2023');
    const { dropped, drop } = collect();
    const goals = parseTopPlayers(body, 'goals', drop);
    expect(goals).toHaveLength(20);
    expect(dropped).toEqual([]);
    expect(goals.slice(0, 2).map((p) => [p.nick, p.flag, p.team?.name, p.total])).toEqual([
      ['E. Haaland', 'no', 'Manchester City', 27],
      ['C. Palmer', 'gb-eng', 'Chelsea', 22],
    ]);
    const byName = new Map(goals.map((p) => [p.nick, p]));
    expect(byName.get('Son Heung-Min')?.flag).toBe('kr');
    expect(byName.get('Y. Wissa')?.flag).toBe('cd');
    expect(byName.get('E. Haaland')?.imageUrl).toBe(
      'https://media.api-sports.io/football/players/1100.png',
    );
    const assists = new Map(parseTopPlayers(body, 'assists').map((p) => [p.nick, p.total]));
    expect([assists.get('O. Watkins'), assists.get('C. Palmer')]).toEqual([13, 11]);
  });
});

describe('af-odds-fixture-815162-bwin', () => {
  it("reads Bwin's Match Winner and the 2.5 line of its 35 bets", () => {
    const { pages, odds } = parseOddsPage(real('af-odds-fixture-815162-bwin'));
    expect(pages).toBe(1);
    expect(
      odds.map((o) => [o.fixture.id, o.bookmakers.map((b) => [b.name, b.bets.length])]),
    ).toEqual([[815162, [['Bwin', 35]]]]);
    const cup = { ...otherLeague(45), slug: 'fa-cup', oddsApiSportKey: 'soccer_fa_cup' };
    const team = (name: string) => ({ id: name, name, shortName: null, logoUrl: null });
    const match = {
      externalId: 'api-football:815162',
      leagueSlug: 'fa-cup',
      home: team('Home side'),
      away: team('Away side'),
      kickoff: new Date('2022-01-10T19:55:00Z'),
      phase: 'scheduled' as const,
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
    };
    const [event, ...others] = toOddsEvents(odds, [match], [cup]);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      id: 'api-football:815162',
      sport_key: 'soccer_fa_cup',
      commence_time: '2022-01-10T19:55:00Z',
    });
    expect(event?.bookmakers.map((b) => [b.key, b.title])).toEqual([['bwin', 'Bwin']]);
    const prices = event?.bookmakers[0]?.markets.map((m) => [
      m.key,
      m.outcomes.map((o) => `${o.name} ${o.price}${o.point === undefined ? '' : ` (${o.point})`}`),
    ]);
    expect(prices).toEqual([
      ['h2h', ['Home side 1.65', 'Draw 3.8', 'Away side 4.5']],
      ['totals', ['Over 1.78 (2.5)', 'Under 1.93 (2.5)']],
    ]);
  });
});

describe('af-error-daily-limit-2026-08-19', () => {
  it('reads as the daily quota used up, not worth another try', () => {
    const body = real('af-error-daily-limit-2026-08-19');
    const error = findBodyError(body);
    expect(error).toBeInstanceOf(UpstreamError);
    expect([error?.kind, error?.retryable]).toEqual(['quota', false]);
    expect(error?.message).toBe(
      'api-football: requests: You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
    );
    expect(() => parseMatches(body)).toThrow(error?.message);
  });
});
