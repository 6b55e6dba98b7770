-- Who may not claim a red packet, and why: the round's window, one packet per player, the gate, the eligibility, in
-- the order the claim has always checked them. The single claim (red_packet_claim) and the batch
-- (red_packet_claim_batch) both ask it, so a rule is written once; red_packet_pay is the other half they share.
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
