CREATE TABLE "history_shots" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"minute" smallint NOT NULL,
	"player_side" text NOT NULL,
	"for_side" text NOT NULL,
	"player" text NOT NULL,
	"player_id" text NOT NULL,
	"assist" text,
	"result" text NOT NULL,
	"situation" text NOT NULL,
	"shot_type" text NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"xg" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_facts" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "home_corners" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "away_corners" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "home_fouls" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "away_fouls" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "home_yellow_cards" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "away_yellow_cards" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "home_red_cards" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "away_red_cards" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "referee" text;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "events_recorded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "history_shots" ADD CONSTRAINT "history_shots_match_id_history_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."history_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_facts" ADD CONSTRAINT "match_facts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "history_shots_match_seq_idx" ON "history_shots" USING btree ("match_id","seq");--> statement-breakpoint
CREATE INDEX "history_shots_player_idx" ON "history_shots" USING btree ("player_id");