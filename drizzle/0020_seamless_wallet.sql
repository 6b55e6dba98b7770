CREATE TABLE "seamless_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ours_stake_minor" bigint NOT NULL,
	"ours_payout_minor" bigint NOT NULL,
	"theirs_stake_minor" bigint,
	"theirs_payout_minor" bigint,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolution" varchar(8),
	"note" text DEFAULT '' NOT NULL,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_platforms" (
	"gp_code" varchar(20) PRIMARY KEY NOT NULL,
	"round_limit_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"player_id" bigint NOT NULL,
	"game_code" varchar(40) NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"game_code" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"tx_id" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"player_id" bigint NOT NULL,
	"round_id" varchar(64) NOT NULL,
	"game_code" varchar(40) DEFAULT '' NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"ref_tx_id" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"code" varchar(32) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_findings_open_round_uq" ON "seamless_findings" USING btree ("gp_code","round_id") WHERE "seamless_findings"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_rounds_provider_round_uq" ON "seamless_rounds" USING btree ("gp_code","round_id");--> statement-breakpoint
CREATE INDEX "seamless_rounds_player_idx" ON "seamless_rounds" USING btree ("player_id","opened_at");--> statement-breakpoint
CREATE INDEX "seamless_rounds_open_idx" ON "seamless_rounds" USING btree ("opened_at") WHERE "seamless_rounds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "seamless_sessions_expiry_idx" ON "seamless_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_transactions_provider_tx_uq" ON "seamless_transactions" USING btree ("gp_code","tx_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_player_idx" ON "seamless_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "seamless_transactions_round_idx" ON "seamless_transactions" USING btree ("gp_code","round_id");