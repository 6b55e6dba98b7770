// SQL of adjustments that wait for a second staff member (four eyes), over the wallet's balance_adjustments table.
// A pending adjustment leaves pending exactly once, by a conditional update, so two approvals racing each other,
// or an approval racing a rejection, decide it once.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { balanceAdjustments } from '../../../db/schema.ts';
import { accountNameOf } from '../../auth/player-facts.ts';
import { staffNameOf } from '../../staff/staff-facts.ts';
import type { AdjustmentListFilter, AdjustmentStatus } from '../../../../shared/schemas/backoffice/desk.ts';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

/** Inserts a pending adjustment, or answers the one the same staff member's key already made. */
export async function insertPending(
  db: DbOrTx,
  values: {
    playerId: number;
    amountMinor: bigint;
    reason: string;
    requestedBy: number;
    clientKey: string;
  },
): Promise<{ row: AdjustmentRow; created: boolean }> {
  const inserted = await db
    .insert(balanceAdjustments)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: [balanceAdjustments.requestedBy, balanceAdjustments.clientKey] })
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [earlier] = await db
    .select()
    .from(balanceAdjustments)
    .where(and(eq(balanceAdjustments.requestedBy, values.requestedBy), eq(balanceAdjustments.clientKey, values.clientKey)))
    .limit(1);
  return { row: earlier!, created: false };
}

export async function adjustmentById(db: DbOrTx, id: number): Promise<AdjustmentRow | undefined> {
  const rows = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).limit(1);
  return rows[0];
}

/**
 * Moves a pending adjustment to approved or rejected when the decider is not the one who asked; undefined when it
 * was no longer pending (someone decided first) or the decider asked for it. The row lock this takes makes a
 * concurrent decision wait and then find it decided.
 */
export async function decide(
  db: DbOrTx,
  id: number,
  d: { status: Exclude<AdjustmentStatus, 'pending'>; staffId: number; reason: string },
): Promise<AdjustmentRow | undefined> {
  const rows = await db
    .update(balanceAdjustments)
    .set({ status: d.status, decidedBy: d.staffId, decisionReason: d.reason, decidedAt: sql`clock_timestamp()` })
    .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.status, 'pending'), ne(balanceAdjustments.requestedBy, d.staffId)))
    .returning();
  return rows[0];
}

export async function setJournal(db: DbOrTx, id: number, journalId: number): Promise<void> {
  await db.update(balanceAdjustments).set({ journalId }).where(eq(balanceAdjustments.id, id));
}

const listSelect = (db: DbOrTx) =>
  db
    .select({
      row: balanceAdjustments,
      account: accountNameOf(balanceAdjustments.playerId),
      requestedByName: staffNameOf(balanceAdjustments.requestedBy),
      decidedByName: staffNameOf(balanceAdjustments.decidedBy),
    })
    .from(balanceAdjustments);

/**
 * The queue by status, newest first, with the player's account and the staff members' names; the decided ones
 * (approved and rejected) by the time of their decision, the latest first.
 */
export async function listAdjustments(db: DbOrTx, q: { status: AdjustmentListFilter; limit: number; offset: number }) {
  const decided = q.status === 'decided';
  const where = decided ? inArray(balanceAdjustments.status, ['approved', 'rejected']) : eq(balanceAdjustments.status, q.status);
  const order = decided ? [desc(balanceAdjustments.decidedAt), desc(balanceAdjustments.id)] : [desc(balanceAdjustments.id)];
  const [rows, total] = await Promise.all([
    listSelect(db)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(balanceAdjustments).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One adjustment as the queue shows it. */
export async function listedAdjustment(db: DbOrTx, id: number) {
  const rows = await listSelect(db).where(eq(balanceAdjustments.id, id)).limit(1);
  return rows[0];
}

/** Adjustments waiting for a second staff member, for the dashboard. */
export async function pendingCount(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(balanceAdjustments).where(eq(balanceAdjustments.status, 'pending'));
  return rows[0]?.n ?? 0;
}
