ALTER TABLE "bet_daily_games" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_daily_games" DROP CONSTRAINT "bet_daily_games_pk";
--> statement-breakpoint
ALTER TABLE "bet_daily_games" ADD CONSTRAINT "bet_daily_games_pk" PRIMARY KEY("day","gp_code","game","shard");
--> statement-breakpoint
-- hand-written below
-- The seamless benchmark: every settled round moves its game's bet_daily_games row and a bet_daily_totals row, and the
-- shard of both depended on the provider and game only, so a seamless provider settling rounds for many players at
-- once queued every round on one row until the one before it committed. Both are now sharded by player
-- (player_id % 16; readers already add the rows up). bet_daily_apply also takes its row locks table by table, each
-- table in key order (bet_daily, then the games, the totals, the bettors' days), so two pages meeting on several rows
-- cannot deadlock whatever players they hold.
-- bet_daily_apply: its one definition is src/server/modules/bets/sql/bet_daily_apply.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- The bets' rebuild of a day, with the games and the totals sharded by player.
-- bet_rebuild_day: its one definition is src/server/modules/bets/sql/bet_rebuild_day.sql (src/server/db/migrate.ts applies it).
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
-- bet_seamless_round: its one definition is src/server/modules/bets/sql/bet_seamless_round.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- A round's record from the round row, as the wallet calls write it: closed with nothing staked or won is void.
-- seamless_record_round: its one definition is src/server/modules/seamless/sql/seamless_record_round.sql (src/server/db/migrate.ts applies it).
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
-- seamless_debit_call: its one definition is src/server/modules/seamless/sql/seamless_debit_call.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
DROP FUNCTION IF EXISTS seamless_credit_call(text, text, bigint, text, text, bigint, boolean, text, text, bytea, bigint[], bigint[], bigint);
--> statement-breakpoint
-- A seamless credit's usual case as the whole call, sent on its own like the debit's: the transaction id new, the
-- debit it names seen, the player's, in this round and not cancelled. Locks the debit (a rollback of it waits, or this
-- waits for the rollback), claims the id, pays a win above zero as one ledger journal, marks the debit settled, adds
-- the win to the round, closes it when asked, writes the round's bet record (with the reports' daily figures once it
-- settles) and answers the round and the balance. Anything else answers 'fallback' having written nothing, and the
-- caller takes the full path in a transaction of its own.
-- seamless_credit_call: its one definition is src/server/modules/seamless/sql/seamless_credit_call.sql (src/server/db/migrate.ts applies it).
