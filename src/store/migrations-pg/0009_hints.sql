ALTER TABLE "games" ADD COLUMN "hints" boolean;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "hints_used" integer DEFAULT 0 NOT NULL;