-- hand-written below
-- The bonus money released to players' central wallets (issue 23, the bonuses report's "bet flow completed, unlocks"):
-- an unlock (bonus_unlock) or a move out of an activity wallet whose bet flow is complete (bonus_to_central) takes
-- money from one of the player's accounts to another, so the net effect on the player's money, which every other kind
-- is counted by, is always 0 and the release would not show. For these two kinds alone the amount counted is what the
-- journal credits to the player's central account (a reversal's is negative). Every other kind is counted exactly as
-- before. Both functions are 0025's (ledger_report_journal) and 0023's (ledger_rebuild_day) with that one rule added
-- to the postings they sum.
CREATE OR REPLACE FUNCTION ledger_report_journal(p_journal_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_kind text; v_player bigint; v_day date; v_key text; v_at timestamptz;
  v_amount bigint; v_n int; v_new boolean; v_left int; v_left_amount bigint; v_players int := 0; v_before int;
BEGIN
  SELECT kind, player_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, idempotency_key, created_at
  INTO v_kind, v_player, v_day, v_key, v_at FROM journals WHERE id = p_journal_id;
  IF v_player IS NULL THEN RETURN; END IF;
  -- A release counts its credit to the central account only; every other kind, all of the player's money accounts.
  SELECT coalesce(sum(p.amount_minor), 0) INTO v_amount FROM postings p JOIN accounts a ON a.id = p.account_id
  WHERE p.journal_id = p_journal_id AND a.player_id IS NOT NULL AND a.asset = 'money'
    AND (a.kind = 'central' OR v_kind NOT IN ('bonus_unlock', 'bonus_to_central'));
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
--> statement-breakpoint
-- Rebuilds one Taipei day of the ledger's money aggregates from the journals of the given kinds, with the releases'
-- rule above. The caller holds ledger_daily's lock so no journal's own update interleaves.
CREATE OR REPLACE FUNCTION ledger_rebuild_day(p_day date, p_kinds text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (p_day::timestamp AT TIME ZONE 'Asia/Taipei');
  v_to timestamptz := ((p_day + 1)::timestamp AT TIME ZONE 'Asia/Taipei');
  v_players bigint[];
BEGIN
  DELETE FROM ledger_daily WHERE day = p_day;
  DELETE FROM ledger_daily_totals WHERE day = p_day;
  INSERT INTO ledger_daily (kind, day, player_id, journals, amount_minor)
  SELECT j.kind, p_day, j.player_id, sum(CASE WHEN j.idempotency_key LIKE 'reversal:%' THEN -1 ELSE 1 END),
    coalesce(sum((SELECT sum(p.amount_minor) FROM postings p JOIN accounts a ON a.id = p.account_id
      WHERE p.journal_id = j.id AND a.player_id IS NOT NULL AND a.asset = 'money'
        AND (a.kind = 'central' OR j.kind NOT IN ('bonus_unlock', 'bonus_to_central')))), 0)
  FROM journals j
  WHERE j.created_at >= v_from AND j.created_at < v_to AND j.kind = ANY (p_kinds) AND j.player_id IS NOT NULL
  GROUP BY j.kind, j.player_id
  HAVING NOT (sum(CASE WHEN j.idempotency_key LIKE 'reversal:%' THEN -1 ELSE 1 END) = 0 AND coalesce(sum((SELECT sum(p.amount_minor)
    FROM postings p JOIN accounts a ON a.id = p.account_id WHERE p.journal_id = j.id AND a.player_id IS NOT NULL AND a.asset = 'money'
      AND (a.kind = 'central' OR j.kind NOT IN ('bonus_unlock', 'bonus_to_central')))), 0) = 0);
  INSERT INTO ledger_daily_totals (day, kind, shard, players, journals, amount_minor)
  SELECT p_day, kind, (player_id % 16)::smallint, count(*), sum(journals), sum(amount_minor)
  FROM ledger_daily WHERE day = p_day GROUP BY kind, player_id % 16;
  -- First deposits: every player who deposited that day, or whose first deposit was said to be that day, is decided again.
  SELECT coalesce(array_agg(player_id), '{}') INTO v_players FROM (
    SELECT player_id FROM ledger_first_deposits WHERE day = p_day
    UNION SELECT player_id FROM ledger_daily WHERE day = p_day AND kind = 'deposit') s;
  DELETE FROM ledger_first_deposits WHERE player_id = ANY (v_players);
  PERFORM ledger_first_deposit_of(x) FROM unnest(v_players) AS x;
END
$$;
--> statement-breakpoint
-- Backfill: every day that has a release is rebuilt with every reported kind (the rebuild deletes the whole day's rows,
-- so it must be given all of them: src/server/ledger/daily.ts REPORTED_KINDS).
SELECT ledger_rebuild_day(d, ARRAY['deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus','bonus_unlock','bonus_to_central'])
FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM journals WHERE kind IN ('bonus_unlock', 'bonus_to_central') AND player_id IS NOT NULL) s;
