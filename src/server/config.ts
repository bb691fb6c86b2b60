import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import { LEAGUES } from '../domain/league.ts';
import { parsePasswordHash, PasswordHashError, type SitePassword } from './http/password-hash.ts';

export const DEFAULT_SITE_PASSWORD = 'kickoff';
/** Shorter plain passwords are warned about at start-up (SECURITY-TARGETS §4: ≥ 16 random characters). */
export const MIN_PASSWORD_LENGTH = 16;
export const DEFAULT_CREDIT_LINE = 'Built with love by the AI Department of Media24';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const SOURCES = ['besoccer', 'football-data', 'api-football', 'odds-api'] as const;
export type SourceName = (typeof SOURCES)[number];
export type LiveKind = 'matches' | 'standings' | 'players' | 'odds' | 'transfers';

/** Which upstream can give which kind, in the order Touchline prefers them by default. */
const SOURCES_BY_KIND: Record<LiveKind, SourceName[]> = {
  matches: ['besoccer', 'football-data', 'api-football'],
  standings: ['besoccer', 'football-data', 'api-football'],
  players: ['besoccer', 'football-data', 'api-football'],
  odds: ['odds-api', 'api-football'],
  transfers: ['besoccer', 'api-football'],
};

const KIND_VARIABLES: Record<LiveKind, string> = {
  matches: 'MATCHES_PROVIDER',
  standings: 'STANDINGS_PROVIDER',
  players: 'PLAYERS_PROVIDER',
  odds: 'ODDS_PROVIDER',
  transfers: 'TRANSFERS_PROVIDER',
};

const KEY_VARIABLES: Record<SourceName, string> = {
  besoccer: 'BESOCCER_API_KEY',
  'football-data': 'FOOTBALL_DATA_API_KEY',
  'api-football': 'API_FOOTBALL_KEY',
  'odds-api': 'ODDS_API_KEY',
};

const providerChoice = z
  .enum([...SOURCES, 'none', ''])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const baseUrl = optionalText.pipe(
  z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .optional(),
);

const EnvSchema = z.object({
  PORT: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(65535, 'must be at most 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  SITE_PASSWORD: z
    .string()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .optional(),
  SITE_PASSWORD_HASH: optionalText,
  ADMIN_PASSWORD: optionalText,
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  DATA_SOURCE: z.enum(['replay', 'live']).default('replay'),
  REPLAY_SEASON: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{4}$/, 'must be a season such as 2022-2023')
      .optional(),
  ),
  BESOCCER_API_KEY: optionalText,
  FOOTBALL_DATA_API_KEY: optionalText,
  API_FOOTBALL_KEY: optionalText,
  ODDS_API_KEY: optionalText,
  MATCHES_PROVIDER: providerChoice,
  STANDINGS_PROVIDER: providerChoice,
  PLAYERS_PROVIDER: providerChoice,
  ODDS_PROVIDER: providerChoice,
  TRANSFERS_PROVIDER: providerChoice,
  ODDS_API_DAILY_CREDITS: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .default(50),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .default(300),
  BESOCCER_BASE_URL: baseUrl,
  FOOTBALL_DATA_BASE_URL: baseUrl,
  API_FOOTBALL_BASE_URL: baseUrl,
  ODDS_API_BASE_URL: baseUrl,
  NEWS_FEEDS: optionalText,
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default('Africa/Johannesburg')
    .refine(isTimeZone, 'must be an IANA time zone such as Africa/Johannesburg'),
  NOW: optionalText.pipe(
    z.iso
      .datetime({ offset: true, message: 'must be an ISO date-time such as 2026-11-21T15:30:00Z' })
      .optional(),
  ),
  CLOCK_SPEED: z.coerce
    .number('must be a number')
    .positive('must be a positive number')
    .max(100_000, 'must be at most 100000')
    .default(1),
  BRAND_NAME: z.string().trim().min(1).max(60).default('Touchline'),
  CREDIT_LINE: z.string().trim().max(200).default(DEFAULT_CREDIT_LINE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TLS_CERT: optionalText,
  TLS_KEY: optionalText,
});

