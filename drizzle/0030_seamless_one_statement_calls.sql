-- hand-written below
-- The protection gate's lock and its quick answer, for callers that decide in one SQL statement (issue 22's seamless
-- debit). Takes the same per-player advisory lock as lockPlayerGate (modules/protection/gate.ts), held to the end of
-- the caller's transaction, and answers true only when the player has no limit with a value and no exclusion at all,
-- past or present: then nothing in checkGate can refuse. Any other player is answered false and the caller asks the
-- full gate (the service's own code), so this never has to know how limits are counted.
CREATE OR REPLACE FUNCTION protection_gate_lock_clear(p_player_id bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('protection-gate'), p_player_id::int);
  RETURN NOT EXISTS (SELECT 1 FROM protection_limits WHERE player_id = p_player_id AND limit_value IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM protection_exclusions WHERE player_id = p_player_id);
END
$$;
--> statement-breakpoint
-- A seamless debit's usual case in one round trip (modules/seamless/service.ts): the round still open and the
-- player's, the gate clear, the transaction id new. It claims the id, takes the stake as one ledger journal through
-- ledger_post_asset_journal (the caller prepared its hash and sorted postings), adds the stake to the round and answers
-- the round and the balance after the call. Anything else answers 'fallback' before writing a row, and the caller
-- takes the full path in the same transaction: a replay, a closed or foreign round, a player the gate must look at.
-- An overdraft refuses the debit and records that first answer, as the full path does. Words as in
-- src/shared/seamless-statuses.ts.
CREATE OR REPLACE FUNCTION seamless_debit_call(
  p_gp_code text, p_tx_id text, p_player_id bigint, p_round_id text, p_game_code text, p_amount bigint, p_request_hash text,
  p_key text, p_journal_hash bytea, p_memo text, p_account_ids bigint[], p_amounts bigint[], p_central bigint,
  OUT o_outcome text, OUT o_balance bigint, OUT o_tx bigint, OUT o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v_round seamless_rounds; v_journal record;
BEGIN
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
    o_outcome := 'ok';
  ELSE
    -- The key is the transaction id just claimed, so no journal can hold it yet: a replay or mismatch here is a bug.
    RAISE EXCEPTION 'ledger invariant: seamless debit % answered %', p_tx_id, v_journal.o_outcome;
  END IF;
  SELECT balance_minor INTO o_balance FROM accounts WHERE id = p_central;
END
$$;
--> statement-breakpoint
-- A seamless credit's usual case in one round trip: the transaction id new, the debit it names seen, the player's, in
-- this round and not cancelled. Locks the debit (a rollback of it waits, or this waits for the rollback), claims the
-- id, pays a win above zero as one ledger journal, marks the debit settled, adds the win to the round, closes it when
-- asked and answers the round and the balance. Anything else answers 'fallback' having written nothing, and the caller
-- takes the full path in the same transaction.
CREATE OR REPLACE FUNCTION seamless_credit_call(
  p_gp_code text, p_tx_id text, p_player_id bigint, p_round_id text, p_debit_tx_id text, p_amount bigint, p_round_closed boolean,
  p_request_hash text, p_key text, p_journal_hash bytea, p_account_ids bigint[], p_amounts bigint[], p_central bigint,
  OUT o_outcome text, OUT o_balance bigint, OUT o_tx bigint, OUT o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit seamless_transactions; v_journal record; v_closed seamless_rounds;
BEGIN
  IF EXISTS (SELECT 1 FROM seamless_transactions WHERE gp_code = p_gp_code AND tx_id = p_tx_id) THEN o_outcome := 'fallback'; RETURN; END IF;
  SELECT * INTO v_debit FROM seamless_transactions WHERE gp_code = p_gp_code AND tx_id = p_debit_tx_id FOR UPDATE;
  IF NOT FOUND OR v_debit.kind <> 'debit' OR v_debit.player_id <> p_player_id OR v_debit.round_id <> p_round_id
    OR v_debit.status NOT IN ('open', 'settled') THEN
    o_outcome := 'fallback'; RETURN;
  END IF;
  INSERT INTO seamless_transactions (gp_code, tx_id, kind, player_id, round_id, game_code, amount_minor, ref_tx_id, status, code, request_hash)
  VALUES (p_gp_code, p_tx_id, 'credit', p_player_id, p_round_id, v_debit.game_code, p_amount, p_debit_tx_id, 'accepted', 'OK', p_request_hash)
  ON CONFLICT (gp_code, tx_id) DO NOTHING RETURNING id INTO o_tx;
  IF o_tx IS NULL THEN o_outcome := 'fallback'; RETURN; END IF;
  IF p_amount > 0 THEN
    SELECT * INTO v_journal FROM ledger_post_asset_journal('money', 'seamless_credit', p_key, p_journal_hash, p_player_id, p_tx_id,
      p_gp_code || ' ' || v_debit.game_code || ' ' || p_round_id, NULL, p_account_ids, p_amounts);
    IF v_journal.o_outcome <> 'posted' THEN
      RAISE EXCEPTION 'ledger invariant: seamless credit % answered %', p_tx_id, v_journal.o_outcome;
    END IF;
    UPDATE seamless_transactions SET journal_id = v_journal.o_journal_id, updated_at = now() WHERE id = o_tx;
  END IF;
  UPDATE seamless_transactions SET status = 'settled', updated_at = now() WHERE id = v_debit.id;
  INSERT INTO seamless_rounds AS r (gp_code, round_id, player_id, game_code, stake_minor, payout_minor, version)
  VALUES (p_gp_code, p_round_id, p_player_id, v_debit.game_code, 0, p_amount, 1)
  ON CONFLICT (gp_code, round_id) DO UPDATE SET stake_minor = r.stake_minor + excluded.stake_minor,
    payout_minor = r.payout_minor + excluded.payout_minor, version = r.version + 1, updated_at = now()
  WHERE r.player_id = excluded.player_id
  RETURNING * INTO o_round;
  IF p_round_closed THEN
    UPDATE seamless_rounds SET status = 'closed', closed_at = now(), version = version + 1, updated_at = now()
    WHERE gp_code = p_gp_code AND round_id = p_round_id AND player_id = p_player_id AND status = 'open'
    RETURNING * INTO v_closed;
    IF FOUND THEN o_round := v_closed; END IF;
  END IF;
  SELECT balance_minor INTO o_balance FROM accounts WHERE id = p_central;
  o_outcome := 'ok';
END
$$;
