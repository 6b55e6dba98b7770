-- First deposits per Taipei day, kept with ledger_first_deposits by a trigger: the ledger's journal function, its
-- reversal path and its rebuild all insert, move or delete first deposits, and each move carries its count along.
CREATE OR REPLACE FUNCTION ledger_first_deposit_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_first_deposit_totals AS c (day, shard, players, amount_minor)
    VALUES (OLD.day, (OLD.player_id % 16)::smallint, -1, -OLD.amount_minor)
    ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players, amount_minor = c.amount_minor + excluded.amount_minor;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_first_deposit_totals AS c (day, shard, players, amount_minor)
    VALUES (NEW.day, (NEW.player_id % 16)::smallint, 1, NEW.amount_minor)
    ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players, amount_minor = c.amount_minor + excluded.amount_minor;
  END IF;
  RETURN NULL;
END
$$;
