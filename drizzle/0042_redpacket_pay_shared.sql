-- hand-written below
-- The red-packet claim's rules in one place each. red_packet_claim (0037) and red_packet_claim_batch (0040) each
-- carried their own copy of who may claim and of how a taken packet is paid, so a rule changed in one could be missed
-- in the other. Both now call the same two functions:
--   red_packet_refusal: who may not claim, and why (the round's window, one packet per player, the gate, the
--     eligibility), in the order the claim has always checked them;
--   red_packet_pay: the packet taken for a player paid (the activity wallet, the journal through ledger_post_journal,
--     which locks the player's house account, the packet's row written once) or left pending at the approval ceiling,
--     or, when none was left, why not.
-- Each caller keeps only what is its own: the single claim takes one packet and adds its journal to the daily
-- aggregates at once; the batch decides every refusal first, takes its packets in one scan, pays each player in a
-- subtransaction and adds the journals last, in totals-shard order (0040 says why). The statements run are the same,
-- in the same order, on the same rows, so the answers, the errors and the order locks are taken in are unchanged.
CREATE OR REPLACE FUNCTION red_packet_refusal(
  r red_packet_rounds, p_player_id bigint, p_gate_checked boolean, p_lookback_since timestamptz)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := now();
  v_level int;
BEGIN
  -- The caller read the round; a round that does not exist is read as a row of nulls.
  IF r.id IS NULL THEN
    RETURN 'not_found';
  END IF;
  -- A cancelled round has ended for the player, whatever its window said.
  IF r.status <> 'scheduled' OR v_now >= r.ends_at THEN
    RETURN 'ended';
  END IF;
  IF v_now < r.starts_at THEN
    RETURN 'not_started';
  END IF;
  IF EXISTS (SELECT 1 FROM red_packets WHERE round_id = r.id AND player_id = p_player_id) THEN
    RETURN 'claimed';
  END IF;

  -- The gate's fast path: a player with no exclusion and no limit that could refuse the claim needs no full gate.
  IF NOT p_gate_checked AND (
    EXISTS (SELECT 1 FROM protection_exclusions e
      WHERE e.player_id = p_player_id AND e.starts_at <= v_now AND (e.ends_at IS NULL OR e.ends_at > v_now))
    OR EXISTS (SELECT 1 FROM protection_limits l
      WHERE l.player_id = p_player_id AND l.kind IN ('session', 'loss', 'wager') AND l.limit_value IS NOT NULL)
  ) THEN
    RETURN 'gate';
  END IF;

  SELECT level_id INTO v_level FROM players WHERE id = p_player_id;
  IF v_level IS NULL OR v_level < r.min_level THEN
    RETURN 'ineligible';
  END IF;
  IF r.min_deposit_minor > 0 AND (SELECT coalesce(sum(amount_minor), 0) FROM deposit_orders
      WHERE player_id = p_player_id AND status = 'paid' AND paid_at >= p_lookback_since) < r.min_deposit_minor THEN
    RETURN 'ineligible';
  END IF;
  IF r.min_valid_bet_minor > 0 AND (SELECT coalesce(sum(valid_bet_minor), 0) FROM bet_records
      WHERE player_id = p_player_id AND status = 'settled' AND settled_at >= p_lookback_since) < r.min_valid_bet_minor THEN
    RETURN 'ineligible';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The packet p_packet_id, locked by the caller (FOR UPDATE SKIP LOCKED), paid to the player, or its caller told why
