-- Rebuilds one Taipei day of the bets' daily aggregates from the bet records settled that day (the games and the totals
-- sharded by player, as bet_daily_apply keeps them). The caller (the reports' rebuild) holds the aggregates' locks.
CREATE OR REPLACE FUNCTION bet_rebuild_day(p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (p_day::timestamp AT TIME ZONE 'Asia/Taipei');
  v_to timestamptz := ((p_day + 1)::timestamp AT TIME ZONE 'Asia/Taipei');
BEGIN
  DELETE FROM bet_daily WHERE day = p_day;
  DELETE FROM bet_daily_games WHERE day = p_day;
  DELETE FROM bet_player_days WHERE day = p_day;
  DELETE FROM bet_daily_bettors WHERE day = p_day;
  DELETE FROM bet_daily_totals WHERE day = p_day;
  INSERT INTO bet_daily (day, gp_code, game, player_id, game_type, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, gp_code, game, player_id, min(game_type), count(*), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_records WHERE status = 'settled' AND settled_at >= v_from AND settled_at < v_to
  GROUP BY gp_code, game, player_id;
  INSERT INTO bet_daily_games (day, gp_code, game, shard, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, gp_code, game, (player_id % 16)::smallint, min(game_type), count(*), sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_daily WHERE day = p_day GROUP BY gp_code, game, player_id % 16;
  INSERT INTO bet_daily_totals (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, shard, sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_daily_games WHERE day = p_day GROUP BY shard;
  INSERT INTO bet_player_days (day, player_id) SELECT DISTINCT p_day, player_id FROM bet_daily WHERE day = p_day;
  INSERT INTO bet_daily_bettors (day, players) SELECT p_day, count(*) FROM bet_player_days WHERE day = p_day HAVING count(*) > 0;
END
$$;
