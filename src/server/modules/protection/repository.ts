// SQL of player protection: limits, exclusions, history, and the figures the gate counts.
import { and, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { players, protectionEvents, protectionExclusions, protectionLimits } from '../../db/schema.ts';

export type LimitRow = typeof protectionLimits.$inferSelect;
export type ExclusionRow = typeof protectionExclusions.$inferSelect;

async function sumOf(db: DbOrTx, query: ReturnType<typeof sql>): Promise<bigint> {
  const res = await db.execute<{ s: string | number | null }>(query);
  return BigInt(res.rows[0]?.s ?? 0);
}

export function limitsOf(db: DbOrTx, playerId: number): Promise<LimitRow[]> {
  return db.select().from(protectionLimits).where(eq(protectionLimits.playerId, playerId));
}

/** Locks the player's row so two changes of their protection settings run one after the other. */
export async function lockPlayer(db: DbOrTx, playerId: number): Promise<void> {
  await db.execute(sql`select id from players where id = ${playerId} for update`);
}

export async function upsertLimit(db: DbOrTx, row: { playerId: number; kind: string; period: string; valueMinor: bigint | null; pendingValueMinor: bigint | null; pendingAt: Date | null }): Promise<void> {
  await db.insert(protectionLimits).values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [protectionLimits.playerId, protectionLimits.kind, protectionLimits.period],
      set: { valueMinor: row.valueMinor, pendingValueMinor: row.pendingValueMinor, pendingAt: row.pendingAt, updatedAt: sql`now()` },
    });
}

/** Exclusions in force at `now`, latest end first (a permanent one first of all). */
export function activeExclusions(db: DbOrTx, playerId: number, now: Date): Promise<ExclusionRow[]> {
  return db.select().from(protectionExclusions)
    .where(and(eq(protectionExclusions.playerId, playerId), sql`${protectionExclusions.startsAt} <= ${now}`,
      or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now))))
    .orderBy(sql`${protectionExclusions.endsAt} desc nulls first`);
}

export async function phoneExcluded(db: DbOrTx, phone: string, now: Date): Promise<boolean> {
  const rows = await db.select({ id: protectionExclusions.id }).from(protectionExclusions)
    .where(and(eq(protectionExclusions.phone, phone), eq(protectionExclusions.kind, 'self_exclusion'),
      or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now)))).limit(1);
  return rows.length > 0;
}

export function exclusionsOf(db: DbOrTx, playerId: number, limit = 50): Promise<ExclusionRow[]> {
  return db.select().from(protectionExclusions).where(eq(protectionExclusions.playerId, playerId))
    .orderBy(desc(protectionExclusions.id)).limit(limit);
}

export async function insertExclusion(db: DbOrTx, row: typeof protectionExclusions.$inferInsert): Promise<ExclusionRow> {
  const rows = await db.insert(protectionExclusions).values(row).returning();
  return rows[0]!;
}

export async function insertEvent(db: DbOrTx, row: { playerId: number; action: string; detail: Record<string, unknown>; staffId?: number | null }): Promise<void> {
  await db.insert(protectionEvents).values({ playerId: row.playerId, action: row.action, detail: row.detail, staffId: row.staffId ?? null });
}

export function eventsOf(db: DbOrTx, playerId: number, limit = 100) {
  return db.select().from(protectionEvents).where(eq(protectionEvents.playerId, playerId)).orderBy(desc(protectionEvents.id)).limit(limit);
}

/** The register of exclusions in force, searchable by account or phone (prefix), newest first. */
export async function activeRegister(db: DbOrTx, now: Date, q: { search?: string; limit: number; offset: number }) {
  const search = q.search ? `${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    sql`${protectionExclusions.startsAt} <= ${now}`,
    or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now)),
    search ? or(ilike(protectionExclusions.account, search), ilike(protectionExclusions.phone, search)) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(protectionExclusions).where(where).orderBy(desc(protectionExclusions.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(protectionExclusions).where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function playerBasics(db: DbOrTx, playerId: number) {
  const rows = await db.select({ id: players.id, account: players.account, phone: players.phone }).from(players).where(eq(players.id, playerId));
  return rows[0];
}

// ---- what the gate counts ------------------------------------------------------------------------

/** Deposits asked for or paid in [from, to): an order counts from the moment it is created. */
export function depositsIn(db: DbOrTx, playerId: number, from: Date, to: Date): Promise<bigint> {
  return sumOf(db, sql`select sum(amount_minor) as s from deposit_orders
    where player_id = ${playerId} and status in ('pending', 'paid') and created_at >= ${from} and created_at < ${to}`);
}

/** Net loss of bets settled in [from, to): stakes minus payouts (negative when the player is ahead). */
export function settledLossIn(db: DbOrTx, playerId: number, from: Date, to: Date): Promise<bigint> {
  return sumOf(db, sql`select sum(stake_minor - payout_minor) as s from bet_records
    where player_id = ${playerId} and status = 'settled' and settled_at >= ${from} and settled_at < ${to}`);
}

/** Stakes of bets placed in [from, to), open or settled. */
export function wageredIn(db: DbOrTx, playerId: number, from: Date, to: Date): Promise<bigint> {
  return sumOf(db, sql`select sum(stake_minor) as s from bet_records
    where player_id = ${playerId} and status <> 'void' and placed_at >= ${from} and placed_at < ${to}`);
}

/** Money already in play: on platform wallets or on its way there. */
export function moneyInPlay(db: DbOrTx, playerId: number): Promise<bigint> {
  return sumOf(db, sql`select sum(balance_minor) as s from accounts where player_id = ${playerId} and kind in ('platform', 'transit')`);
}

/** Settled result of bets since an instant (payouts minus stakes), for the reality check. */
export function netResultSince(db: DbOrTx, playerId: number, since: Date): Promise<bigint> {
  return sumOf(db, sql`select sum(payout_minor - stake_minor) as s from bet_records
    where player_id = ${playerId} and status = 'settled' and settled_at >= ${since}`);
}

/** The player's live session (one per player: a new login revokes the others). */
export async function liveSession(db: DbOrTx, playerId: number): Promise<{ id: number; createdAt: Date } | undefined> {
  const res = await db.execute<{ id: string | number; created_at: string | Date }>(sql`select id, created_at from sessions
    where player_id = ${playerId} and revoked_at is null and expires_at > now() order by id desc limit 1`);
  const r = res.rows[0];
  return r ? { id: Number(r.id), createdAt: new Date(r.created_at) } : undefined;
}

export async function sessionById(db: DbOrTx, id: number): Promise<{ id: number; createdAt: Date } | undefined> {
  const res = await db.execute<{ id: string | number; created_at: string | Date }>(sql`select id, created_at from sessions where id = ${id}`);
  const r = res.rows[0];
  return r ? { id: Number(r.id), createdAt: new Date(r.created_at) } : undefined;
}
