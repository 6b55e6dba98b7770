// The business figures behind /metrics, read on each scrape. Counts of orders look at the last day only, so a
// scrape costs the same on the first day and after years of orders.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface StatusCount { status: string; n: number }

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

export const depositsLastDay = (db: Db) =>
  rows<StatusCount>(db, sql`select status, count(*)::int as n from deposit_orders where created_at > now() - interval '24 hours' group by status`);

export const withdrawalsLastDay = (db: Db) =>
  rows<StatusCount>(db, sql`select status, count(*)::int as n from withdrawals where created_at > now() - interval '24 hours' group by status`);

export async function pendingTransfers(db: Db): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from platform_transfers where status = 'pending'`);
  return r?.n ?? 0;
}

export async function openFindings(db: Db): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from reconciliation_findings where status = 'open'`);
  return r?.n ?? 0;
}

export const ingestionLag = (db: Db) =>
  rows<{ gp_code: string; lag: number }>(db, sql`select gp_code, extract(epoch from now() - updated_at)::float8 as lag from ingestion_cursors`);
