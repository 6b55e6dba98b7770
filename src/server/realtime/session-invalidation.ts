// Keeps the per-instance session cache honest about what the publisher tells browsers. The publisher is decorated,
// not patched: every service and route is handed the decorated one, and the socket publisher underneath stays as
// it was built.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { INVALIDATE_CHANNEL, MAX_IDS_PER_MESSAGE } from './invalidation-channel.ts';
import type { Publisher } from './publisher.ts';

/** What this needs of the auth domain's session cache: forgetting what one NOTIFY payload names, on this instance. */
export interface SessionCache {
  invalidate(payload: string): void;
}

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
  const announce =
    database.kind === 'postgres'
      ? playerAnnouncer((payload) => database.db.execute(sql`select pg_notify(${INVALIDATE_CHANNEL}, ${payload})`), warn)
      : undefined;
  return {
    sessionsClosed(ids) {
      for (const id of ids) sessionCache.invalidate(`s:${id}`);
    },
    playerChanged(playerId) {
      // What the player is shown changed, not who they are: their answers go, their sessions stay signed in.
      sessionCache.invalidate(`v:${playerId}`);
      announce?.(playerId);
    },
  };
}

/**
 * The least time between two messages of one instance's announcer. The other instances forget a changed player's
 * GET /auth/me answer this much later at most (plus the message's way), which only a poll there can notice: a page
 * that was told of a change, or made one, asks for a fresh answer (routes.ts, `Cache-Control: no-cache`). Every
 * NOTIFY is a commit that waits for the disk and queues on PostgreSQL's one notification lock: sent back to back
 * under a seamless provider's stream of bets they were 120 a second, and the calls went 15 % faster without them.
 */
export const ANNOUNCE_GAP_MS = 250;

/**
 * Tells the other instances which players changed, many at once. Each change used to be its own NOTIFY, a pooled
 * connection and a commit: in a red-packet rush two for every claim, as many round trips as the claims themselves,
 * and notifying commits queue on one lock in PostgreSQL. Changes are collected and go out together, one id once and
 * up to MAX_IDS_PER_MESSAGE a message, at most one message every `gapMs` (the first of a quiet spell at once), so a
 * burst costs a few statements on one connection. This instance has already forgotten the player (playerChanged).
 */
export function playerAnnouncer(
  send: (payload: string) => Promise<unknown>,
  warn: (err: unknown, msg: string) => void,
  gapMs = ANNOUNCE_GAP_MS,
): (playerId: number) => void {
  let waiting = new Set<number>();
  let sending = false;
  let lastSentAtMs = Number.NEGATIVE_INFINITY;
  const flush = async () => {
    while (waiting.size) {
      const waitMs = lastSentAtMs + gapMs - Date.now();
      // Unreferenced: a pending message does not hold a stopping process open (the cache's TTL bounds what it misses).
      if (waitMs > 0)
        await new Promise((resolve) => {
          setTimeout(resolve, waitMs).unref();
        });
      lastSentAtMs = Date.now();
      const ids = [...waiting];
      waiting = new Set();
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_MESSAGE) {
        await send(`v:${ids.slice(i, i + MAX_IDS_PER_MESSAGE).join(',')}`).catch((err: unknown) => warn(err, 'could not announce a player change'));
      }
    }
    sending = false;
  };
  return (playerId) => {
    waiting.add(playerId);
    // The first change of a burst goes out after the current tick, so what the same tick changes joins it.
    if (!sending) {
      sending = true;
      setImmediate(() => {
        void flush();
      });
    }
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
