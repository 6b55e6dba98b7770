-- The provider's keys of new bet records, written once per insert statement from its transition table: an ingestion
-- page of 500 records is one INSERT ... SELECT into bet_keys rather than 500 row-trigger calls (measured on PostgreSQL
-- 15: pages of 500 about a quarter faster).
-- A key already held by another record, or given twice within one statement, is refused with 23505 under the old
-- unique index's name bet_records_provider_bet_uq. ON CONFLICT DO NOTHING rather than a plain INSERT caught in an
-- exception block, because an exception block opens a subtransaction per statement, and because a record may claim its
-- own key again: create_month_partition moves a month's rows out of the default partition by deleting them from the
-- partition itself (which fires no statement trigger of bet_records, so their keys stay) and inserting them into
-- bet_records. So after the insert, every new record must own its key: when fewer keys went in than records, the
-- records whose key is held by another id are looked for, and the first is refused. Checking ownership rather than the
-- conflict itself also refuses a key that a concurrent transaction committed after this one's snapshot (REPEATABLE
-- READ), which ON CONFLICT skips without showing the winner.
CREATE OR REPLACE FUNCTION bet_keys_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_added bigint;
  v_rows bigint;
  v_gp_code text;
  v_bet_id text;
BEGIN
  INSERT INTO bet_keys (gp_code, bet_id, bet_record_id) SELECT gp_code, bet_id, id FROM new_bets ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS v_added = ROW_COUNT;
  SELECT count(*) INTO v_rows FROM new_bets;
  IF v_added < v_rows THEN
    SELECT n.gp_code, n.bet_id INTO v_gp_code, v_bet_id FROM new_bets n
    WHERE NOT EXISTS (SELECT 1 FROM bet_keys k WHERE k.gp_code = n.gp_code AND k.bet_id = n.bet_id AND k.bet_record_id = n.id)
    LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'duplicate key value violates unique constraint "bet_records_provider_bet_uq"'
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'bet_records_provider_bet_uq', TABLE = 'bet_records',
          DETAIL = format('Key (gp_code, bet_id)=(%s, %s) already exists.', v_gp_code, v_bet_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
