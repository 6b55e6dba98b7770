-- Deleted records free their keys, once per statement. A row that an UPDATE moves to another partition (a corrected
-- placed_at) is deleted and inserted by PostgreSQL, but fires neither statement trigger, so its key stays where it
-- is; the row-level UPDATE trigger (bet_keys_keep) handles a changed key.
CREATE OR REPLACE FUNCTION bet_keys_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bet_keys k USING old_bets o WHERE k.gp_code = o.gp_code AND k.bet_id = o.bet_id AND k.bet_record_id = o.id;
  RETURN NULL;
END
$$;
