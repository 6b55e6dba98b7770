CREATE TABLE "bonus_wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"is_sports" boolean DEFAULT false NOT NULL,
	"platform_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bonus_bet_minor" bigint NOT NULL,
	"bonus_now_bet_minor" bigint DEFAULT 0 NOT NULL,
	"give_up_wallet_amount_minor" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"granted_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"idempotency_key" varchar(120) NOT NULL,
	"request_hash" "bytea" NOT NULL,
	"player_id" bigint,
	"ref" varchar(80) DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_transfers" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"wallet_kind" varchar(10) NOT NULL,
	"bonus_wallet_id" bigint,
	"status" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"client_key" varchar(80),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "platform_transfers_amount_positive" CHECK ("platform_transfers"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_platforms" (
	"player_id" bigint NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"provider_player" varchar(40) NOT NULL,
	"bonus_wallet_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	CONSTRAINT "postings_not_zero" CHECK ("postings"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"transfer_id" varchar(40),
	"player_id" bigint,
	"gp_code" varchar(20),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "blacklist" jsonb DEFAULT '{"type":[],"game_platform_code":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_wallets" ADD CONSTRAINT "bonus_wallets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_transfers" ADD CONSTRAINT "platform_transfers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_platforms" ADD CONSTRAINT "player_platforms_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_wallets_player_idx" ON "bonus_wallets" USING btree ("player_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_idempotency_key_uq" ON "journals" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "journals_player_created_idx" ON "journals" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "platform_transfers_pending_idx" ON "platform_transfers" USING btree ("next_check_at") WHERE "platform_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "platform_transfers_player_idx" ON "platform_transfers" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_transfers_client_key_uq" ON "platform_transfers" USING btree ("player_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "player_platforms_pk" ON "player_platforms" USING btree ("player_id","gp_code");--> statement-breakpoint
CREATE INDEX "postings_journal_idx" ON "postings" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_open_idx" ON "reconciliation_findings" USING btree ("created_at") WHERE "reconciliation_findings"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_findings_transfer_kind_uq" ON "reconciliation_findings" USING btree ("transfer_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_house_kind_ref_uq" ON "accounts" USING btree ("kind","ref") WHERE "accounts"."player_id" is null;