// What the VIP domain may know and set of players' levels, asked through this file rather than by reading the
// players and levels tables: the level table and its edits, a player's level (and birthday, for the birthday
// reward), moving a player to a level, the players at each level, and the players a nightly or monthly job goes
// through, handed out as derived tables so the job's own statement stays one statement.
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levels, players } from '../../db/schema.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';

export type LevelRow = typeof levels.$inferSelect;
export type LevelPatch = Partial<typeof levels.$inferInsert>;

/** Every level, lowest first. */
export async function allLevels(db: DbOrTx): Promise<LevelRow[]> {
  return db.select().from(levels).orderBy(asc(levels.id));
}

/** Edits a level's own columns (names, withdrawal terms) in the caller's transaction. */
export async function updateLevel(tx: DbOrTx, levelId: number, patch: LevelPatch): Promise<void> {
  await tx.update(levels).set(patch).where(eq(levels.id, levelId));
}

/** The player's level and birthday; undefined for an unknown player. */
export async function levelAndBirthday(db: DbOrTx, playerId: number): Promise<{ levelId: number; birthday: string } | undefined> {
  return (await db.select({ levelId: players.levelId, birthday: players.birthday }).from(players).where(eq(players.id, playerId)))[0];
}

/** The player's level; undefined for an unknown player. */
export async function levelIdOf(db: DbOrTx, playerId: number): Promise<number | undefined> {
  return (await db.select({ levelId: players.levelId }).from(players).where(eq(players.id, playerId)))[0]?.levelId;
}

/** The levels of the given players, by id; an unknown id is absent. */
export async function levelIdsOf(db: DbOrTx, playerIds: number[]): Promise<Map<number, number>> {
  if (!playerIds.length) return new Map();
  const rows = await db.select({ id: players.id, levelId: players.levelId }).from(players).where(inArray(players.id, playerIds));
  return new Map(rows.map((r) => [r.id, r.levelId]));
}

/** Moves the player to a level, in the caller's transaction (which records why in its own history). */
export async function setPlayerLevel(tx: DbOrTx, playerId: number, levelId: number): Promise<void> {
  await tx.update(players).set({ levelId }).where(eq(players.id, playerId));
}

/** Locks the player's row until the caller's transaction ends; false for an unknown player. */
export async function lockPlayer(tx: DbOrTx, playerId: number): Promise<boolean> {
  const rows = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for('update');
  return rows.length > 0;
}

/** How many players are at each level (a level nobody is at is absent). */
export async function playersAtLevels(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ levelId: players.levelId, n: sql<number>`count(*)::int` })
    .from(players)
    .groupBy(players.levelId);
  return new Map(rows.map((r) => [r.levelId, Number(r.n)]));
}

/** A derived table (id, level_id, birthday) of the active players, for a caller to select from in one statement. */
export function activePlayersTable(): SQL {
  return sql`(select id, level_id, birthday from players where status = ${PLAYER_STATUS.active})`;
}

/** A derived table (id, level_id) of the given players that exist, whatever their status. */
export function playersAmongTable(playerIds: readonly number[]): SQL {
  return sql`(select id, level_id from players where id = any(${`{${playerIds.join(',')}}`}::bigint[]))`;
}

/** A derived table (id, level_id, created_at) of the players above level 0, whatever their status. */
export function leveledPlayersTable(): SQL {
  return sql`(select id, level_id, created_at from players where level_id > 0)`;
}
