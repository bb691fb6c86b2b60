CREATE TABLE "provider_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"stats" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
