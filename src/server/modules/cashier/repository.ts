// SQL for deposit orders, gateway callbacks, bank cards and withdrawals.
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankCards, depositOrders, gatewayCallbackRefusals, gatewayCallbacks, withdrawals } from '../../db/schema.ts';
import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '../../../shared/statuses.ts';
import { RISK_DECISION, type RiskDecision } from '../../../shared/schemas/risk/settings.ts';
import { GATEWAY_METHODS } from '../../../shared/schemas/cashier.ts';

export type DepositRow = typeof depositOrders.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type CardRow = typeof bankCards.$inferSelect;

export async function insertDeposit(db: DbOrTx, values: typeof depositOrders.$inferInsert): Promise<void> {
  await db.insert(depositOrders).values(values);
}
/** Inserts the deposits whose ids are not taken yet (the chain watcher's, whose ids come from their transfers). */
export async function insertDepositsIfNew(db: DbOrTx, values: Array<typeof depositOrders.$inferInsert>): Promise<void> {
  if (values.length) await db.insert(depositOrders).values(values).onConflictDoNothing();
}
/** Marks deposits paid at once, those still pending or failed (a paid one stays as it was). */
export async function markDepositsPaid(db: DbOrTx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(depositOrders)
    .set({ status: DEPOSIT_STATUS.paid, paidAt: sql`now()`, reason: '' })
    .where(and(inArray(depositOrders.id, ids), inArray(depositOrders.status, [DEPOSIT_STATUS.pending, DEPOSIT_STATUS.failed])));
}
export async function depositById(db: DbOrTx, id: string, lock = false): Promise<DepositRow | undefined> {
  const q = db.select().from(depositOrders).where(eq(depositOrders.id, id));
  return (lock ? await q.for('update') : await q)[0];
}
export async function depositByClientKey(db: DbOrTx, playerId: number, key: string): Promise<DepositRow | undefined> {
  return (
    await db
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.playerId, playerId), eq(depositOrders.clientKey, key)))
  )[0];
}
export async function updateDeposit(db: DbOrTx, id: string, values: Partial<typeof depositOrders.$inferInsert>): Promise<void> {
  await db.update(depositOrders).set(values).where(eq(depositOrders.id, id));
}
export async function gatewayDepositsTodayMinor(db: DbOrTx, playerId: number, since: Date): Promise<bigint> {
  const r = await db
    .select({ s: sql<string>`coalesce(sum(${depositOrders.amountMinor}), 0)::text` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.playerId, playerId),
        inArray(depositOrders.method, [...GATEWAY_METHODS]),
        inArray(depositOrders.status, [DEPOSIT_STATUS.pending, DEPOSIT_STATUS.paid]),
        gte(depositOrders.createdAt, since),
      ),
    );
  return BigInt(r[0]?.s ?? '0');
}
/**
 * Gateway orders a reconciler should ask about: pending ones of `methods` made after `createdAfter`, and expired ones
 * of `lateMethods` whose expiry is after `expiredAfter` (a late report may still come), not asked since
 * `checkedBefore`; the longest-unasked first.
 */
export async function gatewayOrdersToCheck(
  db: DbOrTx,
  q: { methods: string[]; lateMethods: string[]; createdAfter: Date; checkedBefore: Date; expiredAfter: Date; limit: number },
): Promise<DepositRow[]> {
  return db
    .select()
    .from(depositOrders)
    .where(
      and(
        inArray(depositOrders.method, q.methods),
        gte(depositOrders.createdAt, q.createdAfter),
        sql`(${depositOrders.gatewayCheckedAt} is null or ${depositOrders.gatewayCheckedAt} < ${q.checkedBefore.toISOString()})`,
        sql`(${depositOrders.status} = ${DEPOSIT_STATUS.pending} or (${depositOrders.status} = ${DEPOSIT_STATUS.expired}
          and ${inArray(depositOrders.method, q.lateMethods)} and ${depositOrders.expiresAt} > ${q.expiredAfter.toISOString()}))`,
      ),
    )
    .orderBy(sql`coalesce(${depositOrders.gatewayCheckedAt}, ${depositOrders.createdAt})`)
    .limit(q.limit);
}

