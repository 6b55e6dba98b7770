// SQL of the lobby's back office: game platforms and games, read and changed by operators.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { gamePlatforms, games } from '../../../db/schema.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';

export type PlatformRow = typeof gamePlatforms.$inferSelect;
export type GameRow = typeof games.$inferSelect;

/** Every platform, in the lobby's order; there are a few dozen at most. */
export async function allPlatforms(db: DbOrTx): Promise<PlatformRow[]> {
  return db.select().from(gamePlatforms).orderBy(asc(gamePlatforms.sort), asc(gamePlatforms.id)).limit(500);
}

/** Locks a platform row for a read-modify-write, so two operators' edits apply one after the other. */
export async function platformForUpdate(db: DbOrTx, id: number): Promise<PlatformRow | undefined> {
  const rows = await db.select().from(gamePlatforms).where(eq(gamePlatforms.id, id)).for('update').limit(1);
  return rows[0];
}

export async function updatePlatform(db: DbOrTx, id: number, patch: Partial<typeof gamePlatforms.$inferInsert>): Promise<PlatformRow> {
  const rows = await db.update(gamePlatforms).set(patch).where(eq(gamePlatforms.id, id)).returning();
  return rows[0]!;
}

export async function listGames(db: DbOrTx, p: Paging & { code?: string; group?: string }) {
  const where = and(p.code ? eq(games.gpCode, p.code) : undefined, p.group ? eq(games.group, p.group) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(games).where(where).orderBy(asc(games.group), asc(games.sort), asc(games.id)).limit(p.pageSize).offset(offsetOf(p)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function gameForUpdate(db: DbOrTx, id: number): Promise<GameRow | undefined> {
  const rows = await db.select().from(games).where(eq(games.id, id)).for('update').limit(1);
  return rows[0];
}

export async function updateGame(db: DbOrTx, id: number, patch: Partial<typeof games.$inferInsert>): Promise<GameRow> {
  const rows = await db.update(games).set(patch).where(eq(games.id, id)).returning();
  return rows[0]!;
}
