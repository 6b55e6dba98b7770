-- Ends a pending platform transfer and writes its journal in one statement, hence one round trip and its own
-- transaction: the conditional update takes the row's lock and ends the transfer only while it is still pending, so
-- whoever finds it pending (the request or reconciliation) is the one who moves the money; the journal is
-- ledger_post_asset_journal's, with the accounts and amounts the caller worked out from what it knows of the transfer.
-- A journal the ledger does not post (a replay, a mismatch, an overdraft) raises, so the update rolls back with it:
-- the transfer stays pending for reconciliation and nothing is half done. Answers whether this call ended it and the
-- transfer's attempts (an open finding of a transfer that reconciliation postponed is resolved here as well).
CREATE OR REPLACE FUNCTION wallet_settle_transfer(
  p_id text, p_status text, p_reason text, p_kind text, p_idempotency_key text, p_request_hash bytea, p_player_id bigint,
  p_memo text, p_account_ids bigint[], p_amounts bigint[],
  OUT o_settled boolean, OUT o_attempts integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_outcome text;
BEGIN
  UPDATE platform_transfers SET status = p_status, reason = p_reason, settled_at = now()
    WHERE id = p_id AND status = 'pending'
    RETURNING attempts INTO o_attempts;
  IF NOT FOUND THEN
    o_settled := false;
    RETURN;
  END IF;
  SELECT j.o_outcome INTO v_outcome FROM ledger_post_asset_journal('money', p_kind, p_idempotency_key, p_request_hash, p_player_id,
    p_id, p_memo, NULL, p_account_ids, p_amounts) j;
  IF v_outcome IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION 'ledger invariant: the settlement journal of transfer % was %', p_id, v_outcome;
  END IF;
  IF o_attempts > 0 THEN
    UPDATE reconciliation_findings SET status = 'resolved', resolved_at = now() WHERE transfer_id = p_id AND status = 'open';
  END IF;
  o_settled := true;
END;
$$;
