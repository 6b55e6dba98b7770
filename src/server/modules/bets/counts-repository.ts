// The bets domain's counts over its own tables: how long ago each platform's bet log was last pulled.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export async function ingestionLag(db: DbOrTx): Promise<Array<{ gp_code: string; lag: number }>> {
  const { rows } = await db.execute<{ gp_code: string; lag: number }>(
    sql`select gp_code, extract(epoch from now() - updated_at)::float8 as lag from ingestion_cursors`,
  );
  return rows;
}
