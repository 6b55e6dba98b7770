-- Rebuilds one Taipei day of the ledger's money aggregates from the journals of the given kinds: releases (bonus money
-- moved from an activity wallet to the central one) count by what they credit to the central account, as
-- ledger_report_journal counts them. The caller holds ledger_daily's lock so no journal's own update interleaves.
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
