// The seamless wallet's figure that player protection counts against loss limits: stakes still in open rounds.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * What a player has staked in seamless rounds that are still open, less what those rounds already paid back: money
 * that can still be lost, like money on a transfer platform's wallet.
 */
export async function openSeamlessStakes(db: DbOrTx, playerId: number): Promise<bigint> {
  const res = await db.execute<{ s: string | number | null }>(sql`select sum(greatest(stake_minor - payout_minor, 0)) as s
    from seamless_rounds where player_id = ${playerId} and status = 'open'`);
  return BigInt(res.rows[0]?.s ?? 0);
}
