// SQL for settings, system messages, website status and the address blacklist.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ipBlacklist, settings, systemMessages } from '../../db/schema.ts';
import { SYSTEM_MESSAGE_STATUS } from '../../../shared/statuses.ts';

export async function readAllSettings(db: DbOrTx): Promise<Map<string, unknown>> {
  // Read as text and parsed once here: the jsonb column mapping would parse a JSON string a second
  // time, turning a digits-only text setting (a bank account number) into a number.
  const rows = await db.select({ key: settings.key, value: sql<string>`${settings.value}::text` }).from(settings);
  return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The newest active messages of a slot; the notice bar shows the first. */
export async function activeMessages(db: DbOrTx, slot: string, limit = 5) {
  return db.select().from(systemMessages)
    .where(and(eq(systemMessages.slot, slot), eq(systemMessages.status, SYSTEM_MESSAGE_STATUS.shown)))
    .orderBy(desc(systemMessages.id)).limit(limit);
}

export async function isIpBlocked(db: DbOrTx, ip: string): Promise<boolean> {
  const rows = await db.select({ id: ipBlacklist.id }).from(ipBlacklist).where(eq(ipBlacklist.ip, ip)).limit(1);
  return rows.length > 0;
}
