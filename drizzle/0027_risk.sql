CREATE TABLE "risk_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" varchar(40) NOT NULL,
	"player_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"card_hash" varchar(64) NOT NULL,
	"score" integer NOT NULL,
	"decision" varchar(14) NOT NULL,
	"hits" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_group_members" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_links" (
	"player_a" bigint NOT NULL,
	"player_b" bigint NOT NULL,
	"score" integer NOT NULL,
	"signals" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'auto' NOT NULL,
	"review_reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_links_player_a_player_b_pk" PRIMARY KEY("player_a","player_b")
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"value_hash" varchar(64) NOT NULL,
	"source" varchar(12) NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "risk_decisions_withdrawal_uq" ON "risk_decisions" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "risk_decisions_player_idx" ON "risk_decisions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_decisions_card_idx" ON "risk_decisions" USING btree ("card_hash");--> statement-breakpoint
CREATE INDEX "risk_decisions_created_idx" ON "risk_decisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_group_members_group_idx" ON "risk_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "risk_links_player_b_idx" ON "risk_links" USING btree ("player_b");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_signals_player_kind_value_uq" ON "risk_signals" USING btree ("player_id","kind","value_hash");--> statement-breakpoint
CREATE INDEX "risk_signals_kind_value_idx" ON "risk_signals" USING btree ("kind","value_hash");