// SQL for bet records, their history, and the ingestion cursors.
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { betRecordHistory, betRecords, bonusWallets, ingestionCursors, playerPlatforms } from '../../db/schema.ts';

export type BetRow = typeof betRecords.$inferSelect;

export async function cursorOf(db: DbOrTx, code: string): Promise<string> {
  const rows = await db.select({ cursor: ingestionCursors.cursor }).from(ingestionCursors).where(eq(ingestionCursors.gpCode, code));
  return rows[0]?.cursor ?? '';
}

export async function saveCursor(db: DbOrTx, code: string, cursor: string, lastError = ''): Promise<void> {
  await db.insert(ingestionCursors).values({ gpCode: code, cursor, lastError })
    .onConflictDoUpdate({ target: ingestionCursors.gpCode, set: { cursor, lastError, updatedAt: sql`now()` } });
}

export async function saveIngestionError(db: DbOrTx, code: string, lastError: string): Promise<void> {
  await db.insert(ingestionCursors).values({ gpCode: code, cursor: '', lastError })
    .onConflictDoUpdate({ target: ingestionCursors.gpCode, set: { lastError, updatedAt: sql`now()` } });
}

export async function bindingsOf(db: DbOrTx, code: string, providerPlayers: string[]) {
  if (!providerPlayers.length) return [];
  return db.select().from(playerPlatforms)
    .where(and(eq(playerPlatforms.gpCode, code), sql`${playerPlatforms.providerPlayer} in ${providerPlayers}`));
}

export async function betForUpdate(db: DbOrTx, code: string, betId: string): Promise<BetRow | undefined> {
  return (await db.select().from(betRecords).where(and(eq(betRecords.gpCode, code), eq(betRecords.betId, betId))).for('update'))[0];
}

export async function insertBet(db: DbOrTx, values: typeof betRecords.$inferInsert): Promise<void> {
  await db.insert(betRecords).values(values);
}

export async function replaceBet(db: DbOrTx, old: BetRow, values: Partial<typeof betRecords.$inferInsert>): Promise<void> {
  const { id, ...snapshot } = old;
  await db.insert(betRecordHistory).values({
    betRecordId: id, version: old.version,
    snapshot: JSON.parse(JSON.stringify(snapshot, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))),
  });
  await db.update(betRecords).set({ ...values, updatedAt: sql`now()` }).where(eq(betRecords.id, id));
}

export async function addBonusProgress(db: DbOrTx, walletId: number, deltaMinor: bigint): Promise<void> {
  await db.update(bonusWallets).set({ bonusNowBetMinor: sql`${bonusWallets.bonusNowBetMinor} + ${deltaMinor.toString()}::bigint` })
    .where(and(eq(bonusWallets.id, walletId), eq(bonusWallets.status, 1)));
}

export async function ledgerDue(db: DbOrTx, limit: number): Promise<BetRow[]> {
  return db.select().from(betRecords).where(lt(betRecords.ledgerVersion, betRecords.version)).orderBy(asc(betRecords.id)).limit(limit);
}

export async function markPosted(db: DbOrTx, id: number, version: number, netMinor: bigint): Promise<void> {
  await db.update(betRecords).set({ ledgerVersion: version, ledgerNetMinor: netMinor }).where(eq(betRecords.id, id));
}

export interface BetQuery { playerId: number; code?: string; walletId?: number; from: Date; to: Date; limit: number; offset: number }

export async function betsOf(db: DbOrTx, q: BetQuery) {
  const where = and(
    eq(betRecords.playerId, q.playerId), gte(betRecords.placedAt, q.from), lte(betRecords.placedAt, q.to),
    q.code ? eq(betRecords.gpCode, q.code) : undefined,
    q.walletId !== undefined ? (q.walletId === 0 ? sql`${betRecords.bonusWalletId} is null` : eq(betRecords.bonusWalletId, q.walletId)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(betRecords).where(where).orderBy(desc(betRecords.placedAt), desc(betRecords.id)).limit(q.limit).offset(q.offset),
    db.select({
      n: sql<number>`count(*)::int`,
      stake: sql<string>`coalesce(sum(${betRecords.stakeMinor}), 0)::text`,
      payout: sql<string>`coalesce(sum(case when ${betRecords.status} = 'settled' then ${betRecords.payoutMinor} else 0 end), 0)::text`,
      valid: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text`,
    }).from(betRecords).where(where),
  ]);
  return { rows, totals: totals[0]! };
}

/** Valid bet of a player since a moment: the turnover that withdrawal requirements count. */
export async function validBetSince(db: DbOrTx, playerId: number, since: Date): Promise<bigint> {
  const rows = await db.select({ v: sql<string>`coalesce(sum(${betRecords.validBetMinor}), 0)::text` }).from(betRecords)
    .where(and(eq(betRecords.playerId, playerId), gte(betRecords.settledAt, since)));
  return BigInt(rows[0]?.v ?? '0');
}
