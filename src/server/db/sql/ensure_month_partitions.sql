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
$$;
