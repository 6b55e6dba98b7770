-- STAND-IN, to be replaced by the lead's `drizzle-kit generate` after merging (h-robust): the two tables added
-- to src/server/db/schema-promotions.ts (promotion_deposit_checks) and src/server/db/schema-core.ts
-- (gateway_callback_refusals), written as drizzle-kit would, so the branch's tests run. Delete this file and its
-- journal entry, then generate the migration from the merged schema.
CREATE TABLE "promotion_deposit_checks" (
	"deposit_id" varchar(40) PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"source" varchar(5) NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_callback_refusals" (
	"gateway" varchar(20) NOT NULL,
	"outcome" varchar(40) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promotion_deposit_checks_checked_idx" ON "promotion_deposit_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_callback_refusals_uq" ON "gateway_callback_refusals" USING btree ("gateway","outcome","hour");--> statement-breakpoint
CREATE INDEX "gateway_callback_refusals_hour_idx" ON "gateway_callback_refusals" USING btree ("hour");
--> statement-breakpoint
-- KEEP (as a custom migration after the generated one): deposits credited before this release were evaluated by
-- the hook, which left no record; without these rows the first sweeps would evaluate them again, by today's
-- eligibility rather than the one they were credited under.
INSERT INTO "promotion_deposit_checks" ("deposit_id", "player_id", "source")
SELECT "id", "player_id", 'hook' FROM "deposit_orders" WHERE "status" = 'paid' AND "paid_at" >= now() - interval '72 hours'
ON CONFLICT DO NOTHING;
