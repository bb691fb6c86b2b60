import {
  boolean,
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
    /** Spellings of the club in each data source: { results, understat[], transfermarkt[] }. */
    aliases: jsonb('aliases'),
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
    // Form and head to head: a club's stored matches before a kick-off.
    index('matches_home_kickoff_idx').on(t.homeTeamId, t.kickoffUtc),
    index('matches_away_kickoff_idx').on(t.awayTeamId, t.kickoffUtc),
  ],
);

export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** h2h | totals */
    type: text('type').notNull(),
    /** The odds event in The Odds API shape (bookmakers with their prices). */
    data: jsonb('data').notNull(),
    /** The first prices seen of the match, in the same shape: set on insert, never updated. */
    opening: jsonb('opening'),
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
      .references(() => matches.id, { onDelete: 'cascade' }),
    modelName: text('model_name').notNull(),
    /** result | totals: which market the pick is for. */
    market: text('market').notNull().default('result'),
    pick: text('pick').notNull(),
    confidencePct: real('confidence_pct').notNull(),
    rationale: text('rationale'),
    probabilities: jsonb('probabilities'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The forecast's version: 1 when first written, one more each time it was refreshed before
     * kick-off (every version is kept in `prediction_versions`); this row is the latest.
     */
    version: integer('version').notNull().default(1),
    /** When this version was written (`created_at` is when the first was). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('predictions_match_model_market_idx').on(t.matchId, t.modelName, t.market),
    index('predictions_created_idx').on(t.createdAt),
  ],
);

/** Every version of every prediction, as written: the history behind `predictions`. */
export const predictionVersions = pgTable(
  'prediction_versions',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    modelName: text('model_name').notNull(),
    market: text('market').notNull(),
    version: integer('version').notNull(),
    pick: text('pick').notNull(),
    confidencePct: real('confidence_pct').notNull(),
    probabilities: jsonb('probabilities'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('prediction_versions_key_idx').on(t.matchId, t.modelName, t.market, t.version),
  ],
);

/**
 * Each league's season projection (simulated rest-of-seasons), the latest only: written by the
 * instance that runs the jobs, read by all.
 */
export const seasonProjections = pgTable('season_projections', {
  leagueSlug: text('league_slug').primaryKey(),
  season: text('season').notNull(),
  simulations: integer('simulations').notNull(),
  /** League matches played when it was computed. */
  matchesPlayed: integer('matches_played').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  /** The projection itself, as the API serves it (validated on write). */
  body: jsonb('body').notNull(),
});

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
    /**
     * The deduplication key: the normalised link (the same story reached through two feeds is
     * one article), or `guid:<source>:<guid>` for an item without a link.
     */
    dedupeKey: text('dedupe_key').notNull().unique(),
    leagueSlug: text('league_slug'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The feed's own identifier of the item: a second key, unique per source. */
    guid: text('guid'),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt),
    index('news_league_published_idx').on(t.leagueSlug, t.publishedAt),
    uniqueIndex('news_source_guid_idx').on(t.sourceName, t.guid),
  ],
);

/**
 * The news feeds to ingest (from NEWS_FEEDS or the built-in list) with their polling state:
 * the scheduler fetches the ones that are due, conditionally, and backs off from failing ones.
 */
export const feedSources = pgTable('feed_sources', {
  id: serial('id').primaryKey(),
  /** Shown as the articles' source, e.g. "BBC Sport". */
  name: text('name').notNull(),
  url: text('url').notNull().unique(),
  /** The league of every item; null for a general feed (classified item by item). */
  leagueSlug: text('league_slug'),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** Consecutive failures; reset by a success. */
  errorCount: integer('error_count').notNull().default(0),
  lastError: text('last_error'),
  /** First failure of the current run of failures: 30 days of them disable the feed. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /** A Retry-After from the feed's server: no fetch before then, manual syncs included. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** When the scheduler fetches it next; null: at once. */
  nextDueAt: timestamp('next_due_at', { withTimezone: true }),
  /** Articles stored from this feed so far. */
  itemCount: integer('item_count').notNull().default(0),
  /** Unhealthy: three failures in a row. */
  flagged: boolean('flagged').notNull().default(false),
  /** Failing for 30 days: no longer fetched. */
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** The kind of page the link was on (home, league, match…); null before pages were recorded. */
    sourcePage: text('source_page'),
  },
  (t) => [index('affiliate_clicks_created_idx').on(t.createdAt)],
);

