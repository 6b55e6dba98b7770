-- Recomputes one day's active players from the bets' and the ledger's own aggregates of that day, after they were
-- rebuilt (the reports' rebuild, which holds their locks and this table's).
CREATE OR REPLACE FUNCTION report_active_rebuild_day(p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_active_days WHERE day = p_day;
  DELETE FROM report_active_daily WHERE day = p_day;
  INSERT INTO report_active_days (day, player_id, sources)
  SELECT p_day, player_id, bit_or(source)::smallint FROM (
    SELECT player_id, 1 AS source FROM bet_player_days WHERE day = p_day
    UNION ALL SELECT player_id, 2 FROM ledger_daily WHERE kind = 'deposit' AND day = p_day AND journals > 0) s
  GROUP BY player_id;
  INSERT INTO report_active_daily (day, shard, players)
  SELECT p_day, (player_id % 16)::smallint, count(*) FROM report_active_days WHERE day = p_day GROUP BY 2;
END
$$;
