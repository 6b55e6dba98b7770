// Fixed-window counters shared by every app instance: in Redis when configured, else in PostgreSQL.
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

interface HitResult { allowed: boolean; count: number; resetInMs: number }

export interface Limiter {
  /** Counts one event under the key and says whether it is within the limit for the window. */
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** Reads the count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function redisLimiter(redis: Redis, prefix = ''): Limiter {
  return {
    async hit(key, limit, windowMs) {
      const k = `${prefix}rl:${key}`;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return { allowed: count <= limit, count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      return Number((await redis.get(`${prefix}rl:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
  };
}

export function pgLimiter(db: Db): Limiter {
  return {
    async hit(key, limit, windowMs) {
      // One statement: a new or expired window starts at 1, a live one counts up.
      const rows = await db.execute<{ count: number; reset_at: Date | string }>(sql`
        insert into rate_counters (key, count, reset_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= now() then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= now() then excluded.reset_at else rate_counters.reset_at end
        returning count, reset_at`);
      const row = rows.rows[0]!;
      const resetInMs = Math.max(0, new Date(row.reset_at).getTime() - Date.now());
      return { allowed: row.count <= limit, count: row.count, resetInMs };
    },
    async peek(key) {
      const rows = await db.execute<{ count: number }>(sql`select count from rate_counters where key = ${key} and reset_at > now()`);
      return rows.rows[0]?.count ?? 0;
    },
    async reset(key) {
      await db.execute(sql`delete from rate_counters where key = ${key}`);
    },
  };
}

/** Keys one in-memory limiter keeps at most; the oldest window is forgotten first. */
const MEMORY_LIMITER_MAX_KEYS = 50_000;

/** Fixed windows in this process's memory: the per-instance limit used while Redis is away. */
export function memoryLimiter(maxKeys = MEMORY_LIMITER_MAX_KEYS): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.resetAt > now) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let w = live(key, now);
      if (!w) {
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= limit, count: w.count, resetInMs: w.resetAt - now };
    },
    async peek(key) {
      return live(key, Date.now())?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * A limiter that counts in the primary store (Redis) and, while that is unreachable, in the fallback: counting goes
 * on instead of failing open (everyone allowed) or failing every request. `isUp` answers without a round trip
 * (ioredis's connection status), so a request does not wait on a dead connection first; a command that still fails
 * is counted in the fallback. `onChange` hears each switch, for the log.
 */
export function limiterWithFallback(primary: Limiter, fallback: Limiter, isUp: () => boolean, onChange: (usingFallback: boolean) => void): Limiter {
  let usingFallback = false;
  const note = (now: boolean) => {
    if (now !== usingFallback) {
      usingFallback = now;
      onChange(now);
    }
  };
  const run = async <T>(fn: (l: Limiter) => Promise<T>): Promise<T> => {
    if (!isUp()) {
      note(true);
      return fn(fallback);
    }
    try {
      const answer = await fn(primary);
      note(false);
      return answer;
    } catch {
      note(true);
      return fn(fallback);
    }
  };
  return {
    hit: (key, limit, windowMs) => run((l) => l.hit(key, limit, windowMs)),
    peek: (key) => run((l) => l.peek(key)),
    reset: (key) => run((l) => l.reset(key)),
  };
}

/** What @fastify/rate-limit asks of a store (its `store` option); see node_modules/@fastify/rate-limit/store. */
interface RateLimitStoreResult { current: number; ttl: number }
type RateLimitCallback = (err: Error | null, result?: RateLimitStoreResult) => void;

/**
 * Wraps a Limiter as a store class for @fastify/rate-limit, so the plugin's per-request limit counts where the app's
 * limiter counts (Redis, or this instance's memory while Redis is away) instead of in the plugin's own Redis store,
 * which can only fail open (skipOnError) or fail every request. Routes with limits of their own get a key prefix.
 */
export function rateLimitStore(limiter: Limiter) {
  return class LimiterStore {
    readonly prefix: string;
    constructor(_params?: unknown, prefix = 'frl:') {
      this.prefix = prefix;
    }
    incr(key: string, cb: RateLimitCallback, timeWindow: number, max: number): void {
      limiter.hit(`${this.prefix}${key}`, max, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.resetInMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // The plugin hands the route's merged options with the route itself under routeInfo (empty for a plugin-wide child).
    child(routeOptions: object): LimiterStore {
      const route = 'routeInfo' in routeOptions ? routeOptions.routeInfo as { method?: unknown; url?: unknown } : {};
      return new LimiterStore(undefined, `${this.prefix}${String(route.method ?? '')}${String(route.url ?? '')}-`);
    }
  };
}
