// The wallet calls of SPEC.md section 7 and their refusals: platform lists, game and demo links, the
// blacklist, maintenance, automatic transfer, money validation and Idempotency-Key replays. Every
// scenario ends with the ledger's invariants holding.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const provider = new FakeProvider();
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  provider.mode = 'normal';
  provider.unreachable = false;
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.database.db.execute(sql`update game_platforms set maintain_status = 1, maintain_start = null, maintain_end = null, status = 1`);
});

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
function call(method: 'GET' | 'POST' | 'PUT', url: string, p?: Player, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...(p?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ status: 'error', code });
}
async function me(p: Player) {
  const res = await call('GET', '/api/auth/me', p);
  expect(res.statusCode).toBe(200);
  return res.json().data as { amount: string; total_money: string; auto_transfer: boolean; player_blacklist: unknown };
}
async function platformWallets(p: Player, forceUpdate?: boolean) {
  const res = await call('POST', '/api/games/wallet', p, forceUpdate === undefined ? {} : { forceUpdate });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ code: string; wallet: string; pending: boolean; player_bonus_wallet_id: number | null; group: string; name: string }>;
}
const walletOf = async (p: Player, code: string, forceUpdate?: boolean) => (await platformWallets(p, forceUpdate)).find((w) => w.code === code)!.wallet;
const deposit = (p: Player, code: string, money: unknown, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  call('POST', `/api/players/deposit/${code}`, p, { money, ...extra }, headers);

describe('platform lists', () => {
  it('GET /api/games/platform/all lists every platform for visitors, with maintenance as operators set it', async () => {
    const res = await call('GET', '/api/games/platform/all');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ gp_code: string; group: string; maintain_status: number; status: number; maintain: string }>;
    expect(rows.map((r) => `${r.gp_code}/${r.group}`)).toEqual([
      'SLX/slots',
      'FSH/fish',
      'FSH/slots',
      'LVC/casino',
      'SPB/sports',
      'LTO/lottery',
      'CRD/cards',
      'ESP/esports',
    ]);
    expect(rows.every((r) => r.maintain_status === 1 && r.status === 1 && r.maintain === '')).toBe(true);

    const start = new Date(Date.now() - 60_000);
    const end = new Date(Date.now() + 60_000);
    await exec(
      sql`update game_platforms set maintain_status = 0, maintain_start = ${start.toISOString()}, maintain_end = ${end.toISOString()} where gp_code = 'SLX'`,
    );
    const after = (await call('GET', '/api/games/platform/all')).json().data as typeof rows;
    expect(after.find((r) => r.gp_code === 'SLX')).toMatchObject({ maintain_status: 0, maintain: `${start.toISOString()} ~ ${end.toISOString()}` });
    const en = (await call('GET', '/api/games/platform/all', undefined, undefined, { 'x-locale': 'en' })).json().data as Array<{ name: string }>;
    expect(en[0]!.name).toBe('Starlight Slots');
  });

  it('GET /api/platforms/status answers every platform with its maintenance window', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const end = new Date(Date.now() + 7_200_000);
    await exec(sql`update game_platforms set maintain_start = ${start.toISOString()}, maintain_end = ${end.toISOString()} where gp_code = 'LVC'`);
    const res = await call('GET', '/api/platforms/status');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ gp_code: string; status: number; start_time: string | null; end_time: string | null }>;
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r.gp_code === 'LVC')).toMatchObject({ status: 1, start_time: start.toISOString(), end_time: end.toISOString() });
    expect(rows.find((r) => r.gp_code === 'SLX')).toMatchObject({ start_time: null, end_time: null });
  });

  it("POST /api/games/wallet lists one wallet per provider: ledger figures, or the provider's own with forceUpdate", async () => {
    expectError(await call('POST', '/api/games/wallet', undefined, {}), 401, 'unauthorized');
    const p = await seedPlayer(t, { centralMinor: 50_000n });
    const list = await platformWallets(p);
    expect(list.map((w) => w.code)).toEqual(['SLX', 'FSH', 'LVC', 'SPB', 'LTO', 'CRD', 'ESP']);
    expect(list.every((w) => w.wallet === '0.00' && !w.pending && w.player_bonus_wallet_id === null)).toBe(true);

    expect((await deposit(p, 'SLX', '12.34')).json().data.status).toBe('applied');
    expect(await walletOf(p, 'SLX')).toBe('12.34');
    // A win at the provider the ledger has not heard of yet: forceUpdate shows the provider's figure.
    provider.balances.set(`SLX:p${p.playerId}`, 2_000n);
    expect(await walletOf(p, 'SLX', true)).toBe('20.00');
    expect(await walletOf(p, 'SLX', false)).toBe('12.34');
    expect(await walletOf(p, 'SLX')).toBe('12.34');
    // An unreachable provider shows as 'maintain' for the platforms it has to be asked about.
    provider.unreachable = true;
    const down = await platformWallets(p, true);
    expect(down.find((w) => w.code === 'SLX')!.wallet).toBe('maintain');
    expect(down.find((w) => w.code === 'LVC')!.wallet).toBe('0.00');
    provider.unreachable = false;
    // A platform under maintenance always shows 'maintain'.
    await exec(sql`update game_platforms set maintain_status = 0 where gp_code = 'SLX'`);
    expect(await walletOf(p, 'SLX')).toBe('maintain');
    provider.balances.set(`SLX:p${p.playerId}`, 1_234n);

    expectError(await call('POST', '/api/games/wallet', p, { forceUpdate: 'yes' }), 422, 'validation_failed');
    expectError(await call('POST', '/api/games/wallet', p, { forceUpdate: true, other: 1 }), 422, 'validation_failed');
  });
});

