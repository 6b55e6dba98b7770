// Field web vitals (owned by modules/vitals): how many page views' reports fell into each histogram bucket, per UTC
// hour, page template, device class, language and metric. Bounded by the purge-web-vitals job's retention.
import { bigint, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export const webVitalsHourly = pgTable(
  'web_vitals_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    template: varchar('template', { length: 16 }).notNull(),
    device: varchar('device', { length: 8 }).notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    metric: varchar('metric', { length: 8 }).notNull(),
    bucket: smallint('bucket').notNull(),
    reports: bigint('reports', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'web_vitals_hourly_pk', columns: [t.hour, t.template, t.device, t.lang, t.metric, t.bucket] })],
);
