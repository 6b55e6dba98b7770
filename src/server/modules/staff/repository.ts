// SQL of the staff domain's tables: staff, staff_sessions and the audit log.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import { STAFF_STATUS } from '../../../shared/statuses.ts';

export type StaffRow = typeof staff.$inferSelect;

const countOf = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

// Staff and staff sessions.

export async function staffByUsername(db: DbOrTx, username: string): Promise<StaffRow | undefined> {
  const rows = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function insertStaffSession(db: DbOrTx, values: typeof staffSessions.$inferInsert): Promise<number> {
  const rows = await db.insert(staffSessions).values(values).returning({ id: staffSessions.id });
  return rows[0]!.id;
}

/** The live session of a token together with its staff member, who must still be enabled. */
export async function liveStaffSession(db: DbOrTx, tokenHash: Buffer, idleMs: number) {
  const rows = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staff.id,
      username: staff.username,
      role: staff.role,
      totpEnabled: sql<boolean>`${staff.totpSecret} is not null`,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, sql`now() - ${idleMs} * interval '1 millisecond'`),
        eq(staff.status, STAFF_STATUS.active),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchStaffSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(staffSessions.id, sessionId));
}

export async function revokeStaffSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function revokeAllStaffSessions(db: DbOrTx, staffId: number): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

export async function listStaff(db: DbOrTx, p: Paging) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: staff.id,
        username: staff.username,
        role: staff.role,
        status: staff.status,
        totpEnabled: sql<boolean>`${staff.totpSecret} is not null`,
        createdAt: staff.createdAt,
      })
      .from(staff)
      .orderBy(staff.id)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    db.select({ n: sql<number>`count(*)::int` }).from(staff),
  ]);
  return { rows, total: countOf(total) };
}

export async function insertStaff(db: DbOrTx, values: typeof staff.$inferInsert): Promise<StaffRow> {
  const rows = await db.insert(staff).values(values).returning();
  return rows[0]!;
}

export async function updateStaff(
  db: DbOrTx,
  id: number,
  patch: Partial<Pick<StaffRow, 'role' | 'status' | 'totpSecret' | 'totpPending' | 'passwordHash' | 'mustChangePassword'>>,
): Promise<void> {
  await db.update(staff).set(patch).where(eq(staff.id, id));
}

/** Locks a staff row for a read-modify-write, so two admins' edits apply one after the other. */
export async function staffForUpdate(db: DbOrTx, id: number): Promise<StaffRow | undefined> {
  const rows = await db.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
  return rows[0];
}

// The audit log lives in audit-repository.ts.
export { insertAudit, type AuditEntry } from './audit-repository.ts';
