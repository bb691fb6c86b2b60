import { createApiFootballSource } from './api-football/client.ts';
import { createBesoccerSource } from './besoccer/client.ts';
import { createFootballDataSource } from './football-data/client.ts';
import { createOddsApiSource } from './odds-api/client.ts';
import type { DataKind } from './provider.ts';
import type { UpstreamClient } from './upstream/http.ts';
import type { LiveSource, LiveSourceOptions } from './upstream/live-source.ts';

/** What Touchline knows of one upstream API: how the operator configures it and what it gives. */
export type LiveSourceEntry = {
  /** How the status page and the footer name it. */
  title: string;
  /** The environment variable holding its API key; DATA_SOURCE=live uses it once this is set. */
  keyVariable: string;
  /** The environment variable that points it at another address (a proxy, a local fake). */
  baseUrlVariable: string;
  /** The kinds of data its adapter gives. */
  offers: readonly DataKind[];
  /** Kinds it gives but is picked for by default only when no other upstream with a key does. */
  fallbackFor?: readonly DataKind[];
  /** Builds its adapter, with its own HTTP client (counters, breaker, rate limits). */
  create: (options: LiveSourceOptions) => LiveSource & { client: UpstreamClient };
};

/**
 * The upstream APIs Touchline has adapters for. A new upstream is its folder under providers/
 * (client.ts, parse.ts, fixtures) and one entry here; configuration, the live choice and the
 * status page read this list. Order matters: for each kind, the first entry with a key is the
 * default (after those that are not a fallback for it), and error messages list them in it.
 */
export const LIVE_SOURCES = {
  besoccer: {
    title: 'BeSoccer',
    keyVariable: 'BESOCCER_API_KEY',
    baseUrlVariable: 'BESOCCER_BASE_URL',
    offers: ['matches', 'standings', 'players'],
    create: createBesoccerSource,
  },
  'football-data': {
    title: 'football-data.org',
    keyVariable: 'FOOTBALL_DATA_API_KEY',
    baseUrlVariable: 'FOOTBALL_DATA_BASE_URL',
    offers: ['matches', 'standings', 'players'],
    create: createFootballDataSource,
  },
  'api-football': {
    title: 'API-Football',
    keyVariable: 'API_FOOTBALL_KEY',
    baseUrlVariable: 'API_FOOTBALL_BASE_URL',
    offers: ['matches', 'standings', 'players', 'odds', 'transfers'],
    // The Odds API is the specialist: with both keys set, odds come from it.
    fallbackFor: ['odds'],
    create: createApiFootballSource,
  },
  'odds-api': {
    title: 'The Odds API',
    keyVariable: 'ODDS_API_KEY',
    baseUrlVariable: 'ODDS_API_BASE_URL',
    offers: ['odds'],
    create: createOddsApiSource,
  },
} as const satisfies Record<string, LiveSourceEntry>;

/** The name of an upstream Touchline has an adapter for ("besoccer", "odds-api"…). */
export type LiveSourceName = keyof typeof LIVE_SOURCES;

export const LIVE_SOURCE_NAMES = Object.keys(LIVE_SOURCES) as LiveSourceName[];

/** One upstream's entry, read through the common shape (the registry itself keeps literal types). */
export function getLiveSource(name: LiveSourceName): LiveSourceEntry {
  return LIVE_SOURCES[name];
}

/**
 * The upstreams that give `kind`, in the order the default pick tries them: the registry's
 * order, with those that are only a fallback for the kind last.
 */
export function listSourcesOf(kind: DataKind): LiveSourceName[] {
  const able = LIVE_SOURCE_NAMES.filter((name) => getLiveSource(name).offers.includes(kind));
  const isFallback = (name: LiveSourceName) =>
    getLiveSource(name).fallbackFor?.includes(kind) === true;
  return [...able.filter((name) => !isFallback(name)), ...able.filter(isFallback)];
}
