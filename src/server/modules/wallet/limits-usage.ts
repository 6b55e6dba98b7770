// The wallet's figure that player protection counts against loss limits: money that can still be lost.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Money already in play: on platform wallets or on its way there. */
export async function moneyInPlay(db: DbOrTx, playerId: number): Promise<bigint> {
  const res = await db.execute<{ s: string | number | null }>(sql`select sum(balance_minor) as s from accounts
    where player_id = ${playerId} and kind in ('platform', 'transit')`);
  return BigInt(res.rows[0]?.s ?? 0);
}
