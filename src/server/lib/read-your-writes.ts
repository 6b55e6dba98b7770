// Read your own writes across instances and the read replica (db/reader.ts): whoever just wrote, a player or a staff
// member, reads from the primary for a while on every instance, and a signed-in player's own change drops their
// cached view before the answer leaves. The app installs the hooks and wraps its publisher with these (app.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { bindRequestContext, type ReadRouter, type RecentWriters } from '../db/reader.ts';
import type { Publisher } from '../realtime/publisher.ts';

/** Who a request acts for, as the reader keys recent writers: 'p:<player id>', 's:<staff id>', or none. */
export function principalOf(request: FastifyRequest): string | undefined {
  if (request.auth) return `p:${request.auth.playerId}`;
  const staff = (request as { staff?: { staffId: number } }).staff;
  return staff ? `s:${staff.staffId}` : undefined;
}

/**
 * The hooks that keep a writer's reads on the primary. A signed-in player's own change (a transfer, a setting) is
 * answered only after their cached view here is gone; the other instances hear of it a little later
 * (session-invalidation.ts), and the page's GET /auth/me after a change asks for a fresh answer, so it shows the
 * change on whichever instance it reaches. `playerChanged` drops this instance's cached view of a player.
 */
export function readYourWritesHooks(app: FastifyInstance, database: Database, invalidation: { playerChanged(playerId: number): void }): void {
  // A callback hook: a read (most requests) passes in the same tick, where an async hook costs promise ticks.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET') return done(null, payload);
    if (request.auth) invalidation.playerChanged(request.auth.playerId);
    // Read your own writes: whoever just wrote reads from the primary for a while, on every instance (db/reader.ts).
    // Awaited, so the mark is in place before the answer reaches the caller.
    const who = principalOf(request);
    if (!who) return done(null, payload);
    database.reads.wrote(who).then(
      () => done(null, payload),
      (err: unknown) => {
        app.log.warn({ err }, 'could not mark a recent writer');
        done(null, payload);
      },
    );
  });
  // Each request runs with its principal known to the reader, which sends a recent writer's reads to the primary.
  app.addHook('onRequest', (request, _reply, done) => bindRequestContext(() => principalOf(request), done));
  // Again once the body is read: a body parser's stream events run outside the context bound above. GET and HEAD
  // have no body parsed (Fastify skips the parsers), so their handlers still run inside it.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done();
    bindRequestContext(() => principalOf(request), done);
  });
}

/** Recent writers in Redis with an expiry, so a player's next read on any instance knows of their write. */
export function redisRecentWriters(redis: Redis, prefix: string): RecentWriters {
  return {
    async mark(key, forMs) {
      await redis.set(`${prefix}rw:${key}`, '1', 'PX', forMs);
    },
    async has(key) {
      return (await redis.exists(`${prefix}rw:${key}`)) === 1;
    },
  };
}

/**
 * Whatever the site tells a player about (a credited deposit, a settled transfer) also sends their reads to the
 * primary for a while: the browser refetches its records on such an event and must find the change. The mark is
 * sent before the event on the same Redis connection, so it is in place when the browser asks.
 */
export function readYourWritesPublisher(inner: Publisher, reads: ReadRouter): Publisher {
  if (!reads.status().configured) return inner;
  return {
    ...inner,
    toPlayer(playerId, event, payload) {
      void reads.wrote(`p:${playerId}`).catch(() => {});
      inner.toPlayer(playerId, event, payload);
    },
  };
}
