-- The ledger's daily money aggregates (issue 23), kept in the transaction of every journal of a reported kind:
-- postJournal calls ledger_report_journal after writing one (src/server/ledger/daily.ts). A reversal (its key is
-- 'reversal:<id>') counts -1 journal on its own day. A player's row goes when its journals and amount are both 0 again.
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
