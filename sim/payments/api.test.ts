// PayBridge: merchant API, hosted pages, cvs counter, expiry and the test switches.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSim, type Sim } from '../server.ts';
import type { DeliveryEntry } from './gateway.ts';
import { callbackSignatureMatches } from './sign.ts';
import { GW_SECRET, createOrder, merchantCall, orderBody, simCall, startReceiver, waitFor, type Receiver } from './testkit.ts';

let sim: Sim;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSim({ gatewaySecret: GW_SECRET, gatewayCallbackRetryMs: [30, 30] });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.respond = () => ({ status: 200, body: 'OK' });
  await simCall(sim, 'DELETE', '/sim/gateway/faults');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const page = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(sim.url + path, { redirect: 'manual', ...init });
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), type: res.headers.get('content-type') };
};
const post = (path: string, form: Record<string, string> = {}) =>
  page(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
const orderOf = async (merchantOrderId: string) => (await merchantCall(sim, 'GET', `/gateway/orders/${merchantOrderId}`)).body.order as Record<string, any>;

describe('merchant API', () => {
  it('creates a signed card order and answers a replay identically', async () => {
    const body = orderBody(receiver);
    const first = await merchantCall(sim, 'POST', '/gateway/orders', body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'created',
      orderId: expect.stringMatching(/^PB[A-Z2-9]{18}$/),
      merchantOrderId: body.merchantOrderId,
      payUrl: `${sim.state.publicUrl}/gateway/pay/${first.body.orderId}`,
      paymentCode: null,
      counterUrl: null,
      expiresAt: expect.any(String),
    });
    const ttl = Date.parse(first.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(1_790_000);
    expect(ttl).toBeLessThanOrEqual(1_800_000);
    // The default expiry equals an explicit 1800.
    expect(await merchantCall(sim, 'POST', '/gateway/orders', { ...body, expiresInSec: 1800 })).toEqual(first);
    expect(await merchantCall(sim, 'POST', '/gateway/orders', body)).toEqual(first);
  });

  it('refuses a replay with different data and keeps the original', async () => {
    const body = orderBody(receiver);
    const first = await merchantCall(sim, 'POST', '/gateway/orders', body);
    for (const change of [{ amountMinor: '999' }, { method: 'cvs' }, { notifyUrl: 'http://127.0.0.1:1/x' }, { expiresInSec: 600 }, { description: 'other' }]) {
      expect(await merchantCall(sim, 'POST', '/gateway/orders', { ...body, ...change })).toEqual({
        status: 409,
        body: { status: 'error', code: 'DUPLICATE_MISMATCH' },
      });
    }
    expect(await orderOf(body.merchantOrderId as string)).toMatchObject({ orderId: first.body.orderId, amountMinor: '123450', method: 'card' });
  });

  it('gives a cvs order a 14-character payment code and no pay page', async () => {
    const created = await createOrder(sim, receiver, { method: 'cvs' });
    expect(created.paymentCode).toMatch(/^[A-Z2-9]{14}$/);
    expect(created.payUrl).toBeNull();
    expect(created.counterUrl).toBe(`${sim.state.publicUrl}/gateway/cvs/${created.paymentCode}`);
  });

  it('shows the order with exactly the contract fields', async () => {
    const created = await createOrder(sim, receiver, { method: 'online_banking', expiresInSec: 60 });
    const r = await merchantCall(sim, 'GET', `/gateway/orders/${created.merchantOrderId}`);
    expect(r).toEqual({
      status: 200,
      body: {
        status: 'ok',
        order: {
          orderId: created.orderId,
          merchantOrderId: created.merchantOrderId,
          amountMinor: '123450',
          method: 'online_banking',
          state: 'created',
          expiresAt: created.expiresAt,
        },
      },
    });
    expect(await merchantCall(sim, 'GET', '/gateway/orders/nope')).toEqual({ status: 404, body: { status: 'error', code: 'ORDER_NOT_FOUND' } });
  });

  it('refuses bad signatures, stale or future timestamps and unknown merchants', async () => {
    const body = orderBody(receiver);
    expect(await merchantCall(sim, 'POST', '/gateway/orders', body, { secret: 'wrong' })).toEqual({
      status: 401,
      body: { status: 'error', code: 'BAD_SIGNATURE' },
    });
    expect(await merchantCall(sim, 'POST', '/gateway/orders', body, { timestamp: Date.now() - 31_000 })).toEqual({
      status: 401,
      body: { status: 'error', code: 'STALE_REQUEST' },
    });
    expect(await merchantCall(sim, 'POST', '/gateway/orders', body, { timestamp: Date.now() + 10_000 })).toEqual({
      status: 401,
      body: { status: 'error', code: 'STALE_REQUEST' },
    });
    expect(await merchantCall(sim, 'POST', '/gateway/orders', body, { merchantId: 'other' })).toEqual({
      status: 401,
      body: { status: 'error', code: 'UNKNOWN_MERCHANT' },
    });
    const bare = await fetch(`${sim.url}/gateway/orders/${body.merchantOrderId as string}`);
    expect(bare.status).toBe(401);
    // The provider secret does not open the gateway.
    expect((await merchantCall(sim, 'GET', `/gateway/orders/${body.merchantOrderId as string}`, undefined, { secret: 'dev-provider-secret' })).status).toBe(
      401,
    );
    // Nothing was created.
    expect((await merchantCall(sim, 'GET', `/gateway/orders/${body.merchantOrderId as string}`)).status).toBe(404);
  });

  it('validates orders field by field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ merchantOrderId: 'bad id' }, 'INVALID_MERCHANT_ORDER_ID'],
      [{ amountMinor: 100 }, 'INVALID_AMOUNT'],
      [{ amountMinor: '012' }, 'INVALID_AMOUNT'],
      [{ currency: 'USD' }, 'INVALID_CURRENCY'],
      [{ method: 'usdt' }, 'INVALID_METHOD'],
      [{ notifyUrl: 'ftp://x/y' }, 'INVALID_NOTIFY_URL'],
      [{ returnUrl: 'not a url' }, 'INVALID_RETURN_URL'],
      [{ expiresInSec: 59 }, 'INVALID_EXPIRES_IN'],
      [{ expiresInSec: 86_401 }, 'INVALID_EXPIRES_IN'],
      [{ description: 'x'.repeat(201) }, 'INVALID_DESCRIPTION'],
    ];
    for (const [change, code] of cases) {
      expect(await merchantCall(sim, 'POST', '/gateway/orders', orderBody(receiver, change))).toEqual({ status: 422, body: { status: 'error', code } });
    }
    const res = await fetch(`${sim.url}/gateway/orders`, {
      method: 'POST',
      body: '{nope',
      headers: (await import('./sign.ts')).merchantHeaders({ secret: GW_SECRET, method: 'POST', pathWithQuery: '/gateway/orders', body: '{nope' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('hosted pay page', () => {
  it('renders card and online-banking pages in zh-TW by default and in English', async () => {
    const card = await createOrder(sim, receiver, { amountMinor: '123456789' });
    const zh = await page(`/gateway/pay/${card.orderId}`);
    expect(zh.status).toBe(200);
    expect(zh.type).toContain('text/html');
    expect(zh.html).toContain('<html lang="zh-TW">');
    for (const s of ['data-testid="pay"', 'data-testid="fail"', 'NT$ 1,234,567.89', 'name="cardNumber"', 'data-expires-at=', '確認付款', 'site'])
      expect(zh.html).toContain(s);
    const en = await page(`/gateway/pay/${card.orderId}?lang=en`);
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('Fail payment');
    const bank = await createOrder(sim, receiver, { method: 'online_banking' });
    const ob = await page(`/gateway/pay/${bank.orderId}`);
    expect(ob.html).toContain('name="bank"');
    expect(ob.html).not.toContain('name="cardNumber"');
    expect((await page('/gateway/pay/PBNOPE')).status).toBe(404);
    // Merchant-supplied text is escaped.
    const xss = await createOrder(sim, receiver, { description: '<script>alert(1)</script>' });
    expect((await page(`/gateway/pay/${xss.orderId}`)).html).not.toContain('<script>alert(1)');
  });

  it('pays: marks the order paid, redirects to returnUrl and calls back', async () => {
    const o = await createOrder(sim, receiver);
    const r = await post(`/gateway/pay/${o.orderId}/pay`, { cardNumber: '4242 4242 4242 4242' });
    expect(r.status).toBe(303);
    const back = new URL(r.location!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:4321/member/deposit');
    expect(Object.fromEntries(back.searchParams)).toEqual({ from: 'gw', merchantOrderId: o.merchantOrderId, state: 'paid' });
    const order = await orderOf(o.merchantOrderId);
    expect(order).toMatchObject({ state: 'paid', paidAt: expect.any(String) });
    expect(order.failedReason).toBeUndefined();
    const cb = await waitFor(() => receiver.forOrder(o.merchantOrderId)[0]);
    expect(cb.body).toMatchObject({ state: 'paid', paidAt: order.paidAt, failedReason: null });
    // A double submit goes back to the merchant again without a second change.
    expect((await post(`/gateway/pay/${o.orderId}/pay`, { cardNumber: '4242424242424242' })).location).toBe(r.location);
    // The page now shows the end state and no buttons.
    const shown = await page(`/gateway/pay/${o.orderId}`);
    expect(shown.html).toContain('data-state="paid"');
    expect(shown.html).not.toContain('data-testid="pay"');
    // Failing a paid order does not change it.
    const f = await post(`/gateway/pay/${o.orderId}/fail`);
    expect(f.location).toBe(`/gateway/pay/${o.orderId}`);
    expect((await orderOf(o.merchantOrderId)).state).toBe('paid');
    await new Promise((res) => setTimeout(res, 50));
    expect(receiver.forOrder(o.merchantOrderId)).toHaveLength(1);
  });

  it('fails by button or by the declined card; rejects a malformed card number', async () => {
    const a = await createOrder(sim, receiver);
    const r = await post(`/gateway/pay/${a.orderId}/fail?lang=en`);
    expect(new URL(r.location!).searchParams.get('state')).toBe('failed');
    expect(await orderOf(a.merchantOrderId)).toMatchObject({ state: 'failed', failedReason: 'PAYMENT_FAILED' });
    expect((await page(`/gateway/pay/${a.orderId}?lang=en`)).html).toContain('Payment failed');

    const b = await createOrder(sim, receiver);
    const bad = await post(`/gateway/pay/${b.orderId}/pay`, { cardNumber: '12ab' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('data-testid="error"');
    expect((await orderOf(b.merchantOrderId)).state).toBe('created');
    const declined = await post(`/gateway/pay/${b.orderId}/pay`, { cardNumber: '4000 0000 0000 0002' });
    expect(new URL(declined.location!).searchParams.get('state')).toBe('failed');
    expect(await orderOf(b.merchantOrderId)).toMatchObject({ state: 'failed', failedReason: 'CARD_DECLINED' });
    const cb = await waitFor(() => receiver.forOrder(b.merchantOrderId)[0]);
    expect(cb.body).toMatchObject({ state: 'failed', paidAt: null, failedReason: 'CARD_DECLINED' });
  });

  it('pays online banking with the chosen bank', async () => {
    const o = await createOrder(sim, receiver, { method: 'online_banking' });
    const r = await post(`/gateway/pay/${o.orderId}/pay`, { bank: '822' });
    expect(new URL(r.location!).searchParams.get('state')).toBe('paid');
    expect((await simCall(sim, 'GET', `/sim/gateway/orders/${o.merchantOrderId}`)).body.order).toMatchObject({ state: 'paid', bank: '822', closedVia: 'page' });
  });

  it('cannot pay an expired order', async () => {
    const o = await createOrder(sim, receiver);
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/expire-now`)).body).toMatchObject({
      status: 'ok',
      changed: true,
      order: { state: 'expired' },
    });
    const shown = await page(`/gateway/pay/${o.orderId}`);
    expect(shown.html).toContain('data-state="expired"');
    expect(shown.html).not.toContain('data-testid="pay"');
    const r = await post(`/gateway/pay/${o.orderId}/pay`, { cardNumber: '4242424242424242' });
    expect(r).toMatchObject({ status: 303, location: `/gateway/pay/${o.orderId}` });
    expect((await orderOf(o.merchantOrderId)).state).toBe('expired');
  });
});

describe('convenience-store counter', () => {
  it('lets the payment code be paid at the counter', async () => {
    const o = await createOrder(sim, receiver, { method: 'cvs' });
    expect((await page(`/gateway/pay/${o.orderId}`)).location).toBe(`/gateway/cvs/${o.paymentCode}`);
    const counter = await page(`/gateway/cvs/${(o.paymentCode as string).toLowerCase()}?lang=en`);
    expect(counter.status).toBe(200);
    expect(counter.html).toContain(o.paymentCode);
    expect(counter.html).toContain('data-testid="pay"');
    expect(counter.html).toContain('NT$ 1,234.50');
    expect((await page(`/gateway/cvs?code=${o.paymentCode}`)).location).toBe(`/gateway/cvs/${o.paymentCode}`);
    expect((await page('/gateway/cvs?code=NOPE')).status).toBe(404);
    expect((await page('/gateway/cvs')).html).toContain('data-testid="code"');

    const r = await post(`/gateway/cvs/${o.paymentCode}/pay?lang=en`);
    expect(r).toMatchObject({ status: 303, location: `/gateway/cvs/${o.paymentCode}?lang=en` });
    expect((await orderOf(o.merchantOrderId)).state).toBe('paid');
    const receipt = await page(r.location!);
    expect(receipt.html).toContain('data-state="paid"');
    expect(receipt.html).toContain('data-testid="return"');
    const cb = await waitFor(() => receiver.forOrder(o.merchantOrderId)[0]);
    expect(cb.body).toMatchObject({ state: 'paid', amountMinor: '123450' });
  });
});

describe('expiry', () => {
  it('expires an unpaid order past expiresAt on first look and calls back', async () => {
    const o = await createOrder(sim, receiver, { expiresInSec: 60 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(await orderOf(o.merchantOrderId)).toMatchObject({ state: 'expired', expiresAt: o.expiresAt });
    vi.restoreAllMocks();
    const cb = await waitFor(() => receiver.forOrder(o.merchantOrderId)[0]);
    expect(cb.body).toMatchObject({ state: 'expired', paidAt: null, failedReason: null });
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`)).status).toBe(409);
  });

  it('expire-now sends an expired callback; final orders refuse it', async () => {
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/expire-now`);
    const order = await orderOf(o.merchantOrderId);
    expect(order.state).toBe('expired');
    expect(Date.parse(order.expiresAt)).toBeLessThanOrEqual(Date.now());
    await waitFor(() => receiver.forOrder(o.merchantOrderId)[0]?.body.state === 'expired');
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/expire-now`)).body).toMatchObject({ status: 'ok', changed: false });
    const p = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${p.merchantOrderId}/pay`);
    expect(await simCall(sim, 'POST', `/sim/gateway/orders/${p.merchantOrderId}/expire-now`)).toMatchObject({
      status: 409,
      body: { code: 'ORDER_FINAL', order: { state: 'paid' } },
    });
    // The creation answer still repeats the original expiry.
    expect((await merchantCall(sim, 'POST', '/gateway/orders', orderBody(receiver, { merchantOrderId: o.merchantOrderId }))).body.expiresAt).toBe(o.expiresAt);
  });
});

describe('test switches', () => {
  it('pay and fail like the buttons; a final order answers 409', async () => {
    const a = await createOrder(sim, receiver, { method: 'online_banking' });
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${a.merchantOrderId}/pay`, { bank: '013' })).body).toMatchObject({
      status: 'ok',
      changed: true,
      order: { state: 'paid', bank: '013', closedVia: 'switch' },
    });
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${a.merchantOrderId}/pay`)).body).toMatchObject({ status: 'ok', changed: false });
    expect(await simCall(sim, 'POST', `/sim/gateway/orders/${a.merchantOrderId}/fail`)).toMatchObject({ status: 409, body: { code: 'ORDER_FINAL' } });
    const b = await createOrder(sim, receiver);
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${b.merchantOrderId}/fail`, { reason: 'INSUFFICIENT_BALANCE' })).body).toMatchObject({
      changed: true,
      order: { state: 'failed', failedReason: 'INSUFFICIENT_BALANCE' },
    });
    expect((await simCall(sim, 'POST', `/sim/gateway/orders/${b.merchantOrderId}/fail`, { reason: 'lower case' })).status).toBe(422);
    expect((await simCall(sim, 'POST', '/sim/gateway/orders/nope/pay')).status).toBe(404);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
    const list = (await simCall(sim, 'GET', '/sim/gateway/orders')).body.orders as Record<string, any>[];
    expect(list.find((x) => x.merchantOrderId === a.merchantOrderId)).toMatchObject({ state: 'paid', notifyUrl: receiver.url, payUrl: a.payUrl });
  });

  it('sends the same callback 100 times concurrently with one eventId and a valid signature', async () => {
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    await waitFor(() => receiver.forOrder(o.merchantOrderId).length === 1);
    const r = await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/callback`, { state: 'paid', repeat: 100, concurrent: true });
    expect(r.status).toBe(200);
    expect(r.body.deliveries).toHaveLength(100);
    expect(r.body.deliveries.every((d: DeliveryEntry) => d.acknowledged && d.kind === 'switch')).toBe(true);
    const got = receiver.forOrder(o.merchantOrderId).filter((x) => x.body.eventId === r.body.eventId);
    expect(got).toHaveLength(100);
    expect(new Set(got.map((x) => x.raw))).toEqual(new Set([r.body.body]));
    for (const x of got)
      expect(callbackSignatureMatches(GW_SECRET, x.headers['x-gateway-timestamp'] as string, x.raw, x.headers['x-gateway-signature'] as string)).toBe(true);
    // A switch event is not the automatic one.
    expect(r.body.eventId).not.toBe(receiver.forOrder(o.merchantOrderId)[0]!.body.eventId);
  });

  it('sends contradicting states (success then failure) without changing the order, and forged signatures', async () => {
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    const fail = await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/callback`, { state: 'failed', failedReason: 'BANK_REVERSED' });
    expect(JSON.parse(fail.body.body)).toMatchObject({ state: 'failed', paidAt: null, failedReason: 'BANK_REVERSED', merchantOrderId: o.merchantOrderId });
    expect((await orderOf(o.merchantOrderId)).state).toBe('paid');

    receiver.respond = (x) =>
      callbackSignatureMatches(GW_SECRET, x.headers['x-gateway-timestamp'] as string, x.raw, x.headers['x-gateway-signature'] as string)
        ? { status: 200, body: 'OK' }
        : { status: 401, body: 'BAD SIGNATURE' };
    const forged = await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/callback`, { state: 'paid', forgeSignature: true, repeat: 3 });
    expect(forged.body.deliveries.map((d: DeliveryEntry) => [d.forged, d.httpStatus, d.acknowledged])).toEqual([
      [true, 401, false],
      [true, 401, false],
      [true, 401, false],
    ]);
    // Failure then success, with a tampered amount and a delay.
    const b = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${b.merchantOrderId}/fail`);
    const started = Date.now();
    const paid = await simCall(sim, 'POST', `/sim/gateway/orders/${b.merchantOrderId}/callback`, { state: 'paid', amountMinor: '1', delayMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(JSON.parse(paid.body.body)).toMatchObject({ state: 'paid', amountMinor: '1', paidAt: expect.any(String), failedReason: null });
    expect((await orderOf(b.merchantOrderId)).state).toBe('failed');

    for (const bad of [
      { state: 'created' },
      { state: 'paid', repeat: 0 },
      { state: 'paid', repeat: 1001 },
      { state: 'paid', concurrent: 'yes' },
      { state: 'paid', delayMs: -1 },
    ]) {
      expect((await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/callback`, bad)).status).toBe(422);
    }
  });

  it('logs deliveries and sets, validates and resets faults', async () => {
    expect(await simCall(sim, 'PUT', '/sim/gateway/faults', { callbackFailRate: 2 })).toEqual({
      status: 422,
      body: { status: 'error', code: 'INVALID_FAULTS', field: 'callbackFailRate' },
    });
    expect((await simCall(sim, 'PUT', '/sim/gateway/faults', { nope: 1 })).status).toBe(422);
    expect((await simCall(sim, 'PUT', '/sim/gateway/faults', { orderErrorRate: 1 })).body).toMatchObject({ orderErrorRate: 1, callbackFailRate: 0 });
    const body = orderBody(receiver);
    expect(await merchantCall(sim, 'POST', '/gateway/orders', body)).toEqual({ status: 500, body: { status: 'error', code: 'INTERNAL' } });
    expect((await merchantCall(sim, 'GET', `/gateway/orders/${body.merchantOrderId as string}`)).status).toBe(500);
    expect((await simCall(sim, 'DELETE', '/sim/gateway/faults')).body).toEqual({ callbackFailRate: 0, callbackDelayMs: 0, orderErrorRate: 0, seed: null });
    expect((await merchantCall(sim, 'GET', `/gateway/orders/${body.merchantOrderId as string}`)).status).toBe(404);

    // callbackFailRate 1: every automatic attempt is lost before reaching the merchant, until the schedule ends.
    await simCall(sim, 'PUT', '/sim/gateway/faults', { callbackFailRate: 1 });
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    const log = await waitFor(async () => {
      const r = await simCall(sim, 'GET', `/sim/gateway/callbacks?merchantOrderId=${o.merchantOrderId}`);
      return r.body.events[0]?.done && r.body;
    });
    expect(log.deliveries.map((d: DeliveryEntry) => [d.attempt, d.error, d.httpStatus])).toEqual([
      [1, 'dropped', null],
      [2, 'dropped', null],
      [3, 'dropped', null],
    ]);
    expect(log.events[0]).toMatchObject({ attempts: 3, done: true, acknowledged: false, nextAt: null });
    expect(log.deliveries[0]).toMatchObject({ eventId: log.events[0].eventId, kind: 'auto', state: 'paid', acknowledged: false, at: expect.any(String) });
    expect(receiver.forOrder(o.merchantOrderId)).toHaveLength(0);
  });
});
