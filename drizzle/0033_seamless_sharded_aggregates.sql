ALTER TABLE "bet_daily_games" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_daily_games" DROP CONSTRAINT "bet_daily_games_pk";
--> statement-breakpoint
ALTER TABLE "bet_daily_games" ADD CONSTRAINT "bet_daily_games_pk" PRIMARY KEY("day","gp_code","game","shard");
--> statement-breakpoint
-- hand-written below
-- Issue 22's benchmark: every settled round moves its game's bet_daily_games row and a bet_daily_totals row, and the
-- shard of both depended on the provider and game only, so a seamless provider settling rounds for many players at
-- once queued every round on one row until the one before it committed. Both are now sharded by player
-- (player_id % 16; readers already add the rows up). bet_daily_apply also takes its row locks table by table, each
-- table in key order (bet_daily, then the games, the totals, the bettors' days), so two pages meeting on several rows
-- cannot deadlock whatever players they hold.
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
--> statement-breakpoint
-- The bets' rebuild of a day, with the games and the totals sharded by player.
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
--> statement-breakpoint
-- The games and totals already kept, re-sharded from bet_daily as the rebuild derives them.
DELETE FROM bet_daily_games;
--> statement-breakpoint
INSERT INTO bet_daily_games (day, gp_code, game, shard, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
SELECT day, gp_code, game, (player_id % 16)::smallint, min(game_type), count(*), sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
FROM bet_daily GROUP BY day, gp_code, game, player_id % 16;
--> statement-breakpoint
DELETE FROM bet_daily_totals;
--> statement-breakpoint
INSERT INTO bet_daily_totals (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
SELECT day, shard, sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor) FROM bet_daily_games GROUP BY day, shard;
--> statement-breakpoint
-- A seamless round's bet record (bets/seamless-records.ts), written by the statement of the wallet call that changed
-- the round: the record replaces the stored one when its version is higher, and the reports' daily aggregates move
-- by the difference (the stored version's contribution out, the new one's in) through bet_daily_apply, exactly as an
-- ingestion page moves them. Valid bet follows bets/valid-bet.ts for a record without detail (seamless records have
-- no odds): settled, not a push, and of a game group that counts. The caller holds the round's row lock, so no
-- other writer of this record runs between the read and the write.
CREATE OR REPLACE FUNCTION bet_seamless_round(p_gp_code text, p_bet_id text, p_player_id bigint, p_game text, p_game_type text,
  p_stake bigint, p_payout bigint, p_status text, p_version int, p_placed_at timestamptz, p_settled_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_old bet_records; v_valid bigint; v_net bigint; v_deltas jsonb;
BEGIN
  v_valid := CASE WHEN p_status <> 'settled' OR p_payout = p_stake THEN 0
    WHEN p_game_type IN ('slots', 'fish', 'casino', 'lottery', 'cards') THEN p_stake ELSE 0 END;
  v_net := CASE p_status WHEN 'void' THEN 0 WHEN 'open' THEN -p_stake ELSE p_payout - p_stake END;
  SELECT * INTO v_old FROM bet_records WHERE gp_code = p_gp_code AND bet_id = p_bet_id FOR UPDATE;
  INSERT INTO bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version,
    ledger_version, ledger_net_minor, detail, placed_at, settled_at)
  VALUES (p_gp_code, p_bet_id, p_player_id, p_game, p_game_type, p_stake, p_payout, v_valid, p_status, p_version, p_version, v_net,
    '{"wallet":"seamless"}'::jsonb, p_placed_at, p_settled_at)
  ON CONFLICT (gp_code, bet_id) DO UPDATE SET stake_minor = excluded.stake_minor, payout_minor = excluded.payout_minor,
    valid_bet_minor = excluded.valid_bet_minor, status = excluded.status, version = excluded.version, ledger_version = excluded.ledger_version,
    ledger_net_minor = excluded.ledger_net_minor, settled_at = excluded.settled_at, updated_at = now()
  WHERE bet_records.version < excluded.version AND bet_records.player_id = excluded.player_id;
  IF NOT FOUND THEN RETURN; END IF;
  -- The contributions merged per day, game and player; a change that moves nothing is not applied.
  SELECT jsonb_agg(jsonb_build_object('day', day, 'gp_code', p_gp_code, 'game', game, 'game_type', min_type, 'player_id', player_id,
      'rounds', rounds, 'stake', stake, 'valid', valid, 'payout', payout))
  INTO v_deltas FROM (
    SELECT day, game, min(game_type) AS min_type, player_id, sum(rounds) AS rounds, sum(stake) AS stake, sum(valid) AS valid, sum(payout) AS payout
    FROM (
      SELECT (v_old.settled_at AT TIME ZONE 'Asia/Taipei')::date AS day, v_old.game AS game, v_old.game_type AS game_type, v_old.player_id AS player_id,
        -1 AS rounds, -v_old.stake_minor AS stake, -v_old.valid_bet_minor AS valid, -v_old.payout_minor AS payout
      WHERE v_old.player_id IS NOT NULL AND v_old.status = 'settled' AND v_old.settled_at IS NOT NULL
      UNION ALL
      SELECT (p_settled_at AT TIME ZONE 'Asia/Taipei')::date, p_game, p_game_type, p_player_id, 1, p_stake, v_valid, p_payout
      WHERE p_status = 'settled' AND p_settled_at IS NOT NULL
    ) c GROUP BY day, game, player_id
    HAVING sum(rounds) <> 0 OR sum(stake) <> 0 OR sum(valid) <> 0 OR sum(payout) <> 0
  ) m;
  IF v_deltas IS NOT NULL THEN PERFORM bet_daily_apply(v_deltas); END IF;
END
$$;
--> statement-breakpoint
-- A round's record from the round row, as the wallet calls write it: closed with nothing staked or won is void.
CREATE OR REPLACE FUNCTION seamless_record_round(p_round seamless_rounds, p_game_type text) RETURNS void LANGUAGE sql AS $$
  SELECT bet_seamless_round(p_round.gp_code, p_round.round_id, p_round.player_id, p_round.game_code, p_game_type, p_round.stake_minor,
    p_round.payout_minor, CASE WHEN p_round.status <> 'closed' THEN 'open' WHEN p_round.stake_minor = 0 AND p_round.payout_minor = 0 THEN 'void' ELSE 'settled' END,
    p_round.version, p_round.opened_at, CASE WHEN p_round.status = 'closed' THEN p_round.closed_at END)
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS seamless_debit_call(text, text, bigint, text, text, bigint, text, text, bytea, text, bigint[], bigint[], bigint);
--> statement-breakpoint
-- A seamless debit's usual case as the whole call (modules/seamless/service.ts), sent on its own without a
-- transaction around it, so the statement is the transaction: the player active, the round still open and the
-- player's, the gate clear, the transaction id new. It claims the id, takes the stake as one ledger journal through
-- ledger_post_asset_journal (the caller prepared its hash and sorted postings), adds the stake to the round, writes the
-- round's bet record and answers the round and the balance after the call. Anything else answers 'fallback' before
-- writing a row, and the caller takes the full path in a transaction of its own: a replay, a closed or foreign round, a
-- player the gate must look at, a player not active. An overdraft refuses the debit and records that first answer, as
-- the full path does. Words as in src/shared/seamless-statuses.ts.
CREATE OR REPLACE FUNCTION seamless_debit_call(
  p_gp_code text, p_tx_id text, p_player_id bigint, p_round_id text, p_game_code text, p_amount bigint, p_request_hash text,
  p_key text, p_journal_hash bytea, p_memo text, p_account_ids bigint[], p_amounts bigint[], p_central bigint,
  p_game_type text, p_active_status smallint,
  OUT o_outcome text, OUT o_balance bigint, OUT o_tx bigint, OUT o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v_round seamless_rounds; v_journal record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM players WHERE id = p_player_id AND status = p_active_status) THEN o_outcome := 'fallback'; RETURN; END IF;
  SELECT * INTO v_round FROM seamless_rounds WHERE gp_code = p_gp_code AND round_id = p_round_id;
  IF FOUND AND (v_round.status <> 'open' OR v_round.player_id <> p_player_id) THEN o_outcome := 'fallback'; RETURN; END IF;
  IF NOT protection_gate_lock_clear(p_player_id) THEN o_outcome := 'fallback'; RETURN; END IF;
  INSERT INTO seamless_transactions (gp_code, tx_id, kind, player_id, round_id, game_code, amount_minor, status, code, request_hash)
  VALUES (p_gp_code, p_tx_id, 'debit', p_player_id, p_round_id, p_game_code, p_amount, 'open', 'OK', p_request_hash)
  ON CONFLICT (gp_code, tx_id) DO NOTHING RETURNING id INTO o_tx;
  IF o_tx IS NULL THEN o_outcome := 'fallback'; RETURN; END IF;
  SELECT * INTO v_journal FROM ledger_post_asset_journal('money', 'seamless_debit', p_key, p_journal_hash, p_player_id, p_tx_id, p_memo,
    NULL, p_account_ids, p_amounts);
  IF v_journal.o_outcome = 'insufficient' THEN
    UPDATE seamless_transactions SET status = 'refused', code = 'INSUFFICIENT_FUNDS', updated_at = now() WHERE id = o_tx;
    o_outcome := 'insufficient';
  ELSIF v_journal.o_outcome = 'posted' THEN
    UPDATE seamless_transactions SET journal_id = v_journal.o_journal_id, updated_at = now() WHERE id = o_tx;
    INSERT INTO seamless_rounds AS r (gp_code, round_id, player_id, game_code, stake_minor, payout_minor, version)
    VALUES (p_gp_code, p_round_id, p_player_id, p_game_code, p_amount, 0, 1)
    ON CONFLICT (gp_code, round_id) DO UPDATE SET stake_minor = r.stake_minor + excluded.stake_minor,
      payout_minor = r.payout_minor + excluded.payout_minor, version = r.version + 1, updated_at = now()
    WHERE r.player_id = excluded.player_id AND r.status = 'open'
    RETURNING * INTO o_round;
    -- The round was read open and ours above; only a racing end of it gets here, and then nothing of this call stays.
    IF NOT FOUND THEN RAISE EXCEPTION 'seamless: round % changed under its lock', p_round_id; END IF;
    PERFORM seamless_record_round(o_round, p_game_type);
    o_outcome := 'ok';
  ELSE
    -- The key is the transaction id just claimed, so no journal can hold it yet: a replay or mismatch here is a bug.
    RAISE EXCEPTION 'ledger invariant: seamless debit % answered %', p_tx_id, v_journal.o_outcome;
  END IF;
  SELECT balance_minor INTO o_balance FROM accounts WHERE id = p_central;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS seamless_credit_call(text, text, bigint, text, text, bigint, boolean, text, text, bytea, bigint[], bigint[], bigint);
--> statement-breakpoint
-- A seamless credit's usual case as the whole call, sent on its own like the debit's: the transaction id new, the
-- debit it names seen, the player's, in this round and not cancelled. Locks the debit (a rollback of it waits, or this
-- waits for the rollback), claims the id, pays a win above zero as one ledger journal, marks the debit settled, adds
-- the win to the round, closes it when asked, writes the round's bet record (with the reports' daily figures once it
-- settles) and answers the round and the balance. Anything else answers 'fallback' having written nothing, and the
-- caller takes the full path in a transaction of its own.
CREATE OR REPLACE FUNCTION seamless_credit_call(
  p_gp_code text, p_tx_id text, p_player_id bigint, p_round_id text, p_debit_tx_id text, p_amount bigint, p_round_closed boolean,
  p_request_hash text, p_key text, p_journal_hash bytea, p_account_ids bigint[], p_amounts bigint[], p_central bigint, p_game_type text,
  OUT o_outcome text, OUT o_balance bigint, OUT o_tx bigint, OUT o_round seamless_rounds)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit seamless_transactions; v_journal record;
