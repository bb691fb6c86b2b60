ALTER TABLE "history_players" ADD COLUMN "nationality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "history_transfers" ADD COLUMN "nationality" text DEFAULT '' NOT NULL;