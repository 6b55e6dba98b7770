// What the wallet may know and set of a player, asked through this file rather than by reading the players and
// sessions tables: whether the central wallet follows the player into each game (automatic transfer), the game
// groups and platforms barred to them (the blacklist), and what the back office's money page shows at its top.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { players, sessions } from '../../db/schema.ts';

export type Blacklist = { type: string[]; game_platform_code: string[] };

/** The automatic-transfer switch and the blacklist; undefined for an unknown player. */
export async function playerFlags(db: DbOrTx, playerId: number) {
  const rows = await db.select({ autoTransfer: players.autoTransfer, blacklist: players.blacklist }).from(players).where(eq(players.id, playerId));
  return rows[0];
}

export async function setAutoTransfer(db: DbOrTx, playerId: number, on: boolean): Promise<void> {
  await db.update(players).set({ autoTransfer: on }).where(eq(players.id, playerId));
}

/** What the player page shows at the top; never the password hash, and no contact details. */
export async function playerSummary(db: DbOrTx, where: { id: number } | { account: string }) {
  const rows = await db
    .select({
      id: players.id,
      account: players.account,
      levelId: players.levelId,
      status: players.status,
      autoTransfer: players.autoTransfer,
      blacklist: players.blacklist,
      createdAt: players.createdAt,
      lastLoginAt: players.lastLoginAt,
      online: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.playerId} = ${players.id}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
    })
    .from(players)
    .where('id' in where ? eq(players.id, where.id) : sql`lower(${players.account}) = lower(${where.account})`)
    .limit(1);
  return rows[0];
}

/** Locks the player row for a read-modify-write of its blacklist, until the caller's transaction ends. */
export async function blacklistForUpdate(db: DbOrTx, playerId: number): Promise<{ account: string; blacklist: Blacklist } | undefined> {
  const rows = await db.select({ account: players.account, blacklist: players.blacklist }).from(players).where(eq(players.id, playerId)).for('update').limit(1);
  return rows[0];
}

export async function setBlacklist(db: DbOrTx, playerId: number, blacklist: Blacklist): Promise<void> {
  await db.update(players).set({ blacklist }).where(eq(players.id, playerId));
}
