// What other domains may know about deposits and bank cards, asked through this file rather than by reading the
// cashier's tables: one deposit order, counts and totals of a player's paid deposits, the paid deposits credited
// in a window (for the promotions' sweep) and the bank card a player would be paid to.
import { and, asc, count, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankCards, depositOrders } from '../../db/schema.ts';

export async function depositById(db: DbOrTx, id: string) {
  return (await db.select().from(depositOrders).where(eq(depositOrders.id, id)).limit(1))[0];
}

/** The player's paid deposits that came before this one (by payment time, then id), optionally only those paid since a moment. */
export async function paidDepositsBefore(db: DbOrTx, playerId: number, paidAt: Date, id: string, since?: Date): Promise<number> {
  const r = await db
    .select({ n: count() })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.playerId, playerId),
        eq(depositOrders.status, 'paid'),
        or(lt(depositOrders.paidAt, paidAt), and(eq(depositOrders.paidAt, paidAt), lt(depositOrders.id, id))),
        since ? gte(depositOrders.paidAt, since) : undefined,
      ),
    );
  return r[0]?.n ?? 0;
}

/** How many paid deposits a player has and their total, optionally only those paid within [since, until]. */
export async function depositTotals(db: DbOrTx, playerId: number, since?: Date, until?: Date): Promise<{ n: number; totalMinor: bigint }> {
  const r = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${depositOrders.amountMinor}), 0)` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.playerId, playerId),
        eq(depositOrders.status, 'paid'),
        since ? gte(depositOrders.paidAt, since) : undefined,
        until ? lte(depositOrders.paidAt, until) : undefined,
      ),
    );
  return { n: r[0]?.n ?? 0, totalMinor: BigInt(r[0]?.total ?? 0) };
}

/**
 * Paid deposits credited in [from, to), oldest credit first, leaving out those the caller's `unless` predicate
 * (given the deposit id column) holds for. The methods are listed so the read walks the (status, method,
 * created_at) index; an order is created before it is paid, and one created more than `createdSlackMs` before
 * the window is left out. One statement, so the limit counts only deposits the caller still wants.
 */
export async function paidDepositsCredited(
  db: DbOrTx,
  q: { from: Date; to: Date; methods: readonly string[]; createdSlackMs: number; limit: number; unless: (depositId: SQL) => SQL },
) {
  return db
    .select({ id: depositOrders.id, playerId: depositOrders.playerId })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.status, 'paid'),
        inArray(depositOrders.method, [...q.methods]),
        gte(depositOrders.createdAt, new Date(q.from.getTime() - q.createdSlackMs)),
        gte(depositOrders.paidAt, q.from),
        lt(depositOrders.paidAt, q.to),
        sql`not ${q.unless(sql`${depositOrders.id}`)}`,
      ),
    )
    .orderBy(asc(depositOrders.paidAt), asc(depositOrders.id))
    .limit(q.limit);
}

/** The number of the player's first bank card still in use, if any. */
export async function usableCardNumber(db: DbOrTx, playerId: number): Promise<string | undefined> {
  return (
    await db
      .select({ n: bankCards.cardNumber })
      .from(bankCards)
      .where(and(eq(bankCards.playerId, playerId), isNull(bankCards.deletedAt)))
      .orderBy(asc(bankCards.id))
      .limit(1)
  )[0]?.n;
}

/**
 * A scalar sub-select, as text: the sum of a player's deposits paid since a moment (zero without any). For a
 * caller that puts it beside its own figures in one statement (the VIP evaluation's totals).
 */
export function paidDepositSumSince(playerId: number | SQL, since: Date): SQL {
  return sql`(select coalesce(sum(amount_minor), 0)::text from deposit_orders where player_id = ${playerId} and status = 'paid' and paid_at >= ${since.toISOString()})`;
}

/** A scalar sub-select: how many deposits a player has had paid, for a list that filters by it in its own statement. */
export function paidDepositCountOf(playerId: SQL): SQL {
  return sql`(select count(*) from deposit_orders d where d.player_id = ${playerId} and d.status = 'paid')`;
}

/** A derived table (player_id, s): each player's deposits paid since a moment, to join by player_id in one statement. */
export function paidDepositSumsSince(since: Date): SQL {
  return sql`(select player_id, sum(amount_minor) as s from deposit_orders where status = 'paid' and paid_at >= ${since.toISOString()} group by player_id)`;
}

/** How many of a player's deposit orders failed or expired since a moment (risk's many-failed-deposits rule). */
export async function failedDepositsSince(db: DbOrTx, playerId: number, since: Date): Promise<number> {
  const r = await db
    .select({ n: count() })
    .from(depositOrders)
    .where(and(eq(depositOrders.playerId, playerId), inArray(depositOrders.status, ['failed', 'expired']), gte(depositOrders.createdAt, since)));
  return r[0]?.n ?? 0;
}
