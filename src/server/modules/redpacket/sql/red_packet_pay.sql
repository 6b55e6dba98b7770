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
