-- A batch of claims: the refusals first (red_packet_refusal), the packets in one scan, each payment (red_packet_pay) in
-- its own subtransaction, and the journals added to the daily aggregates last, by totals shard (ledger_report_journal's
-- player % 16) and then player, so batches meeting on the aggregates take their locks in one order.
CREATE OR REPLACE FUNCTION red_packet_claim_batch(
  p_round_id bigint, p_player_ids bigint[], p_house_account_ids bigint[], p_lookback_since timestamptz, p_name text, p_name_en text)
RETURNS TABLE (o_player_id bigint, o_outcome text, o_packet_id bigint, o_amount_minor bigint, o_wallet_id bigint, o_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r red_packet_rounds%ROWTYPE;
  v_n int := coalesce(cardinality(p_player_ids), 0);
  v_ready int[] := '{}';
  v_packet_ids bigint[];
  v_packet_amounts bigint[];
  v_next int := 1;
  v_journals bigint[] := '{}';
  v_journal_players bigint[] := '{}';
  v_player bigint;
  v_paid record;
  k int;
  i int;
BEGIN
  IF v_n <> coalesce(cardinality(p_house_account_ids), 0) THEN
    RAISE EXCEPTION 'red packet batch: one house account per player';
  END IF;

  SELECT * INTO r FROM red_packet_rounds WHERE id = p_round_id;

  -- 1. Each player's refusals; the players left are paid below, in the order they were sent.
  FOR k IN 1 .. v_n LOOP
    o_outcome := red_packet_refusal(r, p_player_ids[k], false, p_lookback_since);
    IF o_outcome IS NULL THEN
      v_ready := v_ready || k;
    ELSE
      o_player_id := p_player_ids[k];
      o_packet_id := NULL; o_amount_minor := NULL; o_wallet_id := NULL; o_journal_id := NULL;
      RETURN NEXT;
    END IF;
  END LOOP;

  -- 2. A packet for each player left, in one scan; the rows stay locked by this transaction until its end.
  IF cardinality(v_ready) > 0 THEN
    SELECT coalesce(array_agg(f.id ORDER BY f.id), '{}'), coalesce(array_agg(f.amount_minor ORDER BY f.id), '{}')
    INTO v_packet_ids, v_packet_amounts
    FROM (SELECT p.id, p.amount_minor FROM red_packets p WHERE p.round_id = p_round_id AND p.player_id IS NULL
          ORDER BY p.id LIMIT cardinality(v_ready) FOR UPDATE SKIP LOCKED) f;
  END IF;

  -- 3. The payments, each in its own subtransaction.
  FOREACH k IN ARRAY v_ready LOOP
    v_player := p_player_ids[k];
    o_player_id := v_player;
    o_packet_id := NULL; o_amount_minor := NULL; o_wallet_id := NULL; o_journal_id := NULL;
    IF v_next > cardinality(v_packet_ids) THEN
      -- Nothing was left for this player; red_packet_pay says why and writes nothing, so no subtransaction is needed.
      o_outcome := (red_packet_pay(r, v_player, p_house_account_ids[k], NULL, NULL, p_name, p_name_en)).o_outcome;
      RETURN NEXT;
      CONTINUE;
    END IF;
    o_packet_id := v_packet_ids[v_next];
    o_amount_minor := v_packet_amounts[v_next];
    BEGIN
      -- An assignment, not a SELECT ... FROM the function: PL/pgSQL evaluates it as a simple expression, without
      -- starting an executor for each player.
      v_paid := red_packet_pay(r, v_player, p_house_account_ids[k], o_packet_id, o_amount_minor, p_name, p_name_en);
      o_outcome := v_paid.o_outcome; o_wallet_id := v_paid.o_wallet_id; o_journal_id := v_paid.o_journal_id;
    EXCEPTION WHEN unique_violation THEN
      -- Only the per-player index can be violated here (a wallet, an account and a journal key are new): the player's
      -- claim in another batch took a packet first. This packet is still locked by the batch and goes to the next player.
      o_outcome := 'claimed';
      o_packet_id := NULL; o_amount_minor := NULL; o_wallet_id := NULL; o_journal_id := NULL;
      RETURN NEXT;
      CONTINUE;
    END;
    v_next := v_next + 1;
    IF o_journal_id IS NOT NULL THEN
      v_journals := v_journals || o_journal_id;
      v_journal_players := v_journal_players || v_player;
    END IF;
    RETURN NEXT;
  END LOOP;

  -- 4. The day's money aggregates, as postJournal adds every journal of a reported kind, in this same transaction;
  -- by totals shard (ledger_report_journal's player % 16) and then player, so the shards are locked last and in order.
  FOR i IN SELECT s.n FROM unnest(v_journal_players) WITH ORDINALITY AS s(player, n) ORDER BY s.player % 16, s.player LOOP
    PERFORM ledger_report_journal(v_journals[i]);
  END LOOP;
END
$$;
