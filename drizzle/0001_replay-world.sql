CREATE TABLE "history_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"div" text NOT NULL,
	"season" text NOT NULL,
	"date" text NOT NULL,
	"time" text,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"home_goals" smallint NOT NULL,
	"away_goals" smallint NOT NULL,
	"ht_home_goals" smallint,
	"ht_away_goals" smallint,
	"odds" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"div" text NOT NULL,
	"season" text NOT NULL,
	"player_id" text NOT NULL,
	"name" text NOT NULL,
	"team" text NOT NULL,
	"position" text,
	"games" integer NOT NULL,
	"minutes" integer NOT NULL,
	"goals" integer NOT NULL,
	"assists" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"line" integer NOT NULL,
	"div" text NOT NULL,
	"season" text NOT NULL,
	"window" text NOT NULL,
	"club" text NOT NULL,
	"player" text NOT NULL,
	"age" integer,
	"position" text,
	"other_club" text NOT NULL,
	"direction" text NOT NULL,
	"fee_raw" text NOT NULL,
	"fee_eur_m" real,
	CONSTRAINT "history_transfers_line_unique" UNIQUE("line")
);
--> statement-breakpoint
CREATE TABLE "player_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"kind" text NOT NULL,
	"rank" integer NOT NULL,
	"player_id" text NOT NULL,
	"nick" text NOT NULL,
	"image_url" text,
	"flag" text DEFAULT '' NOT NULL,
	"team_id" integer,
	"total" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standings" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"pos" integer NOT NULL,
	"wins" integer NOT NULL,
	"draws" integer NOT NULL,
	"losses" integer NOT NULL,
	"goals_for" integer NOT NULL,
	"goals_against" integer NOT NULL,
	"points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"direction" text NOT NULL,
	"player_id" text NOT NULL,
	"player_name" text NOT NULL,
	"image_url" text,
	"flag" text DEFAULT '' NOT NULL,
	"other_club" text NOT NULL,
	"type" text NOT NULL,
	"valor" text DEFAULT '' NOT NULL,
	"window" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" DROP CONSTRAINT "markets_match_id_matches_id_fk";
--> statement-breakpoint
ALTER TABLE "predictions" DROP CONSTRAINT "predictions_match_id_matches_id_fk";
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "aliases" jsonb;--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings" ADD CONSTRAINT "standings_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings" ADD CONSTRAINT "standings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "history_matches_key_idx" ON "history_matches" USING btree ("div","season","home","away");--> statement-breakpoint
CREATE INDEX "history_matches_season_idx" ON "history_matches" USING btree ("season");--> statement-breakpoint
CREATE UNIQUE INDEX "history_players_key_idx" ON "history_players" USING btree ("div","season","player_id");--> statement-breakpoint
CREATE INDEX "history_transfers_season_idx" ON "history_transfers" USING btree ("season","window");--> statement-breakpoint
CREATE UNIQUE INDEX "player_stats_league_kind_rank_idx" ON "player_stats" USING btree ("league_id","kind","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_league_team_idx" ON "standings" USING btree ("league_id","team_id");--> statement-breakpoint
CREATE INDEX "transfers_league_idx" ON "transfers" USING btree ("league_id");--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;