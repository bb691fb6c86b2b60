import { describe, expect, it } from 'vitest';

import type { MatchFacts } from '../../../domain/match-facts.ts';
import type { OddsEvent } from '../../../domain/odds.ts';
import { markListGaps, readListGaps, type ProviderMatchEvent } from '../provider.ts';
import type { LiveSource, UpstreamMatch, UpstreamTeam } from '../upstream/live-source.ts';
import { createLiveProvider, type KnownClubInfo } from './live-provider.ts';

const CLUBS: KnownClubInfo[] = [
  {
    key: 'man-united',
    leagueSlug: 'premier-league',
    name: 'Man United',
    shortName: 'MUN',
    names: ['Man United', 'Manchester United', 'Manchester Utd'],
  },
  {
    key: 'fulham',
    leagueSlug: 'premier-league',
    name: 'Fulham',
    shortName: 'FUL',
    names: ['Fulham'],
  },
  {
    key: 'barcelona',
    leagueSlug: 'la-liga',
    name: 'Barcelona',
    shortName: 'BAR',
    names: ['Barcelona', 'Barça'],
  },
];

const upstreamTeam = (name: string, shortName: string | null = null): UpstreamTeam => ({
  id: name.length.toString(),
  name,
  shortName,
  logoUrl: `https://crests.example/${encodeURIComponent(name)}.png`,
});

const upstreamMatch = (fields: Partial<UpstreamMatch> & Pick<UpstreamMatch, 'externalId'>) => ({
  leagueSlug: 'premier-league',
  home: upstreamTeam('Manchester United FC', 'Man United'),
  away: upstreamTeam('Fulham FC', 'Fulham'),
  kickoff: new Date('2026-11-21T15:00:00Z'),
  phase: 'live' as const,
  minute: '67',
  homeScore: 1,
  awayScore: 0,
  htHomeScore: 1,
  htAwayScore: 0,
  ...fields,
});

const oddsEvent = (id: string, home: string, away: string): OddsEvent => ({
  id,
  sport_key: 'soccer_epl',
  commence_time: '2026-11-28T15:00:00Z',
  home_team: home,
  away_team: away,
  bookmakers: [
    {
      key: 'bet365',
      title: 'Bet365',
      markets: [
        {
          key: 'h2h',
          outcomes: [
            { name: home, price: 1.9 },
            { name: 'Draw', price: 3.5 },
            { name: away, price: 4.2 },
          ],
        },
      ],
    },
  ],
});

