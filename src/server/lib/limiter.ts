// Fixed-window counters shared by every app instance: in Redis when configured, else in PostgreSQL.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

interface HitResult {
  allowed: boolean;
  count: number;
  resetInMs: number;
}

export interface Limiter {
  /** Counts one event under the key and says whether it is within the limit for the window. */
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /**
   * As hit, answered at once when this limiter can decide without a round trip; undefined (nothing counted) when it
   * cannot, and the caller then calls hit. Lets the per-request limit skip a promise on its fast path.
   */
  hitNow?(key: string, limit: number, windowMs: number): HitResult | undefined;
  /** Reads the count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Several counts added in one round trip; each answer is the window's total after the addition. */
export interface SharedCounter {
  addMany(entries: readonly { key: string; n: number; windowMs: number }[]): Promise<{ count: number; resetInMs: number }[]>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function redisLimiter(redis: Redis, prefix = ''): Limiter & SharedCounter {
  return {
    async hit(key, limit, windowMs) {
      const k = `${prefix}rl:${key}`;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return { allowed: count <= limit, count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async addMany(entries) {
      const tx = redis.multi();
      for (const e of entries) {
        const k = `${prefix}rl:${e.key}`;
        tx.incrby(k, e.n).pexpire(k, e.windowMs, 'NX').pttl(k);
      }
      const res = await tx.exec();
      if (!res) throw new Error('redis transaction aborted');
      return entries.map((e, i) => {
        const [count, , ttl] = [res[3 * i]!, res[3 * i + 1]!, res[3 * i + 2]!];
        if (count[0]) throw count[0];
        const ttlMs = Number(ttl[1] ?? e.windowMs);
        return { count: Number(count[1]), resetInMs: ttlMs > 0 ? ttlMs : e.windowMs };
      });
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
  const hitNow = (key: string, limit: number, windowMs: number): HitResult => {
    const now = Date.now();
    let w = live(key, now);
    if (!w) {
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
      w = { count: 0, resetAt: now + windowMs };
      windows.set(key, w);
    }
    w.count++;
    return { allowed: w.count <= limit, count: w.count, resetInMs: w.resetAt - now };
  };
  return {
    hitNow,
    async hit(key, limit, windowMs) {
      return hitNow(key, limit, windowMs);
    },
    async peek(key) {
      return live(key, Date.now())?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** How long a batched limiter keeps counts before sending them to the shared store. */
export const BATCH_FLUSH_MS = 100;
/** The part of a limit a batched limiter counts with a round trip per hit: the last tenth before the limit. */
export const BATCH_EXACT_FRACTION = 0.1;

/**
 * A shared limit (every instance counts into one total in Redis) without a round trip per request: hits are counted
 * in this instance's memory and sent to the shared store in one transaction every `flushMs` (100 ms), whose answer
 * brings back the total of every instance. A request is decided locally while the total it knows, plus its own
 * unsent hits, stays below the last tenth of the limit; in that last tenth each hit makes the round trip and is
 * decided on the shared total, as an unbatched limiter would; past the limit it is refused locally, since a window's
 * total only grows. A key this instance has not seen in the current window also makes the round trip, which learns
 * the window's total and its reset time.
 *
 * Tolerance: an instance's view of the others lags by at most one flush interval plus a round trip, so the hits
 * admitted in one window exceed the limit by at most what the other instances admit locally in that lag, and they
 * admit locally only below the last tenth. For one address to pass the limit it must therefore send more than a
 * tenth of its limit (60 of the default 600 a minute) within about 100 ms to two or more instances; the excess is
 * bounded by what it sends in that time. Limits that must hold exactly (the route limits of sign-in, codes, orders)
 * are counted with a round trip on every hit instead (rateLimitStore's `exact`).
 */
export function batchedLimiter(
  shared: SharedCounter,
  opts: { flushMs?: number; exactFraction?: number; maxKeys?: number } = {},
): Limiter & { flush(): Promise<void> } {
  return new BatchedLimiter(shared, opts.flushMs ?? BATCH_FLUSH_MS, opts.exactFraction ?? BATCH_EXACT_FRACTION, opts.maxKeys ?? MEMORY_LIMITER_MAX_KEYS);
}

/** Per key: the shared total as last answered, this instance's hits not sent yet, and the window's end here. */
interface BatchState {
  known: number;
  pending: number;
  resetAt: number;
  windowMs: number;
}

class BatchedLimiter implements Limiter {
  private readonly states = new Map<string, BatchState>();
  /** Keys with hits not sent yet. */
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  private readonly shared: SharedCounter;
  private readonly flushMs: number;
  private readonly exactFraction: number;
  private readonly maxKeys: number;

  constructor(shared: SharedCounter, flushMs: number, exactFraction: number, maxKeys: number) {
    this.shared = shared;
    this.flushMs = flushMs;
    this.exactFraction = exactFraction;
    this.maxKeys = maxKeys;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const now = Date.now();
    const s = this.states.get(key);
    if (!s || s.resetAt <= now) {
      // A window over here: its unsent hits belong to a window that is over in Redis too (or nearly).
      if (s) this.states.delete(key);
      return this.exact(key, limit, windowMs, now);
    }
    return this.local(key, s, limit, now) ?? this.exact(key, limit, windowMs, now);
  }

  hitNow(key: string, limit: number, _windowMs: number): HitResult | undefined {
    const now = Date.now();
    const s = this.states.get(key);
    // A new window, or one that is over here, is learnt with a round trip: hit's business.
    return s && s.resetAt > now ? this.local(key, s, limit, now) : undefined;
  }

  /** The decision without a round trip (below the last tenth, or past the limit); undefined inside the last tenth. */
  private local(key: string, s: BatchState, limit: number, now: number): HitResult | undefined {
    const count = s.known + s.pending + 1;
    if (count > limit) {
      this.count(key, s);
      return { allowed: false, count, resetInMs: s.resetAt - now };
    }
    if (count > limit - Math.ceil(limit * this.exactFraction)) return undefined;
    this.count(key, s);
    return { allowed: true, count, resetInMs: s.resetAt - now };
  }

  async peek(key: string): Promise<number> {
    return (await this.shared.peek(key)) + (this.states.get(key)?.pending ?? 0);
  }

  async reset(key: string): Promise<void> {
    this.states.delete(key);
    this.dirty.delete(key);
    await this.shared.reset(key);
  }

  /** Sends every key's unsent hits in one transaction and learns the shared totals from its answer. */
  async flush(): Promise<void> {
    this.timer = undefined;
    const batch: { key: string; n: number; windowMs: number }[] = [];
    for (const key of this.dirty) {
      const s = this.states.get(key);
      if (s && s.pending > 0) batch.push({ key, n: s.pending, windowMs: s.windowMs });
      if (s) s.pending = 0;
    }
    this.dirty.clear();
    if (!batch.length) return;
    const sentAt = Date.now();
    // A failed flush loses these hits from the shared total (Redis is away; new hits go to the fallback meanwhile).
    const answers = await this.shared.addMany(batch).catch(() => undefined);
    answers?.forEach((a, i) => this.learn(batch[i]!.key, a, sentAt));
  }

  /** Counts a hit locally, to be sent with the next flush. */
  private count(key: string, s: BatchState): void {
    s.pending++;
    this.dirty.add(key);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** One round trip with this hit and the key's unsent ones; the decision is the shared total's. */
  private async exact(key: string, limit: number, windowMs: number, now: number): Promise<HitResult> {
    let s = this.states.get(key);
    if (!s) {
      if (this.states.size >= this.maxKeys) this.states.delete(this.states.keys().next().value!);
      s = { known: 0, pending: 0, resetAt: now + windowMs, windowMs };
      this.states.set(key, s);
    }
    const n = s.pending + 1;
    s.pending = 0;
    const [answer] = await this.shared.addMany([{ key, n, windowMs }]);
    this.learn(key, answer!, now);
    return { allowed: answer!.count <= limit, count: answer!.count, resetInMs: answer!.resetInMs };
  }

  private learn(key: string, answer: { count: number; resetInMs: number }, sentAt: number): void {
    const s = this.states.get(key);
    if (!s) return;
    s.known = answer.count;
    s.resetAt = sentAt + answer.resetInMs;
  }
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
    hitNow(key, limit, windowMs) {
      // No command is sent on this path, so none can fail: the switch to the fallback is hit's, on the next round trip.
      if (!isUp()) {
        note(true);
        return fallback.hitNow?.(key, limit, windowMs);
      }
      return primary.hitNow?.(key, limit, windowMs);
    },
    peek: (key) => run((l) => l.peek(key)),
    reset: (key) => run((l) => l.reset(key)),
  };
}

/** What @fastify/rate-limit asks of a store (its `store` option); see node_modules/@fastify/rate-limit/store. */
interface RateLimitStoreResult {
  current: number;
  ttl: number;
}
type RateLimitCallback = (err: Error | null, result?: RateLimitStoreResult) => void;

/**
 * Spread into a route's rateLimit options: its limit is counted by the batched limiter (batchedLimiter's tolerance)
 * rather than exactly. For limits that bound a flood, not for those that guard a secret or money.
 */
export const BATCHED_ROUTE_LIMIT = { batched: true } as const;

/**
 * Wraps a Limiter as a store class for @fastify/rate-limit, so the plugin's per-request limit counts where the app's
 * limiter counts (Redis, or this instance's memory while Redis is away) instead of in the plugin's own Redis store,
 * which can only fail open (skipOnError) or fail every request. Routes with limits of their own get a key prefix.
 */
export function rateLimitStore(limiters: { global: Limiter; exact: Limiter }) {
  return class LimiterStore {
    readonly prefix: string;
    readonly limiter: Limiter;
    // The plugin-wide limit (every API route without one of its own) may be batched; a route's own limit is exact.
    constructor(_params?: unknown, prefix = 'frl:', limiter = limiters.global) {
      this.prefix = prefix;
      this.limiter = limiter;
    }
    incr(key: string, cb: RateLimitCallback, timeWindow: number, max: number): void {
      this.limiter.hit(`${this.prefix}${key}`, max, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.resetInMs }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // The plugin hands the route's merged options with the route itself under routeInfo (empty for a plugin-wide child).
    // A route whose limit only bounds a runaway sender says `batched: true` (BATCHED_ROUTE_LIMIT) and is counted like
    // the plugin-wide limit, without a round trip per request.
    child(routeOptions: object): LimiterStore {
      const route = 'routeInfo' in routeOptions ? (routeOptions.routeInfo as { method?: unknown; url?: unknown }) : {};
      const batched = 'batched' in routeOptions && routeOptions.batched === true;
      return new LimiterStore(undefined, `${this.prefix}${String(route.method ?? '')}${String(route.url ?? '')}-`, batched ? limiters.global : limiters.exact);
    }
  };
}

/** The plugin-wide request limit's options: the limit per address and window, and the error a refusal throws. */
export interface RequestLimitOptions {
  max: number;
  windowMs: number;
  /** Which requests count (the API's); the others pass without a count. */
  applies: (request: FastifyRequest) => boolean;
  /** The error a request over the limit is answered with (status 429; the error handler gives it the site's shape). */
  refusal: () => Error;
}

/**
 * The per-request limit on every API route without a limit of its own, as an onRequest hook of our own instead of
 * @fastify/rate-limit's global one: the same key (the plugin's normalised address under its 'frl:' prefix), its
 * headers (from nine tenths of the limit on) and the same 429, but a request the limiter decides locally (batchedLimiter: nearly all of them) goes on in
 * the same tick, with no promise or await, where the plugin spent three awaits and a store callback on every request.
 * Routes with a limit of their own (config.rateLimit) keep the plugin, whose round trip per hit stays exact; routes
 * with `rateLimit: false` are not counted.
 */
export function requestLimitHook(limiter: Limiter, opts: RequestLimitOptions) {
  const { max, windowMs } = opts;
  // The x-ratelimit-* headers go out once an address has used nine tenths of its limit, and on the refusal: far below
  // it they tell a client nothing it acts on, and they were three headers (90 bytes) on every API answer, a tenth of a
  // cached GET /api/auth/me's cost on the server and more on a phone's connection. @fastify/rate-limit leaves them
  // out the same way with addHeadersOnExceeding: false; here a client nearing the limit still sees them.
  const nearFrom = max - Math.ceil(max / 10);
  const answer = (reply: FastifyReply, r: HitResult, done: HookHandlerDoneFunction) => {
    if (r.allowed && r.count <= nearFrom) {
      done();
      return;
    }
    const resetS = Math.ceil(r.resetInMs / 1000);
    reply.header('x-ratelimit-limit', max);
    if (r.allowed) {
      reply.header('x-ratelimit-remaining', Math.max(0, max - r.count));
      reply.header('x-ratelimit-reset', resetS);
      done();
      return;
    }
    reply.header('x-ratelimit-remaining', 0);
    reply.header('x-ratelimit-reset', resetS);
    reply.header('retry-after', resetS);
    done(opts.refusal());
  };
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if ((request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined || !opts.applies(request)) {
      done();
      return;
    }
    // An IPv4 address is its own key: the plugin's normalizeIP tests every address against its IPv6 pattern first.
    const ip = request.ip;
    const key = `frl:${ip.includes(':') ? normalizeIP(ip) : ip}`;
    const now = limiter.hitNow?.(key, max, windowMs);
    if (now) {
      answer(reply, now, done);
      return;
    }
    limiter.hit(key, max, windowMs).then(
      (r) => answer(reply, r, done),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  };
}
