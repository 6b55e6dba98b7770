-- hand-written below
-- red_packet_claim (0019) now adds the journal it writes to the ledger's daily money aggregates (ledger_report_journal,
-- 0023/0025/0034), in the claim's own transaction, as postJournal does for every journal of a reported kind. Before,
-- a packet paid at once (below the approval ceiling) was in the journals but not in ledger_daily: the daily summary,
-- the bonuses and players reports left it out, and only packets an operator approved (paid through postJournal) were
-- counted. red_packet_claim_batch calls this function for each player, so it is fixed too. Otherwise unchanged.
-- The aggregates add no wait and no lock-order cycle to a rush: ledger_daily_totals is sharded by player % 16 like the
-- house accounts (HOUSE_SHARDS), the claim's journal has already locked its house shard's row until commit, and the
-- batcher sends players in house-account order, so batches take the totals shards in the same order as the houses.
-- Packets already paid before this migration are put right by rebuilding their days (an operator's rebuild of a day in
-- the back office's reports, ReportsService.rebuildDay), which recomputes ledger_daily from the journals.
-- red_packet_claim: its one definition is src/server/modules/redpacket/sql/red_packet_claim.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- The days already written without the packets paid at once: every Taipei day with a red-packet journal is rebuilt
-- from the journals (ledger_rebuild_day deletes every kind's rows of the day, so it is given every reported kind).
SELECT ledger_rebuild_day(d, ARRAY['deposit','withdraw_paid','adjustment','bonus_grant','bonus_give_up','bonus_forfeit','promotion_grant','vip_reward','red_packet','exchange_bonus','bonus_unlock','bonus_to_central'])
FROM (SELECT DISTINCT (created_at AT TIME ZONE 'Asia/Taipei')::date AS d FROM journals WHERE kind = 'red_packet' AND player_id IS NOT NULL) s;
