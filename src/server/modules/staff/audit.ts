// The audit API every domain calls: one append-only row per operator action, written in the same transaction as the
// change it records, so an action and its audit entry commit or roll back together.
import type { DbOrTx } from '../../db/client.ts';
import { insertAudit, type AuditEntry, type AuditState } from './audit-repository.ts';

export type { AuditEntry, AuditState };

/**
 * Records an operator action (or an automatic one, with staffId null) inside the caller's transaction. The entry's
 * type asks for the state before AND after the change (null where there was none: a creation has no before, a
 * deletion no after), so a new call site cannot forget one; the log shows them side by side.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, entry);
}

/** The before and after of a change, keeping only the fields that differ (an edit form sends every field). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: AuditState; after: AuditState } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}
