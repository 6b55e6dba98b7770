// SQL of the back office's player list, a player's existence check, the revocation of every session of a player
// (a kick, a disabled account, a password reset) and the dashboard's player counts, over auth's own tables.
import { and, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { players, sessions } from '../../../db/schema.ts';
import { offsetOf, type Paging } from '../../../../shared/schemas/paging.ts';

const countOf = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

/** Escapes LIKE wildcards so an operator's search text matches literally. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const liveSessionOf = (playerId: SQL | typeof players.id) => sql`
  exists (select 1 from ${sessions} where ${sessions.playerId} = ${playerId}
    and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`;

export async function listPlayers(db: DbOrTx, p: Paging & { q?: string }) {
  const where = p.q
    ? or(ilike(players.account, `%${likeText(p.q)}%`), like(players.phone, `${likeText(p.q)}%`))
    : undefined;
  const [rows, total] = await Promise.all([
    // Columns are listed one by one: the password hash never leaves this module.
    db.select({
      id: players.id, account: players.account, phone: players.phone, levelId: players.levelId, status: players.status,
      createdAt: players.createdAt, lastLoginAt: players.lastLoginAt, registerIp: players.registerIp,
      online: sql<boolean>`${liveSessionOf(players.id)}`,
    }).from(players).where(where).orderBy(desc(players.id)).limit(p.pageSize).offset(offsetOf(p)),
    db.select({ n: sql<number>`count(*)::int` }).from(players).where(where),
  ]);
  return { rows, total: countOf(total) };
}

export async function playerExists(db: DbOrTx, id: number): Promise<{ id: number; account: string } | undefined> {
  const rows = await db.select({ id: players.id, account: players.account }).from(players).where(eq(players.id, id)).limit(1);
  return rows[0];
}

/** Revokes every live session of a player, returning the ids it revoked. */
export async function revokePlayerSessions(db: DbOrTx, playerId: number, reason: string): Promise<number[]> {
  const rows = await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Registered players, and those with a live session. */
export async function playerCounts(db: DbOrTx): Promise<{ total: number; online: number }> {
  const rows = await db.select({
    total: sql<number>`count(*)::int`,
    online: sql<number>`(select count(distinct ${sessions.playerId})::int from ${sessions}
      where ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
  }).from(players);
  return { total: rows[0]?.total ?? 0, online: rows[0]?.online ?? 0 };
}
