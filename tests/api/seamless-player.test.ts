// The player's side of the seamless wallet: the platform list names the wallet model, the transfer wallet
// leaves seamless platforms out and refuses transfers to them, the launch opens at once, and the header hears of each
// debit and credit only after it committed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeLauncher, addSeamlessPlatform, centralMinor, seamlessCall } from '../helpers/seamless.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const launcher = new FakeLauncher();
const CODE = 'SMP';

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), seamlessLauncher: launcher });
  await addSeamlessPlatform(t, CODE);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await checkLedger(t.database.db)).toEqual([]);
});

describe('the player side of a seamless platform', () => {
  it("the platform list names each platform's wallet model", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/games/platform/all' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ gp_code: string; wallet_model: string }>;
    expect(list.find((p) => p.gp_code === CODE)?.wallet_model).toBe('seamless');
    expect(list.find((p) => p.gp_code === 'SLX')?.wallet_model).toBe('transfer');
  });

  it('the transfer wallet lists no seamless platform and refuses a transfer to one, moving nothing', async () => {
    const p = await seedPlayer(t, { centralMinor: 5_000n });
    const wallets = await t.app.inject({ method: 'POST', url: '/api/games/wallet', headers: p.headers, payload: {} });
    expect(wallets.statusCode, wallets.body).toBe(200);
    const codes = (wallets.json().data as Array<{ code: string }>).map((w) => w.code);
    expect(codes).toContain('SLX');
    expect(codes).not.toContain(CODE);
    const moved = await t.app.inject({ method: 'POST', url: `/api/players/deposit/${CODE}`, headers: p.headers, payload: { money: '10.00' } });
    expect(moved.statusCode).toBeGreaterThanOrEqual(400);
    expect(moved.json().error?.code ?? moved.json().code).toBeDefined();
    expect(await centralMinor(t, p.playerId)).toBe(5_000n);
  });

  it("the launch answers the provider's page at once; an anonymous caller gets 401", async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    expect((await t.app.inject({ method: 'GET', url: `/api/games/seamless/link/${CODE}?productId=lucky-7` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: `/api/games/seamless/link/${CODE}?productId=lucky-7`, headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toContain(`token=${launcher.lastToken}`);
    const auth = await seamlessCall(t, CODE, 'authenticate', { token: launcher.lastToken });
    expect(auth.body).toMatchObject({ status: 'OK', player: String(p.playerId), balance: '1000' });
  });

  it("each committed debit and credit tells the player's header, after the commit; a refusal and a replay do not", async () => {
    const p = await seedPlayer(t, { centralMinor: 2_000n });
    const publisher = t.app.services.realtime.publisher;
    const seen: Array<Promise<bigint>> = [];
    const original = publisher.toPlayer.bind(publisher);
    vi.spyOn(publisher, 'toPlayer').mockImplementation((playerId, event, payload) => {
      // The balance read from another connection at the moment of the event: the call's journal is already visible.
      if (playerId === p.playerId && event === 'update-user') seen.push(centralMinor(t, p.playerId));
      original(playerId, event, payload);
    });
    const player = String(p.playerId);
    expect(
      (await seamlessCall(t, CODE, 'debit', { player, round_id: 'rt-1', transaction_id: 'rt-1-d', game_code: 'lucky-7', amount: '500' })).body.status,
    ).toBe('OK');
    expect(
      (await seamlessCall(t, CODE, 'debit', { player, round_id: 'rt-1', transaction_id: 'rt-1-d', game_code: 'lucky-7', amount: '500' })).body.replayed,
    ).toBe(true);
    expect(
      (await seamlessCall(t, CODE, 'debit', { player, round_id: 'rt-2', transaction_id: 'rt-2-d', game_code: 'lucky-7', amount: '99999' })).body.status,
    ).toBe('INSUFFICIENT_FUNDS');
    expect(
      (
        await seamlessCall(t, CODE, 'credit', {
          player,
          round_id: 'rt-1',
          transaction_id: 'rt-1-c',
          debit_transaction_id: 'rt-1-d',
          amount: '1200',
          round_closed: true,
        })
      ).body.status,
    ).toBe('OK');
    expect(await Promise.all(seen)).toEqual([1_500n, 2_700n]);
  });
});
