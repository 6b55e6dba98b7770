-- Applies a page of settled bets' deltas (a jsonb array) to the bets' daily aggregates: bet_daily, the games' and the
-- day's totals (sharded by player_id % 16, so a provider settling rounds for many players at once does not queue them
-- on one row; readers add the shards up), the bettors' days and the active players. Row locks are taken table by
-- table, each table in key order (bet_daily, then the games, the totals, the bettors' days), so two pages meeting on
-- several rows cannot deadlock whatever players they hold.
CREATE OR REPLACE FUNCTION bet_daily_apply(p_deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record; v_new boolean; v_rounds int; v_players int;
  v_g_days date[] := '{}'; v_g_codes text[] := '{}'; v_g_games text[] := '{}'; v_g_types text[] := '{}'; v_g_shards smallint[] := '{}';
  v_g_players int[] := '{}'; v_g_rounds int[] := '{}'; v_g_stake bigint[] := '{}'; v_g_valid bigint[] := '{}'; v_g_payout bigint[] := '{}';
  v_p_days date[] := '{}'; v_p_players bigint[] := '{}';
  v_days date[] := '{}'; v_moves int[] := '{}'; v_who bigint[] := '{}';
BEGIN
  FOR r IN SELECT * FROM jsonb_to_recordset(p_deltas) AS x(day date, gp_code text, game text, game_type text, player_id bigint,
      rounds int, stake bigint, valid bigint, payout bigint) ORDER BY day, gp_code, game, player_id LOOP
    INSERT INTO bet_daily AS b (day, gp_code, game, player_id, game_type, rounds, stake_minor, valid_bet_minor, payout_minor)
    VALUES (r.day, r.gp_code, r.game, r.player_id, r.game_type, r.rounds, r.stake, r.valid, r.payout)
    ON CONFLICT (day, gp_code, game, player_id) DO UPDATE SET rounds = b.rounds + excluded.rounds, stake_minor = b.stake_minor + excluded.stake_minor,
      valid_bet_minor = b.valid_bet_minor + excluded.valid_bet_minor, payout_minor = b.payout_minor + excluded.payout_minor
    RETURNING (xmax = 0), b.rounds INTO v_new, v_rounds;
    v_players := 0;
    IF v_new THEN
      v_players := 1;
    ELSIF v_rounds = 0 THEN
      -- No settled bet left (a correction voided it): the row goes, as the rebuild would not write it.
      DELETE FROM bet_daily WHERE day = r.day AND gp_code = r.gp_code AND game = r.game AND player_id = r.player_id;
      v_players := -1;
    END IF;
    v_g_days := v_g_days || r.day; v_g_codes := v_g_codes || r.gp_code; v_g_games := v_g_games || r.game; v_g_types := v_g_types || r.game_type;
    v_g_shards := v_g_shards || (r.player_id % 16)::smallint; v_g_players := v_g_players || v_players; v_g_rounds := v_g_rounds || r.rounds;
    v_g_stake := v_g_stake || r.stake; v_g_valid := v_g_valid || r.valid; v_g_payout := v_g_payout || r.payout;
    IF v_players <> 0 THEN v_p_days := v_p_days || r.day; v_p_players := v_p_players || r.player_id; END IF;
  END LOOP;
  INSERT INTO bet_daily_games AS g (day, gp_code, game, shard, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT d, c, gm, s, min(t), sum(pl), sum(n), sum(st), sum(va), sum(pa)
  FROM unnest(v_g_days, v_g_codes, v_g_games, v_g_types, v_g_shards, v_g_players, v_g_rounds, v_g_stake, v_g_valid, v_g_payout) AS u(d, c, gm, t, s, pl, n, st, va, pa)
  GROUP BY d, c, gm, s ORDER BY d, c, gm, s
  ON CONFLICT (day, gp_code, game, shard) DO UPDATE SET players = g.players + excluded.players, rounds = g.rounds + excluded.rounds,
    stake_minor = g.stake_minor + excluded.stake_minor, valid_bet_minor = g.valid_bet_minor + excluded.valid_bet_minor,
    payout_minor = g.payout_minor + excluded.payout_minor;
  -- The day's totals in (day, shard) order, before the bettors, as every page takes them.
  INSERT INTO bet_daily_totals AS t (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT d, s, sum(n), sum(st), sum(va), sum(pa) FROM unnest(v_g_days, v_g_shards, v_g_rounds, v_g_stake, v_g_valid, v_g_payout) AS u(d, s, n, st, va, pa)
  GROUP BY d, s ORDER BY d, s
  ON CONFLICT (day, shard) DO UPDATE SET rounds = t.rounds + excluded.rounds, stake_minor = t.stake_minor + excluded.stake_minor,
    valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor, payout_minor = t.payout_minor + excluded.payout_minor;
  -- A player is a bettor of the day while any bet_daily row of theirs is left that day: decided once per player and
  -- day after every row above moved, so a page that moves two games of one player counts them once.
  FOR r IN SELECT DISTINCT d AS day, p AS player_id FROM unnest(v_p_days, v_p_players) AS u(d, p) ORDER BY 1, 2 LOOP
    IF EXISTS (SELECT 1 FROM bet_daily WHERE player_id = r.player_id AND day = r.day) THEN
      INSERT INTO bet_player_days (day, player_id) VALUES (r.day, r.player_id) ON CONFLICT DO NOTHING;
      IF FOUND THEN v_days := v_days || r.day; v_moves := v_moves || 1; v_who := v_who || r.player_id; END IF;
    ELSE
      DELETE FROM bet_player_days WHERE day = r.day AND player_id = r.player_id;
      IF FOUND THEN v_days := v_days || r.day; v_moves := v_moves || -1; v_who := v_who || r.player_id; END IF;
    END IF;
  END LOOP;
  INSERT INTO bet_daily_bettors AS c (day, players)
  SELECT d, sum(m) FROM unnest(v_days, v_moves) AS u(d, m) GROUP BY d ORDER BY d
  ON CONFLICT (day) DO UPDATE SET players = c.players + excluded.players;
  PERFORM report_active_apply(v_days, v_who, 1::smallint, v_moves);
END
$$;
