import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { LEAGUES, type LeagueEntry } from '../../../domain/league.ts';
import { getUkKickoffMs } from '../../../domain/time-zone.ts';
import type { DroppedItem } from '../upstream/http.ts';
import { readDayPage } from './day-list.ts';
import { parseMatches, parseMatchItems } from './matches.ts';
import { parseStandings, parseTopPlayers } from './parse.ts';

// The bodies public projects recorded from BeSoccer (fixtures/real/SOURCES.md), read by the
// adapter's parsers. Every expected value below was read off the JSON by hand.

function realBody(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8'));
}

/** A registry entry for another BeSoccer competition, so a real day list has matches of ours. */
function otherLeague(slug: string, id: number, name: string): LeagueEntry {
  return { ...(LEAGUES[0] as LeagueEntry), slug, name, besoccer: { id, name } };
}

const DAY_LEAGUES = [
  otherLeague('championship', 25, 'Championship'),
  otherLeague('serie-c', 90, 'Serie C'),
  otherLeague('friendlies', 153, 'Partidos Amistosos'),
  otherLeague('argentina', 675, 'Liga Profesional Argentina'),
];

describe('bs-doc-partidosdia.json (req=matchsday, the documentation example of 14 March 2023)', () => {
  const body = realBody('bs-doc-partidosdia.json');

  it('is one page of 40 items of a day that has 240', () => {
    const page = readDayPage(body);
    expect(page.items).toHaveLength(40);
    expect(page.total).toBe(240);
  });

  it('has none of the five leagues, and no item to drop', () => {
    const dropped: DroppedItem[] = [];
    const read = parseMatches(body, { envelope: 'matches', drop: (d) => dropped.push(d) });
    expect(read).toEqual({ matches: [], leftOut: [], partial: false });
    expect(dropped).toEqual([]);
  });

  it('reads the items of followed competitions by their category id, in Madrid time', () => {
    const dropped: DroppedItem[] = [];
    const { matches, leftOut, partial } = parseMatches(body, {
      envelope: 'matches',
      leagues: DAY_LEAGUES,
      drop: (d) => dropped.push(d),
    });
    expect([leftOut, partial, dropped]).toEqual([[], false, []]);
    const count = (slug: string) => matches.filter((m) => m.leagueSlug === slug).length;
    expect(DAY_LEAGUES.map((l) => [l.slug, count(l.slug)])).toEqual([
      ['championship', 6],
      ['serie-c', 10],
      ['friendlies', 3],
      ['argentina', 2],
    ]);
    const byId = new Map(matches.map((m) => [m.externalId, m]));
    expect(byId.get('besoccer:46072')).toEqual({
      externalId: 'besoccer:46072',
      leagueSlug: 'championship',
      home: {
        id: '6517140',
        name: 'Blackpool',
        shortName: 'BPO',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/508.jpg?size=60x&lossy=1&v=28',
      },
      away: {
        id: '6517150',
        name: 'Queens Park Rangers',
        shortName: 'QPR',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2044.jpg?size=60x&lossy=1&v=28',
      },
      // "20:45" on 2023/03/14: the Championship's 19:45 GMT evening kick-off, written in CET.
      kickoff: new Date('2023-03-14T19:45:00Z'),
      phase: 'scheduled',
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
    });
    // A friendly in play at minute 13, 0-0 (its items carry `result` but no per-side goals).
    expect(byId.get('besoccer:768696')).toMatchObject({
      home: { name: 'Brommapojkarna' },
      away: { name: 'IK Brage' },
      kickoff: new Date('2023-03-14T13:00:00Z'),
      phase: 'live',
      minute: '13',
      homeScore: 0,
      awayScore: 0,
    });
    // Finished 1-1 at "01:00" on the 14th in Madrid: 21:00 on the 13th in Buenos Aires.
    expect(byId.get('besoccer:526460')).toMatchObject({
      home: { name: 'Vélez Sarsfield' },
      away: { name: 'Platense' },
      kickoff: new Date('2023-03-14T00:00:00Z'),
      phase: 'finished',
      homeScore: 1,
      awayScore: 1,
    });
  });
});

