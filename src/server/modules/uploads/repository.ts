import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUploads(db: DbOrTx, values: Array<typeof uploads.$inferInsert>) {
  return db.insert(uploads).values(values).returning({ id: uploads.id, width: uploads.width, height: uploads.height });
}

export async function uploadById(db: DbOrTx, id: number): Promise<UploadRow | undefined> {
  const rows = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return rows[0];
}

export async function claim(db: DbOrTx, input: { ids: number[]; playerId: number | null; staffId: number | null; purpose: string }) {
  const owner = input.playerId !== null ? eq(uploads.playerId, input.playerId) : eq(uploads.staffId, input.staffId ?? 0);
  return db
    .update(uploads)
    .set({ usedFor: input.purpose })
    .where(and(inArray(uploads.id, input.ids), owner, isNull(uploads.usedFor), eq(uploads.isPublic, false)))
    .returning({ id: uploads.id });
}

export async function deleteUnused(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const doomed = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.usedFor), eq(uploads.isPublic, false), lt(uploads.createdAt, before)))
    .orderBy(uploads.id)
    .limit(limit);
  const gone = await db.delete(uploads).where(inArray(uploads.id, doomed)).returning({ id: uploads.id });
  return gone.length;
}

/** Unused uploads a player holds, so one player cannot fill the database with unattached pictures. */
export async function unusedCount(db: DbOrTx, playerId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.playerId, playerId), isNull(uploads.usedFor)));
  return rows[0]?.n ?? 0;
}
