-- A seamless provider's credits that arrive at the same moment, in one statement: as seamless_debit_calls, each item
-- exactly seamless_credit_call, answered by its place in the batch.
CREATE OR REPLACE FUNCTION seamless_credit_calls(
  p_gp_code text, p_tx_ids text[], p_player_ids bigint[], p_round_ids text[], p_debit_tx_ids text[], p_amounts bigint[],
  p_round_closed boolean[], p_request_hashes text[], p_keys text[], p_journal_hashes text[], p_account_ids text[], p_posting_amounts text[],
  p_centrals bigint[], p_game_type text)
RETURNS TABLE (o_index integer, o_outcome text, o_balance bigint, o_tx bigint, o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_tx_ids, 1), 0) LOOP
    SELECT * INTO v FROM seamless_credit_call(p_gp_code, p_tx_ids[i], p_player_ids[i], p_round_ids[i], p_debit_tx_ids[i], p_amounts[i],
      p_round_closed[i], p_request_hashes[i], p_keys[i], decode(p_journal_hashes[i], 'hex'), p_account_ids[i]::bigint[],
      p_posting_amounts[i]::bigint[], p_centrals[i], p_game_type);
    o_index := i; o_outcome := v.o_outcome; o_balance := v.o_balance; o_tx := v.o_tx; o_round := v.o_round;
    RETURN NEXT;
  END LOOP;
END;
$$;
