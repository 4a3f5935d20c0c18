-- The action log as one B-tree clustered by game and move (WITHOUT ROWID): a game's actions lie together,
-- and the primary key needs no second index. Its rows are small (an action and what it said), as
-- SQLite advises for such tables. Rebuilt as drizzle-kit rebuilds a table; no other table refers to it.
CREATE TABLE `__new_actions` (
	`game_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`seat` integer NOT NULL,
	`action` text NOT NULL,
	`created_at` integer NOT NULL,
	`log` text,
	PRIMARY KEY(`game_id`, `seq`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "actions_seq_check" CHECK("__new_actions"."seq" >= 1)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_actions`(`game_id`, `seq`, `seat`, `action`, `created_at`, `log`) SELECT `game_id`, `seq`, `seat`, `action`, `created_at`, `log` FROM `actions`;
--> statement-breakpoint
DROP TABLE `actions`;
--> statement-breakpoint
ALTER TABLE `__new_actions` RENAME TO `actions`;
