// SQL of the back-office player profile: personal details, status and live sessions (its bank cards are the cashier's).
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { players, sessions } from '../../../db/schema.ts';

const profileColumns = {
  id: players.id,
  account: players.account,
  status: players.status,
  realName: players.realName,
  gender: players.gender,
  birthday: players.birthday,
  phone: players.phone,
  createdAt: players.createdAt,
  lastLoginAt: players.lastLoginAt,
  registerIp: players.registerIp,
};

export async function profile(db: DbOrTx, playerId: number) {
  const rows = await db.select(profileColumns).from(players).where(eq(players.id, playerId)).limit(1);
  return rows[0];
}

/** The player's row, locked until the transaction ends so two operators' edits apply one after the other. */
export async function profileForUpdate(db: DbOrTx, playerId: number) {
  const rows = await db.select(profileColumns).from(players).where(eq(players.id, playerId)).limit(1).for('update');
  return rows[0];
}

export async function liveSessionCount(db: DbOrTx, playerId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return rows[0]?.n ?? 0;
}

export async function phoneTakenByOther(db: DbOrTx, phone: string, playerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.phone, phone), ne(players.id, playerId)))
    .limit(1);
  return rows.length > 0;
}

export async function setStatus(db: DbOrTx, playerId: number, status: number): Promise<void> {
  await db.update(players).set({ status }).where(eq(players.id, playerId));
}

export async function setProfile(
  db: DbOrTx,
  playerId: number,
  values: { realName: string; gender: string; birthday: string; phone: string | null },
): Promise<void> {
  await db.update(players).set(values).where(eq(players.id, playerId));
}