/** Small key-value settings shared by every instance (e.g. the session signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** League table rows as the provider last reported them; replaced per league. */
export const standings = pgTable(
  'standings',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    pos: integer('pos').notNull(),
    wins: integer('wins').notNull(),
    draws: integer('draws').notNull(),
    losses: integer('losses').notNull(),
    goalsFor: integer('goals_for').notNull(),
    goalsAgainst: integer('goals_against').notNull(),
    points: integer('points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('standings_league_team_idx').on(t.leagueId, t.teamId)],
);

/** Top scorers and assisters per league; replaced per league. */
export const playerStats = pgTable(
  'player_stats',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    /** goals | assists */
    kind: text('kind').notNull(),
    rank: integer('rank').notNull(),
    playerId: text('player_id').notNull(),
    nick: text('nick').notNull(),
    imageUrl: text('image_url'),
    flag: text('flag').notNull().default(''),
    teamId: integer('team_id').references(() => teams.id),
    total: integer('total').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('player_stats_league_kind_rank_idx').on(t.leagueId, t.kind, t.rank)],
);

/** Transfers in and out per club for the current window; replaced per league. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    /** in | out */
    direction: text('direction').notNull(),
    playerId: text('player_id').notNull(),
    playerName: text('player_name').notNull(),
    imageUrl: text('image_url'),
    flag: text('flag').notNull().default(''),
    otherClub: text('other_club').notNull(),
    /** transfer | loan | free | end of loan */
    type: text('type').notNull(),
    /** Fee in millions of euros as text: '' unknown, '0' none. */
    valor: text('valor').notNull().default(''),
    window: text('window').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transfers_league_idx').on(t.leagueId)],
);

/** Historical results with their bookmaker prices (the replay's source). */
export const historyMatches = pgTable(
  'history_matches',
  {
    id: serial('id').primaryKey(),
    div: text('div').notNull(),
    season: text('season').notNull(),
    /** UK calendar date and kick-off time (UK local), as in the data set. */
    date: text('date').notNull(),
    time: text('time'),
    home: text('home').notNull(),
    away: text('away').notNull(),
    homeGoals: smallint('home_goals').notNull(),
    awayGoals: smallint('away_goals').notNull(),
    htHomeGoals: smallint('ht_home_goals'),
    htAwayGoals: smallint('ht_away_goals'),
    /** Shots and shots on target, where the data set has them. */
    homeShots: smallint('home_shots'),
    awayShots: smallint('away_shots'),
    homeShotsOnTarget: smallint('home_shots_on_target'),
    awayShotsOnTarget: smallint('away_shots_on_target'),
    /** Decimal prices by original column name, e.g. { "B365H": 2.1, "PC>2.5": 1.9 }. */
    odds: jsonb('odds').notNull(),
    /** Whole-match totals where the data set has them (no minute is recorded for them). */
    homeCorners: smallint('home_corners'),
    awayCorners: smallint('away_corners'),
    homeFouls: smallint('home_fouls'),
    awayFouls: smallint('away_fouls'),
    homeYellowCards: smallint('home_yellow_cards'),
    awayYellowCards: smallint('away_yellow_cards'),
    homeRedCards: smallint('home_red_cards'),
    awayRedCards: smallint('away_red_cards'),
    referee: text('referee'),
    /**
     * Whether the match's recorded shots (history_shots) hold every goal of its final score:
     * only then are its goals' minutes and scorers shown.
     */
    eventsRecorded: boolean('events_recorded').notNull().default(false),
  },
  (t) => [
    uniqueIndex('history_matches_key_idx').on(t.div, t.season, t.home, t.away),
    index('history_matches_season_idx').on(t.season),
    // Form (a club's last results) and head to head (two clubs' meetings) in date order.
    index('history_matches_home_date_idx').on(t.home, t.date),
    index('history_matches_away_date_idx').on(t.away, t.date),
  ],
);

