CREATE TABLE `data_migrations` (
	`name` text PRIMARY KEY NOT NULL,
	`done_at` integer NOT NULL,
	`note` text NOT NULL
);
