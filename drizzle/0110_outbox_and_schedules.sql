-- hand-written below
-- Durable events and scheduled jobs (owned by the system domain; the outbox in src/server/events, the jobs in
-- src/server/jobs). A domain's event is written in the publisher's own transaction together with one delivery row per
-- subscriber, so the money and its event commit or fail together; a worker on any instance claims due deliveries
-- (FOR UPDATE SKIP LOCKED with a lease), runs the subscriber, and marks the row delivered, or schedules a retry with
-- back-off, or after too many attempts moves it to the dead letters an operator redrives from the system desk.
-- Deliveries that share an order key (a player) are delivered oldest event first. Each scheduled job has one row with
-- its next run; whichever instance claims a due row runs it, and every run is kept in job_runs.
CREATE TABLE "outbox_events" (
  "id" bigserial PRIMARY KEY,
  "name" varchar(64) NOT NULL,
  "payload" jsonb NOT NULL,
  "order_key" varchar(64),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_events_created_idx" ON "outbox_events" ("created_at");
--> statement-breakpoint
CREATE TABLE "outbox_deliveries" (
  "event_id" bigint NOT NULL REFERENCES "outbox_events"("id") ON DELETE CASCADE,
  "subscriber" varchar(96) NOT NULL,
  "event_name" varchar(64) NOT NULL,
  "order_key" varchar(64),
  "status" varchar(12) DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "locked_by" varchar(64),
  "last_error" varchar(2000),
  "last_failed_at" timestamp with time zone,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "outbox_deliveries_pk" PRIMARY KEY ("event_id", "subscriber"),
  CONSTRAINT "outbox_deliveries_status_known" CHECK ("status" IN ('pending', 'delivered', 'dead')),
  CONSTRAINT "outbox_deliveries_attempts_range" CHECK ("attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "outbox_deliveries_due_idx" ON "outbox_deliveries" ("next_attempt_at", "event_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "outbox_deliveries_order_idx" ON "outbox_deliveries" ("order_key", "event_id") WHERE "status" = 'pending' AND "order_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "outbox_deliveries_dead_idx" ON "outbox_deliveries" ("event_name", "event_id") WHERE "status" = 'dead';
--> statement-breakpoint
CREATE INDEX "outbox_deliveries_delivered_idx" ON "outbox_deliveries" ("delivered_at") WHERE "status" = 'delivered';
--> statement-breakpoint
CREATE TABLE "job_schedules" (
  "name" varchar(64) PRIMARY KEY,
  "next_run_at" timestamp with time zone NOT NULL,
  "run_requested_at" timestamp with time zone,
  "run_requested_by" bigint REFERENCES "staff"("id"),
  "locked_until" timestamp with time zone,
  "locked_by" varchar(64),
  "last_started_at" timestamp with time zone,
  "last_finished_at" timestamp with time zone,
  "last_duration_ms" integer,
  "last_result" varchar(8),
  "last_error" varchar(2000),
  CONSTRAINT "job_schedules_result_known" CHECK ("last_result" IS NULL OR "last_result" IN ('ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
  "id" bigserial PRIMARY KEY,
  "name" varchar(64) NOT NULL,
  "trigger" varchar(12) NOT NULL,
  "instance" varchar(64) NOT NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  "duration_ms" integer,
  "result" varchar(8) DEFAULT 'running' NOT NULL,
  "error" varchar(2000),
  CONSTRAINT "job_runs_trigger_known" CHECK ("trigger" IN ('schedule', 'run_now', 'catch_up')),
  CONSTRAINT "job_runs_result_known" CHECK ("result" IN ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "job_runs_name_started_idx" ON "job_runs" ("name", "started_at");
