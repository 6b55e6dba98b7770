// SQL of USDT on TRON: deposit addresses, the transfers the watcher saw, its cursors and the operator's rates.
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { usdtDepositAddresses, usdtRates, usdtTransfers, usdtWatchCursors } from '../../../db/schema.ts';
import { accountNameOf } from '../../auth/player-facts.ts';
import { USDT_TRANSFER_OUTCOME, type UsdtTransferOutcome } from '../../../../shared/statuses.ts';

export type UsdtTransferRow = typeof usdtTransfers.$inferSelect;
export type UsdtRateRow = typeof usdtRates.$inferSelect;
export type CursorName = 'seen' | 'solid';

export async function addressOf(db: DbOrTx, playerId: number, accountKey: string): Promise<string | undefined> {
  const rows = await db
    .select({ address: usdtDepositAddresses.address })
    .from(usdtDepositAddresses)
    .where(and(eq(usdtDepositAddresses.playerId, playerId), eq(usdtDepositAddresses.accountKey, accountKey)));
  return rows[0]?.address;
}

/** The next free index below the account key (the unique index settles two players asking at once). */
export async function nextIndex(db: DbOrTx, accountKey: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`coalesce(max(${usdtDepositAddresses.derivationIndex}) + 1, 0)::int` })
    .from(usdtDepositAddresses)
    .where(eq(usdtDepositAddresses.accountKey, accountKey));
  return Number(rows[0]?.n ?? 0);
}

export async function insertAddress(db: DbOrTx, values: typeof usdtDepositAddresses.$inferInsert): Promise<void> {
  await db.insert(usdtDepositAddresses).values(values);
}

/** Which of these addresses are players' deposit addresses, with whose. */
export async function ownersOf(db: DbOrTx, addresses: string[]): Promise<Map<string, number>> {
  if (!addresses.length) return new Map();
  const rows = await db
    .select({ address: usdtDepositAddresses.address, playerId: usdtDepositAddresses.playerId })
    .from(usdtDepositAddresses)
    .where(inArray(usdtDepositAddresses.address, addresses));
  return new Map(rows.map((r) => [r.address, r.playerId]));
}

export async function currentRate(db: DbOrTx): Promise<UsdtRateRow | undefined> {
  return (await db.select().from(usdtRates).orderBy(desc(usdtRates.id)).limit(1))[0];
}

export async function insertRate(db: DbOrTx, values: typeof usdtRates.$inferInsert): Promise<UsdtRateRow> {
  return (await db.insert(usdtRates).values(values).returning())[0];
}

export async function cursors(db: DbOrTx): Promise<Partial<Record<CursorName, { block: number; head: number | null; solid: number | null; updatedAt: Date }>>> {
  const rows = await db.select().from(usdtWatchCursors);
  return Object.fromEntries(rows.map((r) => [r.name, { block: r.block, head: r.head, solid: r.solid, updatedAt: r.updatedAt }]));
}

/** Moves a cursor forward only: a second watcher that read the same block cannot move it back. */
export async function moveCursor(db: DbOrTx, name: CursorName, block: number, chain: { head: number; solid: number }): Promise<void> {
  await db
    .insert(usdtWatchCursors)
    .values({ name, block, head: chain.head, solid: chain.solid })
    .onConflictDoUpdate({
      target: usdtWatchCursors.name,
      set: {
        block: sql`greatest(${usdtWatchCursors.block}, excluded.block)`,
        head: sql`excluded.head`,
        solid: sql`excluded.solid`,
        updatedAt: sql`now()`,
      },
    });
}

/** Inserts the transfer unless its transaction id and log index are known; answers the row, locked, either way. */
export async function transferForUpdate(db: DbOrTx, values: typeof usdtTransfers.$inferInsert): Promise<{ row: UsdtTransferRow; fresh: boolean }> {
  const inserted = await db.insert(usdtTransfers).values(values).onConflictDoNothing().returning();
  if (inserted[0]) return { row: inserted[0], fresh: true };
  const rows = await db
    .select()
    .from(usdtTransfers)
    .where(and(eq(usdtTransfers.txid, values.txid), eq(usdtTransfers.eventIndex, values.eventIndex)))
    .for('update');
  return { row: rows[0], fresh: false };
}

