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
-- bet_records and postings become tables partitioned by month (UTC) of placed_at and created_at (issue 25). drizzle-kit
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
CREATE OR REPLACE FUNCTION create_month_partition(p_table text, p_month date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_key text := CASE p_table WHEN 'postings' THEN 'created_at' WHEN 'bet_records' THEN 'placed_at' END;
  v_from date := date_trunc('month', p_month)::date;
  v_name text := format('%s_p%s', p_table, to_char(date_trunc('month', p_month), 'YYYY_MM'));
  v_default text := p_table || '_default';
  v_lo timestamptz := date_trunc('month', p_month)::timestamp AT TIME ZONE 'UTC';
  v_hi timestamptz := (date_trunc('month', p_month) + interval '1 month')::timestamp AT TIME ZONE 'UTC';
  v_stray boolean;
BEGIN
  IF v_key IS NULL THEN
    RAISE EXCEPTION 'create_month_partition: % is not partitioned by month', p_table;
  END IF;
  IF to_regclass(format('public.%I', v_name)) IS NOT NULL OR to_regclass(format('archive.%I', v_name)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I WHERE %I >= $1 AND %I < $2)', v_default, v_key, v_key)
    INTO v_stray USING v_lo, v_hi;
  IF NOT v_stray THEN
    EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)', v_name, p_table, v_lo, v_hi);
    RETURN true;
  END IF;
  EXECUTE format('ALTER TABLE public.%I DETACH PARTITION public.%I', p_table, v_default);
  EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)', v_name, p_table, v_lo, v_hi);
  EXECUTE format('WITH moved AS (DELETE FROM public.%I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO public.%I SELECT * FROM moved',
    v_default, v_key, v_key, p_table) USING v_lo, v_hi;
  EXECUTE format('ALTER TABLE public.%I ATTACH PARTITION public.%I DEFAULT', p_table, v_default);
  RETURN true;
END
$$
--> statement-breakpoint
-- The partitions of the current month (UTC) and p_months_ahead months after it, for both tables; the ensure-partitions
-- job calls it under its advisory lock. Returns how many partitions it made.
CREATE OR REPLACE FUNCTION ensure_month_partitions(p_months_ahead integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_made integer := 0;
  v_month date;
BEGIN
  IF p_months_ahead < 0 OR p_months_ahead > 24 THEN
    RAISE EXCEPTION 'ensure_month_partitions: months ahead must be 0 to 24, not %', p_months_ahead;
  END IF;
  FOR i IN 0..p_months_ahead LOOP
    v_month := (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i))::date;
    IF create_month_partition('bet_records', v_month) THEN v_made := v_made + 1; END IF;
    IF create_month_partition('postings', v_month) THEN v_made := v_made + 1; END IF;
  END LOOP;
  RETURN v_made;
END
$$
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
CREATE OR REPLACE FUNCTION bet_keys_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_owner bigint;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM bet_keys WHERE gp_code = OLD.gp_code AND bet_id = OLD.bet_id AND bet_record_id = OLD.id;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  END IF;
  INSERT INTO bet_keys (gp_code, bet_id, bet_record_id) VALUES (NEW.gp_code, NEW.bet_id, NEW.id) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT bet_record_id INTO v_owner FROM bet_keys WHERE gp_code = NEW.gp_code AND bet_id = NEW.bet_id;
    IF v_owner IS DISTINCT FROM NEW.id THEN
      RAISE EXCEPTION 'duplicate key value violates unique constraint "bet_records_provider_bet_uq"'
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'bet_records_provider_bet_uq', TABLE = 'bet_records',
          DETAIL = format('Key (gp_code, bet_id)=(%s, %s) already exists.', NEW.gp_code, NEW.bet_id);
    END IF;
  END IF;
  RETURN NEW;
END
$$
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
CREATE OR REPLACE FUNCTION ledger_archive_before(p_before date) RETURNS SETOF date
LANGUAGE plpgsql AS $$
DECLARE
  v_cut timestamptz := p_before::timestamp AT TIME ZONE 'UTC';
  v_part record;
  v_month date;
