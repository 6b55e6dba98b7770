// Keeps the per-instance session cache honest about what the publisher tells browsers. The publisher is decorated,
// not patched: every service and route is handed the decorated one, and the socket publisher underneath stays as
// it was built.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { INVALIDATE_CHANNEL, type SessionCache } from '../modules/auth/session-cache.ts';
import type { Publisher } from './publisher.ts';

export interface SessionInvalidation {
  /** Revoked sessions: this instance forgets them at once, before the answer goes out, rather than when NOTIFY arrives. */
  sessionsClosed(sessionIds: number[]): void;
  /**
   * Whatever a player is told changed also drops their cached GET /auth/me answer, here at once and on the other
   * instances through the same NOTIFY channel the database's triggers use.
   */
  playerChanged(playerId: number): void;
}

export function sessionInvalidation(sessionCache: SessionCache, database: Database, warn: (err: unknown, msg: string) => void): SessionInvalidation {
  return {
    sessionsClosed(ids) {
      for (const id of ids) sessionCache.invalidate(`s:${id}`);
    },
    playerChanged(playerId) {
      sessionCache.invalidate(`p:${playerId}`);
      if (database.kind === 'postgres') {
        void database.db.execute(sql`select pg_notify(${INVALIDATE_CHANNEL}, ${`p:${playerId}`})`)
          .catch((err: unknown) => warn(err, 'could not announce a player change'));
      }
    },
  };
}

/** A publisher that invalidates the session cache before it passes each disconnect and player event on. */
export function invalidatingPublisher(inner: Publisher, invalidation: SessionInvalidation): Publisher {
  return {
    toPlayer(playerId, event, payload) {
      invalidation.playerChanged(playerId);
      inner.toPlayer(playerId, event, payload);
    },
    toSessions: (ids, event, payload) => inner.toSessions(ids, event, payload),
    toSystem: (event, payload) => inner.toSystem(event, payload),
    disconnectSessions(ids) {
      invalidation.sessionsClosed(ids);
      inner.disconnectSessions(ids);
    },
  };
}
