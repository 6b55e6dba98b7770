// The plugin-wide request limit counted in batches (lib/limiter.ts, batchedLimiter): most requests are decided without
// a round trip to Redis, the last tenth before the limit is counted exactly, past the limit requests are refused
// locally, and two instances sharing one Redis stay within the stated tolerance of one shared limit. The route limits
// (rateLimitStore's exact limiter) still make a round trip per hit. Redis parts need REDIS_URL, as CI sets it.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  batchedLimiter,
  limiterWithFallback,
  memoryLimiter,
  rateLimitStore,
  redisLimiter,
  type Limiter,
  type SharedCounter,
} from '../../src/server/lib/limiter.ts';

const url = process.env.REDIS_URL;
const redis = url ? new Redis(url) : undefined;
afterAll(async () => {
  await redis?.quit();
});

/** A shared store in memory that counts its round trips, standing in for Redis where only the calls matter. */
function countingStore(): SharedCounter & { roundTrips: number; totals: Map<string, number> } {
  const totals = new Map<string, number>();
  const store = {
    roundTrips: 0,
    totals,
    async addMany(entries: readonly { key: string; n: number; windowMs: number }[]) {
      store.roundTrips++;
      return entries.map((e) => {
        totals.set(e.key, (totals.get(e.key) ?? 0) + e.n);
        return { count: totals.get(e.key)!, resetInMs: e.windowMs };
      });
    },
    async peek(key: string) {
      return totals.get(key) ?? 0;
    },
    async reset(key: string) {
      totals.delete(key);
    },
  };
  return store;
}

describe('batched request limit', () => {
  it('decides requests far from the limit without a round trip and sends their count in one batch', async () => {
    const store = countingStore();
    const limiter = batchedLimiter(store, { flushMs: 60_000 });
    const answers = [];
    for (let i = 0; i < 500; i++) answers.push(await limiter.hit('ip:a', 1_000, 60_000));
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(answers.map((a) => a.count)).toEqual(answers.map((_, i) => i + 1));
    // The first hit of a window learns the shared total; the other 499 wait for the flush.
    expect(store.roundTrips).toBe(1);
    expect(store.totals.get('ip:a')).toBe(1);
    await limiter.flush();
    expect(store.roundTrips).toBe(2);
    expect(store.totals.get('ip:a')).toBe(500);
  });

  it('counts the last tenth before the limit exactly, then refuses locally without a round trip', async () => {
    const store = countingStore();
    const limiter = batchedLimiter(store, { flushMs: 60_000 });
    const allowed: boolean[] = [];
    for (let i = 0; i < 100; i++) allowed.push((await limiter.hit('ip:b', 100, 60_000)).allowed);
    expect(allowed.every(Boolean)).toBe(true);
    // Hits 91 to 100 went one by one (the last tenth), after the first hit of the window.
    expect(store.roundTrips).toBe(1 + 10);
    expect(store.totals.get('ip:b')).toBe(100);
    const trips = store.roundTrips;
    const over = [];
    for (let i = 0; i < 50; i++) over.push(await limiter.hit('ip:b', 100, 60_000));
    expect(over.every((a) => !a.allowed)).toBe(true);
    expect(over.at(-1)!.count).toBe(150);
    expect(store.roundTrips).toBe(trips);
    // The refused hits are counted too, in the next batch.
    await limiter.flush();
    expect(store.totals.get('ip:b')).toBe(150);
  });

  it('answers at once (hitNow) exactly where hit would not wait, and leaves the rest to hit', async () => {
    const store = countingStore();
    const limiter = batchedLimiter(store, { flushMs: 60_000 });
    // A key not seen in this window needs the round trip: nothing is counted.
    expect(limiter.hitNow!('ip:n', 100, 60_000)).toBeUndefined();
    expect((await limiter.hit('ip:n', 100, 60_000)).count).toBe(1);
    for (let i = 2; i <= 90; i++) expect(limiter.hitNow!('ip:n', 100, 60_000)).toMatchObject({ allowed: true, count: i });
    // The last tenth goes one by one to the shared store, as hit sends it.
    expect(limiter.hitNow!('ip:n', 100, 60_000)).toBeUndefined();
    for (let i = 91; i <= 100; i++) expect(await limiter.hit('ip:n', 100, 60_000)).toMatchObject({ allowed: true, count: i });
    // Past the limit the refusal is local again.
    expect(limiter.hitNow!('ip:n', 100, 60_000)).toMatchObject({ allowed: false, count: 101 });
    expect(store.roundTrips).toBe(1 + 10);
    await limiter.flush();
    expect(store.totals.get('ip:n')).toBe(101);
  });

  it("learns of the other instances' hits from each batch's answer", async () => {
    const store = countingStore();
    const a = batchedLimiter(store, { flushMs: 60_000 });
    const b = batchedLimiter(store, { flushMs: 60_000 });
    for (let i = 0; i < 40; i++) await a.hit('ip:c', 100, 60_000);
    for (let i = 0; i < 40; i++) await b.hit('ip:c', 100, 60_000);
    await a.flush();
    await b.flush();
    // b's answer carried a's forty: b now counts the 81st and on against 80, and the last tenth exactly.
    expect((await b.hit('ip:c', 100, 60_000)).count).toBe(81);
    const tripsBefore = store.roundTrips;
    for (let i = 0; i < 9; i++) expect((await b.hit('ip:c', 100, 60_000)).allowed).toBe(true);
    expect(store.roundTrips).toBe(tripsBefore);
    expect((await b.hit('ip:c', 100, 60_000)).count).toBe(91);
    expect(store.roundTrips).toBe(tripsBefore + 1);
  });

  it('starts a new window when the old one is over', async () => {
    const store = countingStore();
    const limiter = batchedLimiter(store, { flushMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await limiter.hit('ip:d', 2, 50)).allowed).toBe(i < 2);
    await new Promise((r) => setTimeout(r, 80));
    await store.reset('ip:d');
    expect(await limiter.hit('ip:d', 2, 50)).toMatchObject({ allowed: true, count: 1 });
  });

  it('a route limit keeps a round trip per hit; the plugin-wide limit is batched', async () => {
    const exactStore = countingStore();
    const globalStore = countingStore();
    // As redisLimiter's hit: one round trip per hit.
    const exact: Limiter = {
      async hit(key, limit, windowMs) {
        const [a] = await exactStore.addMany([{ key, n: 1, windowMs }]);
        return { allowed: a!.count <= limit, count: a!.count, resetInMs: a!.resetInMs };
      },
      peek: (key) => exactStore.peek(key),
      reset: (key) => exactStore.reset(key),
    };
    const Store = rateLimitStore({ global: batchedLimiter(globalStore, { flushMs: 60_000 }), exact });
    const plugin = new Store();
    const route = plugin.child({ routeInfo: { method: 'PUT', url: '/api/send/phone' } });
    const incr = (s: InstanceType<typeof Store>, max: number) =>
      new Promise<{ current: number }>((resolve, reject) => {
        s.incr('1.2.3.4', (err, res) => (err ? reject(err) : resolve(res!)), 60_000, max);
      });
    for (let i = 0; i < 20; i++) await incr(plugin, 600);
    for (let i = 0; i < 20; i++) await incr(route, 10);
    expect(globalStore.roundTrips).toBe(1);
    expect(exactStore.roundTrips).toBe(20);
    expect(exactStore.totals.get('frl:PUT/api/send/phone-1.2.3.4')).toBe(20);
  });
});

