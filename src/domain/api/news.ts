import * as z from 'zod/mini';

import { LeagueNameSchema } from './matches.ts';

export const MAX_NEWS_PAGE = 10_000;
/** Items per page of the news page's feed. */
export const NEWS_PAGE_SIZE = 10;

/** A whole number written in a query string, within [min, max], `fallback` when absent. */
const pageNumber = (max: number, fallback: number) =>
  z._default(
    z.coerce
      .number('must be a number')
      .check(
        z.multipleOf(1, 'must be a whole number'),
        z.minimum(1, 'must be at least 1'),
        z.maximum(max, `must be at most ${max}`),
      ),
    fallback,
  );

export const NewsQuerySchema = z.strictObject({
  league: z.optional(LeagueNameSchema),
  /** Counts from 1. */
  page: pageNumber(MAX_NEWS_PAGE, 1),
  page_size: pageNumber(50, 10),
});

/** A news item, in both of the specification's spellings (source/source_name, url/link). */
export const NewsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitised to plain text on ingestion. */
  summary: z.string(),
  image_url: z.nullable(z.string()),
  source: z.string(),
  source_name: z.string(),
  published_at: z.string(),
  url: z.string(),
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** `GET /api/news`, `GET /functions/v1/news-api`: newest first. */
export const NewsPageSchema = z.object({ items: z.array(NewsItemSchema) });

/** `POST /api/news/sync` takes an empty object. */
export const NewsSyncBodySchema = z.strictObject({});

export const NewsSyncSourceSchema = z.object({
  source: z.string(),
  new_items: z.number(),
  total_items: z.number(),
  error: z.optional(z.nullable(z.string())),
});
export type NewsSyncSource = z.infer<typeof NewsSyncSourceSchema>;

/** The specification's RSS sync response: the new-item count comes under two spellings. */
export const NewsSyncResultSchema = z.object({
  success: z.boolean(),
  total_new: z.optional(z.number()),
  totalIngested: z.optional(z.number()),
  total_processed: z.optional(z.number()),
  sources: z.optional(z.array(NewsSyncSourceSchema)),
  error: z.optional(z.string()),
});
export type NewsSyncResult = z.infer<typeof NewsSyncResultSchema>;

/** A 429 of the sync: within 5 minutes of the last one (with its time), or too many admin guesses. */
export const NewsSyncLimitedSchema = z
  .object({ error: z.string(), last_sync_at: z.optional(z.string()) })
  .check(
    z.describe(
      'A sync ran less than 5 minutes ago (last_sync_at), or too many admin password attempts: wait for Retry-After.',
    ),
  );

export const NewsSourceSchema = z.object({
  name: z.string(),
  url: z.string(),
  league_slug: z.nullable(z.string()),
  last_fetched_at: z.nullable(z.string()),
  item_count: z.number(),
  error_count: z.number(),
  last_error: z.nullable(z.string()),
  flagged: z.boolean(),
  disabled: z.boolean(),
  next_due_at: z.nullable(z.string()),
});
export type NewsSource = z.infer<typeof NewsSourceSchema>;

/** `GET /api/news/sources`: the feeds' state for the admin page. */
export const NewsSourcesSchema = z.object({
  sources: z.array(NewsSourceSchema),
  last_sync_at: z.nullable(z.string()),
  admin_password_required: z.boolean(),
});
export type NewsSources = z.infer<typeof NewsSourcesSchema>;
