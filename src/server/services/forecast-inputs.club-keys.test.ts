import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadRealReplayData } from '../../../tests/helpers/real-replay-data.ts';
import type { TestDatabase } from '../../../tests/helpers/test-db.ts';
import { LEAGUES } from '../../domain/league.ts';
import { listKnownClubs } from '../db/teams-queries.ts';
import { createLiveProvider } from '../providers/live/live-provider.ts';
import type { UpstreamMatch } from '../providers/upstream/live-source.ts';
import { createLiveForecastInputs } from './forecast-inputs.ts';

// The same club is one key in the shipped history and in the live upstreams' data, so the
// ratings the models learn from the history carry over to the live matches.

const NOW = new Date('2026-10-17T09:00:00Z');

/**
 * Clubs as football-data.org names them (name, shortName), from answers recorded by public
 * projects: the Premier League of 2025-26, the other leagues' clubs of 2020-21 to 2023-24.
 */
const FOOTBALL_DATA_CLUBS: [string, string, string][] = [
  ['premier-league', 'AFC Bournemouth', 'Bournemouth'],
  ['premier-league', 'Arsenal FC', 'Arsenal'],
  ['premier-league', 'Aston Villa FC', 'Aston Villa'],
  ['premier-league', 'Brentford FC', 'Brentford'],
  ['premier-league', 'Brighton & Hove Albion FC', 'Brighton Hove'],
  ['premier-league', 'Burnley FC', 'Burnley'],
  ['premier-league', 'Chelsea FC', 'Chelsea'],
  ['premier-league', 'Crystal Palace FC', 'Crystal Palace'],
  ['premier-league', 'Everton FC', 'Everton'],
  ['premier-league', 'Fulham FC', 'Fulham'],
  ['premier-league', 'Leeds United FC', 'Leeds United'],
  ['premier-league', 'Liverpool FC', 'Liverpool'],
  ['premier-league', 'Manchester City FC', 'Man City'],
  ['premier-league', 'Manchester United FC', 'Man United'],
  ['premier-league', 'Newcastle United FC', 'Newcastle'],
  ['premier-league', 'Nottingham Forest FC', 'Nottingham'],
  ['premier-league', 'Sunderland AFC', 'Sunderland'],
  ['premier-league', 'Tottenham Hotspur FC', 'Tottenham'],
  ['premier-league', 'West Ham United FC', 'West Ham'],
  ['premier-league', 'Wolverhampton Wanderers FC', 'Wolverhampton'],
  ['la-liga', 'Club Atlético de Madrid', 'Atleti'],
  ['la-liga', 'FC Barcelona', 'Barça'],
  ['la-liga', 'RCD Mallorca', 'Mallorca'],
  ['la-liga', 'Rayo Vallecano de Madrid', 'Rayo Vallecano'],
  ['la-liga', 'Real Betis Balompié', 'Real Betis'],
  ['la-liga', 'Real Madrid CF', 'Real Madrid'],
  ['la-liga', 'Real Sociedad de Fútbol', 'Real Sociedad'],
  ['la-liga', 'UD Las Palmas', 'Las Palmas'],
  ['la-liga', 'Villarreal CF', 'Villarreal'],
  ['serie-a', 'AC Milan', 'Milan'],
  ['serie-a', 'AC Monza', 'Monza'],
  ['serie-a', 'ACF Fiorentina', 'Fiorentina'],
  ['serie-a', 'Atalanta BC', 'Atalanta'],
  ['serie-a', 'Bologna FC 1909', 'Bologna'],
  ['serie-a', 'Empoli FC', 'Empoli'],
  ['serie-a', 'FC Internazionale Milano', 'Inter'],
  ['serie-a', 'Frosinone Calcio', 'Frosinone'],
  ['serie-a', 'Genoa CFC', 'Genoa'],
  ['serie-a', 'Juventus FC', 'Juventus'],
  ['serie-a', 'SS Lazio', 'Lazio'],
  ['serie-a', 'SSC Napoli', 'Napoli'],
  ['serie-a', 'Torino FC', 'Torino'],
  ['serie-a', 'Udinese Calcio', 'Udinese'],
  ['bundesliga', '1. FC Heidenheim 1846', 'Heidenheim'],
  ['bundesliga', '1. FC Köln', '1. FC Köln'],
  ['bundesliga', 'Bayer 04 Leverkusen', 'Leverkusen'],
  ['bundesliga', 'Borussia Mönchengladbach', "M'gladbach"],
  ['bundesliga', 'FC Augsburg', 'Augsburg'],
  ['bundesliga', 'FC Bayern München', 'Bayern'],
  ['bundesliga', 'RB Leipzig', 'RB Leipzig'],
  ['bundesliga', 'SC Freiburg', 'Freiburg'],
  ['bundesliga', 'SV Werder Bremen', 'Bremen'],
  ['bundesliga', 'TSG 1899 Hoffenheim', 'Hoffenheim'],
  ['bundesliga', 'VfB Stuttgart', 'Stuttgart'],
  ['bundesliga', 'VfL Wolfsburg', 'Wolfsburg'],
  ['ligue-1', 'AS Monaco FC', 'Monaco'],
  ['ligue-1', 'FC Metz', 'FC Metz'],
  ['ligue-1', 'OGC Nice', 'Nice'],
  ['ligue-1', 'Olympique de Marseille', 'Marseille'],
  ['ligue-1', 'Olympique Lyonnais', 'Olympique Lyon'],
  ['ligue-1', 'Paris Saint-Germain FC', 'PSG'],
  ['ligue-1', 'Racing Club de Lens', 'RC Lens'],
  ['ligue-1', 'Stade Rennais FC 1901', 'Stade Rennais'],
];

