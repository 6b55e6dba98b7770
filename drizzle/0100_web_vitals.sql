-- hand-written below
-- Field web vitals (modules/vitals): per UTC hour, page template, device class, language and metric, how many page
-- views' reports fell into each bucket of the metric's histogram (src/shared/schemas/vitals.ts, VITALS_BOUNDS; the
-- last bucket is everything above the highest bound). Each instance adds its counts in one statement every few
-- seconds; the purge-web-vitals job drops hours older than the retention period, so the table stays bounded.
CREATE TABLE IF NOT EXISTS "web_vitals_hourly" (
  "hour" timestamp with time zone NOT NULL,
  "template" varchar(16) NOT NULL,
  "device" varchar(8) NOT NULL,
  "lang" varchar(8) NOT NULL,
  "metric" varchar(8) NOT NULL,
  "bucket" smallint NOT NULL,
  "reports" bigint NOT NULL,
  CONSTRAINT "web_vitals_hourly_pk" PRIMARY KEY ("hour", "template", "device", "lang", "metric", "bucket"),
  CONSTRAINT "web_vitals_hourly_bucket_range" CHECK ("bucket" >= 0 AND "bucket" < 64),
  CONSTRAINT "web_vitals_hourly_reports_positive" CHECK ("reports" > 0)
);
