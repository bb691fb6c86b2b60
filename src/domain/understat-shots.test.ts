import { describe, expect, it } from 'vitest';

import {
  disagreementKind,
  joinShots,
  rounded,
  SHOT_COLUMNS,
  type KnownDisagreement,
  type ResultsMatch,
  type UnderstatShot,
} from './understat-shots.ts';

const CLUBS = [
  // key, results name, Understat name
  ['manchester-city', 'Man City', 'Manchester City'],
  ['watford', 'Watford', 'Watford'],
  ['sassuolo', 'Sassuolo', 'Sassuolo'],
  ['pescara', 'Pescara', 'Pescara'],
] as const;

let nextShotId = 1000;

/** A shot row as Understat's files have it (pandas floats), of Man City v Watford by default. */
function shot(fields: Partial<UnderstatShot> = {}): UnderstatShot {
  return {
    id: `${nextShotId++}.0`,
    minute: '10.0',
    result: 'SavedShot',
    X: '0.8859999847412109',
    Y: '0.5',
    xG: '0.0761234',
    player: 'Sergio Agüero',
    h_a: 'h',
    player_id: '619.0',
    situation: 'OpenPlay',
    season: '2018.0',
    shotType: 'RightFoot',
    match_id: '9500.0',
    h_team: 'Manchester City',
    a_team: 'Watford',
    h_goals: '0.0',
    a_goals: '0.0',
    date: '2019-03-09 17:30:00',
    player_assisted: 'David Silva',
    ...fields,
  };
}

function result(fields: Partial<ResultsMatch> = {}): ResultsMatch {
  return {
    div: 'E0',
    season: '2018-2019',
    date: '2019-03-09',
    home: 'Man City',
    away: 'Watford',
    fthg: 0,
    ftag: 0,
    hthg: 0,
    htag: 0,
    ...fields,
  };
}

function join(
  shots: UnderstatShot[],
  results: ResultsMatch[],
  known: KnownDisagreement[] = [],
  div = 'E0',
) {
  const errors: string[] = [];
  const joined = joinShots(
    {
      leagues: [{ div, shots }],
      results,
      clubOfUnderstatName: new Map(CLUBS.map(([key, , understat]) => [understat, key])),
      clubOfResultsName: new Map(CLUBS.map(([key, resultsName]) => [resultsName, key])),
      coverage: { seasons: ['2016-2017', '2018-2019'], until: '2019-12-31' },
      known,
    },
    errors,
  );
  const cell = (row: string[], column: (typeof SHOT_COLUMNS)[number]) =>
    row[SHOT_COLUMNS.indexOf(column)];
  return { ...joined, errors, cell };
}

