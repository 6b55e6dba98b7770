-- Transfers into play that start at the same moment go to the database together: one statement, one transaction and
-- one commit for the batch instead of one each. Each item is exactly the statement it was alone
-- (wallet_start_transfer_in), run in the order given, and answers what that statement answered, by its place in the
-- batch. The caller orders a batch by player: every row an item locks is its player's own (the protection-gate lock,
-- the binding, the accounts, the transfer), so batches on their way at once lock in one global order and cannot
-- deadlock with each other. Anything an item raises (a client key used twice, a ledger invariant) rolls the whole
-- batch back; the caller then sends each item alone, where it raises or answers as it always did. The journals' hashes
-- come as hex text and the postings as array literals: plain text arrays, which every driver sends alike.
CREATE OR REPLACE FUNCTION wallet_start_transfers_in(
  p_ids text[], p_player_ids bigint[], p_gp_codes text[], p_amounts_minor bigint[], p_client_keys text[], p_reasons text[],
  p_next_check_ats timestamptz[], p_check_gate boolean, p_kinds text[], p_idempotency_keys text[], p_request_hashes text[],
  p_memos text[], p_account_ids text[], p_amounts text[])
RETURNS TABLE (o_index integer, o_outcome text, o_account_id bigint)
LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    SELECT i, s.o_outcome, s.o_account_id INTO o_index, o_outcome, o_account_id
    FROM wallet_start_transfer_in(p_ids[i], p_player_ids[i], p_gp_codes[i], p_amounts_minor[i], p_client_keys[i], p_reasons[i],
      p_next_check_ats[i], p_check_gate, p_kinds[i], p_idempotency_keys[i], decode(p_request_hashes[i], 'hex'), p_memos[i],
      p_account_ids[i]::bigint[], p_amounts[i]::bigint[]) s;
    RETURN NEXT;
  END LOOP;
END;
$$;
