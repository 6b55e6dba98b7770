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

/**
 * What identity verification counts against a level's withdrawal ceilings: withdrawals asked for or paid since
 * `dayStart` and in all (a rejected or cancelled one gave the money back), and how many were paid. Asked inside the
 * withdrawal's transaction, after the player's row lock, so two withdrawals of one player are counted one after the other.
 */
export async function withdrawalUsage(db: DbOrTx, playerId: number, dayStart: Date): Promise<{ todayMinor: bigint; totalMinor: bigint; paid: number }> {
  const res = await db.execute<{ today: string | number | null; total: string | number | null; paid: number }>(sql`select
      sum(amount_minor) filter (where created_at >= ${dayStart}) as today, sum(amount_minor) as total,
      count(*) filter (where status = 'paid')::int as paid
    from withdrawals where player_id = ${playerId} and status in ('applying', 'paid')`);
  const r = res.rows[0];
  return { todayMinor: BigInt(r?.today ?? 0), totalMinor: BigInt(r?.total ?? 0), paid: r?.paid ?? 0 };
}
