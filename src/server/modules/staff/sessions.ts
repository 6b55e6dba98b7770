// Staff sessions: a bearer token turned into the signed-in staff member, for the back office's HTTP calls and for the
// chat console's sockets. A session ends when revoked, at its expiry, after the idle timeout, or when its staff
// member is disabled.
import type { Db } from '../../db/client.ts';
import { hashStaffToken } from './credentials.ts';
import * as repo from './repository.ts';

/** A working day; staff sign in again each shift. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** last_seen_at moves at most this often, so reading pages is not a write each time. */
const STAFF_TOUCH_MS = 60_000;

export interface StaffAuth {
  sessionId: number;
  staffId: number;
  username: string;
  role: string;
  totpEnabled: boolean;
}

/**
 * The staff member a token belongs to, without marking the session used: the chat console's sockets sign in with
 * it, and only the back office's own calls keep a session alive.
 */
export async function authenticateStaffToken(db: Db, token: string, idleTimeoutMs: number): Promise<StaffAuth | undefined> {
  const row = await repo.liveStaffSession(db, hashStaffToken(token), idleTimeoutMs);
  if (!row) return undefined;
  const { lastSeenAt: _seen, ...auth } = row;
  return auth;
}

/** The staff member of a back-office call; the call counts as activity for the idle timeout. */
export async function authenticateStaffCall(db: Db, token: string, idleTimeoutMs: number): Promise<StaffAuth | undefined> {
  const row = await repo.liveStaffSession(db, hashStaffToken(token), idleTimeoutMs);
  if (!row) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > STAFF_TOUCH_MS) await repo.touchStaffSession(db, row.sessionId);
  const { lastSeenAt: _seen, ...auth } = row;
  return auth;
}