describe.skipIf(!url)('batched request limit over Redis', () => {
  it('two instances taking turns admit the shared limit, not each the limit', async () => {
    const prefix = `t-${randomBytes(4).toString('hex')}:`;
    const shared = redisLimiter(redis!, prefix);
    const instances = [batchedLimiter(shared, { flushMs: 20 }), batchedLimiter(shared, { flushMs: 20 })];
    let admitted = 0;
    for (let i = 0; i < 400; i++) {
      if ((await instances[i % 2]!.hit('ip:e', 200, 60_000)).allowed) admitted++;
      // Requests spread over time, as a player's are: each instance's batch goes out between them now and then.
      if (i % 20 === 19) await new Promise((r) => setTimeout(r, 30));
    }
    // The tolerance: what the other instance admitted locally within one flush interval; here well under a tenth.
    expect(admitted).toBeGreaterThanOrEqual(200);
    expect(admitted).toBeLessThanOrEqual(200 + 20);
    for (const l of instances) await l.flush();
    expect(await shared.peek('ip:e')).toBe(400);
  });

  it("counts in this instance's memory while Redis is away and in Redis again once it is back", async () => {
    const prefix = `t-${randomBytes(4).toString('hex')}:`;
    const shared = redisLimiter(redis!, prefix);
    let up = false;
    const limiter = limiterWithFallback(
      batchedLimiter(shared, { flushMs: 20 }),
      memoryLimiter(),
      () => up,
      () => {},
    );
    const away = [];
    for (let i = 0; i < 8; i++) away.push((await limiter.hit('ip:f', 5, 60_000)).allowed);
    expect(away).toEqual([true, true, true, true, true, false, false, false]);
    expect(await shared.peek('ip:f')).toBe(0);
    up = true;
    const back = [];
    for (let i = 0; i < 8; i++) back.push((await limiter.hit('ip:f', 5, 60_000)).allowed);
    expect(back).toEqual([true, true, true, true, true, false, false, false]);
    await new Promise((r) => setTimeout(r, 50));
    expect(await shared.peek('ip:f')).toBe(8);
  });
});
