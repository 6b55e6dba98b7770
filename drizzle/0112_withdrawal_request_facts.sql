-- hand-written below
-- What a withdrawal was asked and paid with: the player's turnover (required and achieved, minor units) as it stood
-- when the request was made, so the finance desk reviews the figures the request was judged on rather than today's
-- (a later paid withdrawal starts a new turnover window); and the bank's reference of the transfer that paid it, typed
-- by finance on payout. Requests made before this migration have no turnover figures (null) and show today's.
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "turnover_required_minor" bigint;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "turnover_achieved_minor" bigint;
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN IF NOT EXISTS "payout_reference" varchar(64) DEFAULT '' NOT NULL;