export type Config = {
  port: number;
  host: string;
  trustProxy: boolean;
  /** SITE_PASSWORD, or only its scrypt hash from SITE_PASSWORD_HASH (checked well-formed). */
  sitePassword: SitePassword;
  usesDefaultPassword: boolean;
  /** A plain SITE_PASSWORD shorter than 16 characters (SECURITY-TARGETS §4): warned about. */
  shortPassword: boolean;
  adminPassword: string | undefined;
  sessionSecret: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  dataSource: 'replay' | 'live';
  replaySeason: string | undefined;
  keys: {
    besoccer: string | undefined;
    footballData: string | undefined;
    apiFootball: string | undefined;
    oddsApi: string | undefined;
  };
  /** With DATA_SOURCE=live: the upstream picked for each kind of data (none: not synced). */
  live: Record<LiveKind, SourceName | undefined>;
  oddsDailyCredits: number;
  /** Requests per minute per client address on the data routes; 0: no limit. */
  rateLimitPerMinute: number;
  baseUrls: Record<SourceName, string | undefined>;
  newsFeeds: string | undefined;
  siteTimeZone: string;
  now: Date | undefined;
  clockSpeed: number;
  brandName: string;
  creditLine: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** PEM files of the HTTPS listener; unset: plain HTTP. */
  tls: { certFile: string; keyFile: string } | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment once; throws a ConfigError whose message names every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${describeIssue(issue)}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = result.data;
  const keys = {
    besoccer: e.BESOCCER_API_KEY,
    'football-data': e.FOOTBALL_DATA_API_KEY,
    'api-football': e.API_FOOTBALL_KEY,
    'odds-api': e.ODDS_API_KEY,
  };
  const live = pickLiveSources(e, keys);
  if ((e.TLS_CERT === undefined) !== (e.TLS_KEY === undefined)) {
    const [set, unset] =
      e.TLS_CERT === undefined ? ['TLS_KEY', 'TLS_CERT'] : ['TLS_CERT', 'TLS_KEY'];
    throw new ConfigError(
      `Invalid configuration: TLS_CERT and TLS_KEY must be set together (${set} is set, ${unset} is not)`,
    );
  }
  const sitePassword = readSitePassword(e.SITE_PASSWORD, e.SITE_PASSWORD_HASH);
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    sitePassword,
    usesDefaultPassword: sitePassword === DEFAULT_SITE_PASSWORD,
    shortPassword: typeof sitePassword === 'string' && sitePassword.length < MIN_PASSWORD_LENGTH,
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    dataSource: e.DATA_SOURCE,
    replaySeason: e.REPLAY_SEASON,
    keys: {
      besoccer: e.BESOCCER_API_KEY,
      footballData: e.FOOTBALL_DATA_API_KEY,
      apiFootball: e.API_FOOTBALL_KEY,
      oddsApi: e.ODDS_API_KEY,
    },
    live,
    oddsDailyCredits: e.ODDS_API_DAILY_CREDITS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    baseUrls: {
      besoccer: e.BESOCCER_BASE_URL,
      'football-data': e.FOOTBALL_DATA_BASE_URL,
      'api-football': e.API_FOOTBALL_BASE_URL,
      'odds-api': e.ODDS_API_BASE_URL,
    },
    newsFeeds: e.NEWS_FEEDS,
    siteTimeZone: e.SITE_TIME_ZONE,
    now: e.NOW === undefined ? undefined : new Date(e.NOW),
    clockSpeed: e.CLOCK_SPEED,
    brandName: e.BRAND_NAME,
    creditLine: e.CREDIT_LINE,
    logLevel: e.LOG_LEVEL,
    tls:
      e.TLS_CERT === undefined || e.TLS_KEY === undefined
        ? undefined
        : { certFile: e.TLS_CERT, keyFile: e.TLS_KEY },
  };
}

/**
 * The plain password or its hash, one of the two; neither: the default. A malformed hash is a
 * ConfigError saying what is wrong with it, never quoting it.
 */
function readSitePassword(plain: string | undefined, hash: string | undefined): SitePassword {
  if (plain !== undefined && hash !== undefined) {
    throw new ConfigError(
      'Invalid configuration: SITE_PASSWORD and SITE_PASSWORD_HASH are both set; set only one (SITE_PASSWORD_HASH keeps the password out of the configuration)',
    );
  }
  if (hash === undefined) return plain ?? DEFAULT_SITE_PASSWORD;
  try {
    parsePasswordHash(hash);
  } catch (error) {
    if (!(error instanceof PasswordHashError)) throw error;
    throw new ConfigError(
      `Invalid configuration: SITE_PASSWORD_HASH ${error.message} (make one with npm run hash-password)`,
    );
  }
  return { hash };
}

