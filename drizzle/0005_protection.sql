CREATE TABLE "protection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"action" varchar(40) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"duration" varchar(10) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"phone" varchar(10),
	"account" varchar(12) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"period" varchar(10) NOT NULL,
	"value_minor" bigint,
	"pending_value_minor" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_exclusions" ADD CONSTRAINT "protection_exclusions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_events_player_idx" ON "protection_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "protection_exclusions_player_idx" ON "protection_exclusions" USING btree ("player_id","ends_at");--> statement-breakpoint
CREATE INDEX "protection_exclusions_phone_idx" ON "protection_exclusions" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "protection_limits_player_kind_period_uq" ON "protection_limits" USING btree ("player_id","kind","period");