describe('bs-matchs-league1-round-2023-11-16.json (req=matchs&league=1, LaLiga round 13)', () => {
  const body = realBody('bs-matchs-league1-round-2023-11-16.json');
  const read = parseMatches(body, { envelope: 'match' });

  it('reads the ten LaLiga matches of the round', () => {
    expect(read.leftOut).toEqual([]);
    expect(read.matches).toHaveLength(10);
    expect(read.matches.every((m) => m.leagueSlug === 'la-liga')).toBe(true);
    expect(read.matches.map((m) => m.phase).filter((p) => p === 'finished')).toHaveLength(9);
    expect(read.matches[0]).toMatchObject({
      externalId: 'besoccer:30367',
      home: { id: '6583636', name: 'Athletic', shortName: 'ATH' },
      away: { id: '6583638', name: 'Celta', shortName: 'CEL' },
      phase: 'finished',
      homeScore: 4,
      awayScore: 3,
    });
    expect(read.matches[9]).toMatchObject({
      externalId: 'besoccer:30373',
      home: { name: 'Mallorca' },
      away: { name: 'Cádiz' },
      phase: 'scheduled',
      homeScore: null,
      awayScore: null,
    });
  });

  // football-data.co.uk's names of the round's clubs (data/results.csv.gz).
  const UK_NAMES: Record<string, string> = {
    Athletic: 'Ath Bilbao',
    'Rayo Vallecano': 'Vallecano',
    Almería: 'Almeria',
    'Real Sociedad': 'Sociedad',
    'Deportivo Alavés': 'Alaves',
    'Real Betis': 'Betis',
    Atlético: 'Ath Madrid',
    Cádiz: 'Cadiz',
  };
  const ukName = (name: string) => UK_NAMES[name] ?? name;

  /** La Liga rows of Touchline's historical results: home, away, UK date and time, goals. */
  function readLaLigaResults(): Map<string, { date: string; time: string; goals: string }> {
    const url = new URL('../../../../data/results.csv.gz', import.meta.url);
    const lines = gunzipSync(readFileSync(url)).toString('utf8').split('\n');
    const rows = new Map<string, { date: string; time: string; goals: string }>();
    for (const line of lines) {
      const [div, season, date, time, home, away, fthg, ftag] = line.split(',');
      if (div !== 'SP1' || season !== '2023-2024') continue;
      rows.set(`${home}|${away}`, {
        date: date ?? '',
        time: time ?? '',
        goals: `${fthg}-${ftag}`,
      });
    }
    return rows;
  }

  it('gives every kick-off at its real instant: the body writes Madrid time', () => {
    const results = readLaLigaResults();
    const compared = read.matches.map((match) => {
      const row = results.get(`${ukName(match.home.name)}|${ukName(match.away.name)}`);
      if (row === undefined) throw new Error(`no result for ${match.home.name}`);
      if (match.phase === 'finished') {
        expect(`${match.homeScore}-${match.awayScore}`).toBe(row.goals);
      }
      return [match.externalId, match.kickoff.toISOString(), getUkKickoffMs(row.date, row.time)];
    });
    expect(compared).toHaveLength(10);
    for (const [, kickoff, real] of compared) expect(kickoff).toBe(new Date(real!).toISOString());
    // Athletic–Celta: "21:00" in the body, 20:00 in the UK (GMT in November), so 20:00Z.
    expect(compared[0]).toEqual([
      'besoccer:30367',
      '2023-11-10T20:00:00.000Z',
      Date.parse('2023-11-10T20:00:00Z'),
    ]);
  });
});

describe('bs-doc-clasificacion.json (req=tables&league=1, the documentation example)', () => {
  it('reads the 20 rows, numbers given as strings or as numbers', () => {
    const dropped: DroppedItem[] = [];
    const rows = parseStandings(realBody('bs-doc-clasificacion.json'), (d) => dropped.push(d));
    expect(dropped).toEqual([]);
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.pos)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows[0]).toEqual({
      team: {
        id: '429',
        name: 'Barcelona',
        shortName: 'FCB',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/429.jpg?size=120x&lossy=1&v=28',
      },
      pos: 1,
      wins: 21,
      draws: 2,
      losses: 2,
      goalsFor: 47,
      goalsAgainst: 8,
      points: 65,
    });
    expect(rows[19]).toMatchObject({ team: { name: 'Elche' }, points: 13, wins: 2, losses: 16 });
  });
});

describe('bs-league_stats-league1-2023-11-15.json (req=league_stats&league=1)', () => {
  it('reads 20 scorers and 20 assisters (`asists`), best first', () => {
    const dropped: DroppedItem[] = [];
    const { goals, assists } = parseTopPlayers(
      realBody('bs-league_stats-league1-2023-11-15.json'),
      (d) => dropped.push(d),
    );
    expect(dropped).toEqual([]);
    expect([goals.length, assists.length]).toEqual([20, 20]);
    expect(goals[0]).toEqual({
      playerId: '839567',
      nick: 'J. Bellingham',
      imageUrl: 'https://t.resfu.com/img_data/players/medium/839567.jpg?size=60x&lossy=1&v=36',
      // `flag` is the player's country; `cc` ("es") is the competition's.
      flag: 'gb',
      team: {
        id: '2107',
        name: 'Real Madrid',
        shortName: null,
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2107.jpg?size=60x&lossy=1&v=36',
      },
      total: 10,
    });
    expect(goals.slice(1, 3).map((p) => [p.nick, p.total])).toEqual([
      ['Gerard Moreno', 8],
      ['A. Griezmann', 8],
    ]);
    expect(assists.slice(0, 2).map((p) => [p.nick, p.team?.name, p.flag, p.total])).toEqual([
      ['Diego Rico', 'Getafe', 'es', 5],
      ['Nico Williams', 'Athletic', 'es', 5],
    ]);
  });
});

describe('day-list items of a followed league', () => {
  it('sorts the real items by category id alone when their name is missing', () => {
    const items = readDayPage(realBody('bs-doc-partidosdia.json')).items as Record<
      string,
      unknown
    >[];
    const unnamed = items.map((item) => ({ ...item, competition_name: null }));
    const read = parseMatchItems(unnamed, { leagues: DAY_LEAGUES });
    expect(read.matches).toHaveLength(21);
    expect(read.partial).toBe(false);
  });
});
