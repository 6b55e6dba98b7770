// Monthly partitions of bet_records and postings (migration 0036): the ensure-partitions job makes the
// partitions of the coming months ahead of time, so rows land in their month's partition and not in the default
// one (which only catches what has no partition, so that an insert never fails for want of one).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Months after the current one whose partitions always exist: a quarter, so a stopped job has months to be noticed. */
export const PARTITION_MONTHS_AHEAD = 3;

/** Makes the missing partitions of the current month and monthsAhead months after it; answers how many it made. */
export async function ensureMonthPartitions(db: DbOrTx, monthsAhead: number = PARTITION_MONTHS_AHEAD): Promise<number> {
  const { rows } = await db.execute<{ made: number }>(sql`select ensure_month_partitions(${monthsAhead}::int) as made`);
  return Number(rows[0]?.made ?? 0);
}
