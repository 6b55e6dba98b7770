// The audit API every domain calls: one append-only row per operator action, written in the same transaction as the
// change it records, so an action and its audit entry commit or roll back together.
import type { DbOrTx } from '../../db/client.ts';
import { insertAudit, type AuditEntry } from './repository.ts';

export type { AuditEntry };

/** Records an operator action (or an automatic one, with staffId null) inside the caller's transaction. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, entry);
}
