// What other domains may ask of a player's account and sessions (player protection: who the player is, how long
// their session has run, ending sessions). They call these instead of reading the players and sessions tables.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

export interface PlayerIdentity {
  id: number;
  account: string;
  phone: string | null;
}
export interface SessionStart {
  id: number;
  createdAt: Date;
}

export async function playerIdentity(db: DbOrTx, playerId: number): Promise<PlayerIdentity | undefined> {
  const row = await repo.playerById(db, playerId);
  return row && { id: row.id, account: row.account, phone: row.phone };
}

/** Locks the player's row until the caller's transaction ends, so two changes to one player run one after the other. */
export async function lockPlayerRow(tx: DbOrTx, playerId: number): Promise<void> {
  await tx.execute(sql`select id from players where id = ${playerId} for update`);
}

function sessionStart(r: { id: string | number; created_at: string | Date } | undefined): SessionStart | undefined {
  return r ? { id: Number(r.id), createdAt: new Date(r.created_at) } : undefined;
}

/** The player's live session (one per player: a new login revokes the others). */
export async function liveSessionOf(db: DbOrTx, playerId: number): Promise<SessionStart | undefined> {
  const res = await db.execute<{ id: string | number; created_at: string | Date }>(sql`select id, created_at from sessions
    where player_id = ${playerId} and revoked_at is null and expires_at > now() order by id desc limit 1`);
  return sessionStart(res.rows[0]);
}

export async function sessionStartOf(db: DbOrTx, sessionId: number): Promise<SessionStart | undefined> {
  const res = await db.execute<{ id: string | number; created_at: string | Date }>(sql`select id, created_at from sessions where id = ${sessionId}`);
  return sessionStart(res.rows[0]);
}

/** Ends these sessions with a reason (kick, logout, ...); their sockets are the caller's to close after commit. */
export function endSessions(db: DbOrTx, sessionIds: number[], reason: string): Promise<void> {
  return repo.revokeSessions(db, sessionIds, reason);
}

/** Ends every live session of the player except `keepSessionId` (0 keeps none), answering the ids it ended. */
export function endOtherSessions(db: DbOrTx, playerId: number, keepSessionId: number, reason: string): Promise<number[]> {
  return repo.revokeOtherSessions(db, playerId, keepSessionId, reason);
}
