-- A partner's own players: the device a partner signs in to the portal from is kept with the session (its address
-- already is), and a player who registers with a partner from one of that partner's sign-in addresses or devices is
-- put up for an operator's decision. Until it is approved the player earns the partner no CPA; denied, never.
ALTER TABLE "partner_sessions" ADD COLUMN IF NOT EXISTS "device" varchar(128) NOT NULL DEFAULT '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_sessions_signals_idx" ON "partner_sessions" ("partner_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "partner_player_reviews" (
  "player_id" bigint PRIMARY KEY,
  "partner_id" bigint NOT NULL REFERENCES "partners"("id"),
  -- What the player shared with the partner's sign-ins: 'ip', 'device' or 'ip,device'.
  "kinds" varchar(20) NOT NULL,
  "status" varchar(10) NOT NULL DEFAULT 'pending',
  "reason" varchar(500) NOT NULL DEFAULT '',
  "decided_by" bigint,
  "decided_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "partner_player_reviews_status" CHECK ("status" IN ('pending', 'approved', 'denied'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_player_reviews_queue_idx" ON "partner_player_reviews" ("status", "created_at");