/** Premier League clubs as The Odds API names them (soccer_epl, recorded August 2023). */
const ODDS_API_CLUBS = [
  'Arsenal',
  'Aston Villa',
  'Bournemouth',
  'Brentford',
  'Brighton and Hove Albion',
  'Burnley',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Liverpool',
  'Luton',
  'Manchester City',
  'Manchester United',
  'Newcastle United',
  'Nottingham Forest',
  'Sheffield United',
  'Tottenham Hotspur',
  'West Ham United',
  'Wolverhampton Wanderers',
];

describe('club keys of the live upstreams and of the shipped history', () => {
  let database: TestDatabase;
  /** The clubs each league's history results name, by key, as the models learn them. */
  const learnt = new Map<string, Set<string>>();
  let provider: ReturnType<typeof createLiveProvider>;
  const codeOf = new Map(LEAGUES.map((league) => [league.slug, league.division]));

  beforeAll(async () => {
    ({ database } = await loadRealReplayData());
    const { played } = await createLiveForecastInputs({ db: database.db })(NOW);
    for (const record of played) {
      const keys = learnt.get(record.league) ?? new Set<string>();
      keys.add(record.homeKey).add(record.awayKey);
      learnt.set(record.league, keys);
    }
    const team = (name: string, shortName: string | null) => ({
      id: name,
      name,
      shortName,
      logoUrl: null,
    });
    const upstreamMatch = (leagueSlug: string, name: string, shortName: string | null) =>
      ({
        externalId: `football-data:${name}`,
        leagueSlug,
        kickoff: NOW,
        phase: 'scheduled',
        minute: '',
        homeScore: null,
        awayScore: null,
        htHomeScore: null,
        htAwayScore: null,
        home: team(name, shortName),
        away: team(name, shortName),
      }) satisfies UpstreamMatch;
    provider = createLiveProvider({
      sources: {
        matches: {
          name: 'football-data',
          listMatches: async () =>
            FOOTBALL_DATA_CLUBS.map(([slug, name, shortName]) =>
              upstreamMatch(slug, name, shortName),
            ),
        },
        odds: {
          name: 'odds-api',
          listOdds: async () =>
            ODDS_API_CLUBS.map((name) => ({
              id: name,
              commence_time: NOW.toISOString(),
              home_team: name,
              away_team: name,
              bookmakers: [],
            })),
        },
      },
      clubs: await listKnownClubs(database.db),
    });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('learns the recent seasons of every league', () => {
    expect([...learnt.keys()].sort()).toEqual(['D1', 'E0', 'F1', 'I1', 'SP1']);
  });

  it('gives each club football-data.org names the key its history is learnt under', async () => {
    const matches = await provider.listMatches(NOW, NOW, NOW);
    const unknown = matches.flatMap((m) =>
      learnt.get(codeOf.get(m.leagueSlug) ?? '')?.has(m.homeKey) === true
        ? []
        : [`${m.externalId} → ${m.homeKey}`],
    );
    expect(unknown).toEqual([]);
    expect(matches).toHaveLength(FOOTBALL_DATA_CLUBS.length);
  });

  it('gives each club The Odds API names the key its history is learnt under', async () => {
    const odds = await provider.listOdds('premier-league', NOW);
    const unknown = odds.flatMap(({ match }) =>
      learnt.get('E0')?.has(match.homeKey) === true
        ? []
        : [`${match.externalId} → ${match.homeKey}`],
    );
    expect(unknown).toEqual([]);
    expect(odds).toHaveLength(ODDS_API_CLUBS.length);
  });
});
