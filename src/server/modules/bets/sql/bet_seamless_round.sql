-- Writes a seamless round's bet record (a partitioned bet_records cannot hold the unique index an ON CONFLICT needs; the
-- caller holds the round's row lock, so no other writer of this record runs between the locked read and the write)
-- and moves the daily figures with it: a record that enters or leaves the settled state, or changes within one day,
-- game and player, moves one delta through bet_daily_apply_one; only a correction that moves a settled record to
-- another day or game takes bet_daily_apply's page of two.
-- The stored record is found through its key in bet_keys and then in the one partition of its placing time (the
-- round's opening, which the wallet calls always pass): a round's first call finds no key and reads no partition at
-- all. A record placed at another time is looked for in every partition, and a key whose record is gone leaves the
-- insert to bet_keys, which refuses it.
-- Every statement is a lookup by key, so the function keeps generic plans (plan_cache_mode): for the lookups of a
-- partitioned bet_records PostgreSQL otherwise finds custom plans cheaper and plans them again on every call, a tenth
-- of the database's CPU per debit and credit pair (tests/api/seamless-plans.test.ts checks the setting).
CREATE OR REPLACE FUNCTION bet_seamless_round(p_gp_code text, p_bet_id text, p_player_id bigint, p_game text, p_game_type text,
  p_stake bigint, p_payout bigint, p_status text, p_version int, p_placed_at timestamptz, p_settled_at timestamptz) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_old bet_records; v_id bigint; v_valid bigint; v_net bigint; v_was boolean; v_is boolean; v_old_day date; v_new_day date;
BEGIN
  v_valid := CASE WHEN p_status <> 'settled' OR p_payout = p_stake THEN 0
    WHEN p_game_type IN ('slots', 'fish', 'casino', 'lottery', 'cards') THEN p_stake ELSE 0 END;
  v_net := CASE p_status WHEN 'void' THEN 0 WHEN 'open' THEN -p_stake ELSE p_payout - p_stake END;
  SELECT bet_record_id INTO v_id FROM bet_keys WHERE gp_code = p_gp_code AND bet_id = p_bet_id;
  IF v_id IS NOT NULL THEN
    SELECT * INTO v_old FROM bet_records WHERE id = v_id AND placed_at = p_placed_at AND gp_code = p_gp_code AND bet_id = p_bet_id FOR UPDATE;
    IF NOT FOUND THEN
      SELECT * INTO v_old FROM bet_records WHERE gp_code = p_gp_code AND bet_id = p_bet_id FOR UPDATE;
    END IF;
  END IF;
  IF v_old.id IS NULL THEN
    INSERT INTO bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version,
      ledger_version, ledger_net_minor, detail, placed_at, settled_at)
    VALUES (p_gp_code, p_bet_id, p_player_id, p_game, p_game_type, p_stake, p_payout, v_valid, p_status, p_version, p_version, v_net,
      '{"wallet":"seamless"}'::jsonb, p_placed_at, p_settled_at);
  ELSE
    -- placed_at is never changed, so a resolution that names another opening time updates the record where it is.
    UPDATE bet_records SET stake_minor = p_stake, payout_minor = p_payout, valid_bet_minor = v_valid, status = p_status, version = p_version,
      ledger_version = p_version, ledger_net_minor = v_net, settled_at = p_settled_at, updated_at = now()
    WHERE id = v_old.id AND placed_at = v_old.placed_at AND version < p_version AND player_id = p_player_id;
    IF NOT FOUND THEN RETURN; END IF;
  END IF;
  -- What the stored record counted in the daily figures, and what the new one counts.
  v_was := v_old.player_id IS NOT NULL AND v_old.status = 'settled' AND v_old.settled_at IS NOT NULL;
  v_is := p_status = 'settled' AND p_settled_at IS NOT NULL;
  v_old_day := (v_old.settled_at AT TIME ZONE 'Asia/Taipei')::date;
  v_new_day := (p_settled_at AT TIME ZONE 'Asia/Taipei')::date;
  IF v_is AND NOT v_was THEN
    PERFORM bet_daily_apply_one(v_new_day, p_gp_code, p_game, p_game_type, p_player_id, 1, p_stake, v_valid, p_payout);
  ELSIF v_was AND NOT v_is THEN
    PERFORM bet_daily_apply_one(v_old_day, p_gp_code, v_old.game, v_old.game_type, v_old.player_id, -1, -v_old.stake_minor,
      -v_old.valid_bet_minor, -v_old.payout_minor);
  ELSIF v_was AND v_is AND v_old_day = v_new_day AND v_old.game = p_game AND v_old.player_id = p_player_id THEN
    -- The same row of the day moved by the difference, when there is one.
    IF p_stake <> v_old.stake_minor OR v_valid <> v_old.valid_bet_minor OR p_payout <> v_old.payout_minor THEN
      PERFORM bet_daily_apply_one(v_new_day, p_gp_code, p_game, least(v_old.game_type, p_game_type), p_player_id, 0,
        p_stake - v_old.stake_minor, v_valid - v_old.valid_bet_minor, p_payout - v_old.payout_minor);
    END IF;
  ELSIF v_was AND v_is THEN
    -- Out of one day or game into another: both rows in one page, which takes its locks in key order.
    PERFORM bet_daily_apply(jsonb_build_array(
      jsonb_build_object('day', v_old_day, 'gp_code', p_gp_code, 'game', v_old.game, 'game_type', v_old.game_type, 'player_id', v_old.player_id,
        'rounds', -1, 'stake', -v_old.stake_minor, 'valid', -v_old.valid_bet_minor, 'payout', -v_old.payout_minor),
      jsonb_build_object('day', v_new_day, 'gp_code', p_gp_code, 'game', p_game, 'game_type', p_game_type, 'player_id', p_player_id,
        'rounds', 1, 'stake', p_stake, 'valid', v_valid, 'payout', p_payout)));
  END IF;
END
$$;
