CREATE TABLE "gateway_callback_refusals" (
	"gateway" varchar(20) NOT NULL,
	"outcome" varchar(40) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_deposit_checks" (
	"deposit_id" varchar(40) PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"source" varchar(5) NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_callback_refusals_uq" ON "gateway_callback_refusals" USING btree ("gateway","outcome","hour");--> statement-breakpoint
CREATE INDEX "gateway_callback_refusals_hour_idx" ON "gateway_callback_refusals" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "promotion_deposit_checks_checked_idx" ON "promotion_deposit_checks" USING btree ("checked_at");