describe('joinShots', () => {
  it('joins a shot through both club names to the results row a day apart', () => {
    const shots = [shot({ date: '2019-03-10 00:15:00' })];
    const { rows, errors, cell, counts } = join(shots, [result()]);
    expect(errors).toEqual([]);
    expect(counts).toMatchObject({ understatMatches: 1, joined: 1, unmatched: 0, absent: 0 });
    const [row = []] = rows;
    expect(Object.fromEntries(SHOT_COLUMNS.map((column) => [column, cell(row, column)]))).toEqual({
      div: 'E0',
      season: '2018-2019',
      date: '2019-03-09',
      home: 'Man City',
      away: 'Watford',
      understat_match_id: '9500',
      minute: '10',
      player_side: 'h',
      for_side: 'h',
      player: 'Sergio Agüero',
      player_id: '619',
      player_assisted: 'David Silva',
      result: 'SavedShot',
      situation: 'OpenPlay',
      shot_type: 'RightFoot',
      x: '0.886',
      y: '0.5',
      xg: '0.0761',
    });
  });

  it('picks the row with the clubs the right way round, not one three days away', () => {
    const shots = [shot({ date: '2019-03-10 00:15:00' })];
    const results = [
      result({ home: 'Watford', away: 'Man City' }),
      result({ date: '2019-03-12' }),
      result({ date: '2019-03-09' }),
    ];
    const { rows, errors, cell } = join(shots, results);
    expect(rows.map((row) => `${cell(row, 'date')} ${cell(row, 'home')}`)).toEqual([
      '2019-03-09 Man City',
    ]);
    // The other two are covered results matches without shots.
    expect(errors).toEqual([
      'results match without shots: E0 2019-03-09 Watford–Man City (shots none, understat none, results 0-0) is not a known disagreement',
      'results match without shots: E0 2019-03-12 Man City–Watford (shots none, understat none, results 0-0) is not a known disagreement',
    ]);
  });

  it('reports an Understat match with no results row within a day', () => {
    const { rows, errors, counts } = join(
      [shot({ date: '2019-03-11 20:00:00' })],
      [result({ date: '2019-03-09' })],
    );
    expect(rows).toEqual([]);
    expect(counts).toMatchObject({ unmatched: 1, absent: 1 });
    expect(errors).toContain(
      'understat E0 match 9500 (2019-03-11 Manchester City–Watford): no results row: E0 2019-03-11 Man City–Watford (shots 0-0, understat 0-0, results none) is not a known disagreement',
    );
  });

  it('joins a match listed with Understat date more than a day away', () => {
    const listed: KnownDisagreement = {
      div: 'E0',
      date: '2019-03-20',
      home: 'Man City',
      away: 'Watford',
      understatDate: '2019-03-09',
      shots: '0-0',
      understat: '0-0',
      results: '0-0',
      reason: 'postponed',
    };
    const { rows, errors, counts, cell } = join(
      [shot()],
      [result({ date: '2019-03-20' })],
      [listed],
    );
    expect(errors).toEqual([]);
    expect(rows.map((row) => cell(row, 'date'))).toEqual(['2019-03-20']);
    expect(counts).toMatchObject({ joined: 1, joinedByDate: 1, unmatched: 0, absent: 0 });
  });

  it('counts an own goal for the side that did not concede', () => {
    // Understat files the own goal under the Watford defender, on Watford's side (a).
    const match = { h_goals: '1.0', a_goals: '1.0' };
    const shots = [
      shot({ ...match, result: 'OwnGoal', h_a: 'a', player: 'Craig Cathcart', minute: '30.0' }),
      shot({ ...match, result: 'Goal', h_a: 'a', player: 'Troy Deeney', minute: '80.0' }),
    ];
    const { rows, errors, cell, counts } = join(shots, [
      result({ fthg: 1, ftag: 1, hthg: 1, htag: 0 }),
    ]);
    expect(errors).toEqual([]);
    expect(rows.map((row) => [cell(row, 'player_side'), cell(row, 'for_side')])).toEqual([
      ['a', 'h'],
      ['a', 'a'],
    ]);
    expect(counts).toMatchObject({ scoreAgrees: 1, halfTimeCompared: 1, halfTimeAgrees: 1 });
  });

  const awarded: KnownDisagreement = {
    div: 'I1',
    date: '2016-08-28',
    home: 'Sassuolo',
    away: 'Pescara',
    shots: '2-1',
    understat: '2-1',
    results: '0-3',
    reason: 'played 2-1, awarded 0-3',
  };
  const sassuoloShots = [
    ['h', '12.0'],
    ['a', '40.0'],
    ['h', '70.0'],
  ].map(([side, minute]) =>
    shot({
      result: 'Goal',
      h_a: side,
      minute,
      match_id: '1900.0',
      h_team: 'Sassuolo',
      a_team: 'Pescara',
      h_goals: '2.0',
      a_goals: '1.0',
      season: '2016.0',
      date: '2016-08-28 18:00:00',
    }),
  );
  const sassuoloResult = result({
    div: 'I1',
    season: '2016-2017',
    date: '2016-08-28',
    home: 'Sassuolo',
    away: 'Pescara',
    fthg: 0,
    ftag: 3,
    hthg: 1,
    htag: 1,
  });
  const sassuoloWhere = 'understat I1 match 1900 (2016-08-28 Sassuolo–Pescara): scores or date';

  it('accepts a known disagreement and lists it', () => {
    const { rows, errors, counts, known } = join(sassuoloShots, [sassuoloResult], [awarded], 'I1');
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(3);
    expect(known).toEqual([awarded]);
    expect(disagreementKind(awarded)).toBe('score');
    expect(counts).toMatchObject({ joined: 1, scoreAgrees: 0, scoreDiffers: 1 });
  });

  it('reports a disagreement that is not listed, or listed with other scores', () => {
    expect(join(sassuoloShots, [sassuoloResult], [], 'I1').errors).toEqual([
      `${sassuoloWhere}: I1 2016-08-28 Sassuolo–Pescara (shots 2-1, understat 2-1, results 0-3) is not a known disagreement`,
    ]);
    const other = { ...awarded, results: '0-2' };
    expect(join(sassuoloShots, [sassuoloResult], [other], 'I1').errors).toEqual([
      `${sassuoloWhere}: I1 2016-08-28 Sassuolo–Pescara is listed as shots 2-1, understat 2-1, results 0-2 but has shots 2-1, understat 2-1, results 0-3`,
      'known disagreement I1 2016-08-28 Sassuolo–Pescara no longer occurs',
    ]);
  });

  it("reports Understat's own score when its goal rows and the results say otherwise", () => {
    const stale = sassuoloShots.map((s) => ({ ...s, h_goals: '0.0', a_goals: '0.0' }));
    const { errors, counts } = join(stale, [{ ...sassuoloResult, fthg: 2, ftag: 1 }], [], 'I1');
    expect(counts).toMatchObject({ scoreAgrees: 1, understatScoreDiffers: 1 });
    expect(errors).toEqual([
      `${sassuoloWhere}: I1 2016-08-28 Sassuolo–Pescara (shots 2-1, understat 0-0, results 2-1) is not a known disagreement`,
    ]);
  });

  it('reports a known disagreement that no longer occurs', () => {
    const played = { ...sassuoloResult, fthg: 2, ftag: 1 };
    const { errors } = join(sassuoloShots, [played], [awarded], 'I1');
    expect(errors).toEqual(['known disagreement I1 2016-08-28 Sassuolo–Pescara no longer occurs']);
  });

  it('accepts a known results match without shots and leaves later matches alone', () => {
    const absent: KnownDisagreement = {
      div: 'E0',
      date: '2019-03-09',
      home: 'Man City',
      away: 'Watford',
      shots: null,
      understat: null,
      results: '3-1',
      reason: 'not in the source',
    };
    const { errors, counts } = join(
      [],
      [result({ fthg: 3, ftag: 1 }), result({ season: '2019-2020', date: '2020-01-04' })],
      [absent],
    );
    expect(errors).toEqual([]);
    expect(counts).toMatchObject({ covered: 1, absent: 1 });
    expect(disagreementKind(absent)).toBe('no shots');
  });

  it('sorts by date, division, home club, minute and shot id', () => {
    const shots = [
      shot({ id: '7.0', minute: '50.0', player: 'Seventh' }),
      shot({ id: '5.0', minute: '50.0', player: 'Fifth' }),
      shot({ id: '3.0', minute: '9.0', player: 'Third' }),
      shot({
        id: '1.0',
        minute: '60.0',
        player: 'First',
        match_id: '9400.0',
        date: '2019-01-05 12:00:00',
      }),
    ];
    const { rows, errors, cell } = join(shots, [result(), result({ date: '2019-01-05' })]);
    expect(errors).toEqual([]);
    expect(rows.map((row) => cell(row, 'player'))).toEqual(['First', 'Third', 'Fifth', 'Seventh']);
  });

  it('counts first-half goals against the half-time score', () => {
    // 46th minute: a first-half stoppage-time goal the half-time score counts.
    const shots = [shot({ result: 'Goal', minute: '46.0', h_goals: '1.0' })];
    const { counts, errors } = join(shots, [result({ fthg: 1, ftag: 0, hthg: 1, htag: 0 })]);
    expect(errors).toEqual([]);
    expect(counts).toMatchObject({ scoreAgrees: 1, halfTimeCompared: 1, halfTimeAgrees: 0 });
  });

  it('reports a shot whose fields are not as documented', () => {
    const { errors, rows } = join([shot({ id: '9.0', result: 'Woodwork', xG: '1.5' })], [result()]);
    expect(rows).toEqual([]);
    expect(errors[0]).toBe('understat E0 shot 9.0 (match 9500.0): xG "1.5", result "Woodwork"');
  });
});

describe('rounded', () => {
  it.each([
    [0.8859999847412109, 3, '0.886'],
    [0.52, 3, '0.52'],
    [0.00001, 4, '0'],
    [1, 3, '1'],
  ])('writes %d to %d decimals as %s', (value, digits, text) => {
    expect(rounded(value, digits)).toBe(text);
  });
});