/** Player season totals (Understat). */
export const historyPlayers = pgTable(
  'history_players',
  {
    id: serial('id').primaryKey(),
    div: text('div').notNull(),
    season: text('season').notNull(),
    playerId: text('player_id').notNull(),
    name: text('name').notNull(),
    /** Understat club name(s), comma-separated for a mid-season move. */
    team: text('team').notNull(),
    position: text('position'),
    games: integer('games').notNull(),
    minutes: integer('minutes').notNull(),
    goals: integer('goals').notNull(),
    assists: integer('assists').notNull(),
    /** flag-icons code of the player's nationality; '' when unknown. */
    nationality: text('nationality').notNull().default(''),
  },
  (t) => [uniqueIndex('history_players_key_idx').on(t.div, t.season, t.playerId)],
);

/** Every recorded shot of a historical match (Understat), own goals included. */
export const historyShots = pgTable(
  'history_shots',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => historyMatches.id, { onDelete: 'cascade' }),
    /** Order in the data file, which is the match's order of play. */
    seq: smallint('seq').notNull(),
    /** Understat's minute: the clock runs on through added time (a 45+2 goal may read 47). */
    minute: smallint('minute').notNull(),
    /** home | away: the shooter's side, and the side the shot counts for (differs for own goals). */
    playerSide: text('player_side').notNull(),
    forSide: text('for_side').notNull(),
    player: text('player').notNull(),
    playerId: text('player_id').notNull(),
    /** The player who made the chance, by name. */
    assist: text('assist'),
    /** Understat's words: Goal, OwnGoal, SavedShot, BlockedShot, MissedShots, ShotOnPost. */
    result: text('result').notNull(),
    /** OpenPlay, FromCorner, SetPiece, DirectFreekick, Penalty. */
    situation: text('situation').notNull(),
    shotType: text('shot_type').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    xg: real('xg').notNull(),
  },
  (t) => [
    uniqueIndex('history_shots_match_seq_idx').on(t.matchId, t.seq),
    index('history_shots_player_idx').on(t.playerId),
  ],
);

/** Club transfers (Transfermarkt). */
export const historyTransfers = pgTable(
  'history_transfers',
  {
    id: serial('id').primaryKey(),
    /** Line number in the data file: the natural key. */
    line: integer('line').notNull().unique(),
    div: text('div').notNull(),
    season: text('season').notNull(),
    window: text('window').notNull(),
    club: text('club').notNull(),
    player: text('player').notNull(),
    age: integer('age'),
    position: text('position'),
    otherClub: text('other_club').notNull(),
    direction: text('direction').notNull(),
    feeRaw: text('fee_raw').notNull(),
    feeEurM: real('fee_eur_m'),
    /** flag-icons code of the player's nationality; '' when unknown. */
    nationality: text('nationality').notNull().default(''),
  },
  (t) => [index('history_transfers_season_idx').on(t.season, t.window)],
);

/** Each upstream's counters as the scheduler's leader last saw them, for /api/status. */
export const providerStatus = pgTable('provider_status', {
  provider: text('provider').primaryKey(),
  stats: jsonb('stats').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** What happened in a match (goals so far), as the provider of today's matches reports it. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** Order of the event in the match, from 0. */
    seq: integer('seq').notNull(),
    /** goal */
    kind: text('kind').notNull(),
    /** home | away: the side the goal counts for. */
    side: text('side').notNull(),
    /** Minute of play (1..90, or later in extra time) and minutes into added time. */
    minute: integer('minute').notNull(),
    added: integer('added').notNull().default(0),
    scorer: text('scorer'),
    assist: text('assist'),
    penalty: boolean('penalty').notNull().default(false),
    ownGoal: boolean('own_goal').notNull().default(false),
  },
  (t) => [uniqueIndex('match_events_match_seq_idx').on(t.matchId, t.seq)],
);

/**
 * A match's shots, statistics and referee as the provider of today's matches last reported
 * them (nothing after the minute it reported), with who recorded them.
 */
export const matchFacts = pgTable('match_facts', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  /** The provider's MatchFacts (domain/match-facts.ts), as reported. */
  facts: jsonb('facts').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
