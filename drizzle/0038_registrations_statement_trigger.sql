-- hand-written below
-- Registrations per Taipei day (drizzle/0025) were counted by a row-level trigger: one upsert of the day's shard row per
-- inserted player. A statement that inserts many players at once (a bulk import from another platform, a seed) then
-- updates each of the day's 16 shard rows tens of thousands of times in one transaction, whose dead versions cannot be
-- pruned before it ends, so every update walks a longer chain: 900,000 players had not finished after 17 minutes.
-- Inserts are now counted once per statement from its transition table, one grouped upsert per day and shard, in key
-- order so two bulk inserts lock the shard rows in the same order. Deletes and corrected sign-up times are rare and
-- keep the row-level trigger (PostgreSQL allows no transition table on a trigger with a column list).
DROP TRIGGER IF EXISTS players_registrations_daily ON players;
--> statement-breakpoint
CREATE TRIGGER players_registrations_daily AFTER DELETE OR UPDATE OF created_at ON players
FOR EACH ROW EXECUTE FUNCTION auth_registrations_daily_keep();
--> statement-breakpoint
-- auth_registrations_daily_insert: its one definition is src/server/modules/auth/sql/auth_registrations_daily_insert.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
CREATE TRIGGER players_registrations_daily_insert AFTER INSERT ON players REFERENCING NEW TABLE AS new_players
FOR EACH STATEMENT EXECUTE FUNCTION auth_registrations_daily_insert();
