CREATE TABLE "guild_settings" (
	"guild_id" text PRIMARY KEY NOT NULL,
	"season_cadence" text NOT NULL,
	"season_zone" text NOT NULL,
	"season_channel_id" text,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"zone" text NOT NULL,
	CONSTRAINT "seasons_scope_name_pk" PRIMARY KEY("scope","name")
);
--> statement-breakpoint
CREATE INDEX "seasons_time_idx" ON "seasons" USING btree ("scope","starts_at");