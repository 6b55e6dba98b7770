-- The row-level trigger of bet records whose provider key changes: the key is unique through bet_keys, so a record
-- taking a key another holds is refused with 23505 and the old unique index's name, and callers that told a duplicate
-- by it still do. The key's own record may claim it again: an update that moves a row to another partition (a
-- corrected placed_at) deletes and inserts it. New and deleted records go through bet_keys_insert and bet_keys_delete.
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
$$;
