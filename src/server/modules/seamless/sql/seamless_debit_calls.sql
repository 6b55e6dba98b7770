-- A seamless provider's debits that arrive at the same moment go to the database together: one statement, one
-- transaction and one commit for the batch instead of one each. Each item is exactly the call it was alone
-- (seamless_debit_call), run in the order given, and answers what that call answered, by its place in the batch
-- ('fallback' items wrote nothing, and the caller takes the full path for them afterwards, each on its own). A batch
-- holds the calls of the players of a few shards (player % 16: the provider's house account and the reports' daily
-- shards), no two batches on their way share a shard, and inside a batch the calls go by shard and then by player.
-- Anything an item raises rolls the whole batch back; the caller then sends each item alone, where it raises or
-- answers as it always did. The journals' hashes come as hex text and the postings as array literals.
CREATE OR REPLACE FUNCTION seamless_debit_calls(
  p_gp_code text, p_tx_ids text[], p_player_ids bigint[], p_round_ids text[], p_game_codes text[], p_amounts bigint[],
  p_request_hashes text[], p_keys text[], p_journal_hashes text[], p_memos text[], p_account_ids text[], p_posting_amounts text[],
  p_centrals bigint[], p_game_type text, p_active_status smallint)
RETURNS TABLE (o_index integer, o_outcome text, o_balance bigint, o_tx bigint, o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_tx_ids, 1), 0) LOOP
    SELECT * INTO v FROM seamless_debit_call(p_gp_code, p_tx_ids[i], p_player_ids[i], p_round_ids[i], p_game_codes[i], p_amounts[i],
      p_request_hashes[i], p_keys[i], decode(p_journal_hashes[i], 'hex'), p_memos[i], p_account_ids[i]::bigint[], p_posting_amounts[i]::bigint[],
      p_centrals[i], p_game_type, p_active_status);
    o_index := i; o_outcome := v.o_outcome; o_balance := v.o_balance; o_tx := v.o_tx; o_round := v.o_round;
    RETURN NEXT;
  END LOOP;
END;
$$;
