-- The players active per Taipei day (the daily summary's "active players (bet or deposit)"): a row per day and player
-- with its sources as bits (1 a settled bet, 2 a deposit that stands) and a per-day count in 16 shards. Moves (+1 a
-- source starts, -1 it ends) are applied in (day, player) order and the counts last in (day, shard) order, so writers
-- that meet take their locks in one order. Called by bet_daily_apply (source 1) and ledger_report_journal (source 2)
-- in their own transactions.
CREATE OR REPLACE FUNCTION report_active_apply(p_days date[], p_players bigint[], p_source smallint, p_moves int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record; v_sources smallint; v_new boolean;
  v_days date[] := '{}'; v_shards smallint[] := '{}'; v_counts int[] := '{}';
BEGIN
  FOR r IN SELECT * FROM unnest(p_days, p_players, p_moves) AS u(day, player_id, move) ORDER BY day, player_id LOOP
    IF r.move > 0 THEN
      INSERT INTO report_active_days AS a (day, player_id, sources) VALUES (r.day, r.player_id, p_source)
      ON CONFLICT (day, player_id) DO UPDATE SET sources = a.sources | excluded.sources
      RETURNING (xmax = 0) INTO v_new;
      IF v_new THEN v_days := v_days || r.day; v_shards := v_shards || (r.player_id % 16)::smallint; v_counts := v_counts || 1; END IF;
    ELSE
      UPDATE report_active_days SET sources = sources & ~p_source WHERE day = r.day AND player_id = r.player_id RETURNING sources INTO v_sources;
      IF FOUND AND v_sources = 0 THEN
        DELETE FROM report_active_days WHERE day = r.day AND player_id = r.player_id;
        v_days := v_days || r.day; v_shards := v_shards || (r.player_id % 16)::smallint; v_counts := v_counts || -1;
      END IF;
    END IF;
  END LOOP;
  INSERT INTO report_active_daily AS c (day, shard, players)
  SELECT d, s, sum(n) FROM unnest(v_days, v_shards, v_counts) AS u(d, s, n) GROUP BY d, s ORDER BY d, s
  ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players;
END
$$;
