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
-- The ledger's daily money aggregates, kept in the transaction of every journal of a reported kind:
-- postJournal calls ledger_report_journal after writing one (src/server/ledger/daily.ts). A reversal (its key is
-- 'reversal:<id>') counts -1 journal on its own day. A player's row goes when its journals and amount are both 0 again.
-- ledger_first_deposit_of: its one definition is src/server/ledger/sql/ledger_first_deposit_of.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- ledger_report_journal: its one definition is src/server/ledger/sql/ledger_report_journal.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Rebuilds one Taipei day of the ledger's money aggregates from the journals of the given kinds (the reports'
-- rebuild job, and the backfill below). The caller holds ledger_daily's lock so no journal's own update interleaves.
-- ledger_rebuild_day: its one definition is src/server/ledger/sql/ledger_rebuild_day.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- The bets domain's daily aggregates, changed by the deltas of one ingestion page (src/server/modules/bets/daily.ts):
-- one row per day, game and player of settled bets (rounds, stake, valid bet, payout). Rows are applied in key order and
-- the day's bettor counts last, in day order, so two pages written at once take their locks in the same order.
-- bet_daily_apply: its one definition is src/server/modules/bets/sql/bet_daily_apply.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Rebuilds one Taipei day of the bet aggregates from the settled bet records (the caller holds bet_daily's lock).
-- bet_rebuild_day: its one definition is src/server/modules/bets/sql/bet_rebuild_day.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Backfill: every day that already has settled bets or reported journals.
SELECT bet_rebuild_day(d) FROM (SELECT DISTINCT (settled_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM bet_records WHERE status = 'settled' AND settled_at IS NOT NULL) s;
--> statement-breakpoint
SELECT ledger_rebuild_day(d, ARRAY['deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus'])
FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM journals
  WHERE kind IN ('deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus')) s;
