// Gateway deposits end to end against the real PayBridge stand-in (sim/payments): the app listens on a real
// port, the stand-in calls it back over HTTP with signed callbacks, and its test switches produce the
// misbehaving gateway of DESIGN.md section 5: forged signatures, one callback 100 times at once, callbacks
// before and after expiry, failure then success, success then failure, lost and refused attempts retried
// until acknowledged, and the expiry job asking the gateway before it closes an order. Whatever arrives in
// whatever order, an order is credited exactly once and the ledger holds.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startSim, type Sim } from '../../sim/server.ts';
import { merchantHeaders } from '../../sim/payments/sign.ts';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { freshIp, freshPhone } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { depositOrders, gatewayCallbacks, players, sessions } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';

const SECRET = 'cashier-callbacks-secret';
/** Failed callback attempts are retried after 150 ms, 150 ms, 300 ms, then a minute (which tests flush). */
const RETRY_MS = [150, 150, 300, 60_000];

let sim: Sim;
let t: TestApp;
let appUrl = '';
let appPort = 0;
let appEnv: Record<string, string> = {};
/** Instances started in place of t.app by the restart test; closed at the end. */
const restarted: FastifyInstance[] = [];
const sockets: Socket[] = [];
interface Player {
  playerId: number;
  token: string;
  headers: { authorization: string };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
type Json = Record<string, any>;

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
  // A callback attempt may wait up to a minute for the site's answer: a hundred callbacks at once queue on the
  // embedded database's one connection for longer than the gateway's usual five seconds, and an attempt cut off by
  // the gateway's timer would make the count of acknowledgements depend on the machine's speed.
  sim = await startSim({ gatewaySecret: SECRET, gatewayCallbackRetryMs: RETRY_MS, gatewayCallbackTimeoutMs: 60_000, settleTickMs: 0 });
  // The callback address is part of the config the app is built with, so the port is chosen first.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    appEnv = {
      GAME_PROVIDER_URL: sim.url,
      PAYMENT_GATEWAY_URL: `${sim.url}/gateway`,
      PAYMENT_GATEWAY_SECRET: SECRET,
      CALLBACK_BASE_URL: `http://127.0.0.1:${port}`,
      SITE_URL: 'http://site.test',
      PAYMENT_GATEWAY_TIMEOUT_MS: '10000',
    };
    const app = await createTestApp(appEnv, { provider: new FakeProvider() });
    try {
      await app.app.listen({ port, host: '127.0.0.1' });
      t = app;
      appPort = port;
      appUrl = `http://127.0.0.1:${port}`;
      break;
    } catch (err) {
      await app.close();
      if (attempt >= 3) throw err;
    }
  }
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const app of restarted) await app.close();
  await t?.close();
  await sim?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await simCall('DELETE', '/sim/gateway/faults');
  expect(await checkLedger(t.database.db)).toEqual([]);
});

// ---- helpers -------------------------------------------------------------------------------------

let seq = 0;
/** A player with a session written directly (login's limits and hashing are tested elsewhere). */
async function newPlayer(): Promise<Player> {
  seq += 1;
  const account = `cb${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 12);
  const [row] = await t.database.db
    .insert(players)
    .values({ account, passwordHash: 'x', phone: freshPhone(), recommendCode: `CB${account}` })
    .returning({ id: players.id });
  await openCentralAccount(t.database.db, row!.id);
  const { token, hash } = newToken();
  await t.database.db.insert(sessions).values({ playerId: row!.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
  return { playerId: row!.id, token, headers: { authorization: `Bearer ${token}` } };
}

async function simCall(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(sim.url + path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function deposit(p: Player, method: 'card' | 'cvs' | 'online_banking' = 'card', amount = '1000'): Promise<Json> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/finance/deposit/create',
    remoteAddress: freshIp(),
    headers: p.headers,
    payload: { method, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function order(id: string) {
  return (await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, id)))[0]!;
}

async function balance(p: Player): Promise<string> {
  return (await t.app.inject({ url: '/api/auth/me', headers: p.headers, remoteAddress: freshIp() })).json().data.amount;
}

async function journals(id: string): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from journals where idempotency_key = ${`deposit:${id}`}`);
  return r.rows[0]!.n;
}

