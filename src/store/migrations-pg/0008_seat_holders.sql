CREATE TABLE "seat_holders" (
	"game_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"holder" integer NOT NULL,
	"from_version" integer,
	"user_id" text,
	"bot_kind" text,
	"display_name" text NOT NULL,
	CONSTRAINT "seat_holders_game_id_seat_holder_pk" PRIMARY KEY("game_id","seat","holder"),
	CONSTRAINT "seat_holders_who_check" CHECK (("seat_holders"."user_id" is null) <> ("seat_holders"."bot_kind" is null))
);
--> statement-breakpoint
ALTER TABLE "seat_holders" ADD CONSTRAINT "seat_holders_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_holders_user_idx" ON "seat_holders" USING btree ("user_id");