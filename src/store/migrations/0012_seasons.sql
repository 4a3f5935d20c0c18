CREATE TABLE `guild_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`season_cadence` text NOT NULL,
	`season_zone` text NOT NULL,
	`season_channel_id` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seasons` (
	`scope` text NOT NULL,
	`name` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`zone` text NOT NULL,
	PRIMARY KEY(`scope`, `name`)
);
--> statement-breakpoint
CREATE INDEX `seasons_time_idx` ON `seasons` (`scope`,`starts_at`);