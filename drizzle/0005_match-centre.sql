CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"minute" integer NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"scorer" text,
	"assist" text,
	"penalty" boolean DEFAULT false NOT NULL,
	"own_goal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "opening" jsonb;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_match_seq_idx" ON "match_events" USING btree ("match_id","seq");--> statement-breakpoint
CREATE INDEX "history_matches_home_date_idx" ON "history_matches" USING btree ("home","date");--> statement-breakpoint
CREATE INDEX "history_matches_away_date_idx" ON "history_matches" USING btree ("away","date");--> statement-breakpoint
CREATE INDEX "matches_home_kickoff_idx" ON "matches" USING btree ("home_team_id","kickoff_utc");--> statement-breakpoint
CREATE INDEX "matches_away_kickoff_idx" ON "matches" USING btree ("away_team_id","kickoff_utc");