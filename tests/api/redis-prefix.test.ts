// Sites (or test servers) sharing one Redis keep their counters apart with REDIS_KEY_PREFIX, while instances of one
// site share them. Needs Redis (REDIS_URL), as CI sets it.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisLimiter } from '../../src/server/lib/limiter.ts';

const url = process.env.REDIS_URL;
const redis = url ? new Redis(url) : undefined;
afterAll(async () => {
  await redis?.quit();
});

describe.skipIf(!url)('Redis key prefix', () => {
  it("keeps two sites' counters apart and one site's instances together", async () => {
    const site = `t-${randomBytes(4).toString('hex')}:`;
    const other = `t-${randomBytes(4).toString('hex')}:`;
    const a = redisLimiter(redis!, site);
    const b = redisLimiter(redis!, site);
    const c = redisLimiter(redis!, other);
    for (let i = 0; i < 3; i++) await a.hit('login:fail:p1', 5, 60_000);
    expect(await b.peek('login:fail:p1')).toBe(3);
    expect(await c.peek('login:fail:p1')).toBe(0);
    await a.reset('login:fail:p1');
  });
});
