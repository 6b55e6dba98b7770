CREATE TABLE "bank_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"bank" varchar(10) NOT NULL,
	"market" text NOT NULL,
	"account_name" text NOT NULL,
	"card_number" varchar(30) NOT NULL,
	"status_debit_card" smallint DEFAULT 0 NOT NULL,
	"audit_reason" text DEFAULT '' NOT NULL,
	"audited_by" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"method" varchar(20) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" varchar(10) NOT NULL,
	"gateway_order_id" varchar(64),
	"pay_url" text,
	"payment_code" varchar(40),
	"player_ref" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"client_key" varchar(80),
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "deposit_orders_amount_positive" CHECK ("deposit_orders"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" varchar(20) NOT NULL,
	"event_id" varchar(80) DEFAULT '' NOT NULL,
	"order_id" varchar(40) DEFAULT '' NOT NULL,
	"state" varchar(20) DEFAULT '' NOT NULL,
	"signature_ok" boolean NOT NULL,
	"outcome" varchar(40) NOT NULL,
	"body" text NOT NULL,
	"ip" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"bank_card_id" bigint NOT NULL,
	"status" varchar(10) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"client_key" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_over_fee" CHECK ("withdrawals"."amount_minor" > "withdrawals"."fee_minor")
);
--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "withdraw_free_per_day" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "withdraw_fee_minor" bigint DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "withdraw_max_per_day" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "real_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "gender" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "birthday" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_number_live_uq" ON "bank_cards" USING btree ("card_number") WHERE "bank_cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bank_cards_player_idx" ON "bank_cards" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "deposit_orders_player_idx" ON "deposit_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_queue_idx" ON "deposit_orders" USING btree ("status","method","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_client_key_uq" ON "deposit_orders" USING btree ("player_id","client_key");--> statement-breakpoint
CREATE INDEX "gateway_callbacks_order_idx" ON "gateway_callbacks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawals_player_idx" ON "withdrawals" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_client_key_uq" ON "withdrawals" USING btree ("player_id","client_key");