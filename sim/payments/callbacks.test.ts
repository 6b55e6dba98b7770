// PayBridge callbacks: body and signature, acknowledgement, retries with backoff, giving up, and
// pending retries surviving a restart.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '../server.ts';
import type { DeliveryEntry } from './gateway.ts';
import { callbackSignatureMatches } from './sign.ts';
import { GW_SECRET, createOrder, merchantCall, simCall, sleep, startReceiver, waitFor, type Receiver } from './testkit.ts';

let receiver: Receiver;
const sims: Sim[] = [];
const dirs: string[] = [];

async function newSim(opts: { retryMs: number[]; dataDir?: string }): Promise<Sim> {
  const sim = await startSim({ gatewaySecret: GW_SECRET, gatewayCallbackRetryMs: opts.retryMs, dataDir: opts.dataDir });
  sims.push(sim);
  return sim;
}

beforeAll(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  receiver.respond = () => ({ status: 200, body: 'OK' });
  for (const s of sims.splice(0)) await s.close();
});
afterAll(async () => {
  await receiver.close();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const validSignature = (x: { headers: Record<string, unknown>; raw: string }, secret = GW_SECRET) =>
  callbackSignatureMatches(secret, x.headers['x-gateway-timestamp'] as string, x.raw, x.headers['x-gateway-signature'] as string);

describe('callbacks', () => {
  it('sends the contract body, signed over timestamp and raw body', async () => {
    const sim = await newSim({ retryMs: [50] });
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    const cb = await waitFor(() => receiver.forOrder(o.merchantOrderId)[0]);
    expect(cb.headers['content-type']).toBe('application/json');
    expect(cb.headers['x-gateway-timestamp']).toMatch(/^\d{13}$/);
    expect(Math.abs(Number(cb.headers['x-gateway-timestamp']) - Date.now())).toBeLessThan(5000);
    expect(validSignature(cb)).toBe(true);
    expect(validSignature(cb, 'dev-gateway-secret')).toBe(false);
    const order = (await merchantCall(sim, 'GET', `/gateway/orders/${o.merchantOrderId}`)).body.order;
    expect(Object.keys(cb.body)).toEqual(['merchantId', 'orderId', 'merchantOrderId', 'amountMinor', 'state', 'paidAt', 'failedReason', 'eventId', 'sentAt']);
    expect(cb.body).toEqual({
      merchantId: 'site',
      orderId: o.orderId,
      merchantOrderId: o.merchantOrderId,
      amountMinor: '123450',
      state: 'paid',
      paidAt: order.paidAt,
      failedReason: null,
      eventId: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      sentAt: order.paidAt,
    });
  });

  it('retries with the same eventId and body until acknowledged with OK or {"status":"OK"}', async () => {
    const sim = await newSim({ retryMs: [40, 80, 40, 40] });
    const answers = [
      { status: 500, body: 'error' },
      { status: 200, body: 'ok' },
      { status: 200, body: '{"status":"fine"}' },
      { status: 200, body: '{"status":"OK"}' },
    ];
    const o = await createOrder(sim, receiver);
    receiver.respond = () => answers[receiver.forOrder(o.merchantOrderId).length - 1] ?? { status: 200, body: 'OK' };
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    const log = await waitFor(async () => {
      const r = (await simCall(sim, 'GET', `/sim/gateway/callbacks?merchantOrderId=${o.merchantOrderId}`)).body;
      return r.events[0]?.done && r;
    });
    expect(log.events[0]).toMatchObject({ attempts: 4, acknowledged: true, done: true });
    expect(log.deliveries.map((d: DeliveryEntry) => [d.attempt, d.httpStatus, d.acknowledged])).toEqual([
      [1, 500, false],
      [2, 200, false],
      [3, 200, false],
      [4, 200, true],
    ]);
    const got = receiver.forOrder(o.merchantOrderId);
    expect(got).toHaveLength(4);
    expect(new Set(got.map((x) => x.raw)).size).toBe(1);
    for (const x of got) expect(validSignature(x)).toBe(true);
    // Backoff: the waits follow the schedule (40, 80, 40 ms).
    const gaps = got.slice(1).map((x, i) => x.at - got[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    await sleep(100);
    expect(receiver.forOrder(o.merchantOrderId)).toHaveLength(4);
  });

  it('gives a new eventId to each state change and gives up at the end of the schedule', async () => {
    const sim = await newSim({ retryMs: [20, 20] });
    receiver.respond = () => ({ status: 503, body: 'busy' });
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/fail`);
    await waitFor(() => receiver.forOrder(o.merchantOrderId).length === 3);
    await sleep(80);
    expect(receiver.forOrder(o.merchantOrderId)).toHaveLength(3);
    const events = (await simCall(sim, 'GET', `/sim/gateway/callbacks?merchantOrderId=${o.merchantOrderId}`)).body.events;
    expect(events).toEqual([expect.objectContaining({ state: 'failed', attempts: 3, done: true, acknowledged: false, nextAt: null })]);

    receiver.respond = () => ({ status: 200, body: 'OK' });
    const p = await createOrder(sim, receiver, { method: 'cvs' });
    const q = await createOrder(sim, receiver, { method: 'cvs' });
    await simCall(sim, 'POST', `/sim/gateway/orders/${p.merchantOrderId}/pay`);
    await simCall(sim, 'POST', `/sim/gateway/orders/${q.merchantOrderId}/expire-now`);
    const a = await waitFor(() => receiver.forOrder(p.merchantOrderId)[0]);
    const b = await waitFor(() => receiver.forOrder(q.merchantOrderId)[0]);
    expect(a.body.eventId).not.toBe(b.body.eventId);
    expect(b.body.state).toBe('expired');
  });

  it('counts an unreachable merchant and a redirect as failed attempts', async () => {
    const sim = await newSim({ retryMs: [20] });
    const o = await createOrder(sim, receiver, { notifyUrl: 'http://127.0.0.1:1/callback' });
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    const log = await waitFor(async () => {
      const r = (await simCall(sim, 'GET', `/sim/gateway/callbacks?merchantOrderId=${o.merchantOrderId}`)).body;
      return r.events[0]?.done && r;
    });
    expect(log.deliveries.map((d: DeliveryEntry) => d.error)).toEqual([expect.stringMatching(/^network: /), expect.stringMatching(/^network: /)]);

    receiver.respond = () => ({ status: 302, body: 'OK' });
    const p = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${p.merchantOrderId}/pay`);
    await waitFor(() => receiver.forOrder(p.merchantOrderId).length === 2);
  });

  it('flush runs pending retries now', async () => {
    const sim = await newSim({ retryMs: [60_000] });
    receiver.respond = () => ({ status: 500, body: 'down' });
    const o = await createOrder(sim, receiver);
    await simCall(sim, 'POST', `/sim/gateway/orders/${o.merchantOrderId}/pay`);
    await waitFor(() => receiver.forOrder(o.merchantOrderId).length === 1);
    await waitFor(async () => (await simCall(sim, 'GET', `/sim/gateway/callbacks?merchantOrderId=${o.merchantOrderId}`)).body.events[0]?.attempts === 1);
    receiver.respond = () => ({ status: 200, body: 'OK' });
    expect((await simCall(sim, 'POST', '/sim/gateway/callbacks/flush')).body).toEqual({ status: 'ok', scheduled: 1 });
    await waitFor(() => receiver.forOrder(o.merchantOrderId).length === 2);
  });
});

describe('persistence', () => {
  it('keeps orders and pending retries across a restart; the retry resends the same event', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paybridge-test-'));
    dirs.push(dir);
    let sim = await newSim({ retryMs: [300, 300], dataDir: dir });
    receiver.respond = () => ({ status: 500, body: 'down' });
    const paid = await createOrder(sim, receiver);
    const open = await createOrder(sim, receiver, { method: 'cvs' });
    await simCall(sim, 'POST', `/sim/gateway/orders/${paid.merchantOrderId}/pay`);
    await waitFor(() => receiver.forOrder(paid.merchantOrderId).length === 1);
    await waitFor(async () => (await simCall(sim, 'GET', '/sim/gateway/callbacks')).body.events[0]?.attempts === 1);
    await sim.close();
    sims.length = 0;
    const journal = await readFile(join(dir, 'gateway.jsonl'), 'utf8');
    expect(
      journal
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).t),
    ).toEqual(['order', 'order', 'state', 'event', 'attempt']);

    receiver.respond = () => ({ status: 200, body: 'OK' });
    sim = await newSim({ retryMs: [300, 300], dataDir: dir });
    // The pending retry goes out at its planned time, with the same event and body.
    await waitFor(() => receiver.forOrder(paid.merchantOrderId).length === 2, 2000);
    const [first, second] = receiver.forOrder(paid.merchantOrderId);
    expect(second!.raw).toBe(first!.raw);
    expect(validSignature(second!)).toBe(true);
    const log = await waitFor(async () => {
      const r = (await simCall(sim, 'GET', '/sim/gateway/callbacks')).body;
      return r.events[0]?.done && r;
    });
    expect(log.events[0]).toMatchObject({ attempts: 2, acknowledged: true });
    expect(log.deliveries.map((d: DeliveryEntry) => [d.attempt, d.httpStatus])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    // Orders, their state and codes survive; replaying the creation gives the same answer.
    expect((await merchantCall(sim, 'GET', `/gateway/orders/${paid.merchantOrderId}`)).body.order).toMatchObject({ state: 'paid', orderId: paid.orderId });
    const again = await merchantCall(sim, 'POST', '/gateway/orders', {
      merchantOrderId: open.merchantOrderId,
      amountMinor: '123450',
      currency: 'TWD',
      method: 'cvs',
      notifyUrl: receiver.url,
      returnUrl: 'http://localhost:4321/member/deposit?from=gw',
      description: 'Deposit',
    });
    expect(again.body).toEqual({ ...open, counterUrl: `${sim.state.publicUrl}/gateway/cvs/${open.paymentCode}` });
    expect((await fetch(`${sim.url}/gateway/cvs/${open.paymentCode}`)).status).toBe(200);
    await sim.close();
    sims.length = 0;
  });

  it('expires on start-up an order whose deadline passed while the sim was down, and calls back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paybridge-test-'));
    dirs.push(dir);
    let sim = await newSim({ retryMs: [50], dataDir: dir });
    const o = await createOrder(sim, receiver, { expiresInSec: 60 });
    await sim.close();
    sims.length = 0;
    // Rewrite the journal so the order's deadline is in the past, as if the sim had been down a while.
    const path = join(dir, 'gateway.jsonl');
    const lines = (await readFile(path, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    lines[0].order.expiresAt = new Date(Date.now() - 1000).toISOString();
    await (await import('node:fs/promises')).writeFile(path, lines.map((l) => JSON.stringify(l) + '\n').join(''));
    sim = await newSim({ retryMs: [50], dataDir: dir });
    const cb = await waitFor(() => receiver.forOrder(o.merchantOrderId)[0]);
    expect(cb.body.state).toBe('expired');
    expect((await merchantCall(sim, 'GET', `/gateway/orders/${o.merchantOrderId}`)).body.order.state).toBe('expired');
  });
});
