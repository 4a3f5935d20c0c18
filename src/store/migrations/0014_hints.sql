ALTER TABLE `games` ADD `hints` integer;--> statement-breakpoint
ALTER TABLE `seats` ADD `hints_used` integer DEFAULT 0 NOT NULL;