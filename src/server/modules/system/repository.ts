// SQL of the system domain's tables: settings (website status among them), system messages, the SMS outbox and the
// address blacklist.
import { and, desc, eq, gt, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ipBlacklist, settings, smsOutbox, systemMessages } from '../../db/schema.ts';
import { SYSTEM_MESSAGE_STATUS } from '../../../shared/statuses.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';

export type SystemMessageRow = typeof systemMessages.$inferSelect;

const countOf = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

/** Escapes LIKE wildcards so an operator's search text matches literally. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function readAllSettings(db: DbOrTx): Promise<Map<string, unknown>> {
  // Read as text and parsed once here: the jsonb column mapping would parse a JSON string a second
  // time, turning a digits-only text setting (a bank account number) into a number.
  const rows = await db.select({ key: settings.key, value: sql<string>`${settings.value}::text` }).from(settings);
  return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The newest active messages of a slot; the notice bar shows the first. */
export async function activeMessages(db: DbOrTx, slot: string, limit = 5) {
  return db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.slot, slot), eq(systemMessages.status, SYSTEM_MESSAGE_STATUS.shown)))
    .orderBy(desc(systemMessages.id))
    .limit(limit);
}

export async function isIpBlocked(db: DbOrTx, ip: string): Promise<boolean> {
  const rows = await db.select({ id: ipBlacklist.id }).from(ipBlacklist).where(eq(ipBlacklist.ip, ip)).limit(1);
  return rows.length > 0;
}

// System messages, as the back office lists and edits them.

export async function listMessages(db: DbOrTx, slot: string, p: Paging) {
  const where = eq(systemMessages.slot, slot);
  const [rows, total] = await Promise.all([
    db.select().from(systemMessages).where(where).orderBy(desc(systemMessages.id)).limit(p.pageSize).offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(systemMessages)
      .where(where),
  ]);
  return { rows, total: countOf(total) };
}

export async function insertMessage(db: DbOrTx, values: typeof systemMessages.$inferInsert): Promise<SystemMessageRow> {
  const rows = await db.insert(systemMessages).values(values).returning();
  return rows[0]!;
}

export async function messageForUpdate(db: DbOrTx, id: number): Promise<SystemMessageRow | undefined> {
  const rows = await db.select().from(systemMessages).where(eq(systemMessages.id, id)).for('update').limit(1);
  return rows[0];
}

export async function updateMessage(db: DbOrTx, id: number, patch: Partial<typeof systemMessages.$inferInsert>): Promise<SystemMessageRow> {
  const rows = await db.update(systemMessages).set(patch).where(eq(systemMessages.id, id)).returning();
  return rows[0]!;
}

// The SMS outbox.

export async function listSms(db: DbOrTx, p: Paging & { phone?: string }) {
  // A prefix search, so an operator can type the first digits the player reads out.
  const where = p.phone ? like(smsOutbox.phone, `${likeText(p.phone)}%`) : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(p.pageSize).offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(where),
  ]);
  return { rows, total: countOf(total) };
}

export async function countSmsSince(db: DbOrTx, since: Date): Promise<number> {
  return countOf(
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(gt(smsOutbox.createdAt, since)),
  );
}
