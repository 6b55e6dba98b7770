// SQL for players, their sessions and verification codes; the central wallet account through the ledger.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { levels, players, sessions, verificationCodes } from '../../db/schema.ts';
import { openPlayerAccountInTx } from '../../ledger/accounts.ts';
import { centralBalanceOf } from '../../ledger/read.ts';
import { PLAYER_STATUS } from '../../../shared/statuses.ts';

export type PlayerRow = typeof players.$inferSelect;

export async function findPlayerForLogin(db: DbOrTx, login: string): Promise<PlayerRow | undefined> {
  // A phone number works as the account, so one lookup covers both.
  const rows = await db
    .select()
    .from(players)
    .where(sql`lower(${players.account}) = lower(${login}) or ${players.phone} = ${login}`)
    .orderBy(players.id)
    .limit(1);
  return rows[0];
}

export async function accountOrPhoneTaken(db: DbOrTx, account: string, phone: string) {
  const rows = await db
    .select({ account: players.account, phone: players.phone })
    .from(players)
    .where(sql`lower(${players.account}) = lower(${account}) or ${players.phone} = ${phone}`)
    .limit(2);
  return {
    account: rows.some((r) => r.account.toLowerCase() === account.toLowerCase()),
    phone: rows.some((r) => r.phone === phone),
  };
}

export async function findReferrer(db: DbOrTx, code: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(sql`lower(${players.recommendCode}) = lower(${code})`)
    .limit(1);
  return rows[0]?.id;
}

export async function countRegisteredFromIp(db: DbOrTx, ip: string, sinceMs: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(players)
    .where(and(eq(players.registerIp, ip), gt(players.createdAt, new Date(Date.now() - sinceMs))));
  return rows[0]?.n ?? 0;
}

export async function insertPlayer(db: DbOrTx, values: typeof players.$inferInsert): Promise<PlayerRow> {
  const rows = await db.insert(players).values(values).returning();
  return rows[0]!;
}

/** Opens the new player's central account in the registration's transaction, which alone sees the player yet. */
export async function openCentralAccount(db: DbOrTx, playerId: number): Promise<void> {
  await openPlayerAccountInTx(db, playerId, 'central');
}

export function centralBalanceMinor(db: DbOrTx, playerId: number): Promise<bigint> {
  return centralBalanceOf(db, playerId);
}

/** The player and their level in one read (GET /auth/me runs on every page and every 10 s). */
export async function playerWithLevel(db: DbOrTx, id: number) {
  const rows = await db
    .select({ player: players, level: levels })
    .from(players)
    .leftJoin(levels, eq(levels.id, players.levelId))
    .where(eq(players.id, id))
    .limit(1);
  return rows[0] ? { player: rows[0].player, level: rows[0].level ?? undefined } : undefined;
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  const rows = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return rows[0]!.id;
}

/** Revokes every live session of the player except one, returning the ids it revoked. */
export async function revokeOtherSessions(db: DbOrTx, playerId: number, keepId: number, reason: string): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.playerId, playerId), isNull(sessions.revokedAt), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function revokeSessions(db: DbOrTx, ids: number[], reason: string): Promise<void> {
  if (!ids.length) return;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
}

/**
 * A session that still works: not revoked, within its sliding expiry and its absolute lifetime, and its
 * player not disabled (a disabled player's token stops working at once, not at its next login).
 */
export async function liveSessionByHash(db: DbOrTx, tokenHash: Buffer, absoluteMs: number) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      playerId: sessions.playerId,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      // Read with the session so the forced password change costs no extra round trip.
      statusForcePassword: players.statusForcePassword,
    })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, sql`now() - ${absoluteMs} * interval '1 millisecond'`),
        eq(players.status, PLAYER_STATUS.active),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Slides a live session's expiry forward, never past its absolute lifetime; the new expiry, or undefined when it is no longer live. */
export async function touchSession(db: DbOrTx, sessionId: number, ttlMs: number, absoluteMs: number): Promise<Date | undefined> {
  const rows = await db
    .update(sessions)
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`least(now() + ${ttlMs} * interval '1 millisecond', ${sessions.createdAt} + ${absoluteMs} * interval '1 millisecond')`,
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ expiresAt: sessions.expiresAt });
  return rows[0]?.expiresAt;
}

export async function playerById(db: DbOrTx, id: number): Promise<PlayerRow | undefined> {
  const rows = await db.select().from(players).where(eq(players.id, id)).limit(1);
  return rows[0];
}

export async function setLastLogin(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(players)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(players.id, id));
}

export async function insertCode(db: DbOrTx, values: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

export async function latestCode(db: DbOrTx, phone: string, purpose: string) {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** Whether the phone's newest code of the purpose can still be used: unused, unexpired and with tries left. */
export async function hasLiveCode(db: DbOrTx, phone: string, purpose: string, maxAttempts: number): Promise<boolean> {
  const newest = await latestCode(db, phone, purpose);
  return !!newest && newest.expiresAt.getTime() > Date.now() && newest.attempts < maxAttempts;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
