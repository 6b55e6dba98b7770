// AIO-format deposits end to end against the stand-in gateway (sim/aio): the app listens on a real port, the checkout
// form is posted to the stand-in as a browser would, and the stand-in delivers its notices over HTTP on its own
// (shortened) schedule. Covered: a code issued and paid; a notice the site refuses delivered again five times in all
// and then no more; a simulated payment and a spoilt MAC; the reconciler (QueryTradeInfo) closing an order whose
// notices were all lost; and a barcode payment reported late that credits once, before or after the order expired.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startSim, type Sim } from '../../sim/server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { freshIp, freshPhone } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { depositOrders, gatewayCallbacks, journals, players, sessions } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';

/** The stand-in's waits between deliveries, shortened: five deliveries within a second. */
const RESEND_MS = [100, 100, 100, 100];
const BARCODE_REPORT_MS = 1500;

let sim: Sim;
let t: TestApp;
interface Player {
  playerId: number;
  headers: { authorization: string };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  sim = await startSim({ settleTickMs: 0, aio: { resendMs: RESEND_MS, barcodeReportMs: BARCODE_REPORT_MS } });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const app = await createTestApp(
      {
        GAME_PROVIDER_URL: sim.url,
        PAYMENT_GATEWAY_DIALECT: 'aio',
        AIO_GATEWAY_URL: `${sim.url}/aio`,
        CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
        SITE_URL: 'http://site.test',
        DEPOSIT_EXPIRY_INTERVAL_MS: '0',
        AIO_RECONCILE_INTERVAL_MS: '0',
      },
      { provider: new FakeProvider() },
    );
    try {
      await app.app.listen({ port, host: '127.0.0.1' });
      t = app;
      break;
    } catch (err) {
      await app.close();
      if (attempt >= 3) throw err;
    }
  }
});
afterAll(async () => {
  // The gateway stops delivering first: its re-sends arriving on kept-alive connections while the site closes would
  // keep the site's close waiting on them.
  sim?.state.aio?.stop();
  await t?.close();
  await sim?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

let seq = 0;
async function seedPlayer(): Promise<Player> {
  seq += 1;
  const account = `as${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 12);
  const [row] = await t.database.db
    .insert(players)
    .values({ account, passwordHash: 'x', phone: freshPhone(), recommendCode: `AS${account}` })
    .returning({ id: players.id });
  await openCentralAccount(t.database.db, row!.id);
  const { token, hash } = newToken();
  await t.database.db.insert(sessions).values({ playerId: row!.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
  return { playerId: row!.id, headers: { authorization: `Bearer ${token}` } };
}

/** A deposit order, and its checkout form posted to the stand-in as the player's browser would post it. */
async function checkout(method: string, amount: string): Promise<{ id: string; page: string }> {
  const p = await seedPlayer();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/finance/deposit/create',
    payload: { method, amount },
    headers: { ...p.headers, 'idempotency-key': `aio-sim-${Date.now()}-${++seq}` },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data as { id: string; checkout: { action: string; fields: Record<string, string> } };
  const posted = await fetch(d.checkout.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(d.checkout.fields).toString(),
  });
  const page = await posted.text();
  expect(posted.status, page).toBe(200);
  return { id: d.id, page };
}

const control = (route: string, body: unknown) =>
  fetch(`${sim.url}/sim/aio/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const orderAtSim = async (id: string) =>
  ((await (await fetch(`${sim.url}/sim/aio/orders/${id}`)).json()) as { order: { deliveries: Array<{ kind: string; answer: string }> } }).order;
const row = async (id: string) => (await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, id)))[0]!;
const journalsOf = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(journals)
      .where(and(eq(journals.kind, 'deposit'), eq(journals.ref, id)))
  ).length;
const notices = async (id: string) =>
  (await t.database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.orderId, id)).orderBy(gatewayCallbacks.id)).map(
    (n) => `${n.state}:${n.outcome}`,
  );
const settled = async (id: string) =>
  expect.poll(async () => (await orderAtSim(id)).deliveries.length > 0 && sim.state.aio!.pendingDeliveries() === 0, { timeout: 10_000 }).toBe(true);

