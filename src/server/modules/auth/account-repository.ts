// SQL for the account flows (recovery, phone-code login, password change): codes with bounded tries, recovery tickets, password and avatar
// updates, the login history and a player's sessions.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginEvents, players, recoveryTickets, sessions, verificationCodes } from '../../db/schema.ts';

export async function playerByAccount(db: DbOrTx, account: string) {
  const rows = await db
    .select()
    .from(players)
    .where(sql`lower(${players.account}) = lower(${account})`)
    .limit(1);
  return rows[0];
}

export async function playerByPhone(db: DbOrTx, phone: string) {
  const rows = await db.select().from(players).where(eq(players.phone, phone)).limit(1);
  return rows[0];
}

/**
 * Takes one try of the newest live code for the phone and purpose, in one statement so that parallel
 * requests cannot share a try. Answers the code's id and hash, or nothing when no try is left.
 */
export async function takeCodeAttempt(db: DbOrTx, phone: string, purpose: string, maxAttempts: number) {
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, sql`(${newest})`), sql`${verificationCodes.attempts} < ${maxAttempts}`, gt(verificationCodes.expiresAt, sql`now()`)))
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  return rows[0];
}

export async function insertTicket(db: DbOrTx, values: typeof recoveryTickets.$inferInsert): Promise<void> {
  await db.insert(recoveryTickets).values(values);
}

/** Uses a recovery ticket of this player once; false when it is unknown, used, expired or someone else's. */
export async function consumeTicket(db: DbOrTx, tokenHash: Buffer, playerId: number): Promise<boolean> {
  const rows = await db
    .update(recoveryTickets)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(recoveryTickets.tokenHash, tokenHash),
        eq(recoveryTickets.playerId, playerId),
        isNull(recoveryTickets.consumedAt),
        gt(recoveryTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: recoveryTickets.id });
  return rows.length === 1;
}

export async function setPassword(
  db: DbOrTx,
  playerId: number,
  values: {
    passwordHash: string;
    statusForcePassword: number;
    passwordExpiresAt: Date | null;
  },
): Promise<void> {
  await db.update(players).set(values).where(eq(players.id, playerId));
}

export async function setForcePassword(db: DbOrTx, playerId: number, status: number): Promise<void> {
  await db.update(players).set({ statusForcePassword: status }).where(eq(players.id, playerId));
}

export async function setAvatar(db: DbOrTx, playerId: number, avatar: string): Promise<void> {
  await db.update(players).set({ avatar }).where(eq(players.id, playerId));
}

export async function insertLoginEvent(db: DbOrTx, values: typeof loginEvents.$inferInsert): Promise<void> {
  await db.insert(loginEvents).values(values);
}

export async function listLoginEvents(db: DbOrTx, playerId: number, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.playerId, playerId))
      .orderBy(desc(loginEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginEvents)
      .where(eq(loginEvents.playerId, playerId)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function listSessions(db: DbOrTx, playerId: number, limit: number) {
  return db.select().from(sessions).where(eq(sessions.playerId, playerId)).orderBy(desc(sessions.id)).limit(limit);
}

/** Revokes one live session of the player; false when it is not theirs or already ended. */
export async function revokeSession(db: DbOrTx, playerId: number, sessionId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.playerId, playerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function playerById(db: DbOrTx, id: number) {
  const rows = await db.select().from(players).where(eq(players.id, id)).limit(1);
  return rows[0];
}
