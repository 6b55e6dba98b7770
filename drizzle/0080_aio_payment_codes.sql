-- The AIO gateway dialect: what a code-issued notice gives beyond the code itself (an ATM account's bank, a store's
-- three barcodes), and when the reconciler last asked the gateway about an order, so it asks the longest-unasked first.
ALTER TABLE "deposit_orders" ADD COLUMN IF NOT EXISTS "payment_bank" varchar(10);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN IF NOT EXISTS "barcodes" text;
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN IF NOT EXISTS "gateway_checked_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposit_orders_gateway_check_idx" ON "deposit_orders" ("status", "gateway_checked_at") WHERE "gateway_order_id" IS NOT NULL;
