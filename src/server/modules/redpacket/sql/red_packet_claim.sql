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
