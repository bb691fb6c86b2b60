import { DATA_KINDS, type DataKind } from '../providers/provider.ts';
import {
  getLiveSource,
  LIVE_SOURCE_NAMES,
  listSourcesOf,
  type LiveSourceName,
} from '../providers/registry.ts';
import { ConfigError } from './config-error.ts';

/** What the environment says of the upstreams: their keys and addresses, and who gives what. */
export type UpstreamConfig = {
  keys: Record<LiveSourceName, string | undefined>;
  /** Each upstream's base URL when set (a proxy, a local fake); unset: the adapter's own. */
  baseUrls: Record<LiveSourceName, string | undefined>;
  /** With DATA_SOURCE=live: the upstream picked for each kind of data (none: not synced). */
  live: Record<DataKind, LiveSourceName | undefined>;
};

/** The variable that picks the upstream of a kind: MATCHES_PROVIDER, ODDS_PROVIDER… */
export function getChoiceVariable(kind: DataKind): string {
  return `${kind.toUpperCase()}_PROVIDER`;
}

/**
 * Reads the upstream variables, already checked one by one (the values of the env schema's
 * upstream part). With DATA_SOURCE=live, throws a ConfigError naming every problem of the
 * choice of upstreams.
 */
export function readUpstreams(
  values: Record<string, string | undefined>,
  dataSource: 'replay' | 'live',
): UpstreamConfig {
  const keys = {} as UpstreamConfig['keys'];
  const baseUrls = {} as UpstreamConfig['baseUrls'];
  for (const name of LIVE_SOURCE_NAMES) {
    const entry = getLiveSource(name);
    keys[name] = values[entry.keyVariable];
    baseUrls[name] = values[entry.baseUrlVariable];
  }
  return { keys, baseUrls, live: pickLiveSources(values, keys, dataSource) };
}

/**
 * The upstream for each kind: the operator's choice, else the first that has a key. With
 * DATA_SOURCE=live a choice without its key, a provider that lacks the kind, or no source of
 * matches at all is a configuration error naming the variables to set.
 */
function pickLiveSources(
  values: Record<string, string | undefined>,
  keys: UpstreamConfig['keys'],
  dataSource: 'replay' | 'live',
): UpstreamConfig['live'] {
  const picked = {} as UpstreamConfig['live'];
  if (dataSource !== 'live') {
    for (const kind of DATA_KINDS) picked[kind] = undefined;
    return picked;
  }
  const problems: string[] = [];
  for (const kind of DATA_KINDS) {
    const variable = getChoiceVariable(kind);
    // The env schema lets through only registry names and "none".
    const choice = values[variable] as LiveSourceName | 'none' | undefined;
    const able = listSourcesOf(kind);
    if (choice === 'none') {
      picked[kind] = undefined;
    } else if (choice !== undefined) {
      if (!able.includes(choice)) {
        problems.push(`${variable} ${choice} does not give ${kind}; use one of ${able.join(', ')}`);
      } else if (keys[choice] === undefined) {
        problems.push(
          `${variable} is ${choice} but ${getLiveSource(choice).keyVariable} is not set`,
        );
      }
      picked[kind] = choice;
    } else {
      picked[kind] = able.find((source) => keys[source] !== undefined);
    }
  }
  if (problems.length === 0 && picked.matches === undefined) {
    const variables = listSourcesOf('matches').map((name) => getLiveSource(name).keyVariable);
    problems.push(`DATA_SOURCE=live needs a source of matches: set ${variables.join(', or ')}`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return picked;
}
