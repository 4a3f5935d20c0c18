CREATE TABLE `actions` (
	`game_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`seat` integer NOT NULL,
	`action` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seq`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "actions_seq_check" CHECK("actions"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`options` text NOT NULL,
	`seed` text NOT NULL,
	`state` text,
	`version` integer DEFAULT 0 NOT NULL,
	`outcome` text,
	`guild_id` text,
	`channel_id` text,
	`thread_id` text,
	`host_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	CONSTRAINT "games_status_check" CHECK("games"."status" in ('lobby', 'active', 'finished', 'cancelled')),
	CONSTRAINT "games_state_check" CHECK("games"."status" in ('lobby', 'cancelled') or "games"."state" is not null),
	CONSTRAINT "games_version_check" CHECK("games"."version" >= 0)
);
--> statement-breakpoint
CREATE INDEX `games_channel_idx` ON `games` (`channel_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_thread_idx` ON `games` (`thread_id`);--> statement-breakpoint
CREATE INDEX `games_guild_idx` ON `games` (`guild_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_status_idx` ON `games` (`status`);--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text,
	`bot_kind` text,
	`display_name` text NOT NULL,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "seats_who_check" CHECK(("seats"."user_id" is null) <> ("seats"."bot_kind" is null)),
	CONSTRAINT "seats_seat_check" CHECK("seats"."seat" >= 0)
);
--> statement-breakpoint
CREATE INDEX `seats_user_idx` ON `seats` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `seats_game_user_unique` ON `seats` (`game_id`,`user_id`);