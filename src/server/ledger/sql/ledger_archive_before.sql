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
$$;