/**
 * The upstream for each kind: the operator's choice, else the first that has a key. With
 * DATA_SOURCE=live a choice without its key, a provider that lacks the kind, or no source of
 * matches at all is a configuration error naming the variables to set.
 */
function pickLiveSources(
  e: z.infer<typeof EnvSchema>,
  keys: Record<SourceName, string | undefined>,
): Record<LiveKind, SourceName | undefined> {
  const picked = {} as Record<LiveKind, SourceName | undefined>;
  if (e.DATA_SOURCE !== 'live') {
    for (const kind of Object.keys(SOURCES_BY_KIND) as LiveKind[]) picked[kind] = undefined;
    return picked;
  }
  const problems: string[] = [];
  for (const kind of Object.keys(SOURCES_BY_KIND) as LiveKind[]) {
    const variable = KIND_VARIABLES[kind];
    const choice = e[variable as keyof typeof e] as SourceName | 'none' | undefined;
    const able = SOURCES_BY_KIND[kind];
    if (choice === 'none') {
      picked[kind] = undefined;
    } else if (choice !== undefined) {
      if (!able.includes(choice)) {
        problems.push(`${variable} ${choice} does not give ${kind}; use one of ${able.join(', ')}`);
      } else if (keys[choice] === undefined) {
        problems.push(`${variable} is ${choice} but ${KEY_VARIABLES[choice]} is not set`);
      }
      picked[kind] = choice;
    } else {
      picked[kind] = able.find((source) => keys[source] !== undefined);
    }
  }
  if (problems.length === 0 && picked.matches === undefined) {
    problems.push(
      `DATA_SOURCE=live needs a source of matches: set ${SOURCES_BY_KIND.matches
        .map((s) => KEY_VARIABLES[s])
        .join(', or ')}`,
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return picked;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  // A schema's own message (e.g. .int('must be a whole number')) says it better than the type.
  if (issue.code === 'invalid_type') {
    return issue.message.startsWith('Invalid input')
      ? `must be a ${issue.expected}`
      : issue.message;
  }
  if (issue.code === 'invalid_value') {
    return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
  }
  return issue.message;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The certificate and key of the HTTPS listener, read once at start-up. Throws a ConfigError
 * naming the variable and file when one cannot be read or holds no PEM block of its kind.
 */
export async function readTlsFiles(tls: {
  certFile: string;
  keyFile: string;
}): Promise<{ cert: string; key: string }> {
  const read = async (variable: string, file: string, pem: RegExp, kind: string) => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Invalid configuration: ${variable} ${file} cannot be read (${code})`);
    }
    if (!pem.test(text)) {
      throw new ConfigError(`Invalid configuration: ${variable} ${file} is not a PEM ${kind}`);
    }
    return text;
  };
  return {
    cert: await read('TLS_CERT', tls.certFile, /-----BEGIN CERTIFICATE-----/, 'certificate'),
    key: await read('TLS_KEY', tls.keyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, 'private key'),
  };
}

/** One configured news feed; a url starting with "/" is a path on this server (its demo feeds). */
export type NewsFeedConfig = { name: string; url: string; league: string | null };

const LEAGUE_SLUGS = LEAGUES.map((l) => l.slug);

const NewsFeedSchema = z.strictObject({
  name: z
    .string('must be a string')
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters'),
  url: z
    .string('must be a string')
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .refine(
      isFeedUrl,
      'must be an http(s) URL, or a path on this server such as /feeds/serie-a.xml',
    ),
  league: z
    .enum(LEAGUE_SLUGS, `must be null or one of ${LEAGUE_SLUGS.join(', ')}`)
    .nullable()
    .default(null),
});

const NewsFeedsSchema = z
  .array(NewsFeedSchema, 'must be a JSON array of feeds')
  .max(500, 'must list at most 500 feeds');

/** Touchline's own demo feeds (match reports and previews of the replay), one per league. */
function listDemoFeeds(brandName: string): NewsFeedConfig[] {
  return LEAGUES.map((l) => ({ name: brandName, url: `/feeds/${l.slug}.xml`, league: l.slug }));
}

/**
 * Real feeds per league (upstream/rss-feeds.md). Offline they fail one by one with their own
 * error and back off; the demo feeds carry on.
 */
const REAL_FEEDS: NewsFeedConfig[] = [
  {
    name: 'BBC Sport',
    url: 'https://feeds.bbci.co.uk/sport/football/premier-league/rss.xml',
    league: 'premier-league',
  },
  {
    name: 'The Guardian',
    url: 'https://www.theguardian.com/football/premierleague/rss',
    league: 'premier-league',
  },
  {
    name: 'The Guardian',
    url: 'https://www.theguardian.com/football/laligafootball/rss',
    league: 'la-liga',
  },
  { name: 'Football España', url: 'https://www.football-espana.net/feed', league: 'la-liga' },
  {
    name: 'The Guardian',
    url: 'https://www.theguardian.com/football/serieafootball/rss',
    league: 'serie-a',
  },
  { name: 'Football Italia', url: 'https://football-italia.net/feed/', league: 'serie-a' },
  {
    name: 'The Guardian',
    url: 'https://www.theguardian.com/football/bundesligafootball/rss',
    league: 'bundesliga',
  },
  { name: 'kicker', url: 'https://newsfeed.kicker.de/news/bundesliga', league: 'bundesliga' },
  {
    name: 'The Guardian',
    url: 'https://www.theguardian.com/football/ligue1football/rss',
    league: 'ligue-1',
  },
  {
    name: 'Get French Football News',
    url: 'https://www.getfootballnewsfrance.com/feed/',
    league: 'ligue-1',
  },
  {
    name: 'BBC Sport',
    url: 'https://feeds.bbci.co.uk/sport/football/european/rss.xml',
    league: null,
  },
];

/** The built-in feed list: the demo feeds, then a handful of real ones. */
export function getDefaultNewsFeeds(brandName: string): NewsFeedConfig[] {
  return [...listDemoFeeds(brandName), ...REAL_FEEDS];
}

/**
 * The feeds to ingest: the JSON file NEWS_FEEDS names (`[{ "name", "url", "league" }]`), or
 * the built-in list. Throws a ConfigError naming the file and the bad entry.
 */
export async function readNewsFeeds(
  file: string | undefined,
  brandName: string,
): Promise<NewsFeedConfig[]> {
  if (file === undefined) return getDefaultNewsFeeds(brandName);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration: NEWS_FEEDS ${file} cannot be read (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`Invalid configuration: NEWS_FEEDS ${file} is not valid JSON`);
  }
  return parseNewsFeeds(json, file);
}

/** Validates a parsed feed list; `file` names it in the error. */
export function parseNewsFeeds(json: unknown, file: string): NewsFeedConfig[] {
  const result = NewsFeedsSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const [index, field] = issue?.path ?? [];
    const where =
      typeof index === 'number'
        ? ` entry ${index + 1}${field === undefined ? '' : ` (${String(field)})`}`
        : '';
    const problem = issue === undefined ? 'is invalid' : describeFeedIssue(issue, json);
    throw new ConfigError(`Invalid configuration: NEWS_FEEDS ${file}${where}: ${problem}`);
  }
  const seen = new Set<string>();
  result.data.forEach((feed, index) => {
    if (seen.has(feed.url)) {
      throw new ConfigError(
        `Invalid configuration: NEWS_FEEDS ${file} entry ${index + 1} (url): ${feed.url} is listed twice`,
      );
    }
    seen.add(feed.url);
  });
  return result.data;
}

function describeFeedIssue(issue: z.core.$ZodIssue, json: unknown): string {
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys[0] ?? ''}`;
  const [index, field] = issue.path;
  if (issue.code === 'invalid_type' && Array.isArray(json) && typeof field === 'string') {
    const entry: unknown = json[index as number];
    if (typeof entry === 'object' && entry !== null && !(field in entry)) return 'is required';
  }
  if (issue.code === 'invalid_type' && Array.isArray(json) && field === undefined) {
    return 'must be an object with name, url and league';
  }
  return issue.message;
}

function isFeedUrl(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
