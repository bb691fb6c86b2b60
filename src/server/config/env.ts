import { z } from 'zod';

import { DEFAULT_LIVE_STREAM_LIMITS } from '../http/live-streams.ts';
import { DEFAULT_OVERLOAD_LIMITS } from '../http/overload.ts';
import { parsePasswordHash, PasswordHashError, type SitePassword } from '../http/password-hash.ts';
import { DATA_KINDS } from '../providers/provider.ts';
import { getLiveSource, LIVE_SOURCE_NAMES } from '../providers/registry.ts';
import { ConfigError, describeEnvIssues } from './config-error.ts';
import { ListenEnvSchema, optionalText } from './listen.ts';
import { getChoiceVariable, readUpstreams, type UpstreamConfig } from './upstreams.ts';

export { readTlsFiles } from './listen.ts';

export const DEFAULT_SITE_PASSWORD = 'kickoff';
/** Shorter plain passwords are warned about at start-up (SECURITY-TARGETS §4: ≥ 16 random characters). */
export const MIN_PASSWORD_LENGTH = 16;
export const DEFAULT_CREDIT_LINE = 'Built with love by the AI Department of Media24';

const baseUrl = optionalText.pipe(
  z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .optional(),
);

const upstreamChoice = z
  .enum([...LIVE_SOURCE_NAMES, 'none', ''])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const EnvSchema = z.object({
  ...ListenEnvSchema.shape,
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
  PREDICTION_HISTORY_SEASONS: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .default(0),
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
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(10, 'must be at least 10')
    .default(DEFAULT_OVERLOAD_LIMITS.maxEventLoopDelayMs),
  LIVE_STREAMS_PER_SESSION: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_LIVE_STREAM_LIMITS.perSession),
  LIVE_STREAMS_PER_ADDRESS: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_LIVE_STREAM_LIMITS.perAddress),
  LIVE_STREAMS_MAX: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_LIVE_STREAM_LIMITS.total),
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
  // 0 stops the clock at NOW: the same moment all day, for screenshots and tests.
  CLOCK_SPEED: z.coerce
    .number('must be a number')
    .min(0, 'must be 0 (the clock stands still at NOW) or more')
    .max(100_000, 'must be at most 100000')
    .default(1),
  CREDIT_LINE: z.string().trim().max(200).default(DEFAULT_CREDIT_LINE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * The upstream variables, named by the provider registry: each upstream's key and base URL,
 * and the choice of upstream per kind of data (MATCHES_PROVIDER…).
 */
const UpstreamEnvSchema = z.object(
  Object.fromEntries([
    ...LIVE_SOURCE_NAMES.flatMap((name) => [
      [getLiveSource(name).keyVariable, optionalText],
      [getLiveSource(name).baseUrlVariable, baseUrl],
    ]),
    ...DATA_KINDS.map((kind) => [getChoiceVariable(kind), upstreamChoice]),
  ]) as Record<string, z.ZodType<string | undefined, string | undefined>>,
);

export type Config = UpstreamConfig & {
  port: number;
  host: string;
  trustProxy: boolean;
  /** SITE_PASSWORD, or only its scrypt hash from SITE_PASSWORD_HASH (checked well-formed). */
  sitePassword: SitePassword;
  usesDefaultPassword: boolean;
  /** A plain SITE_PASSWORD shorter than 16 characters (SECURITY-TARGETS §4): warned about. */
  shortPassword: boolean;
  adminPassword: string | undefined;
  /** An ADMIN_PASSWORD shorter than MIN_PASSWORD_LENGTH: warned about, as the site password. */
  shortAdminPassword: boolean;
  sessionSecret: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  dataSource: 'replay' | 'live';
  replaySeason: string | undefined;
  /** Seasons of the shipped history the prediction models learn before the current one; undefined: all. */
  predictionHistorySeasons: number | undefined;
  oddsDailyCredits: number;
  /** Requests per minute per fan (a verified session, else a client address); 0: no limit. */
  rateLimitPerMinute: number;
  /** Mean event-loop delay (ms over a second) above which data requests get 503 with Retry-After. */
  overloadEventLoopDelayMs: number;
  /** Live update streams (`GET /api/live`) per session and per address, and in all, per instance. */
  liveStreams: { perSession: number; perAddress: number; total: number };
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

/** Parses the environment once; throws a ConfigError whose message names every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  const upstreamResult = UpstreamEnvSchema.safeParse(env);
  if (!result.success || !upstreamResult.success) {
    const issues = [...(result.error?.issues ?? []), ...(upstreamResult.error?.issues ?? [])];
    throw new ConfigError(describeEnvIssues(issues));
  }
  const e = result.data;
  const upstreams = readUpstreams(upstreamResult.data, e.DATA_SOURCE);
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
    shortAdminPassword:
      e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH,
    sessionSecret: e.SESSION_SECRET,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    dataSource: e.DATA_SOURCE,
    replaySeason: e.REPLAY_SEASON,
    predictionHistorySeasons:
      e.PREDICTION_HISTORY_SEASONS === 0 ? undefined : e.PREDICTION_HISTORY_SEASONS,
    ...upstreams,
    oddsDailyCredits: e.ODDS_API_DAILY_CREDITS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    overloadEventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
    liveStreams: {
      perSession: e.LIVE_STREAMS_PER_SESSION,
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      total: e.LIVE_STREAMS_MAX,
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

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
