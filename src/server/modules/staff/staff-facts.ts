// What other domains may know about staff members, asked through this file rather than by reading the staff
// table: a member's name for a list (as a scalar sub-select, so the list stays one statement), the active
// members of some roles (who may be given a chat or a consultation), one member's name, role and status, and the
// usernames of some members by id (operators named beside ledger postings, which the ledger does not name).
import { and, asc, eq, inArray, sql, getTableName, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { STAFF_STATUS } from '../../../shared/statuses.ts';

/** A column as "table"."column", whatever the context drizzle renders it in. */
const qualified = (c: Column) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

/**
 * A scalar sub-select of the username of the staff member whose id the caller's column holds; null for none. The
 * column is written qualified: inside a select list drizzle would render it bare.
 */
export function staffNameOf(staffId: Column): SQL<string | null> {
  return sql<string | null>`(select s.username from staff s where s.id = ${qualified(staffId)})`;
}

/** Active staff members of the given roles, by username, at most 200. */
export async function activeStaffOfRoles(db: DbOrTx, roles: readonly string[]): Promise<Array<{ id: number; username: string }>> {
  return db
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(and(inArray(staff.role, [...roles]), eq(staff.status, STAFF_STATUS.active)))
    .orderBy(asc(staff.username))
    .limit(200);
}

/** Whether a staff member is active and holds one of the given roles. */
export async function isActiveStaffOfRoles(db: DbOrTx, id: number, roles: readonly string[]): Promise<boolean> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, id), inArray(staff.role, [...roles]), eq(staff.status, STAFF_STATUS.active)));
  return rows.length > 0;
}

/** One staff member's username, role and status. */
export async function staffMember(db: DbOrTx, staffId: number): Promise<{ username: string; role: string; status: number } | undefined> {
  const [row] = await db.select({ username: staff.username, role: staff.role, status: staff.status }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return row;
}

/** Usernames of the given staff members, by id; an unknown id is absent. */
export async function staffNames(db: DbOrTx, staffIds: number[]): Promise<Map<number, string>> {
  if (!staffIds.length) return new Map();
  const rows = await db
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(inArray(staff.id, [...new Set(staffIds)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}
