-- A seamless credit's usual case as the whole call, sent on its own like the debit's: the transaction id new, the
-- debit it names seen, the player's, in this round and not cancelled. Locks the debit (a rollback of it waits, or this
-- waits for the rollback), claims the id, pays a win above zero as one ledger journal, marks the debit settled, adds
-- the win to the round, closes it when asked, writes the round's bet record (with the reports' daily figures once it
-- settles) and answers the round and the balance. Anything else answers 'fallback' having written nothing, and the
-- caller takes the full path in a transaction of its own.
CREATE OR REPLACE FUNCTION seamless_credit_call(
  p_gp_code text, p_tx_id text, p_player_id bigint, p_round_id text, p_debit_tx_id text, p_amount bigint, p_round_closed boolean,
  p_request_hash text, p_key text, p_journal_hash bytea, p_account_ids bigint[], p_amounts bigint[], p_central bigint, p_game_type text,
  OUT o_outcome text, OUT o_balance bigint, OUT o_tx bigint, OUT o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit seamless_transactions; v_journal record;
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
  -- The win added and, when asked, an open round closed in one write: two versions, as adding and then closing
  -- would count them.
  INSERT INTO seamless_rounds AS r (gp_code, round_id, player_id, game_code, stake_minor, payout_minor, version, status, closed_at)
  VALUES (p_gp_code, p_round_id, p_player_id, v_debit.game_code, 0, p_amount, CASE WHEN p_round_closed THEN 2 ELSE 1 END,
    CASE WHEN p_round_closed THEN 'closed' ELSE 'open' END, CASE WHEN p_round_closed THEN now() END)
  ON CONFLICT (gp_code, round_id) DO UPDATE SET stake_minor = r.stake_minor + excluded.stake_minor,
    payout_minor = r.payout_minor + excluded.payout_minor,
    version = r.version + CASE WHEN p_round_closed AND r.status = 'open' THEN 2 ELSE 1 END,
    status = CASE WHEN p_round_closed THEN 'closed' ELSE r.status END,
    closed_at = CASE WHEN p_round_closed AND r.status = 'open' THEN now() ELSE r.closed_at END, updated_at = now()
  WHERE r.player_id = excluded.player_id
  RETURNING * INTO o_round;
  IF o_round.id IS NOT NULL THEN PERFORM seamless_record_round(o_round, p_game_type); END IF;
  SELECT balance_minor INTO o_balance FROM accounts WHERE id = p_central;
  o_outcome := 'ok';
END
$$;
