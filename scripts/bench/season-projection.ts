// Benchmark of the season projection: 10,000 simulated rest-of-seasons for each of the five
// leagues from 2022-23 cut at its midpoint (each league's first half of matches played, the
// second half to play), the fixtures forecast by Dixon-Coles trained on every result before the
// cut. Only the simulations are timed, on the process's CPU clock (one thread runs them) and the
// wall clock: the target is 2 s of CPU for all five leagues.
import path from 'node:path';

import { getLeaguePlaces, LEAGUES } from '../../src/domain/league.ts';
import {
  projectSeason,
  type ProjectionFixture,
  type ProjectionInput,
} from '../../src/domain/season-projection.ts';
import { computeStandings } from '../../src/domain/standings.ts';
import { createDixonColes } from '../../src/server/predict/dixon-coles.ts';
import { readPlayedMatches } from '../../src/server/predict/history.ts';
import type { PlayedMatch } from '../../src/server/predict/model.ts';
import { listLikelyScores } from '../../src/server/predict/score-grid.ts';

const SEASON = '2022-2023';
const SIMULATIONS = 10_000;
const TARGET_CPU_S = 2;

/** Each league's table at the cut and its fixtures to play, forecast by Dixon-Coles. */
function buildMidSeason(matches: PlayedMatch[]): { name: string; input: ProjectionInput }[] {
  const model = createDixonColes();
  const byKickoff = [...matches].sort((a, b) => a.kickoffMs - b.kickoffMs);
  return LEAGUES.map((league) => {
    const season = byKickoff.filter((m) => m.league === league.division && m.season === SEASON);
    const played = season.slice(0, Math.floor(season.length / 2));
    const toPlay = season.slice(played.length);
    const cutMs = toPlay[0]?.kickoffMs ?? Infinity;
    for (const m of byKickoff)
      if (m.league === league.division && m.kickoffMs < cutMs) model.learn(m);

    const clubs = [...new Set(season.flatMap((m) => [m.home, m.away]))];
    const table = computeStandings(
      clubs.map((name, id) => ({ id, name, shield: '' })),
      played.map((m) => ({
        homeId: clubs.indexOf(m.home),
        awayId: clubs.indexOf(m.away),
        home: m.homeGoals,
        away: m.awayGoals,
      })),
    );
    const fixtures: ProjectionFixture[] = toPlay.map(({ homeGoals: _h, awayGoals: _a, ...f }) => {
      const forecast = model.forecast(f);
      return {
        home: f.home,
        away: f.away,
        scores: listLikelyScores(
          forecast.expectedHomeGoals,
          forecast.expectedAwayGoals,
          forecast.rho ?? 0,
          Number.POSITIVE_INFINITY,
        ),
      };
    });
    return {
      name: league.name,
      input: {
        table: table.map((row) => ({
          key: row.team,
          points: row.points,
          goalsFor: row.goals_for ?? 0,
          goalsAgainst: row.goals_against ?? 0,
          played: row.wins + row.draws + row.losses,
        })),
        fixtures,
        places: getLeaguePlaces(league, SEASON),
        simulations: SIMULATIONS,
        seed: `bench:${league.slug}`,
      },
    };
  });
}

export async function benchSeasonProjection(): Promise<void> {
  const matches = await readPlayedMatches(
    path.join(import.meta.dirname, '..', '..', 'data', 'results.csv.gz'),
  );
  const leagues = buildMidSeason(matches);
  const fixtures = leagues.reduce((sum, l) => sum + l.input.fixtures.length, 0);
  console.log(
    `\nseason projection: ${SEASON} cut at its midpoint, ${fixtures} fixtures to play in ${leagues.length} leagues, ${SIMULATIONS.toLocaleString('en-GB')} simulations each`,
  );

  const seasons = SIMULATIONS * leagues.length;
  for (const run of ['first run (cold)', 'second run']) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const projections = leagues.map((l) => ({ name: l.name, rows: projectSeason(l.input) }));
    const wallS = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuS = (used.user + used.system) / 1e6;
    console.log(
      `${run}: ${cpuS.toFixed(3)} s CPU, ${wallS.toFixed(3)} s wall; ` +
        `${Math.round(seasons / cpuS).toLocaleString('en-GB')} seasons per CPU second ` +
        `(target ${seasons.toLocaleString('en-GB')} seasons in at most ${TARGET_CPU_S} s of CPU) ` +
        `${cpuS <= TARGET_CPU_S ? 'MET' : 'MISSED'}`,
    );
    if (run === 'second run') {
      for (const { name, rows } of projections) {
        const favourite = rows[0];
        if (favourite === undefined) continue;
        console.log(
          `  ${name}: ${favourite.key} ${favourite.pointsNow} pts now, ` +
            `${favourite.expectedPoints.toFixed(1)} expected, title ${(favourite.title * 100).toFixed(1)}%`,
        );
      }
    }
  }
}
