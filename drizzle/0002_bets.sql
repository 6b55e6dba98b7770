CREATE TABLE "bet_record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_record_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"bet_id" varchar(64) NOT NULL,
	"player_id" bigint NOT NULL,
	"game" varchar(40) NOT NULL,
	"game_type" varchar(12) NOT NULL,
	"stake_minor" bigint NOT NULL,
	"payout_minor" bigint NOT NULL,
	"valid_bet_minor" bigint NOT NULL,
	"status" varchar(10) NOT NULL,
	"version" integer NOT NULL,
	"ledger_version" integer DEFAULT 0 NOT NULL,
	"ledger_net_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_wallet_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingestion_cursors" (
	"gp_code" varchar(20) PRIMARY KEY NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bet_record_history" ADD CONSTRAINT "bet_record_history_bet_record_id_bet_records_id_fk" FOREIGN KEY ("bet_record_id") REFERENCES "public"."bet_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_record_history_record_idx" ON "bet_record_history" USING btree ("bet_record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_records_provider_bet_uq" ON "bet_records" USING btree ("gp_code","bet_id");--> statement-breakpoint
CREATE INDEX "bet_records_player_placed_idx" ON "bet_records" USING btree ("player_id","placed_at");--> statement-breakpoint
CREATE INDEX "bet_records_ledger_due_idx" ON "bet_records" USING btree ("id") WHERE "bet_records"."ledger_version" < "bet_records"."version";