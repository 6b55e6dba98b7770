// What the red-packet rain tells the back office's dashboard: claims above a round's approval ceiling that wait
// for an operator, over the claims queue's index.
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { redPackets } from '../../db/schema.ts';

export async function claimsToReview(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(redPackets).where(eq(redPackets.status, 'pending'));
  return rows[0]?.n ?? 0;
}