async function logged(id: string) {
  return t.database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.orderId, id)).orderBy(gatewayCallbacks.id);
}

/** Polls until fn gives a truthy value; fails after timeoutMs. */
async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false | null>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const statusIs = (id: string, status: string) => waitFor(`${id} ${status}`, async () => (await order(id)).status === status);
/** After lifting a fault: pending retries are sent now (again on every poll, in case one was in flight). */
const flushUntil = <T>(what: string, fn: () => Promise<T | undefined | false | null>) =>
  waitFor(what, async () => {
    await simCall('POST', '/sim/gateway/callbacks/flush');
    return fn();
  });

function spyEvents() {
  const spy = vi.spyOn(t.app.services.realtime.publisher, 'toPlayer');
  return (playerId: number, event: string) => spy.mock.calls.filter((c) => c[0] === playerId && c[1] === event).map((c) => c[2]);
}

async function simEvents(id: string): Promise<{ events: Json[]; deliveries: Json[] }> {
  return (await simCall('GET', `/sim/gateway/callbacks?merchantOrderId=${id}`)).body as { events: Json[]; deliveries: Json[] };
}

/** Moves our order's expiry into the past, beyond the job's grace period. */
async function backdate(id: string) {
  await t.database.db
    .update(depositOrders)
    .set({ expiresAt: new Date(Date.now() - 5 * 60_000) })
    .where(eq(depositOrders.id, id));
}

function connect(token: string): Promise<Socket> {
  const socket = connectSocket(appUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    auth: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
function nextEvent(socket: Socket, event: string, timeoutMs = 15_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const on = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once(event, on);
  });
}

// ---- tests ---------------------------------------------------------------------------------------

