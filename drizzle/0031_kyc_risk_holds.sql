ALTER TABLE "withdrawals" ADD COLUMN "risk_decision" varchar(14);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "released_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "release_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "auto_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "preview" "bytea";