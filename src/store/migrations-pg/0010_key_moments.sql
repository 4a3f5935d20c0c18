CREATE TABLE "key_moments" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"moments" text NOT NULL,
	"decisions" integer NOT NULL,
	"computed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_moments" ADD CONSTRAINT "key_moments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;