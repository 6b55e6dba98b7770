// What other domains may know about game platforms, asked through this file rather than by reading
// game_platforms: the whole catalogue (the wallet's transfers, balances and back-office pages) and the rows of one
// platform code (one provider may serve several game groups under one code).
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gamePlatforms } from '../../db/schema.ts';

export type PlatformRow = typeof gamePlatforms.$inferSelect;

/** Every platform, in the catalogue's order. */
export async function allPlatforms(db: DbOrTx): Promise<PlatformRow[]> {
  return db.select().from(gamePlatforms).orderBy(asc(gamePlatforms.sort), asc(gamePlatforms.id));
}

/** The platform's rows under one code, one per game group it serves. */
export async function platformByCode(db: DbOrTx, code: string): Promise<PlatformRow[]> {
  return db.select().from(gamePlatforms).where(eq(gamePlatforms.gpCode, code)).orderBy(asc(gamePlatforms.sort));
}

/** Every platform's code, group, names and switches, in the catalogue's order (what a back-office page lists). */
export async function platformSummaries(db: DbOrTx) {
  return db
    .select({
      gpCode: gamePlatforms.gpCode,
      group: gamePlatforms.group,
      name: gamePlatforms.name,
      nameEn: gamePlatforms.nameEn,
      status: gamePlatforms.status,
      maintainStatus: gamePlatforms.maintainStatus,
    })
    .from(gamePlatforms)
    .orderBy(asc(gamePlatforms.sort), asc(gamePlatforms.id));
}
