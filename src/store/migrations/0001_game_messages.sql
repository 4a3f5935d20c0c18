CREATE TABLE `game_messages` (
	`game_id` integer NOT NULL,
	`kind` text NOT NULL,
	`channel_id` text,
	`message_id` text NOT NULL,
	`version` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `kind`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
