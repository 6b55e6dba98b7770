-- Who a player's activity belongs to, over time. partner_bindings keeps a player's current partner; this table keeps
-- every span of Taipei days a partner held the player, so a statement sums each day's activity for the partner who
-- held the player that day. An operator's move takes effect from the Taipei day after the move: the move's own day
-- (partly before the move) and everything earlier stay with the partner who had the player, so a period already
-- settled, held or approved is never re-attributed (only ended periods are settled, and the move comes after them).
-- The spans are written by triggers on partner_bindings, so every way a binding is made or moved keeps the history.
CREATE TABLE IF NOT EXISTS "partner_attributions" (
  "id" bigserial PRIMARY KEY,
  "player_id" bigint NOT NULL,
  "partner_id" bigint NOT NULL REFERENCES "partners"("id"),
  -- The first Taipei day the span covers ('-infinity': since the player registered).
  "from_day" date NOT NULL,
  -- The first Taipei day it no longer covers (null: it still holds).
  "until_day" date,
  "source" varchar(10) NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "partner_attributions_span" CHECK ("until_day" IS NULL OR "until_day" > "from_day")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "partner_attributions_open_uq" ON "partner_attributions" ("player_id") WHERE "until_day" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "partner_attributions_from_uq" ON "partner_attributions" ("player_id", "from_day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_attributions_partner_idx" ON "partner_attributions" ("partner_id", "player_id");--> statement-breakpoint
INSERT INTO "partner_attributions" ("player_id", "partner_id", "from_day", "source", "created_at")
  SELECT "player_id", "partner_id", '-infinity'::date, "source", "bound_at" FROM "partner_bindings"
  WHERE NOT EXISTS (SELECT 1 FROM "partner_attributions" a WHERE a."player_id" = "partner_bindings"."player_id");--> statement-breakpoint
-- partner_attribution_follow: its one definition is src/server/modules/partners/sql/partner_attribution_follow.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
DROP TRIGGER IF EXISTS "partner_bindings_attribution" ON "partner_bindings";--> statement-breakpoint
CREATE TRIGGER "partner_bindings_attribution" AFTER INSERT OR UPDATE OF "partner_id" OR DELETE ON "partner_bindings"
  FOR EACH ROW EXECUTE FUNCTION partner_attribution_follow();
