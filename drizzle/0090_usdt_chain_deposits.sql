-- hand-written below
-- USDT on TRON credited without a person (modules/cashier/usdt): each player's deposit address, derived from the
-- operator's extended public key; every Transfer event the chain watcher saw reach one, once per transaction id and log
-- index, with its outcome; the watcher's cursors; and the operator's rate and minimum, one row per change. A USDT
-- deposit the watcher credits records the USDT received and the rate on the deposit itself.
CREATE TABLE "usdt_deposit_addresses" (
  "id" bigserial PRIMARY KEY,
  "player_id" bigint NOT NULL REFERENCES "players"("id"),
  "account_key" varchar(8) NOT NULL,
  "derivation_index" integer NOT NULL,
  "address" varchar(34) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "usdt_deposit_addresses_index_range" CHECK ("derivation_index" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_addresses_address_uq" ON "usdt_deposit_addresses" ("address");
--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_addresses_player_uq" ON "usdt_deposit_addresses" ("player_id", "account_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_addresses_index_uq" ON "usdt_deposit_addresses" ("account_key", "derivation_index");
--> statement-breakpoint
CREATE TABLE "usdt_transfers" (
  "id" bigserial PRIMARY KEY,
  "txid" varchar(64) NOT NULL,
  "event_index" integer NOT NULL,
  "block_number" bigint NOT NULL,
  "block_time" timestamp with time zone NOT NULL,
  "contract" varchar(34) NOT NULL,
  "from_address" varchar(34) NOT NULL,
  "to_address" varchar(34) NOT NULL,
  "player_id" bigint NOT NULL REFERENCES "players"("id"),
  "value" numeric(78, 0) NOT NULL,
  "outcome" varchar(20) NOT NULL,
  "rate_e4" bigint,
  "amount_minor" bigint,
  "deposit_id" varchar(40) REFERENCES "deposit_orders"("id"),
  "detected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "solidified_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_transfers_event_uq" ON "usdt_transfers" ("txid", "event_index");
--> statement-breakpoint
CREATE INDEX "usdt_transfers_block_idx" ON "usdt_transfers" ("block_number");
--> statement-breakpoint
CREATE INDEX "usdt_transfers_outcome_idx" ON "usdt_transfers" ("outcome", "detected_at");
--> statement-breakpoint
CREATE INDEX "usdt_transfers_player_idx" ON "usdt_transfers" ("player_id", "detected_at");
--> statement-breakpoint
CREATE TABLE "usdt_watch_cursors" (
  "name" varchar(10) PRIMARY KEY,
  "block" bigint NOT NULL,
  "head" bigint,
  "solid" bigint,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdt_rates" (
  "id" bigserial PRIMARY KEY,
  "rate_e4" bigint NOT NULL,
  "min_value" bigint NOT NULL,
  "set_by" bigint REFERENCES "staff"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "usdt_rates_positive" CHECK ("rate_e4" > 0 and "min_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "chain_amount" bigint;
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "chain_rate" bigint;
