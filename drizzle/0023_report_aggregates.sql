CREATE TABLE "bet_daily" (
	"day" date NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"game" varchar(40) NOT NULL,
	"player_id" bigint NOT NULL,
	"game_type" varchar(12) NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bet_daily_pk" PRIMARY KEY("day","gp_code","game","player_id")
);
--> statement-breakpoint
CREATE TABLE "bet_daily_bettors" (
	"day" date PRIMARY KEY NOT NULL,
	"players" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_daily_games" (
	"day" date NOT NULL,
	"gp_code" varchar(20) NOT NULL,
	"game" varchar(40) NOT NULL,
	"game_type" varchar(12) NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bet_daily_games_pk" PRIMARY KEY("day","gp_code","game")
);
--> statement-breakpoint
CREATE TABLE "bet_player_days" (
	"day" date NOT NULL,
	"player_id" bigint NOT NULL,
	CONSTRAINT "bet_player_days_pk" PRIMARY KEY("day","player_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_daily" (
	"kind" varchar(30) NOT NULL,
	"day" date NOT NULL,
	"player_id" bigint NOT NULL,
	"journals" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_pk" PRIMARY KEY("kind","day","player_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_daily_totals" (
	"day" date NOT NULL,
	"kind" varchar(30) NOT NULL,
	"shard" smallint NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"journals" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_totals_pk" PRIMARY KEY("day","kind","shard")
);
--> statement-breakpoint
CREATE TABLE "ledger_first_deposits" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"journal_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bet_daily_player_idx" ON "bet_daily" USING btree ("player_id","day");--> statement-breakpoint
CREATE INDEX "ledger_daily_player_idx" ON "ledger_daily" USING btree ("player_id","day");--> statement-breakpoint
CREATE INDEX "ledger_first_deposits_day_idx" ON "ledger_first_deposits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "players_created_idx" ON "players" USING btree ("created_at");
--> statement-breakpoint
-- hand-written below
-- The ledger's daily money aggregates (issue 23), kept in the transaction of every journal of a reported kind:
-- postJournal calls ledger_report_journal after writing one (src/server/ledger/daily.ts). A reversal (its key is
-- 'reversal:<id>') counts -1 journal on its own day. A player's row goes when its journals and amount are both 0 again.
CREATE OR REPLACE FUNCTION ledger_first_deposit_of(p_player bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_first_deposits (player_id, day, amount_minor, journal_id)
  SELECT j.player_id, (j.created_at AT TIME ZONE 'Asia/Taipei')::date,
    (SELECT coalesce(sum(p.amount_minor), 0) FROM postings p JOIN accounts a ON a.id = p.account_id
      WHERE p.journal_id = j.id AND a.player_id IS NOT NULL AND a.asset = 'money'), j.id
  FROM journals j
  WHERE j.player_id = p_player AND j.kind = 'deposit' AND j.idempotency_key NOT LIKE 'reversal:%'
    AND NOT EXISTS (SELECT 1 FROM journals r WHERE r.idempotency_key = 'reversal:' || j.id)
  ORDER BY j.created_at, j.id LIMIT 1
  ON CONFLICT (player_id) DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_report_journal(p_journal_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_kind text; v_player bigint; v_day date; v_key text; v_at timestamptz;
  v_amount bigint; v_n int; v_new boolean; v_left int; v_left_amount bigint; v_players int := 0;
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
-- Rebuilds one Taipei day of the ledger's money aggregates from the journals of the given kinds (the reports'
-- rebuild job, and the backfill below). The caller holds ledger_daily's lock so no journal's own update interleaves.
CREATE OR REPLACE FUNCTION ledger_rebuild_day(p_day date, p_kinds text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (p_day::timestamp AT TIME ZONE 'Asia/Taipei');
  v_to timestamptz := ((p_day + 1)::timestamp AT TIME ZONE 'Asia/Taipei');
  v_players bigint[];
BEGIN
  DELETE FROM ledger_daily WHERE day = p_day;
  DELETE FROM ledger_daily_totals WHERE day = p_day;
  INSERT INTO ledger_daily (kind, day, player_id, journals, amount_minor)
  SELECT j.kind, p_day, j.player_id, sum(CASE WHEN j.idempotency_key LIKE 'reversal:%' THEN -1 ELSE 1 END),
    coalesce(sum((SELECT sum(p.amount_minor) FROM postings p JOIN accounts a ON a.id = p.account_id
      WHERE p.journal_id = j.id AND a.player_id IS NOT NULL AND a.asset = 'money')), 0)
  FROM journals j
  WHERE j.created_at >= v_from AND j.created_at < v_to AND j.kind = ANY (p_kinds) AND j.player_id IS NOT NULL
  GROUP BY j.kind, j.player_id
  HAVING NOT (sum(CASE WHEN j.idempotency_key LIKE 'reversal:%' THEN -1 ELSE 1 END) = 0 AND coalesce(sum((SELECT sum(p.amount_minor)
    FROM postings p JOIN accounts a ON a.id = p.account_id WHERE p.journal_id = j.id AND a.player_id IS NOT NULL AND a.asset = 'money')), 0) = 0);
  INSERT INTO ledger_daily_totals (day, kind, shard, players, journals, amount_minor)
  SELECT p_day, kind, (player_id % 16)::smallint, count(*), sum(journals), sum(amount_minor)
  FROM ledger_daily WHERE day = p_day GROUP BY kind, player_id % 16;
  -- First deposits: every player who deposited that day, or whose first deposit was said to be that day, is decided again.
  SELECT coalesce(array_agg(player_id), '{}') INTO v_players FROM (
    SELECT player_id FROM ledger_first_deposits WHERE day = p_day
    UNION SELECT player_id FROM ledger_daily WHERE day = p_day AND kind = 'deposit') s;
  DELETE FROM ledger_first_deposits WHERE player_id = ANY (v_players);
  PERFORM ledger_first_deposit_of(x) FROM unnest(v_players) AS x;
END
$$;
--> statement-breakpoint
-- The bets domain's daily aggregates, changed by the deltas of one ingestion page (src/server/modules/bets/daily.ts):
-- one row per day, game and player of settled bets (rounds, stake, valid bet, payout). Rows are applied in key order and
-- the day's bettor counts last, in day order, so two pages written at once take their locks in the same order.
CREATE OR REPLACE FUNCTION bet_daily_apply(p_deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record; v_new boolean; v_rounds int; v_players int;
  v_days date[] := '{}'; v_moves int[] := '{}';
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
    IF v_players = 1 THEN
      INSERT INTO bet_player_days (day, player_id) VALUES (r.day, r.player_id) ON CONFLICT DO NOTHING;
      IF FOUND THEN v_days := v_days || r.day; v_moves := v_moves || 1; END IF;
    ELSIF v_players = -1 AND NOT EXISTS (SELECT 1 FROM bet_daily WHERE player_id = r.player_id AND day = r.day) THEN
      DELETE FROM bet_player_days WHERE day = r.day AND player_id = r.player_id;
      IF FOUND THEN v_days := v_days || r.day; v_moves := v_moves || -1; END IF;
    END IF;
  END LOOP;
  INSERT INTO bet_daily_bettors AS c (day, players)
  SELECT d, sum(m) FROM unnest(v_days, v_moves) AS u(d, m) GROUP BY d ORDER BY d
  ON CONFLICT (day) DO UPDATE SET players = c.players + excluded.players;
END
$$;
--> statement-breakpoint
-- Rebuilds one Taipei day of the bet aggregates from the settled bet records (the caller holds bet_daily's lock).
CREATE OR REPLACE FUNCTION bet_rebuild_day(p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (p_day::timestamp AT TIME ZONE 'Asia/Taipei');
  v_to timestamptz := ((p_day + 1)::timestamp AT TIME ZONE 'Asia/Taipei');
BEGIN
  DELETE FROM bet_daily WHERE day = p_day;
  DELETE FROM bet_daily_games WHERE day = p_day;
  DELETE FROM bet_player_days WHERE day = p_day;
  DELETE FROM bet_daily_bettors WHERE day = p_day;
  INSERT INTO bet_daily (day, gp_code, game, player_id, game_type, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, gp_code, game, player_id, min(game_type), count(*), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_records WHERE status = 'settled' AND settled_at >= v_from AND settled_at < v_to
  GROUP BY gp_code, game, player_id;
  INSERT INTO bet_daily_games (day, gp_code, game, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
  SELECT p_day, gp_code, game, min(game_type), count(*), sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
  FROM bet_daily WHERE day = p_day GROUP BY gp_code, game;
  INSERT INTO bet_player_days (day, player_id) SELECT DISTINCT p_day, player_id FROM bet_daily WHERE day = p_day;
  INSERT INTO bet_daily_bettors (day, players) SELECT p_day, count(*) FROM bet_player_days WHERE day = p_day HAVING count(*) > 0;
END
$$;
--> statement-breakpoint
-- Backfill: every day that already has settled bets or reported journals.
SELECT bet_rebuild_day(d) FROM (SELECT DISTINCT (settled_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM bet_records WHERE status = 'settled' AND settled_at IS NOT NULL) s;
--> statement-breakpoint
SELECT ledger_rebuild_day(d, ARRAY['deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus'])
FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM journals
  WHERE kind IN ('deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus')) s;
