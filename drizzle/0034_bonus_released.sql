-- hand-written below
-- The bonus money released to players' central wallets (the bonuses report's "bet flow completed, unlocks"):
-- an unlock (bonus_unlock) or a move out of an activity wallet whose bet flow is complete (bonus_to_central) takes
-- money from one of the player's accounts to another, so the net effect on the player's money, which every other kind
-- is counted by, is always 0 and the release would not show. For these two kinds alone the amount counted is what the
-- journal credits to the player's central account (a reversal's is negative). Every other kind is counted exactly as
-- before. Both functions are 0025's (ledger_report_journal) and 0023's (ledger_rebuild_day) with that one rule added
-- to the postings they sum.
-- ledger_report_journal: its one definition is src/server/ledger/sql/ledger_report_journal.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Rebuilds one Taipei day of the ledger's money aggregates from the journals of the given kinds, with the releases'
-- rule above. The caller holds ledger_daily's lock so no journal's own update interleaves.
-- ledger_rebuild_day: its one definition is src/server/ledger/sql/ledger_rebuild_day.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Backfill: every day that has a release is rebuilt with every reported kind (the rebuild deletes the whole day's rows,
-- so it must be given all of them: src/server/ledger/daily.ts REPORTED_KINDS).
SELECT ledger_rebuild_day(d, ARRAY['deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus','bonus_unlock','bonus_to_central'])
FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM journals WHERE kind IN ('bonus_unlock', 'bonus_to_central') AND player_id IS NOT NULL) s;
