// SQL for the game-platform catalogue.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gamePlatforms } from '../../db/schema.ts';

/** The groups that have at least one platform switched on and shown; the nav hides the others. */
export async function activeGroups(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ group: gamePlatforms.group }).from(gamePlatforms)
    .where(and(eq(gamePlatforms.status, 1), eq(gamePlatforms.frontShow, 1)));
  return rows.map((r) => r.group);
}
