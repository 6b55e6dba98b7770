// SQL of the audit log (a staff-domain table): insert and read only. The application never updates or deletes rows.
import { and, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, staff } from '../../db/schema.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';

/** One side of a change: the changed fields and their values, or null where that side does not exist. */
export type AuditState = Record<string, unknown> | null;

export interface AuditEntry {
  staffId: number | null;
  action: string;
  target?: string;
  /** The state the action changed, as it was (null: the action created it, or there was nothing to change). */
  before: AuditState;
  /** The state the action left (null: the action deleted or ended it). */
  after: AuditState;
  /** Context that is not itself changed: the player's account, a reason, a journal id. */
  detail?: Record<string, unknown>;
  ip: string | null;
  /** The player concerned; by default taken from a `player:N` target or the detail's player id. */
  playerId?: number | null;
}

const PLAYER_TARGET = /^player:(\d+)$/;

/** The player an entry concerns, for the log's player filter. */
export function auditPlayerOf(entry: AuditEntry): number | null {
  if (entry.playerId !== undefined) return entry.playerId;
  const m = PLAYER_TARGET.exec(entry.target ?? '');
  if (m) return Number(m[1]);
  const id = entry.detail?.player_id ?? entry.detail?.playerId;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : typeof id === 'string' && /^\d{1,18}$/.test(id) ? Number(id) : null;
}

export async function insertAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    target: entry.target ?? '',
    ip: entry.ip,
    playerId: auditPlayerOf(entry),
    detail: { ...entry.detail, before: entry.before, after: entry.after },
  });
}

export interface AuditFilter extends Paging {
  /** An action, or the start of one ending in a dot ("player." for every player action). */
  action?: string;
  staffId?: number;
  playerId?: number;
  /** Entries from this instant on (inclusive) and before the other (exclusive). */
  from?: Date;
  to?: Date;
}

function whereOf(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.action) parts.push(f.action.endsWith('.') ? like(auditLog.action, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditLog.action, f.action));
  if (f.staffId !== undefined) parts.push(eq(auditLog.staffId, f.staffId));
  if (f.playerId !== undefined) parts.push(eq(auditLog.playerId, f.playerId));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to) parts.push(lt(auditLog.createdAt, f.to));
  return parts.length ? and(...parts) : undefined;
}

export async function listAudit(db: DbOrTx, f: AuditFilter) {
  const where = whereOf(f);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        staffId: auditLog.staffId,
        username: staff.username,
        action: auditLog.action,
        target: auditLog.target,
        detail: auditLog.detail,
        ip: auditLog.ip,
        playerId: auditLog.playerId,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(f.pageSize)
      .offset(offsetOf(f)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Staff accounts for the log's staff filter: every account, active or not, by name (a back office has a few dozen). */
export async function staffNames(db: DbOrTx, limit: number) {
  return db.select({ id: staff.id, username: staff.username }).from(staff).orderBy(staff.username).limit(limit);
}
