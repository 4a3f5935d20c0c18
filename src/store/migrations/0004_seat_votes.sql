CREATE TABLE `seat_votes` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`voter_id` text NOT NULL,
	`choice` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`, `voter_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "seat_votes_choice_check" CHECK("seat_votes"."choice" in ('replace', 'wait'))
);
