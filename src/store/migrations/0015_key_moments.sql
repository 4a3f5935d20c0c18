CREATE TABLE `key_moments` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`moments` text NOT NULL,
	`decisions` integer NOT NULL,
	`computed_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
