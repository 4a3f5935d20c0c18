ALTER TABLE `player_settings` ADD `dms_closed_at` integer;--> statement-breakpoint
ALTER TABLE `player_settings` ADD `dms_closed_told` integer DEFAULT false NOT NULL;