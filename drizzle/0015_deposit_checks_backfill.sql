-- Deposits credited before this release were evaluated by
-- the hook, which left no record; without these rows the first sweeps would evaluate them again, by today's
-- eligibility rather than the one they were credited under.
INSERT INTO "promotion_deposit_checks" ("deposit_id", "player_id", "source")
SELECT "id", "player_id", 'hook' FROM "deposit_orders" WHERE "status" = 'paid' AND "paid_at" >= now() - interval '72 hours'
ON CONFLICT DO NOTHING;
