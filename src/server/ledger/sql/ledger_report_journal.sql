-- Adds one journal of a reported kind to the ledger's daily money aggregates (ledger_daily and its totals, the first
-- deposits, the active players), in the journal's own transaction: postJournal calls it after writing one
-- (src/server/ledger/daily.ts). A reversal (its key is 'reversal:<id>') counts -1 journal on its own day; a player's row
-- goes when its journals and amount are both 0 again. The accounts are looked up by their key for each of the
-- journal's two or three postings (the sub-select with OFFSET 0 stays a sub-plan, so the planner cannot make it a
-- join): joined instead, a table without statistics (just filled, or a new deployment before its first analyse) was
-- read whole into a hash for every journal, 0.62 ms a call with 1,016 accounts against 0.11 ms by key.
CREATE OR REPLACE FUNCTION ledger_report_journal(p_journal_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_kind text; v_player bigint; v_day date; v_key text; v_at timestamptz;
  v_amount bigint; v_n int; v_new boolean; v_left int; v_left_amount bigint; v_players int := 0; v_before int;
BEGIN
  SELECT kind, player_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, idempotency_key, created_at
  INTO v_kind, v_player, v_day, v_key, v_at FROM journals WHERE id = p_journal_id;
  IF v_player IS NULL THEN RETURN; END IF;
  -- A release counts its credit to the central account only; every other kind, all of the player's money accounts.
  SELECT coalesce(sum(p.amount_minor), 0) INTO v_amount FROM postings p
  WHERE p.journal_id = p_journal_id AND EXISTS (
    SELECT 1 FROM accounts a WHERE a.id = p.account_id AND a.player_id IS NOT NULL AND a.asset = 'money'
      AND (a.kind = 'central' OR v_kind NOT IN ('bonus_unlock', 'bonus_to_central'))
    OFFSET 0);
  v_n := CASE WHEN v_key LIKE 'reversal:%' THEN -1 ELSE 1 END;

  INSERT INTO ledger_daily AS d (kind, day, player_id, journals, amount_minor) VALUES (v_kind, v_day, v_player, v_n, v_amount)
  ON CONFLICT (kind, day, player_id) DO UPDATE SET journals = d.journals + excluded.journals, amount_minor = d.amount_minor + excluded.amount_minor
  RETURNING (xmax = 0), d.journals, d.amount_minor INTO v_new, v_left, v_left_amount;
  IF v_new THEN
    v_players := 1;
  ELSIF v_left = 0 AND v_left_amount = 0 THEN
    DELETE FROM ledger_daily WHERE kind = v_kind AND day = v_day AND player_id = v_player;
    v_players := -1;
  END IF;
  INSERT INTO ledger_daily_totals AS t (day, kind, shard, players, journals, amount_minor)
  VALUES (v_day, v_kind, (v_player % 16)::smallint, v_players, v_n, v_amount)
  ON CONFLICT (day, kind, shard) DO UPDATE
  SET players = t.players + excluded.players, journals = t.journals + excluded.journals, amount_minor = t.amount_minor + excluded.amount_minor;

  IF v_kind = 'deposit' THEN
    -- The day's depositors are the players whose deposits that day still count more than their reversals.
    v_before := CASE WHEN v_new THEN 0 ELSE v_left - v_n END;
    IF v_before <= 0 AND v_left > 0 THEN
      PERFORM report_active_apply(ARRAY[v_day], ARRAY[v_player], 2::smallint, ARRAY[1]);
    ELSIF v_before > 0 AND v_left <= 0 THEN
      PERFORM report_active_apply(ARRAY[v_day], ARRAY[v_player], 2::smallint, ARRAY[-1]);
    END IF;
    IF v_n = 1 THEN
      -- The earliest deposit stands as the first, by its time and then its id, as the rebuild decides.
      INSERT INTO ledger_first_deposits AS f (player_id, day, amount_minor, journal_id) VALUES (v_player, v_day, v_amount, p_journal_id)
      ON CONFLICT (player_id) DO UPDATE SET day = excluded.day, amount_minor = excluded.amount_minor, journal_id = excluded.journal_id
      WHERE (v_at, p_journal_id) < (SELECT j.created_at, j.id FROM journals j WHERE j.id = f.journal_id);
    ELSE
      DELETE FROM ledger_first_deposits WHERE player_id = v_player AND journal_id = substr(v_key, 10)::bigint;
      IF FOUND THEN PERFORM ledger_first_deposit_of(v_player); END IF;
    END IF;
  END IF;
END
$$;
