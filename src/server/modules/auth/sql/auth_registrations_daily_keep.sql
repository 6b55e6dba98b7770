-- Registrations per Taipei day, kept with players by triggers: whichever path writes a player (sign-up, the back
-- office, a seed, a corrected sign-up time) moves the count in its own transaction. This one moves a deleted
-- player's day and a corrected sign-up time; new players are counted per statement by auth_registrations_daily_insert.
CREATE OR REPLACE FUNCTION auth_registrations_daily_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO auth_registrations_daily AS c (day, shard, players)
    VALUES ((OLD.created_at AT TIME ZONE 'Asia/Taipei')::date, (OLD.id % 16)::smallint, -1)
    ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO auth_registrations_daily AS c (day, shard, players)
    VALUES ((NEW.created_at AT TIME ZONE 'Asia/Taipei')::date, (NEW.id % 16)::smallint, 1)
    ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players;
  END IF;
  RETURN NULL;
END
$$;
