// What other domains may know about the seamless wallet, asked through this file rather than by reading its tables:
// which platform codes play straight from the central wallet, so the lobby opens them without a transfer and the
// transfer wallet leaves them out of its lists and refuses transfers to them.
import type { DbOrTx } from '../../db/client.ts';
import { seamlessPlatforms } from '../../db/schema.ts';

/** The codes of every seamless platform; a code not in it is a transfer platform. */
export async function seamlessCodes(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ code: seamlessPlatforms.gpCode }).from(seamlessPlatforms);
  return new Set(rows.map((r) => r.code));
}
