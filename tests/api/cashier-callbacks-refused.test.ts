// Refused payment callbacks where operators see them: every forged or malformed callback is counted on /metrics
// (payment_callbacks_refused_total by gateway and outcome) and in the back office's callback log as the last 24
// hours' figure, while their bodies are still not stored and only the first of a sender's window is listed. The
// cashier writes its counts on a timer; this file drives that timer by hand instead of sleeping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { gatewayCallbacks } from '../../src/server/db/schema.ts';
import { FORGED_CALLBACKS_PER_WINDOW } from '../../src/server/modules/cashier/service.ts';
import { ManualTimer } from '../../src/server/lib/timer.ts';

const TOKEN = 'scrape-token-for-refused-callbacks-0123';
let t: TestApp;
let staffToken: string;
const timer = new ManualTimer();
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { timer });
  staffToken = (await signedInStaff(t, 'cbfinance', 'finance')).token;
});
afterAll(async () => {
  await t?.close();
});

const SECRET = 'body-that-must-not-be-stored';

function forged(ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paybridge/callback',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-paybridge-signature': 'f'.repeat(64), 'x-paybridge-timestamp': String(Date.now()) },
    payload: JSON.stringify({ merchantOrderId: 'DPforged000002', state: 'paid', amount: '5000.00', note: SECRET }),
  });
}

async function figure() {
  const res = await t.app.inject({ method: 'GET', url: '/api/backoffice/finance/callbacks', headers: { authorization: `Bearer ${staffToken}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.refused_24h as { total: number; by_gateway: Array<{ gateway: string; outcome: string; count: number }> };
}

async function counter(outcome: string): Promise<number> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`payment_callbacks_refused_total{gateway="paybridge",outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('refused payment callbacks', () => {
  it('5 forged callbacks show 5 in the back office figure and on /metrics, and their bodies are not stored', async () => {
    expect((await figure()).total).toBe(0);
    const ip = '198.51.100.80';
    for (let i = 0; i < 5; i++) expect((await forged(ip)).statusCode).toBe(401);
    await t.app.services.cashier.flushRefusals();

    expect(await figure()).toEqual({ total: 5, by_gateway: [{ gateway: 'paybridge', outcome: 'forged_or_malformed', count: 5 }] });
    expect(await counter('forged_or_malformed')).toBe(5);
    const rows = await t.database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.ip, ip));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toMatch(/bytes, not stored/);
    const [stored] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gatewayCallbacks)
      .where(sql`${gatewayCallbacks.body} like ${`%${SECRET}%`}`);
    expect(stored!.n).toBe(0);
  });

  it("counts a flooding sender's refusals by outcome, written within a second without being asked", async () => {
    const before = await figure();
    const ip = '198.51.100.81';
    const n = FORGED_CALLBACKS_PER_WINDOW + 7;
    for (let i = 0; i < n; i++) await forged(ip);
    expect(await counter('rate_limited')).toBe(7);
    await timer.advance(1500);
    const after = await figure();
    expect(after.total - before.total).toBe(n);
    expect(after.by_gateway).toEqual(
      expect.arrayContaining([
        { gateway: 'paybridge', outcome: 'forged_or_malformed', count: 5 + FORGED_CALLBACKS_PER_WINDOW },
        { gateway: 'paybridge', outcome: 'rate_limited', count: 7 },
      ]),
    );
  });

  it('leaves hours older than a day out of the figure', async () => {
    const before = await figure();
    await t.database.db.execute(sql`insert into gateway_callback_refusals (gateway, outcome, hour, count)
      values ('paybridge', 'forged_or_malformed', date_trunc('hour', now()) - interval '30 hours', 1000)`);
    expect((await figure()).total).toBe(before.total);
  });
});
