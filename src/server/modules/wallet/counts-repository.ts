// The wallet's counts over its own tables: reconciliation findings and platform transfers.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export async function openFindings(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from reconciliation_findings where status = 'open'`);
  return rows[0]?.n ?? 0;
}

export async function pendingTransfers(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from platform_transfers where status = 'pending'`);
  return rows[0]?.n ?? 0;
}
