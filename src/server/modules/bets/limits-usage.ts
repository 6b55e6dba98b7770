// The bet figures that player protection counts against loss and wager limits and shows in the reality check.
// One statement each: the gate asks them on every transfer into play, inside the transfer's transaction.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

async function sumOf(db: DbOrTx, query: ReturnType<typeof sql>): Promise<bigint> {
  const res = await db.execute<{ s: string | number | null }>(query);
  return BigInt(res.rows[0]?.s ?? 0);
}

/** Net loss of bets settled in [from, to): stakes minus payouts (negative when the player is ahead). */
export function settledLossIn(db: DbOrTx, playerId: number, from: Date, to: Date): Promise<bigint> {
  return sumOf(
    db,
    sql`select sum(stake_minor - payout_minor) as s from bet_records
    where player_id = ${playerId} and status = 'settled' and settled_at >= ${from} and settled_at < ${to}`,
  );
}

/** Stakes of bets placed in [from, to), open or settled. */
export function wageredIn(db: DbOrTx, playerId: number, from: Date, to: Date): Promise<bigint> {
  return sumOf(
    db,
    sql`select sum(stake_minor) as s from bet_records
    where player_id = ${playerId} and status <> 'void' and placed_at >= ${from} and placed_at < ${to}`,
  );
}

/** Settled result of bets since an instant (payouts minus stakes), for the reality check. */
export function netResultSince(db: DbOrTx, playerId: number, since: Date): Promise<bigint> {
  return sumOf(
    db,
    sql`select sum(payout_minor - stake_minor) as s from bet_records
    where player_id = ${playerId} and status = 'settled' and settled_at >= ${since}`,
  );
}
