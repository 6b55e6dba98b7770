CREATE TABLE "bet_keys" (
	"gp_code" varchar(20) NOT NULL,
	"bet_id" varchar(64) NOT NULL,
	"bet_record_id" bigint NOT NULL,
	CONSTRAINT "bet_keys_pkey" PRIMARY KEY("gp_code","bet_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_closing_balances" (
	"account_id" bigint NOT NULL,
	"month" date NOT NULL,
	"balance_minor" bigint NOT NULL,
	"postings_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_closing_balances_pkey" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "bet_record_history" DROP CONSTRAINT "bet_record_history_bet_record_id_bet_records_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_closing_balances" ADD CONSTRAINT "ledger_closing_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- hand-written below
-- bet_records and postings become tables partitioned by month (UTC) of placed_at and created_at. drizzle-kit
-- cannot express a partitioned table, so each is rebuilt: the old table is renamed, a partitioned one of the same
-- columns takes its name and its id sequence, a partition per month of the existing rows and three months ahead is
-- made, the rows are copied and the old table dropped. A DEFAULT partition catches any row whose month has no
-- partition, so an insert never fails for want of one. Old partitions leave for the archive schema through
-- ledger_archive_before (npm run ledger:archive), which leaves the closing balance of every account per month.
CREATE SCHEMA IF NOT EXISTS archive
--> statement-breakpoint
ALTER TABLE "bet_records" RENAME TO "bet_records_unpartitioned"
--> statement-breakpoint
ALTER TABLE "bet_records_unpartitioned" RENAME CONSTRAINT "bet_records_pkey" TO "bet_records_unpartitioned_pkey"
--> statement-breakpoint
DROP INDEX "bet_records_provider_bet_uq"
--> statement-breakpoint
DROP INDEX "bet_records_player_placed_idx"
--> statement-breakpoint
DROP INDEX "bet_records_player_settled_idx"
--> statement-breakpoint
DROP INDEX "bet_records_ledger_due_idx"
--> statement-breakpoint
DROP INDEX "bet_records_points_due_idx"
--> statement-breakpoint
CREATE TABLE "bet_records" (
  LIKE "bet_records_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  CONSTRAINT "bet_records_pkey" PRIMARY KEY ("id", "placed_at")
) PARTITION BY RANGE ("placed_at")
--> statement-breakpoint
ALTER SEQUENCE "bet_records_id_seq" OWNED BY "bet_records"."id"
--> statement-breakpoint
CREATE TABLE "bet_records_default" PARTITION OF "bet_records" DEFAULT
--> statement-breakpoint
ALTER TABLE "postings" RENAME TO "postings_unpartitioned"
--> statement-breakpoint
ALTER TABLE "postings_unpartitioned" RENAME CONSTRAINT "postings_pkey" TO "postings_unpartitioned_pkey"
--> statement-breakpoint
DROP INDEX "postings_journal_idx"
--> statement-breakpoint
DROP INDEX "postings_account_idx"
--> statement-breakpoint
CREATE TABLE "postings" (
  LIKE "postings_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "postings_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at")
--> statement-breakpoint
ALTER SEQUENCE "postings_id_seq" OWNED BY "postings"."id"
--> statement-breakpoint
CREATE TABLE "postings_default" PARTITION OF "postings" DEFAULT
--> statement-breakpoint
-- Makes the partition of one month (UTC) of bet_records or postings, named <table>_pYYYY_MM, unless it exists here or in
-- the archive schema (an archived month is not made again: its late rows stay in the default partition). Rows of that
-- month already in the default partition move into the new partition: PostgreSQL refuses to add a partition whose range
-- the default partition holds rows of, so the default is detached for the move and attached again. Returns whether
-- it made the partition.
-- create_month_partition: its one definition is src/server/db/sql/create_month_partition.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- The partitions of the current month (UTC) and p_months_ahead months after it, for both tables; the ensure-partitions
-- job calls it under its advisory lock. Returns how many partitions it made.
-- ensure_month_partitions: its one definition is src/server/db/sql/ensure_month_partitions.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
SELECT count(create_month_partition('bet_records', m)) FROM (
  SELECT DISTINCT date_trunc('month', placed_at AT TIME ZONE 'UTC')::date AS m FROM "bet_records_unpartitioned") AS months
--> statement-breakpoint
SELECT count(create_month_partition('postings', m)) FROM (
  SELECT DISTINCT date_trunc('month', j.created_at AT TIME ZONE 'UTC')::date AS m
  FROM "postings_unpartitioned" p JOIN "journals" j ON j.id = p.journal_id) AS months
--> statement-breakpoint
SELECT ensure_month_partitions(3)
--> statement-breakpoint
INSERT INTO "bet_records" SELECT * FROM "bet_records_unpartitioned"
--> statement-breakpoint
-- A posting takes its journal's time: both were written by one transaction, whose now() the journal kept.
INSERT INTO "postings" ("id", "journal_id", "account_id", "amount_minor", "balance_after_minor", "created_at")
SELECT p.id, p.journal_id, p.account_id, p.amount_minor, p.balance_after_minor, j.created_at
FROM "postings_unpartitioned" p JOIN "journals" j ON j.id = p.journal_id
--> statement-breakpoint
INSERT INTO "bet_keys" ("gp_code", "bet_id", "bet_record_id") SELECT gp_code, bet_id, id FROM "bet_records"
--> statement-breakpoint
DROP TABLE "bet_records_unpartitioned"
--> statement-breakpoint
DROP TABLE "postings_unpartitioned"
--> statement-breakpoint
CREATE INDEX "bet_records_provider_bet_idx" ON "bet_records" USING btree ("gp_code","bet_id")
--> statement-breakpoint
CREATE INDEX "bet_records_player_placed_idx" ON "bet_records" USING btree ("player_id","placed_at")
--> statement-breakpoint
CREATE INDEX "bet_records_player_settled_idx" ON "bet_records" USING btree ("player_id","settled_at")
--> statement-breakpoint
CREATE INDEX "bet_records_ledger_due_idx" ON "bet_records" USING btree ("id") WHERE "bet_records"."ledger_version" < "bet_records"."version"
--> statement-breakpoint
CREATE INDEX "bet_records_points_due_idx" ON "bet_records" USING btree ("id") WHERE "bet_records"."points_version" < "bet_records"."version"
--> statement-breakpoint
CREATE INDEX "postings_journal_idx" ON "postings" USING btree ("journal_id")
--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id")
--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action
--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action
--> statement-breakpoint
-- The provider's key of a bet record is unique through bet_keys: a second record with a taken key is refused with
-- 23505 and the old unique index's name, so callers that told a duplicate by it still do. The key's own record may
-- claim it again: an update that moves a row to another partition (a corrected placed_at) deletes and inserts it.
-- bet_keys_keep: its one definition is src/server/modules/bets/sql/bet_keys_keep.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
CREATE TRIGGER bet_records_keys_insert BEFORE INSERT OR DELETE ON bet_records FOR EACH ROW EXECUTE FUNCTION bet_keys_keep()
--> statement-breakpoint
CREATE TRIGGER bet_records_keys_update BEFORE UPDATE OF gp_code, bet_id ON bet_records FOR EACH ROW
WHEN (OLD.gp_code IS DISTINCT FROM NEW.gp_code OR OLD.bet_id IS DISTINCT FROM NEW.bet_id) EXECUTE FUNCTION bet_keys_keep()
--> statement-breakpoint
-- Archives every month before p_before (UTC, a month start no later than the current month's): rows of those months
-- still in the default partitions move to partitions of their own first; then, oldest month first, each account's
-- closing balance at the month's end (its last closing balance plus the month's postings) is written to
-- ledger_closing_balances, and the month's partitions of postings and bet_records are detached and moved to the
-- archive schema, where they stay readable until an operator drops them. One transaction under advisory lock
-- 7_240_241, so two archivists never interleave. Returns the archived months of postings.
-- ledger_archive_before: its one definition is src/server/ledger/sql/ledger_archive_before.sql (src/server/db/migrate.ts applies it).

--> statement-breakpoint
-- bet_seamless_round (drizzle/0033) without its ON CONFLICT: a partitioned bet_records cannot hold the unique index on
-- (gp_code, bet_id) an ON CONFLICT needs. The caller holds the round's row lock (seamless_rounds), so no other writer of
-- this record runs between the locked read and the write; a second insert would still be refused by bet_keys (23505)
-- rather than doubling the record.
-- bet_seamless_round: its one definition is src/server/modules/bets/sql/bet_seamless_round.sql (src/server/db/migrate.ts applies it).
