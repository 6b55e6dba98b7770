-- hand-written below
-- Claims of one round that arrive together are taken and paid in one transaction (issue 24, the red-packet rush).
-- Profiled under a 2,000-player rush, a claim cost about four times what a request that takes no packet costs, and
-- the difference was the statement itself: a round trip, a transaction and a commit (a WAL flush) per player,
-- with 2,000 requests queuing for the pool's connections. red_packet_claim_batch runs red_packet_claim (0019)
-- for each player of a batch, in the order given, inside one transaction, so a batch of fifty costs one round
-- trip and one commit. Every rule stays where it was, in red_packet_claim: the window, one packet per player, the
-- gate's fast path, the eligibility, the packet taken with SKIP LOCKED and, below the approval ceiling, the
-- activity wallet and the journal in the same transaction as the packet's row. The application answers a player
-- only after the batch has committed, so an answered claim is paid, and a batch lost to a crash took nothing.
-- Each player's claim runs in its own subtransaction (the EXCEPTION block): a player whose second claim races
-- their first in another batch meets red_packets_round_player_uq and gets 'claimed', and only that player's work
-- is undone, not the batch's. The application keeps a batch below 64 players so the subtransactions stay within
-- what PostgreSQL caches per backend (PGPROC_MAX_CACHED_SUBXIDS). It sends the players ordered by their house
-- account and then by id, so two batches take the house shards' row locks in the same order.
CREATE OR REPLACE FUNCTION red_packet_claim_batch(
  p_round_id bigint, p_player_ids bigint[], p_house_account_ids bigint[], p_lookback_since timestamptz, p_name text, p_name_en text)
RETURNS TABLE (o_player_id bigint, o_outcome text, o_packet_id bigint, o_amount_minor bigint, o_wallet_id bigint, o_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  k int;
BEGIN
  IF coalesce(cardinality(p_player_ids), 0) <> coalesce(cardinality(p_house_account_ids), 0) THEN
    RAISE EXCEPTION 'red packet batch: one house account per player';
  END IF;
  FOR k IN 1 .. coalesce(cardinality(p_player_ids), 0) LOOP
    o_player_id := p_player_ids[k];
    BEGIN
      SELECT c.o_outcome, c.o_packet_id, c.o_amount_minor, c.o_wallet_id, c.o_journal_id
      INTO o_outcome, o_packet_id, o_amount_minor, o_wallet_id, o_journal_id
      FROM red_packet_claim(p_round_id, p_player_ids[k], p_house_account_ids[k], false, p_lookback_since, p_name, p_name_en) c;
    EXCEPTION WHEN unique_violation THEN
      -- Only the per-player index can be violated here (a packet, a wallet, an account and a journal key are new).
      o_outcome := 'claimed';
      o_packet_id := NULL;
      o_amount_minor := NULL;
      o_wallet_id := NULL;
      o_journal_id := NULL;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