describe('paid before expiry', () => {
  it('card paid on the hosted page: the gateway calls back, the order is credited once, deposit-success reaches the socket', async () => {
    const p = await newPlayer();
    const socket = await connect(p.token);
    const d = await deposit(p, 'card', '1234.5');
    expect(d.pay_url).toMatch(/\/gateway\/pay\/PB[A-Z2-9]{18}$/);
    const success = nextEvent(socket, 'deposit-success');
    // The player pays on the gateway's page and is sent back to our deposit page.
    const paid = await fetch(`${sim.url}${new URL(d.pay_url).pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4111 1111 1111 1111',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://site.test/member/deposit');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ order: d.id, merchantOrderId: d.id, state: 'paid' });
    expect(await success).toEqual({ id: d.id, amount: '1234.50' });
    expect(await order(d.id)).toMatchObject({ status: 'paid', amountMinor: 123_450n });
    expect(await balance(p)).toBe('1234.50');
    expect(await journals(d.id)).toBe(1);
    // The socket hears of the credit before the gateway has read our answer to its callback: wait for the gateway.
    await expect.poll(async () => (await simEvents(d.id)).events).toMatchObject([{ state: 'paid', attempts: 1, done: true, acknowledged: true }]);
    const sent = await simEvents(d.id);
    expect(sent.deliveries).toMatchObject([{ kind: 'auto', httpStatus: 200, acknowledged: true, answer: 'OK' }]);
    expect(await logged(d.id)).toMatchObject([
      { gateway: 'paybridge', state: 'paid', signatureOk: true, outcome: 'credited', eventId: sent.events[0]!.eventId },
    ]);
  });

  it('a convenience-store code paid at the counter and an online-banking payment are credited', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const cvs = await deposit(p, 'cvs', '300');
    expect(cvs.payment_code).toMatch(/^PB[A-Z2-9]{12}$/);
    const counter = await fetch(`${sim.url}/gateway/cvs/${cvs.payment_code}/pay`, { method: 'POST', redirect: 'manual' });
    expect(counter.status).toBe(303);
    await statusIs(cvs.id, 'paid');
    const bank = await deposit(p, 'online_banking', '200');
    expect((await simCall('POST', `/sim/gateway/orders/${bank.id}/pay`, { bank: '822' })).body).toMatchObject({ status: 'ok', changed: true });
    await statusIs(bank.id, 'paid');
    expect(await balance(p)).toBe('500.00');
    await expect
      .poll(() => events(p.playerId, 'deposit-success'))
      .toEqual([
        { id: cvs.id, amount: '300.00' },
        { id: bank.id, amount: '200.00' },
      ]);
  });
});

describe('callbacks that must not credit', () => {
  it('a forged signature is refused with 401 and logged with signature_ok false', async () => {
    const p = await newPlayer();
    const d = await deposit(p);
    const sent = await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid', forgeSignature: true, repeat: 5, concurrent: true });
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries).toHaveLength(5);
    for (const del of sent.body.deliveries) expect(del).toMatchObject({ forged: true, httpStatus: 401, acknowledged: false });
    // Nothing of an unverified body is trusted, not even its order id, and it is not stored: forged callbacks
    // are counted per sender and only the first of a window is logged, with the body's size alone.
    const rows = await t.database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.outcome, 'forged_or_malformed'));
    expect(rows).toHaveLength(1);
    for (const r of rows) expect(r).toMatchObject({ signatureOk: false, outcome: 'forged_or_malformed', gateway: 'paybridge' });
    expect(await logged(d.id)).toEqual([]);
    expect(rows[0]!.body).toMatch(/^\[\d+ bytes, not stored\]$/);
    expect(rows[0]!.ip).toBe('127.0.0.1');
    expect(await order(d.id)).toMatchObject({ status: 'pending' });
    expect(await balance(p)).toBe('0.00');
    expect(await journals(d.id)).toBe(0);
  });

  it('a signed callback with another amount is logged and not credited', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '1000');
    const sent = await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid', amountMinor: '1000000' });
    expect(sent.body.deliveries[0]).toMatchObject({ httpStatus: 200, acknowledged: true });
    expect(await logged(d.id)).toMatchObject([{ signatureOk: true, outcome: 'amount_mismatch' }]);
    expect(await order(d.id)).toMatchObject({ status: 'pending' });
    expect(await balance(p)).toBe('0.00');
  });

  it('a callback for an order we never made is acknowledged and logged', async () => {
    const merchantOrderId = `DPforeign${Date.now().toString(36)}`;
    const body = JSON.stringify({
      merchantOrderId,
      amountMinor: '5000',
      currency: 'TWD',
      method: 'card',
      notifyUrl: `${appUrl}/api/payments/paybridge/callback`,
      returnUrl: 'http://site.test/',
    });
    const created = await fetch(`${sim.url}/gateway/orders`, {
      method: 'POST',
      body,
      headers: merchantHeaders({ secret: SECRET, method: 'POST', pathWithQuery: '/gateway/orders', body }),
    });
    expect(created.status).toBe(200);
    await simCall('POST', `/sim/gateway/orders/${merchantOrderId}/pay`);
    const rows = await waitFor('the unknown order logged', async () => {
      const r = await logged(merchantOrderId);
      return r.length ? r : undefined;
    });
    expect(rows).toMatchObject([{ signatureOk: true, outcome: 'unknown_order' }]);
    expect((await simEvents(merchantOrderId)).events).toMatchObject([{ acknowledged: true }]);
  });
});

describe('idempotent and safe in any order', () => {
  it('the same paid callback 100 times concurrently credits once', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const d = await deposit(p, 'card', '777.77');
    const sent = await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid', repeat: 100, concurrent: true });
    expect(sent.status).toBe(200);
    const deliveries = sent.body.deliveries as Json[];
    expect(deliveries).toHaveLength(100);
    // Every delivery is answered with an acknowledgement (none is an error, whichever request won).
    for (const del of deliveries) expect(del).toMatchObject({ httpStatus: 200, acknowledged: true });
    const rows = await waitFor('100 callbacks logged', async () => {
      const r = await logged(d.id);
      return r.length >= 100 ? r : undefined;
    });
    expect(rows).toHaveLength(100);
    expect(rows.filter((r) => r.outcome === 'credited')).toHaveLength(1);
    expect(rows.filter((r) => r.outcome === 'duplicate')).toHaveLength(99);
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set([sent.body.eventId]));
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('777.77');
    expect(await journals(d.id)).toBe(1);
    await expect.poll(() => events(p.playerId, 'deposit-success')).toEqual([{ id: d.id, amount: '777.77' }]);
  });

  it('paid after expiry: the order expired (deposit-fail), then the money arrived and is credited', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const d = await deposit(p, 'card', '500');
    expect((await simCall('POST', `/sim/gateway/orders/${d.id}/expire-now`)).body).toMatchObject({ status: 'ok', changed: true });
    await statusIs(d.id, 'expired');
    await expect.poll(() => events(p.playerId, 'deposit-fail')).toEqual([{ id: d.id, reason: 'expired' }]);
    expect(await balance(p)).toBe('0.00');
    const late = await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid' });
    expect(late.body.deliveries[0]).toMatchObject({ httpStatus: 200, acknowledged: true });
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('500.00');
    await expect.poll(() => events(p.playerId, 'deposit-success')).toEqual([{ id: d.id, amount: '500.00' }]);
    // The expiry told again changes nothing.
    await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'expired', repeat: 3 });
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect((await logged(d.id)).map((r) => r.outcome)).toEqual(['expired', 'credited', 'contradicts_paid', 'contradicts_paid', 'contradicts_paid']);
    expect(await journals(d.id)).toBe(1);
  });

  it('failure then success: credited', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const d = await deposit(p, 'card', '640');
    expect((await simCall('POST', `/sim/gateway/orders/${d.id}/fail`, { reason: 'CARD_DECLINED' })).body).toMatchObject({ changed: true });
    await statusIs(d.id, 'failed');
    expect(await order(d.id)).toMatchObject({ reason: 'CARD_DECLINED' });
    await expect.poll(() => events(p.playerId, 'deposit-fail')).toEqual([{ id: d.id, reason: 'failed' }]);
    // The failure again is a duplicate; then the gateway says it was paid after all.
    await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'failed' });
    await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid', repeat: 2 });
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('640.00');
    expect((await logged(d.id)).map((r) => r.outcome)).toEqual(['failed', 'duplicate', 'credited', 'duplicate']);
    await expect.poll(() => events(p.playerId, 'deposit-success')).toEqual([{ id: d.id, amount: '640.00' }]);
    expect(await journals(d.id)).toBe(1);
  });

  it('success then failure: stays paid, the balance does not move', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const d = await deposit(p, 'card', '320');
    await simCall('POST', `/sim/gateway/orders/${d.id}/pay`);
    await statusIs(d.id, 'paid');
    await waitFor('the paid callback acknowledged', async () => (await simEvents(d.id)).events[0]?.acknowledged);
    const failed = await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'failed', repeat: 3, concurrent: true });
    for (const del of failed.body.deliveries) expect(del).toMatchObject({ httpStatus: 200, acknowledged: true });
    await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'expired' });
    // The paid one again (a gateway retry) is a duplicate.
    await simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid' });
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('320.00');
    expect((await logged(d.id)).map((r) => r.outcome)).toEqual([
      'credited',
      'contradicts_paid',
      'contradicts_paid',
      'contradicts_paid',
      'contradicts_paid',
      'duplicate',
    ]);
    await expect.poll(() => events(p.playerId, 'deposit-fail')).toEqual([]);
    expect(events(p.playerId, 'deposit-success')).toHaveLength(1);
    expect(await journals(d.id)).toBe(1);
  });

  it('paid and failed callbacks racing each other: paid wins, credited once', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '150');
    await Promise.all([
      simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'failed', repeat: 20, concurrent: true }),
      simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid', repeat: 20, concurrent: true }),
      simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'expired', repeat: 10, concurrent: true }),
    ]);
    await waitFor('50 callbacks logged', async () => (await logged(d.id)).length >= 50);
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('150.00');
    expect((await logged(d.id)).filter((r) => r.outcome === 'credited')).toHaveLength(1);
    expect(await journals(d.id)).toBe(1);
  });
});

describe('retries until acknowledged', () => {
  it('our app answered an error once: the gateway retries and the order is credited', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '410');
    const real = t.app.services.cashier.handleCallback.bind(t.app.services.cashier);
    vi.spyOn(t.app.services.cashier, 'handleCallback').mockRejectedValueOnce(new Error('database unavailable')).mockImplementation(real);
    await simCall('POST', `/sim/gateway/orders/${d.id}/pay`);
    await statusIs(d.id, 'paid');
    const sent = await waitFor('the retry acknowledged', async () => {
      const s = await simEvents(d.id);
      return s.events[0]?.acknowledged ? s : undefined;
    });
    expect(sent.events[0]).toMatchObject({ attempts: 2, done: true });
    expect(sent.deliveries.map((x) => [x.attempt, x.httpStatus, x.acknowledged])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
    expect(await balance(p)).toBe('410.00');
    expect(await journals(d.id)).toBe(1);
  });

  it('lost attempts (callbackFailRate) are retried; the first that arrives credits', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '190');
    await simCall('PUT', '/sim/gateway/faults', { callbackFailRate: 1 });
    await simCall('POST', `/sim/gateway/orders/${d.id}/pay`);
    await waitFor('two lost attempts', async () => (await simEvents(d.id)).deliveries.filter((x) => x.error === 'dropped').length >= 2);
    expect(await order(d.id)).toMatchObject({ status: 'pending' });
    await simCall('DELETE', '/sim/gateway/faults');
    await flushUntil('paid', async () => (await order(d.id)).status === 'paid');
    const sent = await waitFor('acknowledged', async () => {
      const s = await simEvents(d.id);
      return s.events[0]?.acknowledged ? s : undefined;
    });
    const last = sent.deliveries.at(-1)!;
    expect(last).toMatchObject({ httpStatus: 200, acknowledged: true, error: null });
    expect(sent.deliveries.slice(0, -1).every((x) => x.error === 'dropped')).toBe(true);
    expect(await logged(d.id)).toMatchObject([{ outcome: 'credited' }]);
    expect(await balance(p)).toBe('190.00');
  });

  it('our app was down when the gateway called: the retry after the restart credits once', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '135');
    // Browsers' sockets go first: app.close() waits for every open socket.io connection.
    for (const s of sockets) s.disconnect();
    await t.app.close();
    await simCall('POST', `/sim/gateway/orders/${d.id}/pay`);
    await waitFor('a refused attempt', async () => (await simEvents(d.id)).deliveries.some((x) => String(x.error).startsWith('network')));
    expect(await order(d.id)).toMatchObject({ status: 'pending' });
    // The same database behind a new instance on the same address, as after a deploy.
    const config = { ...loadConfig({ ...process.env, REDIS_URL: '', ...appEnv }), databaseUrl: t.database.url };
    const app = await buildApp({ config, database: t.database, logger: false, provider: new FakeProvider() });
    restarted.push(app);
    await app.listen({ port: appPort, host: '127.0.0.1' });
    t = { ...t, app };
    await flushUntil('credited after the restart', async () => (await order(d.id)).status === 'paid');
    const sent = await waitFor('acknowledged', async () => {
      const s = await simEvents(d.id);
      return s.events[0]?.acknowledged ? s : undefined;
    });
    expect(sent.deliveries.at(-1)).toMatchObject({ httpStatus: 200, acknowledged: true });
    expect(await balance(p)).toBe('135.00');
    expect(await journals(d.id)).toBe(1);
  });
});

describe('the expiry job asks the gateway first', () => {
  it('gateway says expired: our order expires and the player hears deposit-fail; the late callback is a duplicate', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const d = await deposit(p, 'card', '250');
    await simCall('PUT', '/sim/gateway/faults', { callbackFailRate: 1 });
    await simCall('POST', `/sim/gateway/orders/${d.id}/expire-now`);
    // Not yet due (our expiry is 30 minutes away): the job leaves it alone.
    expect((await t.app.services.cashier.expireOrders()).checked).toBe(0);
    await backdate(d.id);
    expect(await t.app.services.cashier.expireOrders()).toEqual({ checked: 1, credited: 0, expired: 1 });
    expect(await order(d.id)).toMatchObject({ status: 'expired', reason: 'expired unpaid' });
    await expect.poll(() => events(p.playerId, 'deposit-fail')).toEqual([{ id: d.id, reason: 'expired' }]);
    expect((await t.app.services.cashier.expireOrders()).checked).toBe(0);
    await simCall('DELETE', '/sim/gateway/faults');
    await flushUntil('the expired callback', async () => (await logged(d.id)).length === 1);
    expect(await logged(d.id)).toMatchObject([{ state: 'expired', outcome: 'duplicate' }]);
    expect(events(p.playerId, 'deposit-fail')).toHaveLength(1);
    expect(await balance(p)).toBe('0.00');
  });

  it('gateway says paid: the late payment is credited, and the callback that follows is a duplicate', async () => {
    const events = spyEvents();
    const p = await newPlayer();
    const d = await deposit(p, 'online_banking', '880');
    await simCall('PUT', '/sim/gateway/faults', { callbackFailRate: 1 });
    await simCall('POST', `/sim/gateway/orders/${d.id}/pay`);
    await backdate(d.id);
    expect(await t.app.services.cashier.expireOrders()).toEqual({ checked: 1, credited: 1, expired: 0 });
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('880.00');
    await expect.poll(() => events(p.playerId, 'deposit-success')).toEqual([{ id: d.id, amount: '880.00' }]);
    await simCall('DELETE', '/sim/gateway/faults');
    await flushUntil('the paid callback', async () => (await logged(d.id)).length === 1);
    expect(await logged(d.id)).toMatchObject([{ state: 'paid', outcome: 'duplicate' }]);
    expect(await balance(p)).toBe('880.00');
    expect(await journals(d.id)).toBe(1);
    expect(events(p.playerId, 'deposit-success')).toHaveLength(1);
  });

  it('gateway not answering: the order stays pending for the next run', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '160');
    await backdate(d.id);
    await simCall('PUT', '/sim/gateway/faults', { orderErrorRate: 1 });
    expect(await t.app.services.cashier.expireOrders()).toEqual({ checked: 1, credited: 0, expired: 0 });
    expect(await order(d.id)).toMatchObject({ status: 'pending' });
    await simCall('DELETE', '/sim/gateway/faults');
    await simCall('POST', `/sim/gateway/orders/${d.id}/fail`);
    await statusIs(d.id, 'failed');
    expect((await t.app.services.cashier.expireOrders()).checked).toBe(0);
  });

  it('the job and the callback racing over one paid order credit it once', async () => {
    const p = await newPlayer();
    const d = await deposit(p, 'card', '175');
    await simCall('PUT', '/sim/gateway/faults', { callbackDelayMs: 50 });
    await simCall('POST', `/sim/gateway/orders/${d.id}/pay`);
    await backdate(d.id);
    await Promise.all([
      t.app.services.cashier.expireOrders(),
      t.app.services.cashier.expireOrders(),
      simCall('POST', `/sim/gateway/orders/${d.id}/callback`, { state: 'paid', repeat: 5, concurrent: true }),
    ]);
    await waitFor('the automatic callback', async () => (await simEvents(d.id)).events[0]?.acknowledged);
    expect(await order(d.id)).toMatchObject({ status: 'paid' });
    expect(await balance(p)).toBe('175.00');
    expect(await journals(d.id)).toBe(1);
  });
});
