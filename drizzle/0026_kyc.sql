CREATE TABLE "kyc_document_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"status" varchar(12) NOT NULL,
	"reason" varchar(30),
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(12) NOT NULL,
	"mime" varchar(30) NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea",
	"document_name" text,
	"document_birthday" varchar(10),
	"reject_reason" varchar(30),
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_reason" CHECK ("kyc_documents"."status" <> 'rejected' or "kyc_documents"."reject_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "kyc_level_rules" (
	"level" smallint PRIMARY KEY NOT NULL,
	"day_max_minor" bigint,
	"total_max_minor" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_level_rules_level" CHECK ("kyc_level_rules"."level" between 0 and 3),
	CONSTRAINT "kyc_level_rules_amounts" CHECK (coalesce("kyc_level_rules"."day_max_minor", 0) >= 0 and coalesce("kyc_level_rules"."total_max_minor", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_withdrawal_level" smallint DEFAULT 0 NOT NULL,
	"retention_days" integer DEFAULT 1825 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_settings_one_row" CHECK ("kyc_settings"."id" = 1),
	CONSTRAINT "kyc_settings_level" CHECK ("kyc_settings"."first_withdrawal_level" between 0 and 3),
	CONSTRAINT "kyc_settings_retention" CHECK ("kyc_settings"."retention_days" between 30 and 3650)
);
--> statement-breakpoint
ALTER TABLE "kyc_document_events" ADD CONSTRAINT "kyc_document_events_document_id_kyc_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."kyc_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_document_events" ADD CONSTRAINT "kyc_document_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_document_events" ADD CONSTRAINT "kyc_document_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_document_events_player_idx" ON "kyc_document_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "kyc_documents_player_idx" ON "kyc_documents" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "kyc_documents_status_idx" ON "kyc_documents" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "kyc_documents_created_idx" ON "kyc_documents" USING btree ("created_at");