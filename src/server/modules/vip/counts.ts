// What the points mall tells the back office's dashboard: physical gift orders still to ship.
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exchangeOrders } from '../../db/schema.ts';

export async function giftOrdersToShip(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(exchangeOrders).where(eq(exchangeOrders.status, 'not_shipped'));
  return rows[0]?.n ?? 0;
}
