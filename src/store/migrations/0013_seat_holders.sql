CREATE TABLE `seat_holders` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`holder` integer NOT NULL,
	`from_version` integer,
	`user_id` text,
	`bot_kind` text,
	`display_name` text NOT NULL,
	PRIMARY KEY(`game_id`, `seat`, `holder`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "seat_holders_who_check" CHECK(("seat_holders"."user_id" is null) <> ("seat_holders"."bot_kind" is null))
);
--> statement-breakpoint
CREATE INDEX `seat_holders_user_idx` ON `seat_holders` (`user_id`);