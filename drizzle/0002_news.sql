CREATE TABLE "feed_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"league_slug" text,
	"last_fetched_at" timestamp with time zone,
	"etag" text,
	"last_modified" text,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"item_count" integer DEFAULT 0 NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_sources_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "guid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "news_source_guid_idx" ON "news_articles" USING btree ("source_name","guid");