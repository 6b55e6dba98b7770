// SQL of identity verification's own tables: documents, their history, the level ceilings and the settings.
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kycDocumentEvents, kycDocuments, kycLevelRules, kycSettings } from '../../db/schema.ts';
import { KYC_DOCUMENT_STATUS, type KycDocumentStatus } from '../../../shared/schemas/kyc/constants.ts';
import { staffNameOf } from '../staff/staff-facts.ts';

export type KycDocumentRow = Omit<typeof kycDocuments.$inferSelect, 'bytes' | 'preview'>;
export type KycLevelRuleRow = typeof kycLevelRules.$inferSelect;

/** Every column but the file itself, so lists never carry megabytes. */
const meta = {
  id: kycDocuments.id,
  playerId: kycDocuments.playerId,
  kind: kycDocuments.kind,
  status: kycDocuments.status,
  mime: kycDocuments.mime,
  sizeBytes: kycDocuments.sizeBytes,
  documentName: kycDocuments.documentName,
  documentBirthday: kycDocuments.documentBirthday,
  rejectReason: kycDocuments.rejectReason,
  reviewedBy: kycDocuments.reviewedBy,
  reviewedAt: kycDocuments.reviewedAt,
  createdAt: kycDocuments.createdAt,
};

/** The same with the reviewer's name, for the review page. */
const metaNamed = { ...meta, reviewerName: staffNameOf(kycDocuments.reviewedBy) };

export async function insertDocument(db: DbOrTx, values: typeof kycDocuments.$inferInsert): Promise<KycDocumentRow> {
  const [row] = await db.insert(kycDocuments).values(values).returning(meta);
  return row!;
}

export async function insertEvent(db: DbOrTx, values: typeof kycDocumentEvents.$inferInsert): Promise<void> {
  await db.insert(kycDocumentEvents).values(values);
}

/** A player's documents with their reviewers' names, newest first, at most `limit`. */
export async function documentsNamed(db: DbOrTx, playerId: number, limit: number) {
  return db.select(metaNamed).from(kycDocuments).where(eq(kycDocuments.playerId, playerId)).orderBy(desc(kycDocuments.id)).limit(limit);
}

/** A player's approved documents: what the level derives from (at most one per kind, since an approved kind takes no new upload). */
export async function approvedDocuments(db: DbOrTx, playerId: number): Promise<KycDocumentRow[]> {
  return db
    .select(meta)
    .from(kycDocuments)
    .where(and(eq(kycDocuments.playerId, playerId), eq(kycDocuments.status, KYC_DOCUMENT_STATUS.approved)))
    .orderBy(desc(kycDocuments.id))
    .limit(20);
}

/** A player's documents, newest first, at most `limit`. */
export async function documentsOf(db: DbOrTx, playerId: number, limit: number): Promise<KycDocumentRow[]> {
  return db.select(meta).from(kycDocuments).where(eq(kycDocuments.playerId, playerId)).orderBy(desc(kycDocuments.id)).limit(limit);
}

export async function documentById(db: DbOrTx, id: number, lock = false): Promise<KycDocumentRow | undefined> {
  const q = db.select(meta).from(kycDocuments).where(eq(kycDocuments.id, id));
  return (await (lock ? q.for('update') : q))[0];
}

/** A document's file, or undefined when there is no such document or its file was purged. */
export async function documentFile(db: DbOrTx, id: number): Promise<{ playerId: number; mime: string; bytes: Buffer; preview: Buffer | null } | undefined> {
  const [row] = await db
    .select({ playerId: kycDocuments.playerId, mime: kycDocuments.mime, bytes: kycDocuments.bytes, preview: kycDocuments.preview })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), isNotNull(kycDocuments.bytes)));
  return row?.bytes ? { playerId: row.playerId, mime: row.mime, bytes: row.bytes, preview: row.preview } : undefined;
}

export async function countPending(db: DbOrTx, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.playerId, playerId), eq(kycDocuments.status, KYC_DOCUMENT_STATUS.submitted)));
  return row?.n ?? 0;
}

export async function setDecision(
  db: DbOrTx,
  id: number,
  values: {
    status: KycDocumentStatus;
    rejectReason: string | null;
    documentName: string | null;
    documentBirthday: string | null;
    reviewedBy: number;
  },
): Promise<KycDocumentRow> {
  const [row] = await db
    .update(kycDocuments)
    .set({ ...values, reviewedAt: sql`now()` })
    .where(eq(kycDocuments.id, id))
    .returning(meta);
  return row!;
}

