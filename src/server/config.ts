import { z } from 'zod';

export const DEFAULT_SITE_PASSWORD = 'kickoff';
export const DEFAULT_CREDIT_LINE = 'Built with love by the AI Department of Media24';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

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
    .default(DEFAULT_SITE_PASSWORD),
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
});

export type Config = {
  port: number;
  host: string;
  trustProxy: boolean;
  sitePassword: string;
  usesDefaultPassword: boolean;
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
  newsFeeds: string | undefined;
  siteTimeZone: string;
  now: Date | undefined;
  clockSpeed: number;
  brandName: string;
  creditLine: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
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
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    sitePassword: e.SITE_PASSWORD,
    usesDefaultPassword: e.SITE_PASSWORD === DEFAULT_SITE_PASSWORD,
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
    newsFeeds: e.NEWS_FEEDS,
    siteTimeZone: e.SITE_TIME_ZONE,
    now: e.NOW === undefined ? undefined : new Date(e.NOW),
    clockSpeed: e.CLOCK_SPEED,
    brandName: e.BRAND_NAME,
    creditLine: e.CREDIT_LINE,
    logLevel: e.LOG_LEVEL,
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `must be a ${issue.expected}`;
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
