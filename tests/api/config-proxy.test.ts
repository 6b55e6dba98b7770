// TRUST_PROXY is a hop count (or the balancers' addresses), so a client cannot pick its own
// address with X-Forwarded-For, and players behind the balancer still get an address each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let listed: TestApp;
const LIMIT = 3;

beforeAll(async () => {
  const before = process.env.RATE_LIMIT_PER_MIN;
  process.env.RATE_LIMIT_PER_MIN = String(LIMIT);
  try {
    t = await createTestApp({ TRUST_PROXY: '1' });
    listed = await createTestApp({ TRUST_PROXY: '10.200.0.0/16' });
  } finally {
    if (before === undefined) delete process.env.RATE_LIMIT_PER_MIN;
    else process.env.RATE_LIMIT_PER_MIN = before;
  }
});
afterAll(async () => {
  await t?.close();
  await listed?.close();
});

const get = (app: TestApp, xff: string, remoteAddress = '10.200.0.1') =>
  app.app.inject({ method: 'GET', url: '/api/system/settings', remoteAddress, headers: { 'x-forwarded-for': xff } });

describe('TRUST_PROXY', () => {
  it("with one hop, a rotating X-Forwarded-For from one client shares that client's limit", async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push((await get(t, `203.0.113.${i}, 198.51.100.7`)).statusCode);
    expect(codes.slice(0, LIMIT).every((c) => c === 200)).toBe(true);
    expect(codes.slice(LIMIT)).toEqual([429, 429]);
    // Another player behind the same balancer has their own address and their own limit.
    expect((await get(t, '198.51.100.8')).statusCode).toBe(200);
  });

  it('with a list of balancer ranges, hops inside the list are skipped and the first outside one is the client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await get(listed, `203.0.113.${i}, 198.51.100.9, 10.200.3.4`)).statusCode);
    expect(codes[LIMIT]).toBe(429);
    // A caller that is not a balancer is its own address, whatever header it sends.
    const direct: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) direct.push((await get(listed, `203.0.113.${50 + i}`, '192.0.2.77')).statusCode);
    expect(direct[LIMIT]).toBe(429);
  });
});