describe('game and demo links', () => {
  it("GET /api/games/link/{code} refuses visitors with 401 and gives players the provider's link", async () => {
    expectError(await call('GET', '/api/games/link/SLX'), 401, 'unauthorized');
    expectError(
      await call('GET', '/api/games/link/SLX', undefined, undefined, { authorization: 'Bearer not-a-real-token-at-all-000000' }),
      401,
      'unauthorized',
    );
    const p = await seedPlayer(t);
    const res = await call('GET', '/api/games/link/SLX?productId=lucky-7', p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ url: `http://provider.test/play/SLX/lucky-7?player=p${p.playerId}&lang=zh-TW`, auto_transfer: null });
    const lobby = await call('GET', '/api/games/link/LVC', p, undefined, { 'x-locale': 'en' });
    expect(lobby.json().data.url).toBe(`http://provider.test/play/LVC/lobby?player=p${p.playerId}&lang=en`);
    expectError(await call('GET', '/api/games/link/NOPE', p), 404, 'not_found');
    expect((await call('GET', '/api/games/link/bad%20code', p)).statusCode).toBeGreaterThanOrEqual(400);
    provider.unreachable = true;
    expectError(await call('GET', '/api/games/link/ESP', p), 503, 'platform_unavailable');
  });

  it('refuses a platform under maintenance (flag or window) or switched off', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    await exec(sql`update game_platforms set maintain_status = 0 where gp_code = 'SLX'`);
    expectError(await call('GET', '/api/games/link/SLX', p), 409, 'platform_maintenance');
    expectError(await call('GET', '/api/demo/link/SLX'), 409, 'platform_maintenance');
    expectError(await deposit(p, 'SLX', '1'), 409, 'platform_maintenance');
    expectError(await call('POST', '/api/players/autoTransFer/SLX', p, { money: '1' }), 409, 'platform_maintenance');
    expectError(await call('POST', '/api/players/withdraw/SLX', p, { type: 2 }), 409, 'platform_maintenance');

    const inWindow = [new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 60_000).toISOString()];
    await exec(sql`update game_platforms set maintain_start = ${inWindow[0]}, maintain_end = ${inWindow[1]} where gp_code = 'LVC'`);
    expectError(await call('GET', '/api/games/link/LVC', p), 409, 'platform_maintenance');
    expectError(await deposit(p, 'LVC', '1'), 409, 'platform_maintenance');
    const past = [new Date(Date.now() - 120_000).toISOString(), new Date(Date.now() - 60_000).toISOString()];
    await exec(sql`update game_platforms set maintain_start = ${past[0]}, maintain_end = ${past[1]} where gp_code = 'LVC'`);
    expect((await call('GET', '/api/games/link/LVC', p)).statusCode).toBe(200);

    await exec(sql`update game_platforms set status = 0 where gp_code = 'ESP'`);
    expectError(await call('GET', '/api/games/link/ESP', p), 503, 'platform_unavailable');
    expectError(await deposit(p, 'ESP', '1'), 503, 'platform_unavailable');
    // Nothing moved.
    expect((await me(p)).amount).toBe('100.00');
    expect(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from platform_transfers where player_id = ${p.playerId}`)).rows[0]!.n,
    ).toBe(0);
  });

  it('GET /api/demo/link/{gameCode} needs no login and is empty where the platform has no demo', async () => {
    const res = await call('GET', '/api/demo/link/SLX?productId=lucky-7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'success', data: ['http://provider.test/play/SLX/lucky-7?demo=1&lang=zh-TW'] });
    expect((await call('GET', '/api/demo/link/CRD')).json().data).toEqual([]);
    expectError(await call('GET', '/api/demo/link/NOPE'), 404, 'not_found');
  });

  it('the blacklist blocks a platform for the listed game types (optionally only the listed codes)', async () => {
    const p = await seedPlayer(t);
    const setBlacklist = (b: { type: string[]; game_platform_code: string[] }) =>
      exec(sql`update players set blacklist = ${JSON.stringify(b)}::jsonb where id = ${p.playerId}`);
    await setBlacklist({ type: ['slots'], game_platform_code: [] });
    expect((await me(p)).player_blacklist).toEqual({ type: ['slots'], game_platform_code: [] });
    expectError(await call('GET', '/api/games/link/SLX', p), 403, 'platform_blocked');
    // FSH serves the slots group as well as fish.
    expectError(await call('GET', '/api/games/link/FSH', p), 403, 'platform_blocked');
    expect((await call('GET', '/api/games/link/LVC', p)).statusCode).toBe(200);

    await setBlacklist({ type: ['slots'], game_platform_code: ['SLX'] });
    expectError(await call('GET', '/api/games/link/SLX', p), 403, 'platform_blocked');
    expect((await call('GET', '/api/games/link/FSH', p)).statusCode).toBe(200);

    await setBlacklist({ type: ['casino', 'sports'], game_platform_code: [] });
    expectError(await call('GET', '/api/games/link/LVC', p), 403, 'platform_blocked');
    expectError(await call('GET', '/api/games/link/SPB', p), 403, 'platform_blocked');
    expect((await call('GET', '/api/games/link/SLX', p)).statusCode).toBe(200);
    expect((await call('GET', '/api/games/link/SLX', p, undefined, { 'x-locale': 'en' })).statusCode).toBe(200);
    const en = await call('GET', '/api/games/link/LVC', p, undefined, { 'x-locale': 'en' });
    expectError(en, 403, 'platform_blocked');
  });
});

describe('automatic transfer', () => {
  it('PUT /api/auth/autoTransfer switches it, and GET /api/games/link then moves the central wallet first', async () => {
    const p = await seedPlayer(t, { centralMinor: 12_345n });
    expectError(await call('PUT', '/api/auth/autoTransfer', p, { auto_transfer: 'yes' }), 422, 'validation_failed');
    expectError(await call('PUT', '/api/auth/autoTransfer', undefined, { auto_transfer: true }), 401, 'unauthorized');
    // Off: the link moves nothing.
    expect((await call('GET', '/api/games/link/LVC', p)).json().data.auto_transfer).toBeNull();
    expect((await me(p)).amount).toBe('123.45');

    const on = await call('PUT', '/api/auth/autoTransfer', p, { auto_transfer: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ auto_transfer: true });
    expect((await me(p)).auto_transfer).toBe(true);
    const link = await call('GET', '/api/games/link/LVC', p);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data.url).toContain('/play/LVC/');
    expect(link.json().data.auto_transfer).toMatchObject({ status: 'applied', amount: '123.45' });
    const after = await me(p);
    expect(after.amount).toBe('0.00');
    expect(after.total_money).toBe('123.45');
    expect(await walletOf(p, 'LVC')).toBe('123.45');
    expect(provider.balances.get(`LVC:p${p.playerId}`)).toBe(12_345n);
    // Nothing left in central: the next launch moves nothing.
    expect((await call('GET', '/api/games/link/LVC', p)).json().data.auto_transfer).toBeNull();

    expect((await call('PUT', '/api/auth/autoTransfer', p, { auto_transfer: false })).json().data).toEqual({ auto_transfer: false });
    expect((await me(p)).auto_transfer).toBe(false);
  });

  it('POST /api/players/autoTransFer/{code} answers 自動轉帳成功! when the transfer applied', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const res = await call('POST', '/api/players/autoTransFer/SLX', p, { money: '10', platform_id: 1, player_bonus_wallet_id: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', code: 100, message: '自動轉帳成功!', data: { status: 'applied', amount: '10.00' } });
    provider.mode = 'timeout-after-apply';
    const pending = await call('POST', '/api/players/autoTransFer/SLX', p, { money: '5' });
    expect(pending.json()).toMatchObject({ message: '轉帳確認中', data: { status: 'pending' } });
    provider.mode = 'reject';
    const refused = await call('POST', '/api/players/autoTransFer/SLX', p, { money: '5' });
    expect(refused.json()).toMatchObject({ message: '平台拒絕此轉帳，金額已退回', data: { status: 'refunded' } });
    expectError(await call('POST', '/api/players/autoTransFer/SLX', p, { money: '0' }), 422, 'validation_failed');
    expectError(await call('POST', '/api/players/autoTransFer/SLX', p, { money: '1000' }), 422, 'insufficient_funds');
    expectError(await call('POST', '/api/players/autoTransFer/SLX', undefined, { money: '1' }), 401, 'unauthorized');
    expect((await me(p)).amount).toBe('85.00');
    expect((await me(p)).total_money).toBe('100.00');
  });

  it('GET /api/auth/autoTransfer/get/{code} lists the activity wallets usable on that platform', async () => {
    const p = await seedPlayer(t);
    const any = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: '全平台',
      amountMinor: 1_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `any-${p.playerId}`,
    });
    const fishOnly = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: '捕魚',
      amountMinor: 2_000n,
      bonusBetMinor: 5_000n,
      platformCodes: ['FSH'],
      idempotencyKey: `fish-${p.playerId}`,
    });
    const list = async (code: string) => {
      const res = await call('GET', `/api/auth/autoTransfer/get/${code}`, p);
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<{ id: number; money: string; wallet: string[] }>;
    };
    expect((await list('SLX')).map((w) => w.id)).toEqual([any.id]);
    expect((await list('FSH')).map((w) => w.id)).toEqual([any.id, fishOnly.id]);
    expect((await list('FSH')).find((w) => w.id === fishOnly.id)).toMatchObject({ money: '20.00', wallet: ['FSH'] });
    expectError(await call('GET', '/api/auth/autoTransfer/get/SLX'), 401, 'unauthorized');
    // Using the fish-only wallet elsewhere is refused.
    expectError(await deposit(p, 'SLX', '1', {}, { player_bonus_wallet_id: fishOnly.id }), 422, 'bonus_not_usable');
  });
});

describe('money validation', () => {
  const cases: Array<[unknown, string]> = [
    ['0', '金額需大於0'],
    ['0.00', '金額需大於0'],
    ['', '請輸入金額'],
    ['abc', '請輸入有效的金額'],
    ['-5', '請輸入有效的金額'],
    ['1.234', '請輸入有效的金額'],
    ['1e3', '請輸入有效的金額'],
    ['12,000', '請輸入有效的金額'],
    ['0x10', '請輸入有效的金額'],
    ['1234567890123', '請輸入有效的金額'],
    [10, '請輸入有效的金額'],
    [10.5, '請輸入有效的金額'],
    [null, '請輸入有效的金額'],
    [true, '請輸入有效的金額'],
    [['10'], '請輸入有效的金額'],
  ];

  it('refuses bad amounts on every money call with the field message, and moves nothing', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    const bonus = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'v',
      amountMinor: 1_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `v-${p.playerId}`,
    });
    expect((await deposit(p, 'SLX', '100')).statusCode).toBe(200);
    const calls: Array<[string, (money: unknown) => Record<string, unknown>]> = [
      ['/api/players/deposit/SLX', (money) => ({ money })],
      ['/api/players/autoTransFer/SLX', (money) => ({ money })],
      ['/api/players/depositSpecail', (money) => ({ group: 'slots', money })],
      ['/api/players/withdraw/SLX', (money) => ({ money, type: 1 })],
      ['/api/players/depositBonus', (money) => ({ money, player_bonus_wallet_id: bonus.id })],
    ];
    for (const [url, body] of calls) {
      for (const [money, message] of cases) {
        const res = await call('POST', url, p, body(money));
        expectError(res, 422, 'validation_failed');
        // The first message is the one a form shows (valibot reports every failed step of the pipe after it).
        expect(res.json().error?.money?.[0], `${url} ${JSON.stringify(money)}`).toBe(message);
      }
    }
    // Missing money where it is required.
    expect((await call('POST', '/api/players/deposit/SLX', p, {})).json().error?.money).toBeDefined();
    const noMoney = await call('POST', '/api/players/withdraw/SLX', p, { type: 1 });
    expectError(noMoney, 422, 'validation_failed');
    expect(noMoney.json().error.money[0]).toBe('請輸入金額');
    // English messages.
    const en = await call('POST', '/api/players/deposit/SLX', p, { money: '0' }, { 'x-locale': 'en' });
    expect(en.json().error.money[0]).toBe('The amount must be greater than 0');
    // Unknown fields and a body that is not an object are refused too.
    expectError(await call('POST', '/api/players/deposit/SLX', p, { money: '1', extra: 1 }), 422, 'validation_failed');
    expectError(await call('POST', '/api/players/deposit/SLX', p, ['1']), 422, 'validation_failed');
    // Two decimals and surrounding spaces are fine.
    expect((await deposit(p, 'SLX', ' 0.01 ')).json().data).toMatchObject({ status: 'applied', amount: '0.01' });
    const after = await me(p);
    expect(after.amount).toBe('899.99');
    expect(after.total_money).toBe('1010.00');
  });
});

describe('Idempotency-Key', () => {
  it('a replay returns the same transfer and moves money once; other data with the same key is refused 409', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    const key = { 'idempotency-key': `dep-${p.playerId}-000001` };
    const first = await deposit(p, 'SLX', '30', key);
    expect(first.statusCode).toBe(200);
    const again = await deposit(p, 'SLX', '30', key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await me(p)).amount).toBe('970.00');
    // Same route, other amount or platform or wallet; another route with the same key.
    expectError(await deposit(p, 'SLX', '31', key), 409, 'idempotency_mismatch');
    expectError(await deposit(p, 'FSH', '30', key), 409, 'idempotency_mismatch');
    expectError(await call('POST', '/api/players/withdraw/SLX', p, { money: '30' }, key), 409, 'idempotency_mismatch');
    expect((await me(p)).amount).toBe('970.00');
    expect(await walletOf(p, 'SLX')).toBe('30.00');

    // Malformed keys are refused before anything happens.
    expectError(await deposit(p, 'SLX', '1', { 'idempotency-key': 'short' }), 400, 'bad_request');
    expectError(await deposit(p, 'SLX', '1', { 'idempotency-key': 'has spaces in it' }), 400, 'bad_request');
    expectError(await deposit(p, 'SLX', '1', { 'idempotency-key': 'x'.repeat(81) }), 400, 'bad_request');

    // Keys belong to a player: another player may use the same one.
    const q = await seedPlayer(t, { centralMinor: 10_000n });
    const theirs = await deposit(q, 'SLX', '30', key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it('a different source wallet with the same key is a different request', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const bonus = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'k',
      amountMinor: 5_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `k-${p.playerId}`,
    });
    const key = { 'idempotency-key': `src-${p.playerId}-000001` };
    expect((await deposit(p, 'LVC', '10', key)).json().data.status).toBe('applied');
    expectError(await deposit(p, 'LVC', '10', key, { player_bonus_wallet_id: bonus.id }), 409, 'idempotency_mismatch');
    expect((await me(p)).amount).toBe('90.00');
  });

  it('withdrawals replay too, and a pending transfer replays as pending until it settles', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    expect((await deposit(p, 'FSH', '50')).statusCode).toBe(200);
    const key = { 'idempotency-key': `wd-${p.playerId}-000001` };
    provider.mode = 'timeout-after-apply';
    const first = await call('POST', '/api/players/withdraw/FSH', p, { money: '20' }, key);
    provider.mode = 'normal';
    expect(first.json().data.status).toBe('pending');
    const replay = await call('POST', '/api/players/withdraw/FSH', p, { money: '20' }, key);
    expect(replay.json().data).toEqual(first.json().data);
    expect(provider.transfers.size).toBeGreaterThan(0);
    await exec(sql`update platform_transfers set next_check_at = now() where id = ${first.json().data.id}`);
    expect((await t.app.services.wallet.reconcile()).settled).toBeGreaterThanOrEqual(1);
    const settled = await call('POST', '/api/players/withdraw/FSH', p, { money: '20' }, key);
    expect(settled.json().data).toMatchObject({ id: first.json().data.id, status: 'applied' });
    expectError(await call('POST', '/api/players/withdraw/FSH', p, { money: '21' }, key), 409, 'idempotency_mismatch');
    expect((await me(p)).amount).toBe('70.00');
    expect(await walletOf(p, 'FSH')).toBe('30.00');
  });

  it('two requests with the same key at the same time make one transfer', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const key = { 'idempotency-key': `race-${p.playerId}-000001` };
    const answers = await Promise.all([deposit(p, 'SLX', '10', key), deposit(p, 'SLX', '10', key), deposit(p, 'SLX', '10', key)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect((await me(p)).amount).toBe('90.00');
  });

  it('depositBonus replays by key and refuses a different amount with the same key', async () => {
    const p = await seedPlayer(t);
    const bonus = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'b',
      amountMinor: 5_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `b-${p.playerId}`,
    });
    const key = { 'idempotency-key': `bon-${p.playerId}-000001` };
    const body = { money: '10', player_bonus_wallet_id: bonus.id };
    expect((await call('POST', '/api/players/depositBonus', p, body, key)).statusCode).toBe(200);
    expect((await call('POST', '/api/players/depositBonus', p, body, key)).statusCode).toBe(200);
    expect((await me(p)).amount).toBe('10.00');
    expectError(await call('POST', '/api/players/depositBonus', p, { ...body, money: '11' }, key), 409, 'idempotency_mismatch');
    expect((await me(p)).amount).toBe('10.00');
    expect((await me(p)).total_money).toBe('50.00');
  });
});
