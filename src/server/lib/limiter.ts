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