BEGIN
  IF p_before <> date_trunc('month', p_before)::date OR p_before > date_trunc('month', now() AT TIME ZONE 'UTC')::date THEN
    RAISE EXCEPTION 'ledger_archive_before: % must be the first day of a month no later than the current one', p_before;
  END IF;
  PERFORM pg_advisory_xact_lock(7240241);
  PERFORM create_month_partition('postings', m) FROM (
    SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS m FROM postings_default WHERE created_at < v_cut) AS months;
  PERFORM create_month_partition('bet_records', m) FROM (
    SELECT DISTINCT date_trunc('month', placed_at AT TIME ZONE 'UTC')::date AS m FROM bet_records_default WHERE placed_at < v_cut) AS months;
  FOR v_part IN
    SELECT c.relname AS name, parent.relname AS parent
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class parent ON parent.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND parent.relname IN ('postings', 'bet_records') AND c.relname ~ '_p[0-9]{4}_[0-9]{2}$'
      AND to_date(right(c.relname, 7), 'YYYY_MM') < p_before
    ORDER BY to_date(right(c.relname, 7), 'YYYY_MM'), parent.relname DESC
  LOOP
    v_month := to_date(right(v_part.name, 7), 'YYYY_MM');
    IF v_part.parent = 'postings' THEN
      EXECUTE format($q$
        INSERT INTO ledger_closing_balances (account_id, month, balance_minor, postings_count)
        SELECT coalesce(s.account_id, prev.account_id), $1, coalesce(prev.balance_minor, 0) + coalesce(s.total, 0), coalesce(s.n, 0)::int
        FROM (SELECT account_id, sum(amount_minor) AS total, count(*) AS n FROM public.%I GROUP BY account_id) AS s
        FULL JOIN (SELECT DISTINCT ON (account_id) account_id, balance_minor FROM ledger_closing_balances
                   WHERE month < $1 ORDER BY account_id, month DESC) AS prev ON prev.account_id = s.account_id$q$, v_part.name)
        USING v_month;
      RETURN NEXT v_month;
    END IF;
    EXECUTE format('ALTER TABLE public.%I DETACH PARTITION public.%I', v_part.parent, v_part.name);
    EXECUTE format('ALTER TABLE public.%I SET SCHEMA archive', v_part.name);
  END LOOP;
END
$$

--> statement-breakpoint
-- bet_seamless_round (drizzle/0033) without its ON CONFLICT: a partitioned bet_records cannot hold the unique index on
-- (gp_code, bet_id) an ON CONFLICT needs. The caller holds the round's row lock (seamless_rounds), so no other writer of
-- this record runs between the locked read and the write; a second insert would still be refused by bet_keys (23505)
-- rather than doubling the record.
CREATE OR REPLACE FUNCTION bet_seamless_round(p_gp_code text, p_bet_id text, p_player_id bigint, p_game text, p_game_type text,
  p_stake bigint, p_payout bigint, p_status text, p_version int, p_placed_at timestamptz, p_settled_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_old bet_records; v_valid bigint; v_net bigint; v_deltas jsonb;
BEGIN
  v_valid := CASE WHEN p_status <> 'settled' OR p_payout = p_stake THEN 0
    WHEN p_game_type IN ('slots', 'fish', 'casino', 'lottery', 'cards') THEN p_stake ELSE 0 END;
  v_net := CASE p_status WHEN 'void' THEN 0 WHEN 'open' THEN -p_stake ELSE p_payout - p_stake END;
  SELECT * INTO v_old FROM bet_records WHERE gp_code = p_gp_code AND bet_id = p_bet_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version,
      ledger_version, ledger_net_minor, detail, placed_at, settled_at)
    VALUES (p_gp_code, p_bet_id, p_player_id, p_game, p_game_type, p_stake, p_payout, v_valid, p_status, p_version, p_version, v_net,
      '{"wallet":"seamless"}'::jsonb, p_placed_at, p_settled_at);
  ELSE
    -- placed_at is never changed, so a resolution that names another opening time updates the record where it is.
    UPDATE bet_records SET stake_minor = p_stake, payout_minor = p_payout, valid_bet_minor = v_valid, status = p_status, version = p_version,
      ledger_version = p_version, ledger_net_minor = v_net, settled_at = p_settled_at, updated_at = now()
    WHERE id = v_old.id AND placed_at = v_old.placed_at AND version < p_version AND player_id = p_player_id;
    IF NOT FOUND THEN RETURN; END IF;
  END IF;
  -- The contributions merged per day, game and player; a change that moves nothing is not applied.
  SELECT jsonb_agg(jsonb_build_object('day', day, 'gp_code', p_gp_code, 'game', game, 'game_type', min_type, 'player_id', player_id,
      'rounds', rounds, 'stake', stake, 'valid', valid, 'payout', payout))
  INTO v_deltas FROM (
    SELECT day, game, min(game_type) AS min_type, player_id, sum(rounds) AS rounds, sum(stake) AS stake, sum(valid) AS valid, sum(payout) AS payout
    FROM (
      SELECT (v_old.settled_at AT TIME ZONE 'Asia/Taipei')::date AS day, v_old.game AS game, v_old.game_type AS game_type, v_old.player_id AS player_id,
        -1 AS rounds, -v_old.stake_minor AS stake, -v_old.valid_bet_minor AS valid, -v_old.payout_minor AS payout
      WHERE v_old.player_id IS NOT NULL AND v_old.status = 'settled' AND v_old.settled_at IS NOT NULL
      UNION ALL
      SELECT (p_settled_at AT TIME ZONE 'Asia/Taipei')::date, p_game, p_game_type, p_player_id, 1, p_stake, v_valid, p_payout
      WHERE p_status = 'settled' AND p_settled_at IS NOT NULL
    ) c GROUP BY day, game, player_id
    HAVING sum(rounds) <> 0 OR sum(stake) <> 0 OR sum(valid) <> 0 OR sum(payout) <> 0
  ) m;
  IF v_deltas IS NOT NULL THEN PERFORM bet_daily_apply(v_deltas); END IF;
END
$$;
