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
$$;
