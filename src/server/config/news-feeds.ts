import { readFile } from 'node:fs/promises';

import { z } from 'zod';

import { LEAGUES } from '../../domain/league.ts';
import { ConfigError } from './config-error.ts';

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

/** Real feeds about European football as a whole: they belong to no league. */
const EUROPEAN_FEEDS: NewsFeedConfig[] = [
  {
    name: 'BBC Sport',
    url: 'https://feeds.bbci.co.uk/sport/football/european/rss.xml',
    league: null,
  },
];

/** Touchline's own demo feeds (match reports and previews of the replay), one per league. */
function listDemoFeeds(brandName: string): NewsFeedConfig[] {
  return LEAGUES.map((l) => ({ name: brandName, url: `/feeds/${l.slug}.xml`, league: l.slug }));
}

/**
 * Real feeds: each league's own (the league registry's, see docs/news-feeds.md), then the
 * European ones. Offline they fail one by one with their own error and back off; the demo feeds
 * carry on.
 */
function listRealFeeds(): NewsFeedConfig[] {
  const ofLeagues = LEAGUES.flatMap((l) =>
    l.newsFeeds.map((feed) => ({ name: feed.name, url: feed.url, league: l.slug })),
  );
  return [...ofLeagues, ...EUROPEAN_FEEDS];
}

/** The built-in feed list: the demo feeds, then a handful of real ones. */
export function getDefaultNewsFeeds(brandName: string): NewsFeedConfig[] {
  return [...listDemoFeeds(brandName), ...listRealFeeds()];
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