BEGIN
  IF EXISTS (SELECT 1 FROM seamless_transactions WHERE gp_code = p_gp_code AND tx_id = p_tx_id) THEN o_outcome := 'fallback'; RETURN; END IF;
  SELECT * INTO v_debit FROM seamless_transactions WHERE gp_code = p_gp_code AND tx_id = p_debit_tx_id FOR UPDATE;
  IF NOT FOUND OR v_debit.kind <> 'debit' OR v_debit.player_id <> p_player_id OR v_debit.round_id <> p_round_id
    OR v_debit.status NOT IN ('open', 'settled') THEN
    o_outcome := 'fallback'; RETURN;
  END IF;
  INSERT INTO seamless_transactions (gp_code, tx_id, kind, player_id, round_id, game_code, amount_minor, ref_tx_id, status, code, request_hash)
  VALUES (p_gp_code, p_tx_id, 'credit', p_player_id, p_round_id, v_debit.game_code, p_amount, p_debit_tx_id, 'accepted', 'OK', p_request_hash)
  ON CONFLICT (gp_code, tx_id) DO NOTHING RETURNING id INTO o_tx;
  IF o_tx IS NULL THEN o_outcome := 'fallback'; RETURN; END IF;
  IF p_amount > 0 THEN
    SELECT * INTO v_journal FROM ledger_post_asset_journal('money', 'seamless_credit', p_key, p_journal_hash, p_player_id, p_tx_id,
      p_gp_code || ' ' || v_debit.game_code || ' ' || p_round_id, NULL, p_account_ids, p_amounts);
    IF v_journal.o_outcome <> 'posted' THEN
      RAISE EXCEPTION 'ledger invariant: seamless credit % answered %', p_tx_id, v_journal.o_outcome;
    END IF;
    UPDATE seamless_transactions SET journal_id = v_journal.o_journal_id, updated_at = now() WHERE id = o_tx;
  END IF;
  UPDATE seamless_transactions SET status = 'settled', updated_at = now() WHERE id = v_debit.id;
  -- The win added and, when asked, an open round closed in one write: two versions, as adding and then closing
  -- would count them.
  INSERT INTO seamless_rounds AS r (gp_code, round_id, player_id, game_code, stake_minor, payout_minor, version, status, closed_at)
  VALUES (p_gp_code, p_round_id, p_player_id, v_debit.game_code, 0, p_amount, CASE WHEN p_round_closed THEN 2 ELSE 1 END,
    CASE WHEN p_round_closed THEN 'closed' ELSE 'open' END, CASE WHEN p_round_closed THEN now() END)
  ON CONFLICT (gp_code, round_id) DO UPDATE SET stake_minor = r.stake_minor + excluded.stake_minor,
    payout_minor = r.payout_minor + excluded.payout_minor,
    version = r.version + CASE WHEN p_round_closed AND r.status = 'open' THEN 2 ELSE 1 END,
    status = CASE WHEN p_round_closed THEN 'closed' ELSE r.status END,
    closed_at = CASE WHEN p_round_closed AND r.status = 'open' THEN now() ELSE r.closed_at END, updated_at = now()
  WHERE r.player_id = excluded.player_id
  RETURNING * INTO o_round;
  IF o_round.id IS NOT NULL THEN PERFORM seamless_record_round(o_round, p_game_type); END IF;
  SELECT balance_minor INTO o_balance FROM accounts WHERE id = p_central;
  o_outcome := 'ok';
END
$$;
