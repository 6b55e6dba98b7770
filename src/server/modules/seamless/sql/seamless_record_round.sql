-- A round's record from the round row, as the wallet calls write it: closed with nothing staked or won is void.
CREATE OR REPLACE FUNCTION seamless_record_round(p_round seamless_rounds, p_game_type text) RETURNS void LANGUAGE sql AS $$
  SELECT bet_seamless_round(p_round.gp_code, p_round.round_id, p_round.player_id, p_round.game_code, p_game_type, p_round.stake_minor,
    p_round.payout_minor, CASE WHEN p_round.status <> 'closed' THEN 'open' WHEN p_round.stake_minor = 0 AND p_round.payout_minor = 0 THEN 'void' ELSE 'settled' END,
    p_round.version, p_round.opened_at, CASE WHEN p_round.status = 'closed' THEN p_round.closed_at END)
$$;