export async function expiredPendingGatewayOrders(db: DbOrTx, before: Date, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.status, DEPOSIT_STATUS.pending), inArray(depositOrders.method, [...GATEWAY_METHODS]), lt(depositOrders.expiresAt, before)))
    .orderBy(asc(depositOrders.expiresAt))
    .limit(limit);
}
const paidSince = (playerId: number, since: Date | null) =>
  and(eq(depositOrders.playerId, playerId), eq(depositOrders.status, DEPOSIT_STATUS.paid), since ? gte(depositOrders.paidAt, since) : undefined);

export async function paidDepositsSince(db: DbOrTx, playerId: number, since: Date | null): Promise<DepositRow[]> {
  return db.select().from(depositOrders).where(paidSince(playerId, since)).orderBy(asc(depositOrders.paidAt), asc(depositOrders.id)).limit(1000);
}

/**
 * A page of the paid deposits since a moment, newest first, each with the sum of the deposits paid before it
 * (what the turnover allocation, oldest first, serves before this one), their count, and when the first was paid.
 */
export async function paidDepositsPage(db: DbOrTx, playerId: number, since: Date | null, limit: number, offset: number) {
  const where = paidSince(playerId, since);
  const beforeMinor = sql<string>`coalesce(sum(${depositOrders.amountMinor}) over (order by ${depositOrders.paidAt}, ${depositOrders.id}
    rows between unbounded preceding and 1 preceding), 0)::text`;
  const [rows, n] = await Promise.all([
    db
      .select({ id: depositOrders.id, amountMinor: depositOrders.amountMinor, paidAt: depositOrders.paidAt, beforeMinor })
      .from(depositOrders)
      .where(where)
      .orderBy(desc(depositOrders.paidAt), desc(depositOrders.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int`, first: sql<Date | null>`min(${depositOrders.paidAt})`.mapWith(depositOrders.paidAt) })
      .from(depositOrders)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, amountMinor: r.amountMinor, paidAt: r.paidAt!, beforeMinor: BigInt(r.beforeMinor) })),
    total: n[0]?.n ?? 0,
    firstPaidAt: n[0]?.first ?? null,
  };
}
export async function depositsOf(db: DbOrTx, playerId: number, from: Date, to: Date, limit: number, offset: number) {
  const where = and(eq(depositOrders.playerId, playerId), gte(depositOrders.createdAt, from), sql`${depositOrders.createdAt} <= ${to.toISOString()}`);
  const [rows, n] = await Promise.all([
    db.select().from(depositOrders).where(where).orderBy(desc(depositOrders.createdAt)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(depositOrders)
      .where(where),
  ]);
  return { rows, total: n[0]?.n ?? 0 };
}

export async function logCallback(db: DbOrTx, values: typeof gatewayCallbacks.$inferInsert): Promise<void> {
  await db.insert(gatewayCallbacks).values(values);
}

/**
 * Adds refused callbacks to their gateway's count of this hour, and forgets hours older than keepDays in the same
 * statement, so the table holds at most keepDays x 24 rows per gateway and outcome.
 */
export async function countRefusedCallbacks(db: DbOrTx, q: { gateway: string; outcome: string; count: number; keepDays: number }): Promise<void> {
  await db.execute(sql`
    with pruned as (delete from ${gatewayCallbackRefusals} where hour < now() - make_interval(days => ${q.keepDays}::int))
    insert into ${gatewayCallbackRefusals} (gateway, outcome, hour, count)
    values (${q.gateway}, ${q.outcome}, date_trunc('hour', now()), ${q.count}::int)
    on conflict (gateway, outcome, hour) do update set count = ${gatewayCallbackRefusals}.count + excluded.count`);
}

/** The player's bound cards, oldest first; at most `limit` when one is given. */
export async function cardsOf(db: DbOrTx, playerId: number, limit?: number): Promise<CardRow[]> {
  const q = db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.playerId, playerId), isNull(bankCards.deletedAt)))
    .orderBy(asc(bankCards.id));
  return limit === undefined ? q : q.limit(limit);
}
export async function cardById(db: DbOrTx, id: number, lock = false): Promise<CardRow | undefined> {
  const q = db.select().from(bankCards).where(eq(bankCards.id, id));
  return (lock ? await q.for('update') : await q)[0];
}
export async function liveCardByNumber(db: DbOrTx, number: string): Promise<CardRow | undefined> {
  return (
    await db
      .select()
      .from(bankCards)
      .where(and(eq(bankCards.cardNumber, number), isNull(bankCards.deletedAt)))
  )[0];
}
export async function insertCard(db: DbOrTx, values: typeof bankCards.$inferInsert): Promise<CardRow> {
  return (await db.insert(bankCards).values(values).returning())[0]!;
}
export async function updateCard(db: DbOrTx, id: number, values: Partial<typeof bankCards.$inferInsert>): Promise<void> {
  await db.update(bankCards).set(values).where(eq(bankCards.id, id));
}

export async function insertWithdrawal(db: DbOrTx, values: typeof withdrawals.$inferInsert): Promise<void> {
  await db.insert(withdrawals).values(values);
}
export async function withdrawalById(db: DbOrTx, id: string, lock = false): Promise<WithdrawalRow | undefined> {
  const q = db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return (lock ? await q.for('update') : await q)[0];
}
export async function withdrawalByClientKey(db: DbOrTx, playerId: number, key: string): Promise<WithdrawalRow | undefined> {
  return (
    await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.playerId, playerId), eq(withdrawals.clientKey, key)))
  )[0];
}
/**
 * Records risk's decision on a withdrawal still waiting that has none yet, approving it automatically when that is
 * the decision; answers whether this call recorded it (a second caller finds it done).
 */
export async function recordRiskDecision(db: DbOrTx, id: string, decision: RiskDecision): Promise<boolean> {
  const rows = await db
    .update(withdrawals)
    .set({ riskDecision: decision, autoApprovedAt: decision === RISK_DECISION.auto_approve ? sql`now()` : null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, WITHDRAWAL_STATUS.applying), isNull(withdrawals.riskDecision)))
    .returning({ id: withdrawals.id });
  return rows.length > 0;
}
export async function updateWithdrawal(db: DbOrTx, id: string, values: Partial<typeof withdrawals.$inferInsert>): Promise<void> {
  await db.update(withdrawals).set(values).where(eq(withdrawals.id, id));
}
/** Today's withdrawals that count against the daily limits: waiting for review or paid. */
export async function withdrawalsSince(db: DbOrTx, playerId: number, since: Date): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.playerId, playerId),
        inArray(withdrawals.status, [WITHDRAWAL_STATUS.applying, WITHDRAWAL_STATUS.paid]),
        gte(withdrawals.createdAt, since),
      ),
    );
}
export async function lastPaidWithdrawalAt(db: DbOrTx, playerId: number): Promise<Date | null> {
  const r = await db
    .select({ at: withdrawals.reviewedAt })
    .from(withdrawals)
    .where(and(eq(withdrawals.playerId, playerId), eq(withdrawals.status, WITHDRAWAL_STATUS.paid)))
    .orderBy(desc(withdrawals.reviewedAt))
    .limit(1);
  return r[0]?.at ?? null;
}
export async function withdrawalsOf(db: DbOrTx, playerId: number, from: Date, to: Date, limit: number, offset: number) {
  const where = and(eq(withdrawals.playerId, playerId), gte(withdrawals.createdAt, from), sql`${withdrawals.createdAt} <= ${to.toISOString()}`);
  const [rows, n] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(where),
  ]);
  return { rows, total: n[0]?.n ?? 0 };
}
