CREATE TABLE "prediction_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"model_name" text NOT NULL,
	"market" text NOT NULL,
	"version" integer NOT NULL,
	"pick" text NOT NULL,
	"confidence_pct" real NOT NULL,
	"probabilities" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_projections" (
	"league_slug" text PRIMARY KEY NOT NULL,
	"season" text NOT NULL,
	"simulations" integer NOT NULL,
	"matches_played" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "home_shots" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "away_shots" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "home_shots_on_target" smallint;--> statement-breakpoint
ALTER TABLE "history_matches" ADD COLUMN "away_shots_on_target" smallint;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "prediction_versions" ADD CONSTRAINT "prediction_versions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prediction_versions_key_idx" ON "prediction_versions" USING btree ("match_id","model_name","market","version");--> statement-breakpoint
INSERT INTO "prediction_versions" ("match_id", "model_name", "market", "version", "pick", "confidence_pct", "probabilities", "created_at") SELECT "match_id", "model_name", "market", 1, "pick", "confidence_pct", "probabilities", "created_at" FROM "predictions";