-- there was none (p_packet_id null). The journal is not added to the daily aggregates here: when that happens is the
-- caller's (a batch does it last, in totals-shard order). A unique_violation (red_packets_round_player_uq: the
-- player's claim elsewhere took a packet first) is left to the caller.
CREATE OR REPLACE FUNCTION red_packet_pay(
  r red_packet_rounds, p_player_id bigint, p_house_account_id bigint, p_packet_id bigint, p_amount_minor bigint,
  p_name text, p_name_en text,
  OUT o_outcome text, OUT o_wallet_id bigint, OUT o_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_target bigint;
  v_ref text;
  v_ids bigint[];
  v_amounts bigint[];
  v_legs text;
  v_key text;
  v_hash bytea;
  v_posted text;
BEGIN
  IF p_packet_id IS NULL THEN
    -- Nothing was taken: the round ran out, or its window closed while the claim ran.
    o_outcome := CASE WHEN clock_timestamp() >= r.ends_at THEN 'ended' ELSE 'empty' END;
    RETURN;
  END IF;
  -- The packet's row is written once, with how the claim ended.
  IF p_amount_minor >= r.approval_ceiling_minor THEN
    UPDATE red_packets SET player_id = p_player_id, claimed_at = now(), status = 'pending' WHERE id = p_packet_id;
    o_outcome := 'pending';
    RETURN;
  END IF;

  IF r.flow_multiple > 0 THEN
    INSERT INTO bonus_wallets (player_id, name, name_en, is_sports, platform_codes, bonus_bet_minor, give_up_wallet_amount_minor, granted_by)
    VALUES (p_player_id, p_name, p_name_en, false, '[]'::jsonb, p_amount_minor * r.flow_multiple, 0, NULL)
    RETURNING id INTO o_wallet_id;
    INSERT INTO accounts (player_id, kind, ref) VALUES (p_player_id, 'bonus', o_wallet_id::text) RETURNING id INTO v_target;
    v_ref := o_wallet_id::text;
  ELSE
    SELECT id INTO v_target FROM accounts WHERE player_id = p_player_id AND kind = 'central' AND ref = '';
    IF v_target IS NULL THEN
      INSERT INTO accounts (player_id, kind, ref) VALUES (p_player_id, 'central', '') ON CONFLICT (player_id, kind, ref) DO NOTHING RETURNING id INTO v_target;
      IF v_target IS NULL THEN
        SELECT id INTO v_target FROM accounts WHERE player_id = p_player_id AND kind = 'central' AND ref = '';
      END IF;
    END IF;
    v_ref := 'red_packet:' || p_packet_id;
  END IF;

  -- The legs in ascending account order, as postJournal sends them and requestHash() hashes them.
  IF p_house_account_id < v_target THEN
    v_ids := ARRAY[p_house_account_id, v_target];
    v_amounts := ARRAY[-p_amount_minor, p_amount_minor];
  ELSE
    v_ids := ARRAY[v_target, p_house_account_id];
    v_amounts := ARRAY[p_amount_minor, -p_amount_minor];
  END IF;
  v_legs := format('[[%s,"%sn"],[%s,"%sn"]]', v_ids[1], v_amounts[1], v_ids[2], v_amounts[2]);
  v_key := format('red_packet:%s:%s:%s', r.id, p_packet_id, p_player_id);
  v_hash := sha256(convert_to(format(
    '{"kind":"red_packet","request":{"roundId":%s,"packetId":%s,"playerId":%s,"amountMinor":"%s"},"legs":%s}',
    r.id, p_packet_id, p_player_id, p_amount_minor, v_legs), 'UTF8'));
  SELECT j.o_journal_id, j.o_outcome INTO o_journal_id, v_posted
  FROM ledger_post_journal('red_packet', v_key, v_hash, p_player_id, v_ref, p_name, NULL, v_ids, v_amounts) j;
  -- A packet is taken once, so its key is new: anything but a posted journal means the ledger and the packet
  -- disagree, and the caller's whole transaction is undone rather than paid twice (a batch's handler lets it pass).
  IF v_posted IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION 'red packet: journal % for packet %', v_posted, p_packet_id;
  END IF;
  UPDATE red_packets SET player_id = p_player_id, claimed_at = now(), status = 'approved', wallet_id = o_wallet_id, journal_id = o_journal_id,
    reviewed_by = NULL, reviewed_at = now()
  WHERE id = p_packet_id;
  o_outcome := 'paid';
END
$$;
--> statement-breakpoint
-- One player's claim (the single claim of a player the full gate let through, p_gate_checked): the refusals, then the
-- first free packet, paid, and its journal added to the day's money aggregates in this same transaction.
CREATE OR REPLACE FUNCTION red_packet_claim(
  p_round_id bigint, p_player_id bigint, p_house_account_id bigint, p_gate_checked boolean, p_lookback_since timestamptz,
  p_name text, p_name_en text,
  OUT o_outcome text, OUT o_packet_id bigint, OUT o_amount_minor bigint, OUT o_wallet_id bigint, OUT o_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r red_packet_rounds%ROWTYPE;
  v_paid record;
BEGIN
  SELECT * INTO r FROM red_packet_rounds WHERE id = p_round_id;
  o_outcome := red_packet_refusal(r, p_player_id, p_gate_checked, p_lookback_since);
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  SELECT p.id, p.amount_minor INTO o_packet_id, o_amount_minor FROM red_packets p
  WHERE p.round_id = p_round_id AND p.player_id IS NULL
  ORDER BY p.id LIMIT 1
  FOR UPDATE SKIP LOCKED;
  v_paid := red_packet_pay(r, p_player_id, p_house_account_id, o_packet_id, o_amount_minor, p_name, p_name_en);
  o_outcome := v_paid.o_outcome; o_wallet_id := v_paid.o_wallet_id; o_journal_id := v_paid.o_journal_id;
  IF o_journal_id IS NOT NULL THEN
    PERFORM ledger_report_journal(o_journal_id);
  END IF;
END
$$;
--> statement-breakpoint
-- A batch of claims (0040): the refusals first, the packets in one scan, each payment in its own subtransaction, the
-- journals added to the daily aggregates last, by totals shard (ledger_report_journal's player % 16) and then player.
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
