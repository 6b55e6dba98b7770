-- SMS through Mitake and EVERY8D: each outbox row records which gateway took it, under which of the gateway's ids
-- (Mitake's msgid, EVERY8D's batch id), the named outcome of the send and the attempts made, and what became of the
-- message afterwards (from Mitake's receipt or EVERY8D's delivery report). The gateways' remaining credit is kept
-- per gateway so that every instance's /metrics reports the same figure.
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "gateway" varchar(10);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "client_id" varchar(36);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "provider_ref" varchar(64);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "outcome" varchar(20);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "attempts" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "delivery" varchar(20);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "delivery_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_provider_ref_idx" ON "sms_outbox" ("gateway", "provider_ref") WHERE "provider_ref" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_pending_idx" ON "sms_outbox" ("gateway", "id") WHERE "delivery" = 'pending';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sms_gateway_credit" (
  "gateway" varchar(10) PRIMARY KEY NOT NULL,
  "credit" numeric(14, 2) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
