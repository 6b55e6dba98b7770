CREATE TABLE "login_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"method" varchar(12) NOT NULL,
	"success" boolean NOT NULL,
	"reason" varchar(40) DEFAULT '' NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"action" varchar(40) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"duration" varchar(10) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"phone" varchar(10),
	"account" varchar(12) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"period" varchar(10) NOT NULL,
	"value_minor" bigint,
	"pending_value_minor" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"gift_id" bigint NOT NULL,
	"gift_name" text NOT NULL,
	"gift_name_en" text NOT NULL,
	"kind" varchar(10) NOT NULL,
	"points_price" bigint NOT NULL,
	"consignee" text DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"tracking_no" varchar(60) DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" bigint,
	"client_key" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mime" varchar(30) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"image_id" bigint,
	"points_price" bigint NOT NULL,
	"stock" integer NOT NULL,
	"show_start" timestamp with time zone,
	"show_end" timestamp with time zone,
	"per_player_limit" integer DEFAULT 0 NOT NULL,
	"kind" varchar(10) NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_flow_multiple" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_stock_not_negative" CHECK ("gifts"."stock" >= 0),
	CONSTRAINT "gifts_price_positive" CHECK ("gifts"."points_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_level_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"from_level" smallint NOT NULL,
	"to_level" smallint NOT NULL,
	"reason" varchar(20) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_level_rules" (
	"level_id" smallint PRIMARY KEY NOT NULL,
	"deposit_req_minor" bigint DEFAULT 0 NOT NULL,
	"valid_bet_req_minor" bigint DEFAULT 0 NOT NULL,
	"keep_valid_bet_minor" bigint DEFAULT 0 NOT NULL,
	"upgrade_reward_minor" bigint DEFAULT 0 NOT NULL,
	"monthly_reward_minor" bigint DEFAULT 0 NOT NULL,
	"birthday_reward_minor" bigint DEFAULT 0 NOT NULL,
	"reward_target" varchar(10) DEFAULT 'bonus' NOT NULL,
	"reward_flow_multiple" smallint DEFAULT 1 NOT NULL,
	"rebate_rate_bp" integer DEFAULT 0 NOT NULL,
	"points_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_level_rules_amounts" CHECK ("vip_level_rules"."deposit_req_minor" >= 0 and "vip_level_rules"."valid_bet_req_minor" >= 0 and "vip_level_rules"."keep_valid_bet_minor" >= 0
    and "vip_level_rules"."upgrade_reward_minor" >= 0 and "vip_level_rules"."monthly_reward_minor" >= 0 and "vip_level_rules"."birthday_reward_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"period" varchar(10) NOT NULL,
	"level_id" smallint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"target" varchar(10) NOT NULL,
	"flow_multiple" smallint NOT NULL,
	"status" varchar(10) DEFAULT 'claimable' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "vip_rewards_amount_positive" CHECK ("vip_rewards"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_status" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_downgrade_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"evaluated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "asset" varchar(10) DEFAULT 'money' NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_records" ADD COLUMN "points_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_records" ADD COLUMN "points_net" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_pending" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_tickets" ADD CONSTRAINT "recovery_tickets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_exclusions" ADD CONSTRAINT "protection_exclusions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_limits" ADD CONSTRAINT "protection_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_image_id_gift_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."gift_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level_history" ADD CONSTRAINT "vip_level_history_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level_rules" ADD CONSTRAINT "vip_level_rules_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_rewards" ADD CONSTRAINT "vip_rewards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_status" ADD CONSTRAINT "vip_status_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_events_player_idx" ON "login_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_tickets_token_hash_uq" ON "recovery_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "protection_events_player_idx" ON "protection_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "protection_exclusions_player_idx" ON "protection_exclusions" USING btree ("player_id","ends_at");--> statement-breakpoint
CREATE INDEX "protection_exclusions_phone_idx" ON "protection_exclusions" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "protection_limits_player_kind_period_uq" ON "protection_limits" USING btree ("player_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_orders_client_key_uq" ON "exchange_orders" USING btree ("player_id","client_key");--> statement-breakpoint
CREATE INDEX "exchange_orders_player_idx" ON "exchange_orders" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_orders_queue_idx" ON "exchange_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "exchange_orders_gift_player_idx" ON "exchange_orders" USING btree ("gift_id","player_id");--> statement-breakpoint
CREATE INDEX "vip_level_history_player_idx" ON "vip_level_history" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_rewards_once_uq" ON "vip_rewards" USING btree ("player_id","kind","period");--> statement-breakpoint
CREATE INDEX "bet_records_points_due_idx" ON "bet_records" USING btree ("id") WHERE "bet_records"."points_version" < "bet_records"."version";