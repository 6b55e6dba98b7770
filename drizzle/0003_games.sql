CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"game_code" varchar(40) NOT NULL,
	"group" varchar(12) NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"thumbnails" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "games_code_uq" ON "games" USING btree ("gp_code","game_code","group");--> statement-breakpoint
CREATE INDEX "games_group_idx" ON "games" USING btree ("group","sort");