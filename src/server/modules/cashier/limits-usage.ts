// The cashier's figures that player protection counts against deposit limits. One statement each: the gate asks
// them on every deposit, inside the deposit's transaction.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Deposits asked for or paid in [from, to): an order counts from the moment it is created. */
export async function depositsIn(db: DbOrTx, playerId: number, from: Date, to: Date): Promise<bigint> {
  const res = await db.execute<{ s: string | number | null }>(sql`select sum(amount_minor) as s from deposit_orders
    where player_id = ${playerId} and status in ('pending', 'paid') and created_at >= ${from} and created_at < ${to}`);
  return BigInt(res.rows[0]?.s ?? 0);
}
