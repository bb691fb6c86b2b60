import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Append new columns and tables; migrations in drizzle/ are generated from this file
// with `npm run db:generate` and are never edited once committed.

export const leagues = pgTable('leagues', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  orderIndex: integer('order_index').notNull(),
  country: text('country').notNull(),
  logoUrl: text('logo_url'),
  /** Short code of the league in the historical data set, e.g. E0. */
  code: text('code').notNull().unique(),
});

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    logoUrl: text('logo_url'),
    position: integer('position'),
    /** Stable key of the club across providers (e.g. a normalised name). */
    key: text('key').notNull().unique(),
    primaryColour: text('primary_colour'),
    secondaryColour: text('secondary_colour'),
  },
  (t) => [index('teams_league_idx').on(t.leagueId)],
);

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    /** Provider's identifier, e.g. "replay:E0:2024-08-16:man-united:fulham". */
    externalId: text('external_id').notNull().unique(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    kickoffUtc: timestamp('kickoff_utc', { withTimezone: true }).notNull(),
    /** scheduled | live | halftime | extratime | penalties | finished | postponed */
    status: text('status').notNull().default('scheduled'),
    minute: text('minute'),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    htHomeScore: smallint('ht_home_score'),
    htAwayScore: smallint('ht_away_score'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_kickoff_idx').on(t.kickoffUtc),
    index('matches_league_kickoff_idx').on(t.leagueId, t.kickoffUtc),
  ],
);

export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    /** h2h | totals */
    type: text('type').notNull(),
    /** The odds event in The Odds API shape (bookmakers with their prices). */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('markets_match_type_idx').on(t.matchId, t.type)],
);

export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    modelName: text('model_name').notNull(),
    /** result | totals: which market the pick is for. */
    market: text('market').notNull().default('result'),
    pick: text('pick').notNull(),
    confidencePct: real('confidence_pct').notNull(),
    rationale: text('rationale'),
    probabilities: jsonb('probabilities'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('predictions_match_model_market_idx').on(t.matchId, t.modelName, t.market),
    index('predictions_created_idx').on(t.createdAt),
  ],
);

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary'),
    imageUrl: text('image_url'),
    sourceName: text('source_name').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    link: text('link').notNull(),
    /** guid, or the normalised link when the feed gives none: the deduplication key. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    leagueSlug: text('league_slug'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt),
    index('news_league_published_idx').on(t.leagueSlug, t.publishedAt),
  ],
);

export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: serial('id').primaryKey(),
    bookmaker: text('bookmaker').notNull(),
    eventId: text('event_id'),
    outcome: text('outcome'),
    leagueSlug: text('league_slug'),
    targetUrl: text('target_url').notNull(),
    /** Hash of the client address, so clicks can be de-duplicated without keeping the address. */
    clientHash: text('client_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_clicks_created_idx').on(t.createdAt)],
);

/** Small key-value settings shared by every instance (e.g. the session signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
