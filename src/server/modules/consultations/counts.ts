// What the consultation desk tells the back office's dashboard: threads still open (consulting), over the state index.
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultations } from '../../db/schema.ts';

export async function openConsultations(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(consultations).where(eq(consultations.state, 'consulting'));
  return rows[0]?.n ?? 0;
}