describe('createLiveProvider', () => {
  it('maps upstream club names onto the known clubs, with their own names', async () => {
    const matches: LiveSource = {
      name: 'football-data',
      listMatches: async () => [upstreamMatch({ externalId: 'football-data:101' })],
    };
    const provider = createLiveProvider({ sources: { matches }, clubs: CLUBS });

    const [match] = await provider.listMatches(new Date(0), new Date(1), new Date(0));

    expect(match).toMatchObject({
      externalId: 'football-data:101',
      leagueSlug: 'premier-league',
      homeKey: 'man-united',
      awayKey: 'fulham',
      phase: 'live',
      minute: '67',
      homeScore: 1,
      awayScore: 0,
    });
    expect(match?.home).toEqual({
      key: 'man-united',
      leagueSlug: 'premier-league',
      name: 'Man United',
      shortName: 'MUN',
      logoUrl: 'https://crests.example/Manchester%20United%20FC.png',
    });
    expect(match?.away).toMatchObject({ key: 'fulham', name: 'Fulham', shortName: 'FUL' });
  });

  it('passes on what the source left out of its list, and a list without gaps as whole', async () => {
    const listed = upstreamMatch({ externalId: 'besoccer:1' });
    const noted: LiveSource = {
      name: 'besoccer',
      listMatches: async () => markListGaps([listed], { leftOut: ['besoccer:2'], partial: true }),
    };
    const whole: LiveSource = { name: 'besoccer', listMatches: async () => [listed] };
    const list = (matches: LiveSource) =>
      createLiveProvider({ sources: { matches }, clubs: CLUBS }).listMatches(
        new Date(0),
        new Date(1),
        new Date(0),
      );

    const fromNoted = await list(noted);
    expect(fromNoted.map((m) => m.homeKey)).toEqual(['man-united']);
    expect(readListGaps(fromNoted)).toEqual({ leftOut: ['besoccer:2'], partial: true });
    expect(readListGaps(await list(whole))).toEqual({ leftOut: [], partial: false });
  });

  it("passes on a match's goals and facts, and leaves them absent where the source has none", async () => {
    const facts: MatchFacts = {
      goalsRecorded: true,
      assistKind: 'assist',
      shots: null,
      statistics: null,
      atFullTime: [],
      referee: 'M. Oliver',
      sources: ['api-football'],
    };
    const goal: ProviderMatchEvent = {
      kind: 'goal',
      side: 'home',
      minute: 45,
      added: 2,
      scorer: 'B. Fernandes',
      assist: null,
      penalty: true,
      ownGoal: false,
    };
    const matches: LiveSource = {
      name: 'api-football',
      listMatches: async () => [
        upstreamMatch({ externalId: 'api-football:1', events: [goal], facts }),
        upstreamMatch({ externalId: 'api-football:2' }),
      ],
    };
    const provider = createLiveProvider({ sources: { matches }, clubs: CLUBS });

    const [known, unknown] = await provider.listMatches(new Date(0), new Date(1), new Date(0));

    expect(known?.events).toEqual([goal]);
    expect(known?.facts).toEqual(facts);
    // Absent, not empty: the sync then keeps what it stored.
    expect(unknown).not.toHaveProperty('events');
    expect(unknown).not.toHaveProperty('facts');
  });

  it('gives a club it does not know a slug key and the upstream name', async () => {
    const standings: LiveSource = {
      name: 'besoccer',
      getStandings: async () => [
        {
          team: upstreamTeam('Real Oviedo', 'OVI'),
          pos: 18,
          wins: 2,
          draws: 3,
          losses: 7,
          goalsFor: 9,
          goalsAgainst: 20,
          points: 9,
        },
        {
          team: upstreamTeam('FC Barcelona', null),
          pos: 1,
          wins: 10,
          draws: 1,
          losses: 1,
          goalsFor: 30,
          goalsAgainst: 9,
          points: 31,
        },
        {
          team: upstreamTeam('CD Leganés', null),
          pos: 20,
          wins: 1,
          draws: 2,
          losses: 9,
          goalsFor: 7,
          goalsAgainst: 25,
          points: 5,
        },
      ],
    };
    const provider = createLiveProvider({ sources: { standings }, clubs: CLUBS });

    const table = await provider.getStandings('la-liga', new Date(0));

    expect(table.map((r) => [r.teamKey, r.team?.name, r.team?.shortName, r.pos])).toEqual([
      ['real-oviedo', 'Real Oviedo', 'OVI', 18],
      ['barcelona', 'Barcelona', 'BAR', 1],
      ['leganes', 'CD Leganés', 'CDL', 20],
    ]);
    expect(table[0]?.team?.leagueSlug).toBe('la-liga');
  });

  it('offers only the kinds that have a source', () => {
    const source: LiveSource = { name: 'besoccer', getStandings: async () => [] };
    const odds: LiveSource = { name: 'odds-api', listOdds: async () => [] };
    const provider = createLiveProvider({
      sources: { standings: source, odds, players: undefined },
      clubs: CLUBS,
    });
    expect([...(provider.offers ?? [])].sort()).toEqual(['odds', 'standings']);
    expect(provider.name).toBe('live');
  });

  it('throws when asked for a kind without a source', async () => {
    const provider = createLiveProvider({ sources: {}, clubs: CLUBS });
    const now = new Date(0);
    await expect(provider.listMatches(now, now, now)).rejects.toThrow('no provider gives matches');
    await expect(provider.getStandings('la-liga', now)).rejects.toThrow(
      'no provider gives standings',
    );
    await expect(provider.getTopPlayers('la-liga', now)).rejects.toThrow(
      'no provider gives players',
    );
    await expect(provider.listOdds('la-liga', now)).rejects.toThrow('no provider gives odds');
    await expect(provider.listTransfers('la-liga', now)).rejects.toThrow(
      'no provider gives transfers',
    );
  });

  it('throws when the chosen source lacks the method for the kind', async () => {
    // A source picked for players that has no getTopPlayers (a plan without it).
    const players: LiveSource = { name: 'football-data' };
    const provider = createLiveProvider({ sources: { players }, clubs: CLUBS });
    await expect(provider.getTopPlayers('premier-league', new Date(0))).rejects.toThrow(
      'no provider gives players',
    );
  });

  it('turns odds events into scheduled matches with the source name in their ids', async () => {
    const event = oddsEvent('e912', 'Manchester United', 'Nottingham Forest');
    const odds: LiveSource = {
      name: 'odds-api',
      listOdds: async (leagueSlug) => (leagueSlug === 'premier-league' ? [event] : []),
    };
    const provider = createLiveProvider({ sources: { odds }, clubs: CLUBS });

    const listed = await provider.listOdds('premier-league', new Date(0));

    expect(listed).toHaveLength(1);
    // The prices name the clubs as the club table does, the teams and their outcomes alike.
    expect(listed[0]?.event).toEqual(oddsEvent('e912', 'Man United', 'Nottingham Forest'));
    expect(listed[0]?.match).toEqual({
      externalId: 'odds-api:e912',
      leagueSlug: 'premier-league',
      homeKey: 'man-united',
      awayKey: 'nottingham-forest',
      kickoff: new Date('2026-11-28T15:00:00Z'),
      phase: 'scheduled',
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
      home: {
        key: 'man-united',
        leagueSlug: 'premier-league',
        name: 'Man United',
        shortName: 'MUN',
        logoUrl: null,
      },
      away: {
        key: 'nottingham-forest',
        leagueSlug: 'premier-league',
        name: 'Nottingham Forest',
        shortName: 'Not',
        logoUrl: null,
      },
    });
    expect(await provider.listOdds('la-liga', new Date(0))).toEqual([]);
  });

  it("prefixes match ids with the matches source's name", () => {
    const matches: LiveSource = { name: 'api-football', listMatches: async () => [] };
    const odds: LiveSource = { name: 'odds-api', listOdds: async () => [] };
    expect(createLiveProvider({ sources: { matches, odds }, clubs: CLUBS }).matchIdPrefix).toBe(
      'api-football:',
    );
    expect(createLiveProvider({ sources: { odds }, clubs: CLUBS }).matchIdPrefix).toBe('live:');
  });

  it('maps the clubs of players and transfers, keeping players without a club', async () => {
    const source: LiveSource = {
      name: 'besoccer',
      getTopPlayers: async () => ({
        goals: [
          {
            playerId: '9',
            nick: 'Höjlund',
            imageUrl: null,
            flag: 'dk',
            team: upstreamTeam('Manchester Utd'),
            total: 7,
          },
        ],
        assists: [
          { playerId: '4', nick: 'Free Agent', imageUrl: null, flag: '', team: null, total: 3 },
        ],
      }),
      listTransfers: async () => [
        {
          team: upstreamTeam('Fulham FC'),
          direction: 'in',
          playerId: '77',
          playerName: 'New Signing',
          imageUrl: null,
          flag: 'br',
          otherClub: 'Santos',
          type: 'transfer',
          valor: '€20M',
          window: '2026 summer',
        },
      ],
    };
    const provider = createLiveProvider({
      sources: { players: source, transfers: source },
      clubs: CLUBS,
    });

    const top = await provider.getTopPlayers('premier-league', new Date(0));
    expect(top.goals[0]).toMatchObject({ teamKey: 'man-united', team: { name: 'Man United' } });
    expect(top.assists[0]?.teamKey).toBeNull();
    expect(top.assists[0]).not.toHaveProperty('team');

    const moves = await provider.listTransfers('premier-league', new Date(0));
    expect(moves[0]).toMatchObject({
      teamKey: 'fulham',
      team: { key: 'fulham', name: 'Fulham' },
      playerName: 'New Signing',
      valor: '€20M',
    });
  });
});