/** Inserts the transfers not known yet (by transaction id and log index); answers the rows it inserted. */
export async function insertTransfers(db: DbOrTx, values: Array<typeof usdtTransfers.$inferInsert>): Promise<UsdtTransferRow[]> {
  if (!values.length) return [];
  return db.insert(usdtTransfers).values(values).onConflictDoNothing().returning();
}

/** The rows of these transfers, locked in id order (the order every watcher takes them in). */
export async function transfersForUpdate(db: DbOrTx, keys: Array<{ txid: string; eventIndex: number }>): Promise<UsdtTransferRow[]> {
  if (!keys.length) return [];
  const pairs = keys.map((k) => sql`(${k.txid}, ${k.eventIndex})`);
  return db
    .select()
    .from(usdtTransfers)
    .where(sql`(${usdtTransfers.txid}, ${usdtTransfers.eventIndex}) in (${sql.join(pairs, sql`, `)})`)
    .orderBy(usdtTransfers.id)
    .for('update');
}

/** Marks transfers credited in their blocks, all at once. */
export async function markCredited(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(usdtTransfers)
    .set({ outcome: USDT_TRANSFER_OUTCOME.credited, solidifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(usdtTransfers.id, ids));
}

export async function transferByIdForUpdate(db: DbOrTx, id: number): Promise<UsdtTransferRow | undefined> {
  return (await db.select().from(usdtTransfers).where(eq(usdtTransfers.id, id)).for('update'))[0];
}

export async function updateTransfer(db: DbOrTx, id: number, values: Partial<typeof usdtTransfers.$inferInsert>): Promise<void> {
  await db
    .update(usdtTransfers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(usdtTransfers.id, id));
}

/** Transfers seen in a block before it solidified, not yet settled: those its solidified events no longer hold are gone. */
export async function unsettledInBlock(db: DbOrTx, block: number): Promise<UsdtTransferRow[]> {
  return db
    .select()
    .from(usdtTransfers)
    .where(and(eq(usdtTransfers.blockNumber, block), isNull(usdtTransfers.solidifiedAt), sql`${usdtTransfers.outcome} <> ${USDT_TRANSFER_OUTCOME.reorged}`))
    .orderBy(usdtTransfers.id);
}

/** Transfers waiting for their block to solidify, oldest first, at most `limit` (whose confirmations the players see). */
export async function confirming(db: DbOrTx, limit: number): Promise<UsdtTransferRow[]> {
  return db.select().from(usdtTransfers).where(eq(usdtTransfers.outcome, USDT_TRANSFER_OUTCOME.confirming)).orderBy(usdtTransfers.id).limit(limit);
}

export async function transfersOf(db: DbOrTx, playerId: number, limit: number): Promise<UsdtTransferRow[]> {
  return db.select().from(usdtTransfers).where(eq(usdtTransfers.playerId, playerId)).orderBy(desc(usdtTransfers.id)).limit(limit);
}

/** The desk's list: newest first, by outcome if given, before an id for the next page. */
export async function transfersPage(db: DbOrTx, q: { outcome?: UsdtTransferOutcome; limit: number; offset: number }) {
  const where = q.outcome ? eq(usdtTransfers.outcome, q.outcome) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ transfer: usdtTransfers, account: accountNameOf(usdtTransfers.playerId) })
      .from(usdtTransfers)
      .where(where)
      .orderBy(desc(usdtTransfers.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(usdtTransfers)
      .where(where),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** How many transfers have each outcome (the desk's counts). */
export async function outcomeCounts(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ outcome: usdtTransfers.outcome, n: sql<number>`count(*)::int` })
    .from(usdtTransfers)
    .groupBy(usdtTransfers.outcome);
  return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
}

/** Confirming transfers in blocks solidified long ago: a sign the watcher is stuck, for the desk. */
export async function overdueConfirming(db: DbOrTx, belowBlock: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(usdtTransfers)
    .where(and(eq(usdtTransfers.outcome, USDT_TRANSFER_OUTCOME.confirming), lt(usdtTransfers.blockNumber, belowBlock)));
  return Number(rows[0]?.n ?? 0);
}
