CREATE TABLE "auth_registrations_daily" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_registrations_daily_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "bet_daily_totals" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bet_daily_totals_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "ledger_first_deposit_totals" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_first_deposit_totals_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "report_active_daily" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_active_daily_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "report_active_days" (
	"day" date NOT NULL,
	"player_id" bigint NOT NULL,
	"sources" smallint NOT NULL,
	CONSTRAINT "report_active_days_pk" PRIMARY KEY("day","player_id")
);
--> statement-breakpoint
DROP INDEX "ledger_first_deposits_day_idx";--> statement-breakpoint
CREATE INDEX "report_active_days_player_idx" ON "report_active_days" USING btree ("player_id","day");--> statement-breakpoint
CREATE INDEX "players_created_taipei_day_idx" ON "players" USING btree ((("created_at" at time zone 'Asia/Taipei')::date));--> statement-breakpoint
CREATE INDEX "ledger_first_deposits_day_amount_idx" ON "ledger_first_deposits" USING btree ("day","amount_minor");
--> statement-breakpoint
-- hand-written below
-- The players active per Taipei day (issue 23, the daily summary's "active players (bet or deposit)"): a row per day
-- and player with its sources as bits (1 a settled bet, 2 a deposit that stands) and a per-day count in 16 shards.
-- Moves (+1 a source starts, -1 it ends) are applied in (day, player) order and the counts last in (day, shard) order,
-- so writers that meet take their locks in one order. Called by bet_daily_apply (source 1) and ledger_report_journal
-- (source 2) in their own transactions.
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bet_daily_apply(p_deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record; v_new boolean; v_rounds int; v_players int;
  v_days date[] := '{}'; v_moves int[] := '{}'; v_who bigint[] := '{}';
  v_t_days date[] := '{}'; v_t_shards smallint[] := '{}'; v_t_rounds int[] := '{}'; v_t_stake bigint[] := '{}'; v_t_valid bigint[] := '{}'; v_t_payout bigint[] := '{}';
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
    INSERT INTO bet_daily_games AS g (day, gp_code, game, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
    VALUES (r.day, r.gp_code, r.game, r.game_type, v_players, r.rounds, r.stake, r.valid, r.payout)
    ON CONFLICT (day, gp_code, game) DO UPDATE SET players = g.players + excluded.players, rounds = g.rounds + excluded.rounds,
      stake_minor = g.stake_minor + excluded.stake_minor, valid_bet_minor = g.valid_bet_minor + excluded.valid_bet_minor,
      payout_minor = g.payout_minor + excluded.payout_minor;
    v_t_days := v_t_days || r.day; v_t_shards := v_t_shards || (abs(hashtext(r.gp_code)) % 16)::smallint; v_t_rounds := v_t_rounds || r.rounds;
    v_t_stake := v_t_stake || r.stake; v_t_valid := v_t_valid || r.valid; v_t_payout := v_t_payout || r.payout;
    IF v_players = 1 THEN
      INSERT INTO bet_player_days (day, player_id) VALUES (r.day, r.player_id) ON CONFLICT DO NOTHING;
      IF FOUND THEN v_days := v_days || r.day; v_moves := v_moves || 1; v_who := v_who || r.player_id; END IF;
    ELSIF v_players = -1 AND NOT EXISTS (SELECT 1 FROM bet_daily WHERE player_id = r.player_id AND day = r.day) THEN
      DELETE FROM bet_player_days WHERE day = r.day AND player_id = r.player_id;
      IF FOUND THEN v_days := v_days || r.day; v_moves := v_moves || -1; v_who := v_who || r.player_id; END IF;
    END IF;
  END LOOP;
  -- The day's totals in (day, shard) order, before the bettor counts, as every page takes them.
  INSERT INTO bet_daily_totals AS t (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT d, s, sum(n), sum(st), sum(va), sum(pa) FROM unnest(v_t_days, v_t_shards, v_t_rounds, v_t_stake, v_t_valid, v_t_payout) AS u(d, s, n, st, va, pa)
  GROUP BY d, s ORDER BY d, s
  ON CONFLICT (day, shard) DO UPDATE SET rounds = t.rounds + excluded.rounds, stake_minor = t.stake_minor + excluded.stake_minor,
    valid_bet_minor = t.valid_bet_minor + excluded.valid_bet_minor, payout_minor = t.payout_minor + excluded.payout_minor;
  INSERT INTO bet_daily_bettors AS c (day, players)
  SELECT d, sum(m) FROM unnest(v_days, v_moves) AS u(d, m) GROUP BY d ORDER BY d
  ON CONFLICT (day) DO UPDATE SET players = c.players + excluded.players;
  PERFORM report_active_apply(v_days, v_who, 1::smallint, v_moves);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_report_journal(p_journal_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_kind text; v_player bigint; v_day date; v_key text; v_at timestamptz;
  v_amount bigint; v_n int; v_new boolean; v_left int; v_left_amount bigint; v_players int := 0; v_before int;
BEGIN
  SELECT kind, player_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, idempotency_key, created_at
  INTO v_kind, v_player, v_day, v_key, v_at FROM journals WHERE id = p_journal_id;
  IF v_player IS NULL THEN RETURN; END IF;
  SELECT coalesce(sum(p.amount_minor), 0) INTO v_amount FROM postings p JOIN accounts a ON a.id = p.account_id
  WHERE p.journal_id = p_journal_id AND a.player_id IS NOT NULL AND a.asset = 'money';
  v_n := CASE WHEN v_key LIKE 'reversal:%' THEN -1 ELSE 1 END;

  INSERT INTO ledger_daily AS d (kind, day, player_id, journals, amount_minor) VALUES (v_kind, v_day, v_player, v_n, v_amount)
  ON CONFLICT (kind, day, player_id) DO UPDATE SET journals = d.journals + excluded.journals, amount_minor = d.amount_minor + excluded.amount_minor
  RETURNING (xmax = 0), d.journals, d.amount_minor INTO v_new, v_left, v_left_amount;
  IF v_new THEN
    v_players := 1;
  ELSIF v_left = 0 AND v_left_amount = 0 THEN
    DELETE FROM ledger_daily WHERE kind = v_kind AND day = v_day AND player_id = v_player;
    v_players := -1;
  END IF;
  INSERT INTO ledger_daily_totals AS t (day, kind, shard, players, journals, amount_minor)
  VALUES (v_day, v_kind, (v_player % 16)::smallint, v_players, v_n, v_amount)
  ON CONFLICT (day, kind, shard) DO UPDATE
  SET players = t.players + excluded.players, journals = t.journals + excluded.journals, amount_minor = t.amount_minor + excluded.amount_minor;

  IF v_kind = 'deposit' THEN
    -- The day's depositors are the players whose deposits that day still count more than their reversals.
    v_before := CASE WHEN v_new THEN 0 ELSE v_left - v_n END;
    IF v_before <= 0 AND v_left > 0 THEN
      PERFORM report_active_apply(ARRAY[v_day], ARRAY[v_player], 2::smallint, ARRAY[1]);
    ELSIF v_before > 0 AND v_left <= 0 THEN
      PERFORM report_active_apply(ARRAY[v_day], ARRAY[v_player], 2::smallint, ARRAY[-1]);
    END IF;
    IF v_n = 1 THEN
      -- The earliest deposit stands as the first, by its time and then its id, as the rebuild decides.
      INSERT INTO ledger_first_deposits AS f (player_id, day, amount_minor, journal_id) VALUES (v_player, v_day, v_amount, p_journal_id)
      ON CONFLICT (player_id) DO UPDATE SET day = excluded.day, amount_minor = excluded.amount_minor, journal_id = excluded.journal_id
      WHERE (v_at, p_journal_id) < (SELECT j.created_at, j.id FROM journals j WHERE j.id = f.journal_id);
    ELSE
      DELETE FROM ledger_first_deposits WHERE player_id = v_player AND journal_id = substr(v_key, 10)::bigint;
      IF FOUND THEN PERFORM ledger_first_deposit_of(v_player); END IF;
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- The bets' rebuild of a day, now with the day's totals (bet_daily_totals).
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
  INSERT INTO bet_daily_games (day, gp_code, game, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, gp_code, game, min(game_type), count(*), sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_daily WHERE day = p_day GROUP BY gp_code, game;
  INSERT INTO bet_daily_totals (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, (abs(hashtext(gp_code)) % 16)::smallint, sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_daily_games WHERE day = p_day GROUP BY 2;
  INSERT INTO bet_player_days (day, player_id) SELECT DISTINCT p_day, player_id FROM bet_daily WHERE day = p_day;
  INSERT INTO bet_daily_bettors (day, players) SELECT p_day, count(*) FROM bet_player_days WHERE day = p_day HAVING count(*) > 0;
END
$$;
--> statement-breakpoint
-- Backfill of the day totals, and of every day that already has bettors or depositors.
INSERT INTO bet_daily_totals (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
SELECT day, (abs(hashtext(gp_code)) % 16)::smallint, sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor) FROM bet_daily_games GROUP BY 1, 2;
--> statement-breakpoint
SELECT report_active_rebuild_day(d) FROM (SELECT day AS d FROM bet_player_days UNION SELECT day FROM ledger_daily WHERE kind = 'deposit') s;
--> statement-breakpoint
-- Registrations per Taipei day, kept with players by a trigger: whichever path writes a player (sign-up, the back
-- office, a seed, a corrected sign-up time) moves the count in its own transaction.
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
--> statement-breakpoint
CREATE TRIGGER players_registrations_daily AFTER INSERT OR DELETE OR UPDATE OF created_at ON players
FOR EACH ROW EXECUTE FUNCTION auth_registrations_daily_keep();
--> statement-breakpoint
-- First deposits per Taipei day, kept with ledger_first_deposits by a trigger: the ledger's journal function, its
-- reversal path and its rebuild all insert, move or delete first deposits, and each move carries its count along.
CREATE OR REPLACE FUNCTION ledger_first_deposit_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_first_deposit_totals AS c (day, shard, players, amount_minor)
    VALUES (OLD.day, (OLD.player_id % 16)::smallint, -1, -OLD.amount_minor)
    ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players, amount_minor = c.amount_minor + excluded.amount_minor;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_first_deposit_totals AS c (day, shard, players, amount_minor)
    VALUES (NEW.day, (NEW.player_id % 16)::smallint, 1, NEW.amount_minor)
    ON CONFLICT (day, shard) DO UPDATE SET players = c.players + excluded.players, amount_minor = c.amount_minor + excluded.amount_minor;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_first_deposits_totals AFTER INSERT OR DELETE OR UPDATE ON ledger_first_deposits
FOR EACH ROW EXECUTE FUNCTION ledger_first_deposit_totals_keep();
--> statement-breakpoint
-- Backfill of both counts.
INSERT INTO auth_registrations_daily (day, shard, players)
SELECT (created_at AT TIME ZONE 'Asia/Taipei')::date, (id % 16)::smallint, count(*) FROM players GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO ledger_first_deposit_totals (day, shard, players, amount_minor)
SELECT day, (player_id % 16)::smallint, count(*), sum(amount_minor) FROM ledger_first_deposits GROUP BY 1, 2;
