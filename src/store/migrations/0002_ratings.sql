CREATE TABLE `rating_changes` (
	`game_id` integer NOT NULL,
	`scope` text NOT NULL,
	`user_id` text NOT NULL,
	`game_type` text NOT NULL,
	`seat` integer NOT NULL,
	`rank` integer NOT NULL,
	`mu_before` real NOT NULL,
	`sigma_before` real NOT NULL,
	`mu_after` real NOT NULL,
	`sigma_after` real NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `scope`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rating_changes_history_idx` ON `rating_changes` (`game_type`,`scope`,`user_id`,`finished_at`);--> statement-breakpoint
CREATE INDEX `rating_changes_order_idx` ON `rating_changes` (`finished_at`,`game_id`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`game_type` text NOT NULL,
	`scope` text NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`display` real NOT NULL,
	`games` integer NOT NULL,
	`wins` integer NOT NULL,
	`last_played_at` integer NOT NULL,
	PRIMARY KEY(`game_type`, `scope`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `ratings_board_idx` ON `ratings` (`game_type`,`scope`,`display`);--> statement-breakpoint
ALTER TABLE `games` ADD `rated` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `handed_over` integer DEFAULT false NOT NULL;