-- Settlements of platform transfers that end at the same moment, in one statement: as wallet_start_transfers_in, each
-- item exactly wallet_settle_transfer, answered by its place in the batch.
CREATE OR REPLACE FUNCTION wallet_settle_transfers(
  p_ids text[], p_statuses text[], p_reasons text[], p_kinds text[], p_idempotency_keys text[], p_request_hashes text[],
  p_player_ids bigint[], p_memos text[], p_account_ids text[], p_amounts text[])
RETURNS TABLE (o_index integer, o_settled boolean)
LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
    SELECT i, s.o_settled INTO o_index, o_settled
    FROM wallet_settle_transfer(p_ids[i], p_statuses[i], p_reasons[i], p_kinds[i], p_idempotency_keys[i], decode(p_request_hashes[i], 'hex'),
      p_player_ids[i], p_memos[i], p_account_ids[i]::bigint[], p_amounts[i]::bigint[]) s;
    RETURN NEXT;
  END LOOP;
END;
$$;
