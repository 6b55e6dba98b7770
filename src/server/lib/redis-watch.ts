// How the app watches its Redis connections: one log line when a connection is lost and one when it is back.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * ioredis reconnects by itself (its retry strategy, forever); an 'error' listener keeps its failures out of stderr's
 * "unhandled error event" and logs one line per outage instead of one per attempt.
 */
export function watchRedis(log: FastifyBaseLogger, name: string, redis: Redis | undefined): void {
  if (!redis) return;
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: err.message }, connection: name }, 'redis connection lost; reconnecting');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ connection: name }, 'redis connection back');
  });
}
