// The field web vitals' hourly buckets (web_vitals_hourly): counts added in one statement per flush, read back summed
// over a window, and dropped past the retention period.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webVitalsHourly } from '../../db/schema.ts';

export interface BucketCount {
  hour: Date;
  template: string;
  device: string;
  lang: string;
  metric: string;
  bucket: number;
  reports: number;
}

/** Adds the counts to their hours' rows (one statement; several instances add to the same rows safely). */
export async function addCounts(db: DbOrTx, counts: BucketCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(webVitalsHourly)
    .values(counts)
    .onConflictDoUpdate({
      target: [webVitalsHourly.hour, webVitalsHourly.template, webVitalsHourly.device, webVitalsHourly.lang, webVitalsHourly.metric, webVitalsHourly.bucket],
      set: { reports: sql`${webVitalsHourly.reports} + excluded.reports` },
    });
}

export interface SummedCount {
  template: string;
  device: string;
  metric: string;
  bucket: number;
  reports: number;
}

/** The counts of every hour from `since` on, summed over the hours and languages. */
export async function countsSince(db: DbOrTx, since: Date): Promise<SummedCount[]> {
  const rows = await db
    .select({
      template: webVitalsHourly.template,
      device: webVitalsHourly.device,
      metric: webVitalsHourly.metric,
      bucket: webVitalsHourly.bucket,
      reports: sql<string>`sum(${webVitalsHourly.reports})::text`,
    })
    .from(webVitalsHourly)
    .where(sql`${webVitalsHourly.hour} >= ${since}`)
    .groupBy(webVitalsHourly.template, webVitalsHourly.device, webVitalsHourly.metric, webVitalsHourly.bucket);
  return rows.map((r) => ({ ...r, reports: Number(r.reports) }));
}

/** Drops the hours before `before`. */
export async function deleteBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(webVitalsHourly).where(sql`${webVitalsHourly.hour} < ${before}`);
}
