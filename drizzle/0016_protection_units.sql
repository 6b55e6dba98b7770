ALTER TABLE "protection_limits" RENAME COLUMN "value_minor" TO "limit_value";--> statement-breakpoint
ALTER TABLE "protection_limits" RENAME COLUMN "pending_value_minor" TO "pending_limit_value";