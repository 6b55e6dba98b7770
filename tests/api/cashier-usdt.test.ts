// USDT on TRON credited without a person, against TronGrid's stand-in (sim/tron, blocks made by the test): a player's
// own deposit address from the operator's extended public key; a transfer credited once at its 19th confirmation and
// not at its 18th; a replayed block, a second watcher and a restart crediting nothing more; a re-organised transfer;
// a rate change between detection and credit (the rate at detection applies); below the minimum and another token;
// the finance desk's rate (audited), list and queue. Every test ends with the ledger check.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { startSim, type Sim } from '../../sim/server.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { translate } from '../../src/i18n/index.ts';
import { auditLog, depositOrders, journals, usdtTransfers, usdtWatchCursors } from '../../src/server/db/schema.ts';
import { UsdtDeposits } from '../../src/server/modules/cashier/usdt/service.ts';
import { TronGrid } from '../../src/server/integrations/tron/trongrid.ts';
import { depositAddress, externalChain, parseAccountKey } from '../../src/server/integrations/tron/address.ts';
import type { UsdtDeskView } from '../../src/shared/schemas/usdt.ts';

// BIP-32 test vector 1's m/0H: a public test key, never one to receive real money.
const XPUB = 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
const OTHER_TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

let sim: Sim;
let t: TestApp;
let finance: { id: number; token: string };
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  sim = await startSim({ tron: { blockIntervalMs: 0, rateLimitPerSec: 10_000 } });
  t = await createTestApp(
    { TRON_XPUB: XPUB, TRON_API_URL: `${sim.url}/trongrid`, TRON_API_RPS: '1000', TRON_WATCH_INTERVAL_MS: '0' },
    { provider: new FakeProvider() },
  );
  finance = await signedInStaff(t, 'usdtfinance', 'finance');
  await setRate('31.25', '10');
  // The embedded database's migrations and the stand-in start together on a shared machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const bo = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, token = finance.token) =>
  t.app.inject({ method, url: `/api/backoffice${url}`, headers: { authorization: `Bearer ${token}` }, payload: payload as Record<string, unknown> });
