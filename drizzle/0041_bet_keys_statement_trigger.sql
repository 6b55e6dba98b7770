-- hand-written below
-- The provider's keys of new bet records are now written once per insert statement from its transition table instead
-- of by a row-level trigger (drizzle/0036). The row trigger ran one INSERT into bet_keys per record through the
-- trigger machinery: an ingestion page of 500 records ran it 500 times. Set-wise, the keys go in as one INSERT ... SELECT
-- per statement (measured side by side on PostgreSQL 15: pages of 500 about a quarter faster, the trigger's own time in
-- a bulk load about a fifth lower; most of a bulk load's time is the table's indexes, not the keys).
-- The guarantee is unchanged: a key already held by another record, or given twice within one statement, is refused
-- with 23505 under the old unique index's name bet_records_provider_bet_uq. ON CONFLICT DO NOTHING rather than a
-- plain INSERT caught in an exception block, because an exception block opens a subtransaction per statement, and
-- because a record may claim its own key again: create_month_partition moves a month's rows out of the default
-- partition by deleting them from the partition itself (which fires no statement trigger of bet_records, so their
-- keys stay) and inserting them into bet_records. So after the insert, every new record must own its key: when fewer
-- keys went in than records, the records whose key is held by another id are looked for, and the first is refused.
-- Checking ownership rather than the conflict itself also refuses a key that a concurrent transaction committed after
-- this one's snapshot (REPEATABLE READ), which ON CONFLICT skips without showing the winner.
-- bet_keys_insert: its one definition is src/server/modules/bets/sql/bet_keys_insert.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
-- Deleted records free their keys, once per statement too. A row that an UPDATE moves to another partition (a
-- corrected placed_at) is deleted and inserted by PostgreSQL, but fires neither statement trigger, so its key stays
-- where it is; the row-level UPDATE trigger of drizzle/0036 still handles a changed key.
-- bet_keys_delete: its one definition is src/server/modules/bets/sql/bet_keys_delete.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
DROP TRIGGER IF EXISTS bet_records_keys_insert ON bet_records;
--> statement-breakpoint
CREATE TRIGGER bet_records_keys_insert AFTER INSERT ON bet_records REFERENCING NEW TABLE AS new_bets
FOR EACH STATEMENT EXECUTE FUNCTION bet_keys_insert();
--> statement-breakpoint
CREATE TRIGGER bet_records_keys_delete AFTER DELETE ON bet_records REFERENCING OLD TABLE AS old_bets
FOR EACH STATEMENT EXECUTE FUNCTION bet_keys_delete();
--> statement-breakpoint
-- A player's records over a date range (GET /api/players/bet/records: a page plus the range's totals) read every
-- record of the range for the totals, and a player's records lie scattered over the heap among everyone else's, so
-- the totals cost one heap page per record: about 1,250 pages for 30 days at 50,000,000 records and 20,000 players,
-- which the cache does not hold. The index on (player_id, placed_at) now carries the columns the totals and the
-- optional filters read, so the totals are an index-only scan of a few leaf pages once vacuum has marked the pages
-- all-visible (autovacuum does after inserts); the page of 10 still reads its 10 rows from the heap.
DROP INDEX IF EXISTS bet_records_player_placed_idx;
--> statement-breakpoint
CREATE INDEX bet_records_player_placed_idx ON bet_records USING btree (player_id, placed_at)
INCLUDE (gp_code, bonus_wallet_id, status, stake_minor, payout_minor, valid_bet_minor);
