-- hand-written below
-- The export centre (owned by the reports domain): every export of a back-office grid is a job row. A staff member
-- queues it with the grid's filters; a worker on any instance claims the oldest queued job (FOR UPDATE SKIP LOCKED and
-- a lease, so two instances never write the same export and a dead instance's job is taken again once its lease runs
-- out), writes the file a batch of rows at a time while it counts progress and checks for a cancellation, and keeps
-- the finished file here (never on an instance's disk) until it expires and the worker clears it.
CREATE TABLE "export_jobs" (
  "id" bigserial PRIMARY KEY,
  "grid" varchar(40) NOT NULL,
  "format" varchar(8) NOT NULL,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "locale" varchar(8) NOT NULL,
  "requested_by" bigint NOT NULL REFERENCES "staff"("id"),
  "requested_role" varchar(20) NOT NULL,
  "status" varchar(12) DEFAULT 'queued' NOT NULL,
  "rows_total" integer,
  "rows_done" integer DEFAULT 0 NOT NULL,
  "error" varchar(200),
  "file_name" varchar(200),
  "content_type" varchar(100),
  "file" bytea,
  "file_bytes" integer,
  "locked_by" varchar(64),
  "locked_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "expires_at" timestamp with time zone,
  CONSTRAINT "export_jobs_status_known" CHECK ("status" IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  CONSTRAINT "export_jobs_format_known" CHECK ("format" IN ('csv', 'xlsx')),
  CONSTRAINT "export_jobs_rows_range" CHECK ("rows_done" >= 0)
);
--> statement-breakpoint
CREATE INDEX "export_jobs_queued_idx" ON "export_jobs" ("id") WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "export_jobs_staff_idx" ON "export_jobs" ("requested_by", "id");
--> statement-breakpoint
CREATE INDEX "export_jobs_expiry_idx" ON "export_jobs" ("expires_at") WHERE "file" IS NOT NULL;
