CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp (3) with time zone NOT NULL,
	"note" text NOT NULL
);
