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
-- The players active per Taipei day (the daily summary's "active players (bet or deposit)"): a row per day
-- and player with its sources as bits (1 a settled bet, 2 a deposit that stands) and a per-day count in 16 shards.
-- Moves (+1 a source starts, -1 it ends) are applied in (day, player) order and the counts last in (day, shard) order,
-- so writers that meet take their locks in one order. Called by bet_daily_apply (source 1) and ledger_report_journal
-- (source 2) in their own transactions.
-- report_active_apply: its one definition is src/server/modules/reports/sql/report_active_apply.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Recomputes one day's active players from the bets' and the ledger's own aggregates of that day, after they were
-- rebuilt (the reports' rebuild, which holds their locks and this table's).
-- report_active_rebuild_day: its one definition is src/server/modules/reports/sql/report_active_rebuild_day.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- bet_daily_apply: its one definition is src/server/modules/bets/sql/bet_daily_apply.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- ledger_report_journal: its one definition is src/server/ledger/sql/ledger_report_journal.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- The bets' rebuild of a day, now with the day's totals (bet_daily_totals).
-- bet_rebuild_day: its one definition is src/server/modules/bets/sql/bet_rebuild_day.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Backfill of the day totals, and of every day that already has bettors or depositors.
INSERT INTO bet_daily_totals (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
SELECT day, (abs(hashtext(gp_code)) % 16)::smallint, sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor) FROM bet_daily_games GROUP BY 1, 2;
--> statement-breakpoint
SELECT report_active_rebuild_day(d) FROM (SELECT day AS d FROM bet_player_days UNION SELECT day FROM ledger_daily WHERE kind = 'deposit') s;
--> statement-breakpoint
-- Registrations per Taipei day, kept with players by a trigger: whichever path writes a player (sign-up, the back
-- office, a seed, a corrected sign-up time) moves the count in its own transaction.
-- auth_registrations_daily_keep: its one definition is src/server/modules/auth/sql/auth_registrations_daily_keep.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
CREATE TRIGGER players_registrations_daily AFTER INSERT OR DELETE OR UPDATE OF created_at ON players
FOR EACH ROW EXECUTE FUNCTION auth_registrations_daily_keep();
--> statement-breakpoint
-- First deposits per Taipei day, kept with ledger_first_deposits by a trigger: the ledger's journal function, its
-- reversal path and its rebuild all insert, move or delete first deposits, and each move carries its count along.
-- ledger_first_deposit_totals_keep: its one definition is src/server/ledger/sql/ledger_first_deposit_totals_keep.sql (src/server/db/migrate.ts applies it).
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
