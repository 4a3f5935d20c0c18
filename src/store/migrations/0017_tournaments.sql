CREATE TABLE `tournament_entrants` (
	`tournament_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`rating` real NOT NULL,
	`registered_at` integer NOT NULL,
	`checked_in` integer DEFAULT false NOT NULL,
	`dropped_after_round` integer,
	`drop_reason` text,
	PRIMARY KEY(`tournament_id`, `user_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tournament_entrants_user_idx` ON `tournament_entrants` (`user_id`);--> statement-breakpoint
CREATE TABLE `tournament_results` (
	`tournament_id` integer NOT NULL,
	`table_id` text NOT NULL,
	`places` text NOT NULL,
	`ending` text NOT NULL,
	`reported_at` integer NOT NULL,
	PRIMARY KEY(`tournament_id`, `table_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tournament_rounds` (
	`tournament_id` integer NOT NULL,
	`number` integer NOT NULL,
	`started_at` integer NOT NULL,
	`deadline` integer NOT NULL,
	`byes` text NOT NULL,
	PRIMARY KEY(`tournament_id`, `number`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tournament_tables` (
	`tournament_id` integer NOT NULL,
	`table_id` text NOT NULL,
	`round` integer NOT NULL,
	`position` integer NOT NULL,
	`seats` text NOT NULL,
	`group_number` integer NOT NULL,
	`game_id` integer,
	PRIMARY KEY(`tournament_id`, `table_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_tables_game_unique` ON `tournament_tables` (`game_id`);--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`created_by` text NOT NULL,
	`seed` text NOT NULL,
	`settings` text NOT NULL,
	`status` text NOT NULL,
	`check_in_closes_at` integer,
	`paused_at` integer,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tournaments_guild_idx` ON `tournaments` (`guild_id`,`status`);--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `tournament_role_id` text;