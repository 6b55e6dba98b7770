-- hand-written below
-- Issue 22's benchmark: bet_seamless_round reads and updates a round's record in bet_records by (id, placed_at), and
-- bet_records is partitioned by placed_at. For such a statement PostgreSQL's plan cache compares the generic plan
-- (which prunes the partitions when it starts) with custom ones (pruned while planning), finds the custom ones cheaper
-- and so plans the statement again on every call: measured with PREPARE on PostgreSQL 15, 0 generic plans against 8
-- custom ones after eight runs, and planning was a tenth of the database's CPU per debit and credit pair. Every
-- statement of the function is a lookup by key, whose best plan does not depend on the values, so the function keeps
-- generic plans. The setting lasts only while the function runs (and the functions it calls).
-- CREATE OR REPLACE FUNCTION drops a function's settings: a migration that replaces bet_seamless_round must say
-- SET plan_cache_mode = force_generic_plan again (tests/api/seamless-plans.test.ts checks it).
ALTER FUNCTION bet_seamless_round(text, text, bigint, text, text, bigint, bigint, text, int, timestamptz, timestamptz)
  SET plan_cache_mode = force_generic_plan;
