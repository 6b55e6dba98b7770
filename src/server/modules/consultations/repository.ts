// SQL of consultations: threads, replies, their images, the counters of both sides and the desk's queue.
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultationImages, consultationMessages, consultations } from '../../db/schema.ts';
import { accountNameOf, playerIdsWithAccountPrefix } from '../auth/player-facts.ts';
import { staffNameOf } from '../staff/staff-facts.ts';
import type { ConsultationSource, ConsultationState } from '../../../shared/schemas/consultations.ts';

export type ConsultationRow = typeof consultations.$inferSelect;

export async function insertConsultation(
  tx: DbOrTx,
  values: { playerId: number; title: string; information: string; source: ConsultationSource },
): Promise<ConsultationRow> {
  const [row] = await tx
    .insert(consultations)
    .values({ ...values, state: 'consulting', watchCount: 0, staffUnread: 1 })
    .returning();
  return row!;
}

export async function insertImages(tx: DbOrTx, consultationId: number, messageId: number | null, uploadIds: number[]): Promise<void> {
  if (!uploadIds.length) return;
  await tx.insert(consultationImages).values(uploadIds.map((uploadId, position) => ({ consultationId, messageId, uploadId, position })));
}

export async function insertMessage(
  tx: DbOrTx,
  values: { consultationId: number; author: 'player' | 'staff'; staffId: number | null; body: string },
): Promise<number> {
  const [row] = await tx.insert(consultationMessages).values(values).returning({ id: consultationMessages.id });
  return row!.id;
}

/**
 * Counts a new reply on an open thread and answers whether it was open. One conditional update, so a reply
 * racing the end of the thread either lands before it or is refused, never after it.
 */
export async function bumpOpen(tx: DbOrTx, id: number, by: 'player' | 'staff', playerId?: number): Promise<ConsultationRow | undefined> {
  const counter = by === 'staff' ? { watchCount: sql`${consultations.watchCount} + 1` } : { staffUnread: sql`${consultations.staffUnread} + 1` };
  const where = [eq(consultations.id, id), eq(consultations.state, 'consulting')];
  if (playerId !== undefined) where.push(eq(consultations.playerId, playerId));
  const [row] = await tx
    .update(consultations)
    .set({ ...counter, lastMessageAt: sql`now()` })
    .where(and(...where))
    .returning();
  return row;
}

export async function endOpen(tx: DbOrTx, id: number): Promise<ConsultationRow | undefined> {
  // clock_timestamp(), not now(): a reply that held the row first committed before this moment, even when its
  // transaction began after ours, so ended_at stays after every reply of the thread.
  const [row] = await tx
    .update(consultations)
    .set({ state: 'ended', endedAt: sql`clock_timestamp()` })
    .where(and(eq(consultations.id, id), eq(consultations.state, 'consulting')))
    .returning();
  return row;
}

export async function byId(db: DbOrTx, id: number): Promise<ConsultationRow | undefined> {
  return (await db.select().from(consultations).where(eq(consultations.id, id)))[0];
}

/** The player's own consultation, or nothing: another player's id looks exactly like a missing one. */
export async function ofPlayer(db: DbOrTx, id: number, playerId: number): Promise<ConsultationRow | undefined> {
  return (
    await db
      .select()
      .from(consultations)
      .where(and(eq(consultations.id, id), eq(consultations.playerId, playerId)))
  )[0];
}

export async function watchTotal(db: DbOrTx, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${consultations.watchCount}), 0)` })
    .from(consultations)
    .where(eq(consultations.playerId, playerId));
  return Number(row?.n ?? 0);
}

// Written with qualified names: inside a sub-select drizzle renders columns unqualified, and a bare "id" would be the image's.
const imageCount = sql<number>`(select count(*)::int from consultation_images ci where ci.consultation_id = ${sql.raw('"consultations"."id"')})`;

export async function listOfPlayer(db: DbOrTx, playerId: number, p: { state?: ConsultationState; limit: number; offset: number }) {
  const where = and(eq(consultations.playerId, playerId), p.state ? eq(consultations.state, p.state) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: consultations, images: imageCount })
      .from(consultations)
      .where(where)
      .orderBy(desc(consultations.lastMessageAt), desc(consultations.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(consultations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function messagesOf(db: DbOrTx, consultationId: number, limit: number) {
  const rows = await db
    .select({ m: consultationMessages, staffName: staffNameOf(consultationMessages.staffId) })
    .from(consultationMessages)
    .where(eq(consultationMessages.consultationId, consultationId))
    .orderBy(desc(consultationMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function imagesOf(db: DbOrTx, consultationId: number) {
  return db
    .select({ uploadId: consultationImages.uploadId, messageId: consultationImages.messageId })
    .from(consultationImages)
    .where(eq(consultationImages.consultationId, consultationId))
    .orderBy(asc(consultationImages.messageId), asc(consultationImages.position));
}

export async function markSeenByPlayer(db: DbOrTx, id: number, playerId: number): Promise<boolean> {
  const rows = await db
    .update(consultations)
    .set({ watchCount: 0 })
    .where(and(eq(consultations.id, id), eq(consultations.playerId, playerId), sql`${consultations.watchCount} > 0`))
    .returning({ id: consultations.id });
  return rows.length > 0;
}

export async function markSeenByStaff(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(consultations)
    .set({ staffUnread: 0 })
    .where(and(eq(consultations.id, id), sql`${consultations.staffUnread} > 0`));
}

export async function setAssignee(db: DbOrTx, id: number, staffId: number | null): Promise<ConsultationRow | undefined> {
  const [row] = await db.update(consultations).set({ assigneeStaffId: staffId }).where(eq(consultations.id, id)).returning();
  return row;
}

export type AssigneeFilter = 'any' | 'none' | number;

export async function deskList(db: DbOrTx, p: { state?: ConsultationState; assignee: AssigneeFilter; account?: string; limit: number; offset: number }) {
  const where: SQL[] = [];
  if (p.state) where.push(eq(consultations.state, p.state));
  if (p.assignee === 'none') where.push(isNull(consultations.assigneeStaffId));
  else if (typeof p.assignee === 'number') where.push(eq(consultations.assigneeStaffId, p.assignee));
  if (p.account) where.push(sql`${consultations.playerId} in (${playerIdsWithAccountPrefix(p.account)})`);
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: consultations,
        account: accountNameOf(consultations.playerId),
        assigneeName: staffNameOf(consultations.assigneeStaffId),
        images: imageCount,
      })
      .from(consultations)
      .where(filter)
      .orderBy(desc(consultations.staffUnread), desc(consultations.lastMessageAt), desc(consultations.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(consultations).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}
