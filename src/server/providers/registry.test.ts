import { describe, expect, it } from 'vitest';

import { DATA_KINDS, type DataKind } from './provider.ts';
import { getLiveSource, LIVE_SOURCE_NAMES, listSourcesOf } from './registry.ts';
import type { LiveSource } from './upstream/live-source.ts';

const METHOD_OF: Record<DataKind, keyof LiveSource> = {
  matches: 'listMatches',
  standings: 'getStandings',
  players: 'getTopPlayers',
  odds: 'listOdds',
  transfers: 'listTransfers',
};

describe('the provider registry', () => {
  it.each(LIVE_SOURCE_NAMES)('lists exactly the kinds the %s adapter gives', (name) => {
    const entry = getLiveSource(name);
    const source = entry.create({ apiKey: 'a-key' });
    expect(source.name).toBe(name);
    const given = DATA_KINDS.filter((kind) => source[METHOD_OF[kind]] !== undefined);
    expect([...entry.offers].sort()).toEqual([...given].sort());
    for (const kind of entry.fallbackFor ?? []) expect(entry.offers).toContain(kind);
  });

  it('names a distinct key and base URL variable for each upstream', () => {
    const variables = LIVE_SOURCE_NAMES.flatMap((name) => [
      getLiveSource(name).keyVariable,
      getLiveSource(name).baseUrlVariable,
    ]);
    expect(new Set(variables).size).toBe(variables.length);
  });

  it('tries the upstreams of a kind in registry order, fallbacks last', () => {
    expect(listSourcesOf('matches')).toEqual(['besoccer', 'football-data', 'api-football']);
    expect(listSourcesOf('odds')).toEqual(['odds-api', 'api-football']);
    expect(listSourcesOf('transfers')).toEqual(['api-football']);
  });
});
