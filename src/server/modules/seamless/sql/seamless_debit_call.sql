-- A seamless debit's usual case as the whole call (modules/seamless/service.ts), sent on its own without a
-- transaction around it, so the statement is the transaction: the player active, the round still open and the
-- player's, the gate clear, the transaction id new. It claims the id, takes the stake as one ledger journal through
-- ledger_post_asset_journal (the caller prepared its hash and sorted postings), adds the stake to the round, writes the
-- round's bet record and answers the round and the balance after the call. Anything else answers 'fallback' before
-- writing a row, and the caller takes the full path in a transaction of its own: a replay, a closed or foreign round, a
-- player the gate must look at, a player not active. An overdraft refuses the debit and records that first answer, as
-- the full path does. Words as in src/shared/seamless-statuses.ts.
CREATE OR REPLACE FUNCTION seamless_debit_call(
  p_gp_code text, p_tx_id text, p_player_id bigint, p_round_id text, p_game_code text, p_amount bigint, p_request_hash text,
  p_key text, p_journal_hash bytea, p_memo text, p_account_ids bigint[], p_amounts bigint[], p_central bigint,
  p_game_type text, p_active_status smallint,
  OUT o_outcome text, OUT o_balance bigint, OUT o_tx bigint, OUT o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v_round seamless_rounds; v_journal record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM players WHERE id = p_player_id AND status = p_active_status) THEN o_outcome := 'fallback'; RETURN; END IF;
  SELECT * INTO v_round FROM seamless_rounds WHERE gp_code = p_gp_code AND round_id = p_round_id;
  IF FOUND AND (v_round.status <> 'open' OR v_round.player_id <> p_player_id) THEN o_outcome := 'fallback'; RETURN; END IF;
  IF NOT protection_gate_lock_clear(p_player_id) THEN o_outcome := 'fallback'; RETURN; END IF;
  INSERT INTO seamless_transactions (gp_code, tx_id, kind, player_id, round_id, game_code, amount_minor, status, code, request_hash)
  VALUES (p_gp_code, p_tx_id, 'debit', p_player_id, p_round_id, p_game_code, p_amount, 'open', 'OK', p_request_hash)
  ON CONFLICT (gp_code, tx_id) DO NOTHING RETURNING id INTO o_tx;
  IF o_tx IS NULL THEN o_outcome := 'fallback'; RETURN; END IF;
  SELECT * INTO v_journal FROM ledger_post_asset_journal('money', 'seamless_debit', p_key, p_journal_hash, p_player_id, p_tx_id, p_memo,
    NULL, p_account_ids, p_amounts);
  IF v_journal.o_outcome = 'insufficient' THEN
    UPDATE seamless_transactions SET status = 'refused', code = 'INSUFFICIENT_FUNDS', updated_at = now() WHERE id = o_tx;
    o_outcome := 'insufficient';
  ELSIF v_journal.o_outcome = 'posted' THEN
    UPDATE seamless_transactions SET journal_id = v_journal.o_journal_id, updated_at = now() WHERE id = o_tx;
    INSERT INTO seamless_rounds AS r (gp_code, round_id, player_id, game_code, stake_minor, payout_minor, version)
    VALUES (p_gp_code, p_round_id, p_player_id, p_game_code, p_amount, 0, 1)
    ON CONFLICT (gp_code, round_id) DO UPDATE SET stake_minor = r.stake_minor + excluded.stake_minor,
      payout_minor = r.payout_minor + excluded.payout_minor, version = r.version + 1, updated_at = now()
    WHERE r.player_id = excluded.player_id AND r.status = 'open'
    RETURNING * INTO o_round;
    -- The round was read open and ours above; only a racing end of it gets here, and then nothing of this call stays.
    IF NOT FOUND THEN RAISE EXCEPTION 'seamless: round % changed under its lock', p_round_id; END IF;
    PERFORM seamless_record_round(o_round, p_game_type);
    o_outcome := 'ok';
  ELSE
    -- The key is the transaction id just claimed, so no journal can hold it yet: a replay or mismatch here is a bug.
    RAISE EXCEPTION 'ledger invariant: seamless debit % answered %', p_tx_id, v_journal.o_outcome;
  END IF;
  SELECT balance_minor INTO o_balance FROM accounts WHERE id = p_central;
END
$$;