async function setRate(rate: string, min: string) {
  const res = await bo('PUT', '/finance/usdt/rate', { rate, min_usdt: min });
  expect(res.statusCode, res.body).toBe(200);
}
async function sendUsdt(to: string, usdt: string, opts: { contract?: string; parts?: number } = {}): Promise<{ txid: string; block: number }> {
  const value = String(Math.round(Number(usdt) * 1e6));
  const transfers = Array.from({ length: opts.parts ?? 1 }, () => ({ to, value, contract: opts.contract }));
  const res = await fetch(`${sim.url}/sim/tron/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transfers }),
  });
  return (await res.json()) as { txid: string; block: number };
}
async function mine(count: number) {
  await fetch(`${sim.url}/sim/tron/blocks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count }) });
}
async function reorg(txids: string[], reinclude = false) {
  const res = await fetch(`${sim.url}/sim/tron/reorg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ txids, reinclude }),
  });
  expect(res.status).toBe(200);
}
const watch = () => t.app.services.usdt.watch();
async function balance(p: Player): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: p.headers })).json<{ data: { amount: string } }>().data.amount;
}
async function info(p: Player) {
  const res = await t.app.inject({ method: 'GET', url: '/api/finance/deposit/usdt', headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { address: string; qr_data_url: string; min_usdt: string; min_amount: string; rate: string; transfers: Array<Record<string, unknown>> };
  }>().data;
}
const transferRows = (txid: string) => t.database.db.select().from(usdtTransfers).where(eq(usdtTransfers.txid, txid)).orderBy(usdtTransfers.eventIndex);
function spyEvents() {
  const spy = vi.spyOn(t.app.services.realtime.publisher, 'toPlayer');
  return (playerId: number, event: string) => spy.mock.calls.filter((c) => c[0] === playerId && c[1] === event).map((c) => c[2] as Record<string, unknown>);
}

describe('USDT deposit addresses', () => {
  it("hands each player an address of their own from the operator's key, with a QR code, the minimum and the rate", async () => {
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    const [ia, ib, again] = [await info(a), await info(b), await info(a)];
    const chain = externalChain(parseAccountKey(XPUB));
    // Indexes are handed out densely from 0, in the order players first ask.
    expect([ia.address, ib.address]).toEqual([depositAddress(chain, 0), depositAddress(chain, 1)]);
    expect(again.address).toBe(ia.address);
    expect(ia.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(ia).toMatchObject({ min_usdt: '10.00', min_amount: '312.50', rate: '31.2500' });
    const methods = (await t.app.inject({ method: 'GET', url: '/api/finance/deposit/methods', headers: a.headers })).json<{ data: Record<string, unknown> }>()
      .data;
    expect(methods.methods).toContain('usdt');
    expect(methods.usdt).toEqual({ address: '', network: 'TRC-20', automatic: true });
    // No order to make: the player sends to the address.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/finance/deposit/create',
      headers: a.headers,
      payload: { method: 'usdt', amount: '300', player_ref: 'x' },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json<{ error: Record<string, string[]> }>().error.method).toEqual([translate('zh-TW', 'cashier.usdt.automatic')]);
    expect((await t.app.inject({ method: 'GET', url: '/api/finance/deposit/usdt' })).statusCode).toBe(401);
  });
});

describe('the chain watcher', () => {
  it('credits a transfer once at its 19th confirmation, not at its 18th, with the rate and the USDT in the journal', async () => {
    await watch();
    const p = await seedPlayer(t);
    const events = spyEvents();
    const { address } = await info(p);
    const sent = await sendUsdt(address, '100');
    await mine(1);
    expect(await watch()).toMatchObject({ credited: 0 });
    const [seen] = await transferRows(sent.txid);
    expect(seen).toMatchObject({ outcome: 'confirming', rateE4: 312_500n, amountMinor: 312_500n, value: '100000000', playerId: p.playerId });
    const deposit = (await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, seen.depositId!)))[0];
    expect(deposit).toMatchObject({
      method: 'usdt',
      status: 'pending',
      amountMinor: 312_500n,
      chainAmount: 100_000_000n,
      chainRate: 312_500n,
      playerRef: sent.txid,
    });
    expect(events(p.playerId, 'usdt-deposit').at(-1)).toMatchObject({ id: deposit.id, txid: sent.txid, outcome: 'confirming', confirmations: 1 });
    expect((await info(p)).transfers[0]).toMatchObject({ txid: sent.txid, usdt: '100.00', amount: '3125.00', outcome: 'confirming', confirmations: 1 });

    await mine(17); // 18 confirmations: not solidified yet.
    expect(await watch()).toMatchObject({ credited: 0 });
    expect(events(p.playerId, 'usdt-deposit').at(-1)).toMatchObject({ confirmations: 18 });
    expect(await balance(p)).toBe('0.00');
    await mine(1); // the 19th.
    expect(await watch()).toMatchObject({ credited: 1 });
    expect(await balance(p)).toBe('3125.00');
    expect(events(p.playerId, 'deposit-success')).toEqual([{ id: deposit.id, amount: '3125.00' }]);
    const [journal] = await t.database.db
      .select()
      .from(journals)
      .where(eq(journals.idempotencyKey, `deposit:${deposit.id}`));
    expect(journal.memo).toBe('usdt 100.00 USDT @ 31.2500 TWD/USDT');
    expect((await transferRows(sent.txid))[0]).toMatchObject({ outcome: 'credited' });
    expect((await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, deposit.id)))[0]).toMatchObject({ status: 'paid' });
    await mine(3);
    await watch();
    expect(await balance(p)).toBe('3125.00');
  });

  it('credits each Transfer of one transaction by its log index, and a replayed block, a second watcher or a restart nothing more', async () => {
    const p = await seedPlayer(t);
    const { address } = await info(p);
    await watch();
    const sent = await sendUsdt(address, '20', { parts: 2 });
    await mine(19);
    // Two watchers at once (two instances whose job locks both let them through): each transfer is settled once.
    const second = new UsdtDeposits({
      db: t.database.db,
      accounts: t.app.services.cashier['accounts' as never],
      publish: t.app.services.realtime.publisher,
      chain: new TronGrid({ baseUrl: `${sim.url}/trongrid`, apiKey: '', requestsPerSecond: 1000, timeoutMs: 5000 }),
      xpub: XPUB,
      usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    await Promise.all([watch(), second.watch()]);
    expect((await transferRows(sent.txid)).map((r) => [r.eventIndex, r.outcome])).toEqual([
      [0, 'credited'],
      [1, 'credited'],
    ]);
    expect(await balance(p)).toBe('1250.00');
    // The cursors go back ten blocks, as after a restore: the blocks are read again and nothing is credited twice.
    await t.database.db.update(usdtWatchCursors).set({ block: sql`${usdtWatchCursors.block} - 10` });
    await second.watch();
    expect(await balance(p)).toBe('1250.00');
    const deposits = await t.database.db
      .select()
      .from(depositOrders)
      .where(and(eq(depositOrders.playerId, p.playerId), eq(depositOrders.status, 'paid')));
    expect(deposits).toHaveLength(2);
  });

  it('marks a transfer that left the chain before solidifying as reorged, and credits one that came back once', async () => {
    const p = await seedPlayer(t);
    const events = spyEvents();
    const { address } = await info(p);
    await watch();
    const gone = await sendUsdt(address, '50');
    const moved = await sendUsdt(address, '30');
    await mine(2);
    await watch();
    expect((await transferRows(gone.txid))[0].outcome).toBe('confirming');
    await reorg([gone.txid]);
    await reorg([moved.txid], true);
    await mine(25);
    await watch();
    const [row] = await transferRows(gone.txid);
    expect(row).toMatchObject({ outcome: 'reorged' });
    expect((await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, row.depositId!)))[0]).toMatchObject({
      status: 'failed',
      reason: 'reorged',
    });
    expect(events(p.playerId, 'deposit-fail')).toContainEqual({ id: row.depositId, reason: 'reorged' });
    // Re-included in a later block: gone from its first block when that one solidified, then credited in its new one, once.
    const [back] = await transferRows(moved.txid);
    expect(back).toMatchObject({ outcome: 'credited' });
    expect(back.blockNumber).toBeGreaterThan(moved.block);
    expect((await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, back.depositId!)))[0]).toMatchObject({ status: 'paid' });
    expect(events(p.playerId, 'deposit-success')).toEqual([{ id: back.depositId, amount: '937.50' }]);
    expect(await balance(p)).toBe('937.50');
  });

  it('credits at the rate recorded when the transfer was first seen, whatever the rate when it solidifies', async () => {
    const p = await seedPlayer(t);
    const { address } = await info(p);
    await watch();
    const early = await sendUsdt(address, '10');
    await mine(1);
    await watch(); // seen at 31.25
    await setRate('40', '10');
    const late = await sendUsdt(address, '10');
    await mine(25);
    await watch();
    expect((await transferRows(early.txid))[0]).toMatchObject({ outcome: 'credited', rateE4: 312_500n, amountMinor: 31_250n });
    // The second was first seen by the solid pass, after the change: the new rate.
    expect((await transferRows(late.txid))[0]).toMatchObject({ outcome: 'credited', rateE4: 400_000n, amountMinor: 40_000n });
    expect(await balance(p)).toBe('712.50');
    await setRate('31.25', '10');
  });

  it('credits nothing below the minimum or in another token, and names each outcome on the desk', async () => {
    const p = await seedPlayer(t);
    const { address } = await info(p);
    await watch();
    const small = await sendUsdt(address, '9.999999');
    const other = await sendUsdt(address, '500', { contract: OTHER_TOKEN });
    await mine(20);
    await watch();
    expect((await transferRows(small.txid))[0]).toMatchObject({ outcome: 'below_minimum', depositId: null });
    expect((await transferRows(other.txid))[0]).toMatchObject({ outcome: 'unknown_contract', depositId: null, contract: OTHER_TOKEN });
    expect(await balance(p)).toBe('0.00');
    const below = (await bo('GET', '/finance/usdt/transfers?outcome=below_minimum')).json<{ data: { data: Array<Record<string, unknown>> } }>().data.data;
    expect(below.find((r) => r.txid === small.txid)).toMatchObject({ outcome: 'below_minimum', usdt: '9.999999', account: p.account });
    const unknown = (await bo('GET', '/finance/usdt/transfers?outcome=unknown_contract')).json<{ data: { data: Array<Record<string, unknown>> } }>().data.data;
    expect(unknown.find((r) => r.txid === other.txid)).toMatchObject({ contract: OTHER_TOKEN, usdt: '500000000', amount: null });
    const desk = (await bo('GET', '/finance/usdt')).json<{ data: UsdtDeskView }>().data;
    expect(desk.configured).toBe(true);
    for (const outcome of ['below_minimum', 'unknown_contract', 'credited', 'reorged']) expect(desk.counts[outcome], outcome).toBeGreaterThan(0);
    expect(desk.watcher.solid_block).toBe(desk.watcher.chain_solid);
  });

  it('stops at the suspension TronGrid answers past its limit and resumes from the cursors after it', async () => {
    const p = await seedPlayer(t);
    const { address } = await info(p);
    await watch();
    const sent = await sendUsdt(address, '12');
    await mine(19);
    const put = (body: unknown) =>
      fetch(`${sim.url}/sim/tron/config`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await put({ rateLimitPerSec: 0, penaltyMs: 1 });
    const grid = new TronGrid({ baseUrl: `${sim.url}/trongrid`, apiKey: 'k', requestsPerSecond: 1000, timeoutMs: 5000 });
    const paused = new UsdtDeposits({
      db: t.database.db,
      accounts: t.app.services.cashier['accounts' as never],
      publish: t.app.services.realtime.publisher,
      chain: grid,
      xpub: XPUB,
      usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(await paused.watch()).toMatchObject({ skipped: 'rate_limited' });
    expect((await transferRows(sent.txid))[0]?.outcome).toBeUndefined();
    await put({ rateLimitPerSec: 10_000 });
    await watch();
    expect((await transferRows(sent.txid))[0]).toMatchObject({ outcome: 'credited' });
    expect(await balance(p)).toBe('375.00');
  });
});

describe("the finance desk's USDT tab", () => {
  it('sets the rate and minimum (finance only, audited in words), refusing malformed ones by field', async () => {
    const service = await signedInStaff(t, 'usdtservice', 'service');
    expect((await bo('PUT', '/finance/usdt/rate', { rate: '32', min_usdt: '5' }, service.token)).statusCode).toBe(403);
    const fields = async (body: unknown) => {
      const res = await bo('PUT', '/finance/usdt/rate', body);
      expect(res.statusCode).toBe(422);
      return Object.keys(res.json<{ error: Record<string, unknown> }>().error).sort();
    };
    expect(await fields({ rate: '31.123456', min_usdt: '1e3' })).toEqual(['min_usdt', 'rate']);
    // Below a cent of USDT a deposit would round to nothing.
    expect(await fields({ rate: '31', min_usdt: '0.001' })).toEqual(['min_usdt']);
    expect(await fields({ rate: '0', min_usdt: '10' })).toEqual(['rate']);
    const res = await bo('PUT', '/finance/usdt/rate', { rate: '32.1', min_usdt: '15' });
    expect(res.json<{ data: Record<string, unknown> }>().data).toMatchObject({ rate: '32.1000', min_usdt: '15.00', min_amount: '481.50', set_by: finance.id });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deposit.usdt_rate'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      staffId: finance.id,
      detail: { before: { usdt_rate: '31.2500', min_usdt: '10.00' }, after: { usdt_rate: '32.1000', min_usdt: '15.00' }, min_amount: '481.50' },
    });
    expect((await bo('GET', '/finance/usdt', undefined, service.token)).statusCode).toBe(200);
    await setRate('31.25', '10');
  });

  it("lists a watched deposit in the deposit queue without finance's confirm, and refuses confirming it by hand", async () => {
    const p = await seedPlayer(t);
    const { address } = await info(p);
    await watch();
    const sent = await sendUsdt(address, '11');
    await mine(1);
    await watch();
    const depositId = (await transferRows(sent.txid))[0].depositId!;
    const queue = (await bo('GET', `/finance/deposits?status=pending&account=${p.account}`)).json<{ data: { data: Array<Record<string, unknown>> } }>().data
      .data;
    expect(queue.find((d) => d.id === depositId)).toMatchObject({ method: 'usdt', player_ref: sent.txid, reviewable: false });
    expect((await bo('POST', `/finance/deposits/${depositId}/confirm`)).statusCode).toBe(422);
    await mine(18);
    await watch();
    expect(await balance(p)).toBe('343.75');
  });
});
