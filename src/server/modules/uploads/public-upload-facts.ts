// What other domains may know about an upload, asked through this file rather than by reading the uploads
// table: whether an id is an operator's public upload (one anyone may be shown, such as a promotion's banner).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export async function isPublicUpload(db: DbOrTx, id: number): Promise<boolean> {
  const row = (await db.select({ isPublic: uploads.isPublic }).from(uploads).where(eq(uploads.id, id)).limit(1))[0];
  return !!row?.isPublic;
}
