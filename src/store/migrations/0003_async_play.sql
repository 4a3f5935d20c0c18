CREATE TABLE `player_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text,
	`quiet_start` integer,
	`quiet_end` integer,
	`turn_dms` integer DEFAULT false NOT NULL,
	`vacation_until` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `schedule` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`game_id` integer,
	`kind` text NOT NULL,
	`due_at` integer NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`done_at` integer,
	`outcome` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schedule_key_unique` ON `schedule` (`key`);--> statement-breakpoint
CREATE INDEX `schedule_due_idx` ON `schedule` (`done_at`,`due_at`);--> statement-breakpoint
CREATE INDEX `schedule_game_idx` ON `schedule` (`game_id`,`done_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `turn_limit_minutes` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `timeouts_in_a_row` integer DEFAULT 0 NOT NULL;