CREATE TABLE "partner_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"contact_kind" varchar(10) NOT NULL,
	"contact" varchar(80) NOT NULL,
	"channel" varchar(12) NOT NULL,
	"expected_players" integer DEFAULT 0 NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"partner_id" bigint,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_bindings" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"source" varchar(10) NOT NULL,
	"campaign" varchar(32) DEFAULT '' NOT NULL,
	"registration_ip" varchar(45) DEFAULT '' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_clicks" (
	"partner_id" bigint NOT NULL,
	"campaign" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_clicks_pk" PRIMARY KEY("partner_id","campaign","day")
);
--> statement-breakpoint
CREATE TABLE "partner_cpa" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"period" varchar(8) NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_domains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"host" varchar(253) NOT NULL,
	"partner_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"campaign" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_materials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"upload_id" bigint NOT NULL,
	"title" varchar(60) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'applying' NOT NULL,
	"request_key" varchar(64) NOT NULL,
	"bank" varchar(40) NOT NULL,
	"bank_branch" varchar(40) DEFAULT '' NOT NULL,
	"holder" varchar(40) NOT NULL,
	"card_number" varchar(16) NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_payouts_positive" CHECK ("partner_payouts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"period_kind" varchar(8) DEFAULT 'month' NOT NULL,
	"tiers" jsonb NOT NULL,
	"cpa" jsonb,
	"carry_over" boolean DEFAULT false NOT NULL,
	"payment_fee_bp" integer DEFAULT 0 NOT NULL,
	"platform_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" bigint NOT NULL,
	"period_kind" varchar(8) NOT NULL,
	"period" varchar(8) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"figures" jsonb NOT NULL,
	"override_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_minor" bigint DEFAULT 0 NOT NULL,
	"adjustment_minor" bigint DEFAULT 0 NOT NULL,
	"adjustment_reason" varchar(500) DEFAULT '' NOT NULL,
	"carry_out_minor" bigint DEFAULT 0 NOT NULL,
	"hold_reason" varchar(500) DEFAULT '' NOT NULL,
	"journal_id" bigint,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" bigint
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" varchar(12) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"name" varchar(40) NOT NULL,
	"code" varchar(16) NOT NULL,
	"parent_id" bigint,
	"level" smallint DEFAULT 1 NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"plan_id" bigint,
	"rate_cap_bp" integer,
	"contact" varchar(80) DEFAULT '' NOT NULL,
	"notes" varchar(2000) DEFAULT '' NOT NULL,
	"landing_url" varchar(200) DEFAULT '' NOT NULL,
	"totp_secret" varchar(200),
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"bank" varchar(40) DEFAULT '' NOT NULL,
	"bank_branch" varchar(40) DEFAULT '' NOT NULL,
	"bank_holder" varchar(40) DEFAULT '' NOT NULL,
	"bank_card_number" varchar(16) DEFAULT '' NOT NULL,
	"last_login_ip" varchar(45) DEFAULT '' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_level_range" CHECK ("partners"."level" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "partner_bindings" ADD CONSTRAINT "partner_bindings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_domains" ADD CONSTRAINT "partner_domains_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sessions" ADD CONSTRAINT "partner_sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_plan_id_partner_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."partner_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_applications_status_idx" ON "partner_applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "partner_bindings_partner_idx" ON "partner_bindings" USING btree ("partner_id","registered_at");--> statement-breakpoint
CREATE INDEX "partner_bindings_ip_idx" ON "partner_bindings" USING btree ("registration_ip");--> statement-breakpoint
CREATE INDEX "partner_cpa_partner_idx" ON "partner_cpa" USING btree ("partner_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_domains_host_uq" ON "partner_domains" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_campaign_uq" ON "partner_links" USING btree ("partner_id","campaign");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payouts_key_uq" ON "partner_payouts" USING btree ("partner_id","request_key");--> statement-breakpoint
CREATE INDEX "partner_payouts_status_idx" ON "partner_payouts" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_plans_default_uq" ON "partner_plans" USING btree ("is_default") WHERE "partner_plans"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sessions_token_uq" ON "partner_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "partner_sessions_partner_idx" ON "partner_sessions" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_period_uq" ON "partner_statements" USING btree ("partner_id","period");--> statement-breakpoint
CREATE INDEX "partner_statements_queue_idx" ON "partner_statements" USING btree ("status","period");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_account_lower_uq" ON "partners" USING btree (lower("account"));--> statement-breakpoint
CREATE UNIQUE INDEX "partners_code_lower_uq" ON "partners" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "partners_parent_idx" ON "partners" USING btree ("parent_id");