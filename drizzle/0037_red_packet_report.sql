-- hand-written below
-- red_packet_claim (0019) now adds the journal it writes to the ledger's daily money aggregates (ledger_report_journal,
-- 0023/0025/0034), in the claim's own transaction, as postJournal does for every journal of a reported kind. Before,
-- a packet paid at once (below the approval ceiling) was in the journals but not in ledger_daily: the daily summary,
-- the bonuses and players reports left it out, and only packets an operator approved (paid through postJournal) were
-- counted. red_packet_claim_batch calls this function for each player, so it is fixed too. Otherwise unchanged.
-- The aggregates add no wait and no lock-order cycle to a rush: ledger_daily_totals is sharded by player % 16 like the
-- house accounts (HOUSE_SHARDS), the claim's journal has already locked its house shard's row until commit, and the
-- batcher sends players in house-account order, so batches take the totals shards in the same order as the houses.
-- Packets already paid before this migration are put right by rebuilding their days (an operator's rebuild of a day in
-- the back office's reports, ReportsService.rebuildDay), which recomputes ledger_daily from the journals.
CREATE OR REPLACE FUNCTION red_packet_claim(
  p_round_id bigint, p_player_id bigint, p_house_account_id bigint, p_gate_checked boolean, p_lookback_since timestamptz,
  p_name text, p_name_en text,
  OUT o_outcome text, OUT o_packet_id bigint, OUT o_amount_minor bigint, OUT o_wallet_id bigint, OUT o_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r red_packet_rounds%ROWTYPE;
  v_now timestamptz := now();
  v_level int;
  v_target bigint;
  v_ref text;
  v_ids bigint[];
  v_amounts bigint[];
  v_legs text;
  v_key text;
  v_hash bytea;
  v_outcome text;
BEGIN
  SELECT * INTO r FROM red_packet_rounds WHERE id = p_round_id;
  IF NOT FOUND THEN
    o_outcome := 'not_found';
    RETURN;
  END IF;
  -- A cancelled round has ended for the player, whatever its window said.
  IF r.status <> 'scheduled' OR v_now >= r.ends_at THEN
    o_outcome := 'ended';
    RETURN;
  END IF;
  IF v_now < r.starts_at THEN
    o_outcome := 'not_started';
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM red_packets WHERE round_id = p_round_id AND player_id = p_player_id) THEN
    o_outcome := 'claimed';
    RETURN;
  END IF;

  IF NOT p_gate_checked AND (
    EXISTS (SELECT 1 FROM protection_exclusions e
      WHERE e.player_id = p_player_id AND e.starts_at <= v_now AND (e.ends_at IS NULL OR e.ends_at > v_now))
    OR EXISTS (SELECT 1 FROM protection_limits l
      WHERE l.player_id = p_player_id AND l.kind IN ('session', 'loss', 'wager') AND l.limit_value IS NOT NULL)
  ) THEN
    o_outcome := 'gate';
    RETURN;
  END IF;

  SELECT level_id INTO v_level FROM players WHERE id = p_player_id;
  IF v_level IS NULL OR v_level < r.min_level THEN
    o_outcome := 'ineligible';
    RETURN;
  END IF;
  IF r.min_deposit_minor > 0 AND (SELECT coalesce(sum(amount_minor), 0) FROM deposit_orders
      WHERE player_id = p_player_id AND status = 'paid' AND paid_at >= p_lookback_since) < r.min_deposit_minor THEN
    o_outcome := 'ineligible';
    RETURN;
  END IF;
  IF r.min_valid_bet_minor > 0 AND (SELECT coalesce(sum(valid_bet_minor), 0) FROM bet_records
      WHERE player_id = p_player_id AND status = 'settled' AND settled_at >= p_lookback_since) < r.min_valid_bet_minor THEN
    o_outcome := 'ineligible';
    RETURN;
  END IF;

  SELECT p.id, p.amount_minor INTO o_packet_id, o_amount_minor FROM red_packets p
  WHERE p.round_id = p_round_id AND p.player_id IS NULL
  ORDER BY p.id LIMIT 1
  FOR UPDATE SKIP LOCKED;
  IF o_packet_id IS NULL THEN
    -- Nothing was taken: the round ran out, or its window closed while the claim ran.
    o_outcome := CASE WHEN clock_timestamp() >= r.ends_at THEN 'ended' ELSE 'empty' END;
    RETURN;
  END IF;
  -- The packet's row is locked (FOR UPDATE above); it is written once, below, with how the claim ended.
  IF o_amount_minor >= r.approval_ceiling_minor THEN
    UPDATE red_packets SET player_id = p_player_id, claimed_at = now(), status = 'pending' WHERE id = o_packet_id;
    o_outcome := 'pending';
    RETURN;
  END IF;

  IF r.flow_multiple > 0 THEN
    INSERT INTO bonus_wallets (player_id, name, name_en, is_sports, platform_codes, bonus_bet_minor, give_up_wallet_amount_minor, granted_by)
    VALUES (p_player_id, p_name, p_name_en, false, '[]'::jsonb, o_amount_minor * r.flow_multiple, 0, NULL)
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
    v_ref := 'red_packet:' || o_packet_id;
  END IF;

  -- The legs in ascending account order, as postJournal sends them and requestHash() hashes them.
  IF p_house_account_id < v_target THEN
    v_ids := ARRAY[p_house_account_id, v_target];
    v_amounts := ARRAY[-o_amount_minor, o_amount_minor];
  ELSE
    v_ids := ARRAY[v_target, p_house_account_id];
    v_amounts := ARRAY[o_amount_minor, -o_amount_minor];
  END IF;
  v_legs := format('[[%s,"%sn"],[%s,"%sn"]]', v_ids[1], v_amounts[1], v_ids[2], v_amounts[2]);
  v_key := format('red_packet:%s:%s:%s', p_round_id, o_packet_id, p_player_id);
  v_hash := sha256(convert_to(format(
    '{"kind":"red_packet","request":{"roundId":%s,"packetId":%s,"playerId":%s,"amountMinor":"%s"},"legs":%s}',
    p_round_id, o_packet_id, p_player_id, o_amount_minor, v_legs), 'UTF8'));
  SELECT j.o_journal_id, j.o_outcome INTO o_journal_id, v_outcome
  FROM ledger_post_journal('red_packet', v_key, v_hash, p_player_id, v_ref, p_name, NULL, v_ids, v_amounts) j;
  -- A packet is taken once, so its key is new: anything but a posted journal means the ledger and the packet
  -- disagree, and the whole claim is undone rather than paid twice.
  IF v_outcome IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION 'red packet: journal % for packet %', v_outcome, o_packet_id;
  END IF;
  UPDATE red_packets SET player_id = p_player_id, claimed_at = now(), status = 'approved', wallet_id = o_wallet_id, journal_id = o_journal_id,
    reviewed_by = NULL, reviewed_at = now()
  WHERE id = o_packet_id;
  -- The day's money aggregates, as postJournal adds every journal of a reported kind, in this same transaction.
  PERFORM ledger_report_journal(o_journal_id);
  o_outcome := 'paid';
END
$$;
--> statement-breakpoint
-- The days already written without the packets paid at once: every Taipei day with a red-packet journal is rebuilt
-- from the journals (ledger_rebuild_day deletes every kind's rows of the day, so it is given every reported kind).
SELECT ledger_rebuild_day(d, ARRAY['deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus','bonus_unlock','bonus_to_central'])
FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM journals WHERE kind = 'red_packet' AND player_id IS NOT NULL) s;
