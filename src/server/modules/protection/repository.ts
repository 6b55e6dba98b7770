// SQL of player protection: limits, exclusions and their history.
import { and, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { protectionEvents, protectionExclusions, protectionLimits } from '../../db/schema.ts';

export type LimitRow = typeof protectionLimits.$inferSelect;
export type ExclusionRow = typeof protectionExclusions.$inferSelect;

export function limitsOf(db: DbOrTx, playerId: number): Promise<LimitRow[]> {
  return db.select().from(protectionLimits).where(eq(protectionLimits.playerId, playerId));
}

/**
 * Whether anything could stand in the gate's way at `now`: an exclusion in force or any limit row. Most players have
 * neither, and for them the gate is this one read instead of two.
 */
export async function hasGateRules(db: DbOrTx, playerId: number, now: Date): Promise<boolean> {
  const rows = await db.execute<{ any: boolean }>(sql`select exists (
      select 1 from ${protectionExclusions} where ${protectionExclusions.playerId} = ${playerId} and ${protectionExclusions.startsAt} <= ${now}
        and (${protectionExclusions.endsAt} is null or ${protectionExclusions.endsAt} > ${now})
    ) or exists (select 1 from ${protectionLimits} where ${protectionLimits.playerId} = ${playerId}) as any`);
  return rows.rows[0]?.any === true;
}

/** value and pendingValue in the kind's unit: minor units for money limits, minutes for session and reality. */
export async function upsertLimit(
  db: DbOrTx,
  row: { playerId: number; kind: string; period: string; value: bigint | null; pendingValue: bigint | null; pendingAt: Date | null },
): Promise<void> {
  await db
    .insert(protectionLimits)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [protectionLimits.playerId, protectionLimits.kind, protectionLimits.period],
      set: { value: row.value, pendingValue: row.pendingValue, pendingAt: row.pendingAt, updatedAt: sql`now()` },
    });
}

/** Exclusions in force at `now`, latest end first (a permanent one first of all). */
export function activeExclusions(db: DbOrTx, playerId: number, now: Date): Promise<ExclusionRow[]> {
  return db
    .select()
    .from(protectionExclusions)
    .where(
      and(
        eq(protectionExclusions.playerId, playerId),
        sql`${protectionExclusions.startsAt} <= ${now}`,
        or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now)),
      ),
    )
    .orderBy(sql`${protectionExclusions.endsAt} desc nulls first`);
}

export async function phoneExcluded(db: DbOrTx, phone: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: protectionExclusions.id })
    .from(protectionExclusions)
    .where(
      and(
        eq(protectionExclusions.phone, phone),
        eq(protectionExclusions.kind, 'self_exclusion'),
        or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function exclusionsOf(db: DbOrTx, playerId: number, limit = 50): Promise<ExclusionRow[]> {
  return db.select().from(protectionExclusions).where(eq(protectionExclusions.playerId, playerId)).orderBy(desc(protectionExclusions.id)).limit(limit);
}

export async function insertExclusion(db: DbOrTx, row: typeof protectionExclusions.$inferInsert): Promise<ExclusionRow> {
  const rows = await db.insert(protectionExclusions).values(row).returning();
  return rows[0]!;
}

export async function insertEvent(
  db: DbOrTx,
  row: { playerId: number; action: string; detail: Record<string, unknown>; staffId?: number | null },
): Promise<void> {
  await db.insert(protectionEvents).values({ playerId: row.playerId, action: row.action, detail: row.detail, staffId: row.staffId ?? null });
}

/** Whether the player's history has a line of this action about this exclusion (detail.exclusion_id). */
export async function hasExclusionEvent(db: DbOrTx, playerId: number, action: string, exclusionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: protectionEvents.id })
    .from(protectionEvents)
    .where(
      and(
        eq(protectionEvents.playerId, playerId),
        eq(protectionEvents.action, action),
        sql`${protectionEvents.detail}->>'exclusion_id' = ${String(exclusionId)}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
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
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(protectionExclusions)
      .where(where),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}
