CREATE TABLE `state_parts` (
	`hash` text PRIMARY KEY NOT NULL,
	`json` text NOT NULL
);
