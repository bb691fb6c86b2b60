import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { DroppedItem } from '../upstream/http.ts';
import { UpstreamError } from '../upstream/http.ts';
import { mapStatus, parseMatches } from './matches.ts';

// Match items in BeSoccer's zone (Madrid): in October 2026 that is UTC+2, so "17:30" is 15:30Z.

function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

function fixture(name: string): unknown {
  return JSON.parse(fixtureText(name));
}

function catchError(run: () => unknown): UpstreamError {
  try {
    run();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError, got a result');
}

/** The matches of a fixture's `matches` list, with what was dropped on the way. */
function matchesOf(name: string) {
  const dropped: DroppedItem[] = [];
  const read = parseMatches(fixture(name), {
    envelope: 'matches',
    drop: (item) => dropped.push(item),
  });
  return { ...read, dropped };
}

describe('mapStatus', () => {
  it.each([
    [-1, '', 'scheduled', ''],
    [0, '67', 'live', '67'],
    [0, '', 'live', ''],
    [0, 'Des', 'halftime', ''],
    [0, ' des ', 'halftime', ''],
    [0, '90+3', 'live', '90+3'],
    [0, "45 + 2'", 'live', '45+2'],
    [0, '07', 'live', '7'],
    [0, 'Fin', 'live', ''],
    [1, '', 'finished', ''],
    [1, '90', 'finished', ''],
    [2, '', 'postponed', ''],
    [3, '104', 'extratime', '104'],
    [4, '120', 'penalties', '120'],
    [5, '45', 'halftime', ''],
  ] as const)('maps status %s with live_minute %j to %s %j', (status, clock, phase, minute) => {
    expect(mapStatus(status, clock)).toEqual({ phase, minute });
  });

  it('has no phase for an undocumented status code', () => {
    expect(mapStatus(6, '10')).toBeNull();
    expect(mapStatus(-2, '')).toBeNull();
  });
});

describe('parseMatches', () => {
  it('maps the livescore answer: teams, kick-off in UTC, phases, minutes and scores', () => {
    const { matches, leftOut, partial, dropped } = matchesOf('besoccer-livescore.json');
    expect([leftOut, partial, dropped]).toEqual([[], false, []]);
    expect(matches).toHaveLength(5);
    const [arsenal, barcelona, inter, bayern, psg] = matches;
    expect(arsenal).toEqual({
      externalId: 'besoccer:604311',
      leagueSlug: 'premier-league',
      home: {
        id: '2067',
        name: 'Arsenal',
        shortName: 'ARS',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2067.jpg?size=60x&lossy=1',
      },
      away: {
        id: '2049',
        name: 'Chelsea',
        shortName: 'CHE',
        logoUrl: 'https://t.resfu.com/img_data/escudos/medium/2049.jpg?size=60x&lossy=1',
      },
      // 17:30 in Madrid on 18 October 2026 is Central European Summer Time (UTC+2).
      kickoff: new Date('2026-10-18T15:30:00Z'),
      phase: 'scheduled',
      minute: '',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      htAwayScore: null,
    });
    expect(barcelona).toMatchObject({
      externalId: 'besoccer:598120',
      leagueSlug: 'la-liga',
      home: { id: '429', name: 'Barcelona' },
      away: { id: '369', name: 'Atlético', shortName: 'ATM' },
      kickoff: new Date('2026-10-18T14:15:00Z'),
      phase: 'live',
      minute: '67',
      homeScore: 2,
      awayScore: 1,
    });
    expect(inter).toMatchObject({
      leagueSlug: 'serie-a',
      home: { name: 'Inter' },
      away: { name: 'Napoli' },
      phase: 'halftime',
      minute: '',
      homeScore: 0,
      awayScore: 0,
    });
    expect(bayern).toMatchObject({
      leagueSlug: 'bundesliga',
      home: { name: 'Bayern München', shortName: 'BAY' },
      away: { name: 'B. Dortmund', shortName: 'BVB' },
      kickoff: new Date('2026-10-18T13:30:00Z'),
      phase: 'finished',
      minute: '',
      homeScore: 3,
      awayScore: 1,
    });
    expect(psg).toMatchObject({
      leagueSlug: 'ligue-1',
      home: { name: 'PSG' },
      away: { name: 'Marseille' },
      kickoff: new Date('2026-10-18T18:45:00Z'),
      phase: 'live',
      minute: '23',
      homeScore: 1,
      awayScore: 0,
    });
  });

  it('maps the spec-only statuses 2 to 5 (unverified upstream)', () => {
    const { matches } = matchesOf('besoccer-livescore-spec-statuses.json');
    expect(
      matches.map((m) => [m.externalId, m.leagueSlug, m.phase, m.minute, m.homeScore, m.awayScore]),
    ).toEqual([
      ['besoccer:600010', 'premier-league', 'postponed', '', null, null],
      ['besoccer:600011', 'la-liga', 'extratime', '104', 1, 1],
      ['besoccer:600012', 'serie-a', 'penalties', '120', 2, 2],
      ['besoccer:600013', 'ligue-1', 'halftime', '', 0, 1],
    ]);
  });

  it('reads the `match` envelope of req=matchs', () => {
    const { matches } = parseMatches(fixture('besoccer-matchs-round.json'), { envelope: 'match' });
    expect(matches).toHaveLength(2);
    expect(matches[0]).toMatchObject({
      externalId: 'besoccer:598120',
      phase: 'live',
      minute: '67',
    });
    expect(matches[1]).toMatchObject({
      externalId: 'besoccer:598121',
      leagueSlug: 'la-liga',
      home: {
        id: '347',
        name: 'Athletic',
        shortName: 'ATH',
        logoUrl: 'https://cdn.resfu.com/img_data/equipos/347.png?size=60x&lossy=1',
      },
      away: { id: '2107', name: 'Real Madrid' },
      kickoff: new Date('2026-10-19T19:00:00Z'),
      phase: 'scheduled',
      homeScore: null,
      awayScore: null,
    });
  });

  it('keeps only the five leagues, even when another country uses the same name', () => {
    const { matches } = matchesOf('besoccer-matchsday-other-competitions.json');
    expect(matches.map((m) => [m.externalId, m.leagueSlug])).toEqual([
      ['besoccer:599904', 'bundesliga'],
    ]);
  });

  it('accepts the loose values BeSoccer sends: added time, string status, numbers, liveMinute', () => {
    const { matches } = matchesOf('besoccer-matchsday-loose-values.json');
    expect(matches).toHaveLength(3);
    expect(matches[0]).toMatchObject({
      externalId: 'besoccer:604311',
      kickoff: new Date('2026-10-18T10:30:00Z'),
      phase: 'live',
      minute: '90+3',
      homeScore: 1,
      awayScore: 1,
    });
    // An http:// crest is not shown.
    expect(matches[0]?.away.logoUrl).toBeNull();
    expect(matches[1]).toMatchObject({
      externalId: 'besoccer:598122',
      home: { id: '429' },
      away: { id: '369' },
      phase: 'finished',
      homeScore: 2,
      awayScore: 0,
    });
    expect(matches[2]).toMatchObject({
      externalId: 'besoccer:599905',
      phase: 'live',
      minute: '55',
      homeScore: 0,
      awayScore: 1,
    });
  });

  it('drops an item with an undocumented status and says why, keeping the rest', () => {
    const { matches, leftOut, partial, dropped } = matchesOf(
      'besoccer-livescore-unknown-status.json',
    );
    expect(matches.map((m) => m.externalId)).toEqual(['besoccer:604311']);
    expect(dropped).toEqual([
      { kind: 'match', id: '598120', reason: 'matches[1].status: unknown status 7' },
    ]);
    // Its stored match is vouched for: a broken item is not a cancelled match.
    expect([leftOut, partial]).toEqual([['besoccer:598120'], false]);
  });

  it('returns no matches for a day without any', () => {
    expect(matchesOf('besoccer-matchsday-empty.json')).toEqual({
      matches: [],
      leftOut: [],
      partial: false,
      dropped: [],
    });
  });

  it('drops an item without the home team name, naming the field, and keeps the other', () => {
    const { matches, leftOut, dropped } = matchesOf('besoccer-livescore-missing-field.json');
    expect(matches.map((m) => m.externalId)).toEqual(['besoccer:604311']);
    expect(leftOut).toEqual(['besoccer:598120']);
    expect(dropped).toEqual([
      {
        kind: 'match',
        id: '598120',
        reason: 'matches[1].local: Invalid input: expected string, received undefined',
      },
    ]);
  });

  it('drops an item whose status is not a number', () => {
    const { matches, leftOut, dropped } = matchesOf('besoccer-livescore-mistyped-status.json');
    expect(matches).toEqual([]);
    expect(leftOut).toEqual(['besoccer:600731']);
    expect(dropped[0]?.reason).toContain('matches[0].status');
  });

  it('marks the list partial when an item of ours (or of no named competition) has no id', () => {
    const body = fixture('besoccer-livescore.json') as { matches: Record<string, unknown>[] };
    const [arsenal, barcelona, ...rest] = body.matches;
    const broken = {
      matches: [
        { ...arsenal, id: null },
        { ...barcelona, competition_name: null },
        { ...rest[0], id: null, competition_name: 'Championship' },
        ...rest.slice(1),
      ],
    };
    const dropped: DroppedItem[] = [];
    const read = parseMatches(broken, { envelope: 'matches', drop: (d) => dropped.push(d) });
    expect(read.matches.map((m) => m.externalId)).toEqual(['besoccer:599904', 'besoccer:600731']);
    expect(read.partial).toBe(true);
    expect(read.leftOut).toEqual(['besoccer:598120']);
    // The Championship item is not ours: passed over, not dropped.
    expect(dropped.map((d) => [d.id, d.reason])).toEqual([
      ['matches[0]', 'matches[0].id: Invalid input'],
      ['598120', 'matches[1]: names no competition'],
    ]);
  });

  it('sorts an item by its category id before its name', () => {
    const body = fixture('besoccer-livescore.json') as { matches: Record<string, unknown>[] };
    const [arsenal, barcelona] = body.matches;
    const { matches } = parseMatches(
      {
        matches: [
          // A renamed LaLiga still has category 1; a Brazilian "Serie A" is category 35.
          { ...barcelona, competition_name: 'LaLiga EA Sports', category_id: '1' },
          { ...arsenal, competition_name: 'Serie A', category_id: 35 },
        ],
      },
      { envelope: 'matches' },
    );
    expect(matches.map((m) => [m.externalId, m.leagueSlug])).toEqual([
      ['besoccer:598120', 'la-liga'],
    ]);
  });

  it('reads an error inside the envelope of a league outside the plan as `plan`', () => {
    const error = catchError(() =>
      parseMatches(fixture('besoccer-matchs-outside-plan.json'), { envelope: 'match' }),
    );
    expect(error.kind).toBe('plan');
    expect(error.message).toContain('info-not-allowed-request-for-api-account-type');
  });

  it('rejects a body without the envelope instead of returning no matches', () => {
    const error = catchError(() =>
      parseMatches(fixture('besoccer-tables.json'), { envelope: 'matches' }),
    );
    expect(error.kind).toBe('bad-body');
    expect(error.message).toContain('matches: expected an array, got nothing');
  });
});

describe('fuzzing the match parser (fast-check, fixed seed)', () => {
  function expectOnlyUpstreamErrors(body: unknown) {
    try {
      parseMatches(body, { envelope: 'matches' });
    } catch (error) {
      expect(error).toBeInstanceOf(UpstreamError);
      expect(['bad-body', 'plan']).toContain((error as UpstreamError).kind);
    }
  }

  it('throws only bad-body or plan on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => expectOnlyUpstreamErrors(body)),
      { seed: 20261018, numRuns: 300 },
    );
  });

  it('never refuses a list because one field of one item is wrong', () => {
    const base = fixture('besoccer-livescore.json') as { matches: Record<string, unknown>[] };
    const item = base.matches[1] ?? {};
    const keys = Object.keys(item);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), (key, value) => {
        const body = { matches: [{ ...item, [key]: value }, ...base.matches.slice(2)] };
        const read = parseMatches(body, { envelope: 'matches' });
        expect(read.matches.length).toBeGreaterThanOrEqual(base.matches.length - 2);
      }),
      { seed: 20261018, numRuns: 500 },
    );
  });
});
