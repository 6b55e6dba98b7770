-- A player's first deposit that stands (not reversed), kept in ledger_first_deposits: called by the ledger's daily
-- report of a journal (ledger_report_journal) and its rebuild (ledger_rebuild_day) whenever a deposit of the player is
-- posted or reversed, so the row always names the earliest deposit left, or goes when none is.
CREATE OR REPLACE FUNCTION ledger_first_deposit_of(p_player bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_first_deposits (player_id, day, amount_minor, journal_id)
  SELECT j.player_id, (j.created_at AT TIME ZONE 'Asia/Taipei')::date,
    (SELECT coalesce(sum(p.amount_minor), 0) FROM postings p JOIN accounts a ON a.id = p.account_id
      WHERE p.journal_id = j.id AND a.player_id IS NOT NULL AND a.asset = 'money'), j.id
  FROM journals j
  WHERE j.player_id = p_player AND j.kind = 'deposit' AND j.idempotency_key NOT LIKE 'reversal:%'
    AND NOT EXISTS (SELECT 1 FROM journals r WHERE r.idempotency_key = 'reversal:' || j.id)
  ORDER BY j.created_at, j.id LIMIT 1
  ON CONFLICT (player_id) DO NOTHING;
END
$$;
