-- The lookups of a provider's transaction by (gp_code, tx_id) must take the unique index. With this index led by
-- gp_code too, a planner without statistics (a fresh table, before its first analyse) took it for them as well and read
-- every transaction of the provider; a pooled connection kept that plan until the table was analysed.
DROP INDEX "seamless_transactions_round_idx";--> statement-breakpoint
CREATE INDEX "seamless_transactions_round_idx" ON "seamless_transactions" USING btree ("round_id","gp_code");