/** Players with documents waiting for review, the longest-waiting first. */
export async function queue(db: DbOrTx, limit: number, offset: number) {
  const rows = await db
    .select({
      playerId: kycDocuments.playerId,
      pending: sql<number>`count(*)::int`,
      oldestAt: sql<Date>`min(${kycDocuments.createdAt})`,
    })
    .from(kycDocuments)
    .where(eq(kycDocuments.status, KYC_DOCUMENT_STATUS.submitted))
    .groupBy(kycDocuments.playerId)
    .orderBy(sql`min(${kycDocuments.createdAt})`, asc(kycDocuments.playerId))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: sql<number>`count(distinct ${kycDocuments.playerId})::int` })
    .from(kycDocuments)
    .where(eq(kycDocuments.status, KYC_DOCUMENT_STATUS.submitted));
  return { rows: rows.map((r) => ({ ...r, oldestAt: new Date(r.oldestAt) })), total: total?.n ?? 0 };
}

/** Documents waiting for review, for the dashboard. */
export async function pendingDocuments(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kycDocuments)
    .where(eq(kycDocuments.status, KYC_DOCUMENT_STATUS.submitted));
  return row?.n ?? 0;
}

/** A player's review history, newest first, with the staff member's name. */
export async function historyOf(db: DbOrTx, playerId: number, limit: number) {
  const rows = await db
    .select({
      documentId: kycDocumentEvents.documentId,
      kind: kycDocuments.kind,
      status: kycDocumentEvents.status,
      reason: kycDocumentEvents.reason,
      staff: staffNameOf(kycDocumentEvents.staffId),
      at: kycDocumentEvents.createdAt,
    })
    .from(kycDocumentEvents)
    .innerJoin(kycDocuments, eq(kycDocuments.id, kycDocumentEvents.documentId))
    .where(eq(kycDocumentEvents.playerId, playerId))
    .orderBy(desc(kycDocumentEvents.id))
    .limit(limit);
  return rows;
}

export async function levelRules(db: DbOrTx): Promise<KycLevelRuleRow[]> {
  return db.select().from(kycLevelRules).orderBy(asc(kycLevelRules.level));
}

export async function upsertLevelRule(db: DbOrTx, level: number, dayMaxMinor: bigint | null, totalMaxMinor: bigint | null): Promise<void> {
  await db
    .insert(kycLevelRules)
    .values({ level, dayMaxMinor, totalMaxMinor })
    .onConflictDoUpdate({ target: kycLevelRules.level, set: { dayMaxMinor, totalMaxMinor, updatedAt: sql`now()` } });
}

export async function settingsRow(db: DbOrTx): Promise<typeof kycSettings.$inferSelect | undefined> {
  return (await db.select().from(kycSettings).where(eq(kycSettings.id, 1)))[0];
}

/** The settings row, locked for an edit (created first when none exists yet). */
export async function settingsForUpdate(db: DbOrTx): Promise<typeof kycSettings.$inferSelect> {
  await db.insert(kycSettings).values({ id: 1 }).onConflictDoNothing();
  return (await db.select().from(kycSettings).where(eq(kycSettings.id, 1)).for('update'))[0]!;
}

export async function updateSettings(db: DbOrTx, values: { firstWithdrawalLevel: number; retentionDays: number }): Promise<void> {
  await db
    .update(kycSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(kycSettings.id, 1));
}

/**
 * Drops the files of documents uploaded before `before` (the retention period), at most `limit`, and marks them
 * expired; answers the documents it purged. Rows locked by a review in progress are skipped and purged next run.
 */
export async function purgeBefore(db: DbOrTx, before: Date, limit: number): Promise<Array<{ id: number; playerId: number }>> {
  const doomed = db
    .select({ id: kycDocuments.id })
    .from(kycDocuments)
    .where(and(isNotNull(kycDocuments.bytes), lt(kycDocuments.createdAt, before)))
    .orderBy(asc(kycDocuments.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(kycDocuments)
    .set({ bytes: null, preview: null, status: KYC_DOCUMENT_STATUS.expired })
    .where(inArray(kycDocuments.id, doomed))
    .returning({ id: kycDocuments.id, playerId: kycDocuments.playerId });
}