describe('the stand-in in the AIO format', () => {
  it('issues a store code, delivers PaymentInfoURL, then the paid ReturnURL, each acknowledged 1|OK', async () => {
    const { id, page } = await checkout('cvs', '1500');
    expect(page).toContain('data-testid="aio-code"');
    await expect.poll(async () => (await row(id)).paymentCode, { timeout: 10_000 }).toMatch(/^LLL\d{8}$/);
    await control('pay', { merchantTradeNo: id });
    await expect.poll(async () => (await row(id)).status, { timeout: 10_000 }).toBe('paid');
    expect(await journalsOf(id)).toBe(1);
    await expect
      .poll(async () => (await orderAtSim(id)).deliveries.map((d) => `${d.kind}:${d.answer}`), { timeout: 10_000 })
      .toEqual(['info:1|OK', 'paid:1|OK']);
    expect(await notices(id)).toEqual(['code:code_issued', 'paid:credited']);
  });

  it('delivers a notice the site refuses five times in all, then stops (a wrong amount)', async () => {
    const { id } = await checkout('atm', '2000');
    await expect.poll(async () => (await row(id)).paymentCode, { timeout: 10_000 }).toBeTruthy();
    await control('pay', { merchantTradeNo: id, wrongAmount: true });
    await expect.poll(async () => (await orderAtSim(id)).deliveries.filter((d) => d.kind === 'paid').length, { timeout: 10_000 }).toBe(5);
    await new Promise((r) => setTimeout(r, 400));
    const paid = (await orderAtSim(id)).deliveries.filter((d) => d.kind === 'paid');
    expect(paid.map((d) => d.answer)).toEqual(Array(5).fill('0|TradeAmt Error'));
    expect((await row(id)).status).toBe('pending');
    expect(await journalsOf(id)).toBe(0);
  });

  it('sends a simulated payment that is recorded and never credited, and a spoilt MAC that is refused', async () => {
    const { id } = await checkout('cvs', '900');
    await expect.poll(async () => (await row(id)).paymentCode, { timeout: 10_000 }).toBeTruthy();
    await control('pay', { merchantTradeNo: id, simulate: true });
    await settled(id);
    expect((await row(id)).status).toBe('pending');
    await control('pay', { merchantTradeNo: id, wrongMac: true });
    await expect.poll(async () => (await orderAtSim(id)).deliveries.filter((d) => d.answer === '0|CheckMacValue Error').length, { timeout: 10_000 }).toBe(5);
    expect((await row(id)).status).toBe('pending');
    expect(await journalsOf(id)).toBe(0);
    const outcomes = await notices(id);
    expect(outcomes).toContain('simulated:simulated');
    expect(outcomes).toContain('paid:bad_mac');
  });

  it('the reconciler asks about an order whose notices were all lost and closes it, once', async () => {
    const { id } = await checkout('atm', '3000');
    await expect.poll(async () => (await row(id)).paymentCode, { timeout: 10_000 }).toBeTruthy();
    await control('pay', { merchantTradeNo: id, lose: true });
    await expect.poll(async () => (await orderAtSim(id)).deliveries.filter((d) => d.kind === 'paid').length, { timeout: 10_000 }).toBe(5);
    expect((await row(id)).status).toBe('pending');
    const aio = t.app.services.cashier.aio!;
    const first = await aio.reconcile();
    expect(first.credited).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe('paid');
    expect(await journalsOf(id)).toBe(1);
    expect(await notices(id)).toContain('query_paid:credited');
    // Asked again at once: not asked (it was just asked), and nothing is credited twice.
    await aio.reconcile();
    expect(await journalsOf(id)).toBe(1);
  });

  it('credits a barcode payment reported late once, whether the order expired meanwhile or not', async () => {
    const a = await checkout('barcode', '800');
    const b = await checkout('barcode', '700');
    await expect.poll(async () => (await row(a.id)).barcodes && (await row(b.id)).barcodes, { timeout: 10_000 }).toBeTruthy();
    await control('pay', { merchantTradeNo: a.id });
    await control('pay', { merchantTradeNo: b.id });
    // Not reported yet: the gateway does not know of the payments, and its query says unpaid.
    await t.app.services.cashier.aio!.reconcile();
    expect((await row(a.id)).status).toBe('pending');
    // One order's expiry passes before the report and the expiry job closes it after asking the gateway.
    await t.database.db
      .update(depositOrders)
      .set({ expiresAt: new Date(Date.now() - 120_000) })
      .where(eq(depositOrders.id, b.id));
    await t.app.services.cashier.expireOrders();
    expect((await row(b.id)).status).toBe('expired');
    await expect.poll(async () => [(await row(a.id)).status, (await row(b.id)).status], { timeout: 10_000 }).toEqual(['paid', 'paid']);
    await t.database.db.update(depositOrders).set({ gatewayCheckedAt: null }).where(eq(depositOrders.id, a.id));
    await t.app.services.cashier.aio!.reconcile();
    expect([await journalsOf(a.id), await journalsOf(b.id)]).toEqual([1, 1]);
  });
});
