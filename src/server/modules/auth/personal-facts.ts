// What the cashier may know and set of a player's personal details, asked through this file rather than by
// reading the players and levels tables: the name, birthday and gender a withdrawal account must match (read, or
// locked until the caller's transaction ends so two first withdrawals fill them in one after the other), the
// details filled in once, the withdrawal terms of the player's level, and the real name beside a finance desk's list.
import { eq, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levels, players } from '../../db/schema.ts';

const personalColumns = { id: players.id, realName: players.realName, levelId: players.levelId, birthday: players.birthday, gender: players.gender };

/** The player's personal details, with the row locked until the caller's transaction ends. */
export async function playerForUpdate(db: DbOrTx, playerId: number) {
  const rows = await db.select(personalColumns).from(players).where(eq(players.id, playerId)).for('update');
  return rows[0];
}

export async function playerRow(db: DbOrTx, playerId: number) {
  const rows = await db.select(personalColumns).from(players).where(eq(players.id, playerId));
  return rows[0];
}

export async function setPersonalInfo(db: DbOrTx, playerId: number, values: { realName: string; gender: string; birthday: string }): Promise<void> {
  await db.update(players).set(values).where(eq(players.id, playerId));
}

/** The level's row, with its withdrawal terms: free withdrawals a day, the fee after them, the daily cap. */
export async function levelTerms(db: DbOrTx, levelId: number) {
  return (await db.select().from(levels).where(eq(levels.id, levelId)))[0];
}

/**
 * A scalar sub-select of the real name of the player whose id the caller's column holds, so a list of another
 * domain shows it in its own single statement. The column is written qualified: inside a select list drizzle
 * would render it bare, and a bare name may bind to the players row.
 */
export function realNameOf(playerId: Column): SQL<string> {
  return sql<string>`(select p.real_name from players p where p.id = ${sql.raw(`"${getTableName(playerId.table)}"."${playerId.name}"`)})`;
}
