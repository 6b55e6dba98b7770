CREATE TABLE "message_reads" (
	"message_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_player_id_message_id_pk" PRIMARY KEY("player_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"message_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	CONSTRAINT "message_recipients_message_id_player_id_pk" PRIMARY KEY("message_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"title" varchar(200) NOT NULL,
	"title_en" varchar(200) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"platform_code" varchar(20),
	"segment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recipient_count" integer,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" varchar(100) NOT NULL,
	"title_en" varchar(100) DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"html_code" text DEFAULT '' NOT NULL,
	"html_code_en" text DEFAULT '' NOT NULL,
	"image_id" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_packet_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" varchar(60) NOT NULL,
	"title_en" varchar(60) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"pool_minor" bigint NOT NULL,
	"packet_count" integer NOT NULL,
	"min_packet_minor" bigint NOT NULL,
	"max_packet_minor" bigint NOT NULL,
	"min_level" smallint DEFAULT 0 NOT NULL,
	"lookback_days" smallint DEFAULT 0 NOT NULL,
	"min_deposit_minor" bigint DEFAULT 0 NOT NULL,
	"min_valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"flow_multiple" smallint DEFAULT 1 NOT NULL,
	"approval_ceiling_minor" bigint NOT NULL,
	"position" varchar(5) DEFAULT 'right' NOT NULL,
	"picture_id" bigint,
	"show_page_type" smallint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'scheduled' NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_rounds_sane" CHECK ("red_packet_rounds"."ends_at" > "red_packet_rounds"."starts_at" and "red_packet_rounds"."packet_count" > 0 and "red_packet_rounds"."min_packet_minor" > 0
    and "red_packet_rounds"."max_packet_minor" >= "red_packet_rounds"."min_packet_minor" and "red_packet_rounds"."pool_minor" >= "red_packet_rounds"."min_packet_minor" * "red_packet_rounds"."packet_count"
    and "red_packet_rounds"."pool_minor" <= "red_packet_rounds"."max_packet_minor" * "red_packet_rounds"."packet_count" and "red_packet_rounds"."approval_ceiling_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"player_id" bigint,
	"claimed_at" timestamp with time zone,
	"status" varchar(10) DEFAULT 'unclaimed' NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"wallet_id" bigint,
	"journal_id" bigint,
	CONSTRAINT "red_packets_amount_positive" CHECK ("red_packets"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "consultation_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consultation_id" bigint NOT NULL,
	"message_id" bigint,
	"upload_id" bigint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consultation_id" bigint NOT NULL,
	"author" varchar(6) NOT NULL,
	"staff_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"information" text NOT NULL,
	"state" varchar(12) DEFAULT 'consulting' NOT NULL,
	"source" varchar(10) DEFAULT 'feedback' NOT NULL,
	"watch_count" integer DEFAULT 0 NOT NULL,
	"staff_unread" integer DEFAULT 1 NOT NULL,
	"assignee_staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "consultations_counts" CHECK ("consultations"."watch_count" >= 0 and "consultations"."staff_unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" varchar(40) NOT NULL,
	"body" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"state" varchar(10) DEFAULT 'waiting' NOT NULL,
	"agent_id" bigint,
	"transfers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" varchar(10),
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"author_kind" varchar(10) NOT NULL,
	"author_id" bigint,
	"from_id" bigint,
	"to_id" bigint,
	"message_type" varchar(10) DEFAULT 'message' NOT NULL,
	"user_name" varchar(32) DEFAULT '' NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"upload_id" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"remark_time" timestamp with time zone,
	"read" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"from_staff_id" bigint NOT NULL,
	"to_staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(3) DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"mode" smallint NOT NULL,
	"period" varchar(80) NOT NULL,
	"status" varchar(8) NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"base_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_bet_minor" bigint DEFAULT 0 NOT NULL,
	"target" varchar(7),
	"wallet_id" bigint,
	"journal_id" bigint,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "promotion_grants_amount" CHECK ("promotion_grants"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_job_runs" (
	"job" varchar(20) NOT NULL,
	"promotion_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"state" varchar(7) DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "promotion_job_runs_job_promotion_id_day_pk" PRIMARY KEY("job","promotion_id","day")
);
--> statement-breakpoint
CREATE TABLE "promotion_limit_counts" (
	"promotion_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"scope" varchar(8) NOT NULL,
	"period_key" varchar(10) NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "promotion_limit_counts_promotion_id_player_id_scope_period_key_pk" PRIMARY KEY("promotion_id","player_id","scope","period_key")
);
--> statement-breakpoint
CREATE TABLE "promotion_mode_entries" (
	"mode" smallint PRIMARY KEY NOT NULL,
	"status" varchar(3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_unique_keys" (
	"promotion_id" bigint NOT NULL,
	"kind" varchar(9) NOT NULL,
	"value" varchar(100) NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_unique_keys_promotion_id_kind_value_pk" PRIMARY KEY("promotion_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" smallint NOT NULL,
	"front_id" bigint,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"banner_id" bigint,
	"status" varchar(3) DEFAULT 'off' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"limited_time" boolean DEFAULT false NOT NULL,
	"show_start" timestamp with time zone,
	"show_end" timestamp with time zone,
	"claim_start" timestamp with time zone,
	"claim_end" timestamp with time zone,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_register_days" integer DEFAULT 0 NOT NULL,
	"max_register_days" integer DEFAULT 0 NOT NULL,
	"deposit_window_days" integer DEFAULT 0 NOT NULL,
	"min_deposit_count" integer DEFAULT 0 NOT NULL,
	"min_deposit_total_minor" bigint DEFAULT 0 NOT NULL,
	"reward_kind" varchar(20) NOT NULL,
	"fixed_amount_minor" bigint DEFAULT 0 NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_amount_minor" bigint DEFAULT 0 NOT NULL,
	"max_grant_minor" bigint DEFAULT 0 NOT NULL,
	"game_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_vip_rate" boolean DEFAULT false NOT NULL,
	"referrer_amount_minor" bigint DEFAULT 0 NOT NULL,
	"friend_amount_minor" bigint DEFAULT 0 NOT NULL,
	"friend_min_deposit_minor" bigint DEFAULT 0 NOT NULL,
	"friend_min_valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"max_per_referrer" integer DEFAULT 0 NOT NULL,
	"budget_minor" bigint,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"limit_period" varchar(5) DEFAULT 'ever' NOT NULL,
	"limit_count" integer DEFAULT 1 NOT NULL,
	"flow_multiple" smallint DEFAULT 1 NOT NULL,
	"flow_base" varchar(13) DEFAULT 'bonus' NOT NULL,
	"is_sports" boolean DEFAULT false NOT NULL,
	"give_up_wallet_amount_minor" bigint DEFAULT 0 NOT NULL,
	"claim_mode" varchar(9) DEFAULT 'automatic' NOT NULL,
	"auto_approve_max_minor" bigint,
	"not_combinable" boolean DEFAULT false NOT NULL,
	"unique_by" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_spent_within_budget" CHECK ("promotions"."spent_minor" >= 0 and ("promotions"."budget_minor" is null or "promotions"."spent_minor" <= "promotions"."budget_minor")),
	CONSTRAINT "promotions_mode_range" CHECK ("promotions"."mode" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_image_id_uploads_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_round_id_red_packet_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."red_packet_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_images" ADD CONSTRAINT "consultation_images_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_images" ADD CONSTRAINT "consultation_images_message_id_consultation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."consultation_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_images" ADD CONSTRAINT "consultation_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_assignee_staff_id_staff_id_fk" FOREIGN KEY ("assignee_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_agent_id_staff_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transfers" ADD CONSTRAINT "chat_transfers_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transfers" ADD CONSTRAINT "chat_transfers_from_staff_id_staff_id_fk" FOREIGN KEY ("from_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transfers" ADD CONSTRAINT "chat_transfers_to_staff_id_staff_id_fk" FOREIGN KEY ("to_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_grants" ADD CONSTRAINT "promotion_grants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_job_runs" ADD CONSTRAINT "promotion_job_runs_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_limit_counts" ADD CONSTRAINT "promotion_limit_counts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_unique_keys" ADD CONSTRAINT "promotion_unique_keys_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_front_id_promotion_categories_id_fk" FOREIGN KEY ("front_id") REFERENCES "public"."promotion_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_reads_message_idx" ON "message_reads" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_recipients_player_idx" ON "message_recipients" USING btree ("player_id","message_id");--> statement-breakpoint
CREATE INDEX "messages_kind_idx" ON "messages" USING btree ("kind","status","id");--> statement-breakpoint
CREATE INDEX "popups_status_idx" ON "popups" USING btree ("status","sort");--> statement-breakpoint
CREATE INDEX "red_packet_rounds_window_idx" ON "red_packet_rounds" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packets_round_player_uq" ON "red_packets" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE INDEX "red_packets_free_idx" ON "red_packets" USING btree ("round_id","id") WHERE "red_packets"."player_id" is null;--> statement-breakpoint
CREATE INDEX "red_packets_queue_idx" ON "red_packets" USING btree ("status","claimed_at");--> statement-breakpoint
CREATE INDEX "consultation_images_thread_idx" ON "consultation_images" USING btree ("consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_images_upload_uq" ON "consultation_images" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "consultation_messages_thread_idx" ON "consultation_messages" USING btree ("consultation_id","id");--> statement-breakpoint
CREATE INDEX "consultations_player_idx" ON "consultations" USING btree ("player_id","last_message_at");--> statement-breakpoint
CREATE INDEX "consultations_state_idx" ON "consultations" USING btree ("state","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_open_uq" ON "chat_conversations" USING btree ("player_id") WHERE "chat_conversations"."state" <> 'closed';--> statement-breakpoint
CREATE INDEX "chat_conversations_state_idx" ON "chat_conversations" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_player_idx" ON "chat_conversations" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_key_uq" ON "chat_messages" USING btree ("conversation_id","author_kind","message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_transfers_conversation_idx" ON "chat_transfers" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_grants_event_uq" ON "promotion_grants" USING btree ("promotion_id","player_id","period");--> statement-breakpoint
CREATE INDEX "promotion_grants_player_idx" ON "promotion_grants" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "promotion_grants_queue_idx" ON "promotion_grants" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "promotion_grants_promotion_idx" ON "promotion_grants" USING btree ("promotion_id","status");--> statement-breakpoint
CREATE INDEX "promotions_hall_idx" ON "promotions" USING btree ("status","mode","sort");