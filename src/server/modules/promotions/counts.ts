// What promotions tell the back office's dashboard: applications an operator can approve or reject now (waiting,
// with an amount, and not a bare opt-in that still waits for its qualifying deposit), over the indexed status.
import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { promotionGrants } from '../../db/schema.ts';

export async function applicationsToReview(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(promotionGrants)
    .where(and(eq(promotionGrants.status, 'applying'), ne(promotionGrants.period, ''), gt(promotionGrants.amountMinor, 0n)));
  return rows[0]?.n ?? 0;
}
