// Forged payment callbacks are counted per sender, not stored one row each, and a sender that keeps
// forging is refused; the gateway's real callbacks still go through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { gatewayCallbacks } from '../../src/server/db/schema.ts';
import { FORGED_CALLBACKS_PER_WINDOW } from '../../src/server/modules/cashier/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('forged payment callbacks', () => {
  it('300 forged 15 KB callbacks leave one log row and are refused after the limit', async () => {
    const body = JSON.stringify({ merchantOrderId: 'DPforged000001', state: 'paid', amount: '5000.00', pad: 'x'.repeat(15 * 1024 - 100) });
    const codes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/paybridge/callback',
        remoteAddress: '198.51.100.66',
        headers: { 'content-type': 'application/json', 'x-paybridge-signature': 'f'.repeat(64), 'x-paybridge-timestamp': String(Date.now()) },
        payload: body,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, FORGED_CALLBACKS_PER_WINDOW).every((c) => c === 401)).toBe(true);
    expect(codes.slice(FORGED_CALLBACKS_PER_WINDOW).every((c) => c === 429)).toBe(true);
    const rows = await t.database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.ip, '198.51.100.66'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body.length).toBeLessThan(100);
    const [size] = await t.database.db.select({ n: sql<number>`coalesce(sum(length(body)), 0)::int` }).from(gatewayCallbacks);
    expect(size!.n).toBeLessThan(1000);
    // Another sender is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paybridge/callback',
      remoteAddress: '198.51.100.67',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(401);
  });
});
