// Keeps the per-instance session cache honest about what the publisher tells browsers. The publisher is decorated,
// not patched: every service and route is handed the decorated one, and the socket publisher underneath stays as
// it was built.
import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { INVALIDATE_CHANNEL, MAX_IDS_PER_MESSAGE, type SessionCache } from '../modules/auth/session-cache.ts';
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
  const announce = database.kind === 'postgres'
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
 * The least time between two messages of a stream of changes. Each message is a statement and a commit of its own,
 * and a notifying commit waits for its WAL flush holding the one lock every notifying commit takes: sent as often
 * as the last one came back, a seamless provider's stream of bets (one change per call) cost about one NOTIFY
 * commit per call. A change after a quiet moment still goes out at once; within a stream the other instances hear
 * of it at most this much later. Their cached answer is what a player's GET /auth/me may be served after the
 * player's event, which travels through the realtime publisher and the browser first, so the wait stays small
 * beside the way the event itself takes.
 */
export const ANNOUNCE_GAP_MS = 20;

/**
 * Tells the other instances which players changed, many at once. Each change used to be its own NOTIFY, a pooled
 * connection and a commit: in a red-packet rush two for every claim, as many round trips as the claims themselves,
 * and notifying commits queue on one lock in PostgreSQL. Changes are collected while one message is on its way and
 * for gapMs after it, and go out together in the next (one id once, up to MAX_IDS_PER_MESSAGE a message), so a
 * burst or a stream costs a few statements on one connection. This instance has already forgotten the player
 * (playerChanged); the others learn it at most gapMs later than before, since the message was never awaited.
 */
export function playerAnnouncer(send: (payload: string) => Promise<unknown>, warn: (err: unknown, msg: string) => void, gapMs = ANNOUNCE_GAP_MS): (playerId: number) => void {
  let waiting = new Set<number>();
  let sending = false;
  const flush = async () => {
    sending = true;
    while (waiting.size) {
      const ids = [...waiting];
      waiting = new Set();
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_MESSAGE) {
        await send(`v:${ids.slice(i, i + MAX_IDS_PER_MESSAGE).join(',')}`).catch((err: unknown) => warn(err, 'could not announce a player change'));
      }
      // What changes meanwhile joins the next message, sent when the gap is over (nothing is sent if nothing did).
      if (gapMs > 0) await setTimeout(gapMs, undefined, { ref: false });
    }
    sending = false;
  };
  return (playerId) => {
    waiting.add(playerId);
    // The first change of a burst goes out after the current tick, so what the same tick changes joins it.
    if (!sending) {
      sending = true;
      setImmediate(() => { void flush(); });
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
