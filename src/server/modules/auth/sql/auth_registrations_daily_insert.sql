-- Registrations per Taipei day for new players, once per insert statement from its transition table (a bulk insert
-- of many players moves each day's shard once); auth_registrations_daily_keep handles deletions and corrected sign-up
-- times row by row.
CREATE OR REPLACE FUNCTION auth_registrations_daily_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auth_registrations_daily AS c (day, shard, players)
  SELECT (created_at AT TIME ZONE 'Asia/Taipei')::date AS day, (id % 16)::smallint AS shard, count(*)
  FROM new_players GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players;
  RETURN NULL;
END
$$;
