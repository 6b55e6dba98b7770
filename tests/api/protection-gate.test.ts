// Player protection: one gate asked by deposits, transfers into platforms, the automatic
// transfer, game launch and promotions; limits per Taipei day, week and month where the lowest wins; a
// decrease at once and an increase only after 24 hours and a confirmation (with a controllable clock).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { checkGate } from '../../src/server/modules/protection/gate.ts';

let t: TestApp;
const provider = new FakeProvider();
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider, gateway: new FakeGateway() });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  t.app.services.protection.clock = () => new Date();
  expect(await checkLedger(t.database.db)).toEqual([]);
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, p: Player, payload?: unknown, locale = 'en') {
  return t.app.inject({ method, url, headers: { ...p.headers, 'x-locale': locale }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const deposit = (p: Player, amount: string) => call('POST', '/api/finance/deposit/create', p, { method: 'card', amount });
const setLimit = (p: Player, kind: string, period: string, value: string | null) => call('PUT', '/api/protection/limits', p, { kind, period, value });
const status = async (p: Player) => (await call('GET', '/api/protection/status', p)).json().data;

async function insertDeposit(playerId: number, amountMinor: bigint, at: Date): Promise<void> {
  await t.database.db.execute(sql`insert into deposit_orders (id, player_id, method, amount_minor, status, created_at)
    values (${`DPT${playerId}${at.getTime()}`}, ${playerId}, 'card', ${amountMinor}, 'paid', ${at})`);
}
let betSeq = 0;
async function insertSettledBet(playerId: number, stakeMinor: bigint, payoutMinor: bigint, at = new Date()): Promise<void> {
  betSeq += 1;
  await t.database.db.execute(sql`insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor,
    valid_bet_minor, status, version, ledger_version, placed_at, settled_at)
    values ('SLX', ${`pt-${playerId}-${betSeq}`}, ${playerId}, 'g1', 'slots', ${stakeMinor}, ${payoutMinor}, ${stakeMinor}, 'settled', 1, 1, ${at}, ${at})`);
}

describe('deposit limits', () => {
  it('refuses a deposit above the daily limit with a message naming the limit, and shows what is left', async () => {
    const p = await seedPlayer(t);
    expect((await setLimit(p, 'deposit', 'day', '1000')).json().data.outcome).toBe('applied');
    expect((await deposit(p, '600')).statusCode).toBe(200);
    const refused = await deposit(p, '500');
    expect(refused.statusCode).toBe(403);
    const body = refused.json();
    expect(body.code).toBe('protection_limit');
    expect(body.message).toMatch(/daily deposit limit: 400\.00 left until \d{4}-\d\d-\d\d 00:00 \(GMT\+8\)/);
    expect(body.protection).toMatchObject({ reason: 'limit', kind: 'deposit', period: 'day', remaining: '400.00' });
    const zh = (await call('POST', '/api/finance/deposit/create', p, { method: 'card', amount: '500' }, 'zh-TW')).json();
    expect(zh.message).toContain('每日存款限額');
    expect((await deposit(p, '400')).statusCode).toBe(200);
    const s = await status(p);
    expect(s.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', value: '1000.00', used: '1000.00', remaining: '0.00' })]);
  });

  it('the lowest of several limits wins', async () => {
    const p = await seedPlayer(t);
    // Wednesday 2026-03-11 12:00 Taipei.
    const now = new Date('2026-03-11T04:00:00.000Z');
    t.app.services.protection.clock = () => now;
    await setLimit(p, 'deposit', 'day', '1000');
    await setLimit(p, 'deposit', 'week', '1500');
    await setLimit(p, 'deposit', 'month', '5000');
    // Monday of the same week.
    await insertDeposit(p.playerId, 80_000n, new Date('2026-03-09T04:00:00.000Z'));
    const refused = (await deposit(p, '800')).json();
    expect(refused.code).toBe('protection_limit');
    expect(refused.protection).toMatchObject({ kind: 'deposit', period: 'week', remaining: '700.00', until: '2026-03-15T16:00:00.000Z' });
    expect((await deposit(p, '700')).statusCode).toBe(200);
  });

  it('counts periods on the Taipei calendar', async () => {
    const p = await seedPlayer(t);
    await setLimit(p, 'deposit', 'day', '1000');
    // 23:00 Taipei on 10 March is 15:00 UTC.
    await insertDeposit(p.playerId, 90_000n, new Date('2026-03-10T15:00:00.000Z'));
    t.app.services.protection.clock = () => new Date('2026-03-10T15:59:00.000Z');
    expect((await deposit(p, '200')).json().protection).toMatchObject({ period: 'day', remaining: '100.00', until: '2026-03-10T16:00:00.000Z' });
    // One minute past midnight in Taipei, still 10 March in UTC: a new day.
    t.app.services.protection.clock = () => new Date('2026-03-10T16:01:00.000Z');
    expect((await deposit(p, '200')).statusCode).toBe(200);
  });

  it('applies a decrease at once; an increase or removal only after 24 hours and a confirmation', async () => {
    const p = await seedPlayer(t);
    const start = Date.now();
    t.app.services.protection.clock = () => new Date(start);
    await setLimit(p, 'deposit', 'day', '1000');
    expect((await setLimit(p, 'deposit', 'day', '500')).json().data.outcome).toBe('applied');
    expect((await deposit(p, '600')).json().code).toBe('protection_limit');

    expect((await setLimit(p, 'deposit', 'day', '2000')).json().data.outcome).toBe('pending');
    let s = await status(p);
    expect(s.limits[0]).toMatchObject({ value: '500.00', pending_value: '2000.00', confirmable: false });
    expect((await deposit(p, '600')).json().code).toBe('protection_limit');
    const early = await call('POST', '/api/protection/limits/confirm', p, { kind: 'deposit', period: 'day' });
    expect(early.json().code).toBe('protection_not_due');

    // 23 hours later: still not due.
    t.app.services.protection.clock = () => new Date(start + 23 * 3600_000);
    expect((await call('POST', '/api/protection/limits/confirm', p, { kind: 'deposit', period: 'day' })).json().code).toBe('protection_not_due');
    // 24 hours later: not applied by itself, only by the confirmation.
    t.app.services.protection.clock = () => new Date(start + 24 * 3600_000);
    s = await status(p);
    expect(s.limits[0]).toMatchObject({ value: '500.00', confirmable: true });
    expect((await call('POST', '/api/protection/limits/confirm', p, { kind: 'deposit', period: 'day' })).statusCode).toBe(200);
    expect((await status(p)).limits[0]).toMatchObject({ value: '2000.00', pending_value: null, pending_at: null });

    // Removal waits too.
    t.app.services.protection.clock = () => new Date(start + 25 * 3600_000);
    expect((await setLimit(p, 'deposit', 'day', null)).json().data.outcome).toBe('pending');
    expect((await status(p)).limits[0]).toMatchObject({ value: '2000.00', pending_removal: true });
    t.app.services.protection.clock = () => new Date(start + 49 * 3600_000);
    await call('POST', '/api/protection/limits/confirm', p, { kind: 'deposit', period: 'day' });
    expect((await status(p)).limits).toEqual([]);
  });

  it('keeps daily <= weekly <= monthly', async () => {
    const p = await seedPlayer(t);
    await setLimit(p, 'wager', 'week', '1000');
    const bad = await setLimit(p, 'wager', 'day', '2000');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.value[0]).toMatch(/daily limit cannot exceed/);
    expect((await setLimit(p, 'wager', 'month', '500')).statusCode).toBe(422);
  });

  it('staff may lower a limit but never raise or remove one', async () => {
    const p = await seedPlayer(t);
    const svc = t.app.services.protection;
    await setLimit(p, 'deposit', 'day', '1000');
    expect(await svc.setLimit(p.playerId, 'deposit', 'day', 50_000n, { staffId: 1, reason: 'asked by phone' })).toBe('applied');
    await expect(svc.setLimit(p.playerId, 'deposit', 'day', 90_000n, { staffId: 1, reason: 'x' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(svc.setLimit(p.playerId, 'deposit', 'day', null, { staffId: 1, reason: 'x' })).rejects.toMatchObject({ code: 'validation_failed' });
    expect((await status(p)).limits[0].value).toBe('500.00');
  });
});

describe('loss and wager limits on the way into play', () => {
  it('a loss limit counts settled results plus money already on platform wallets', async () => {
    const p = await seedPlayer(t, { centralMinor: 500_000n });
    await setLimit(p, 'loss', 'day', '1000');
    await insertSettledBet(p.playerId, 80_000n, 10_000n); // net loss 700
    const refused = await call('POST', '/api/players/deposit/SLX', p, { money: '400' });
    expect(refused.json()).toMatchObject({ code: 'protection_limit', protection: { kind: 'loss', remaining: '300.00' } });
    expect((await call('POST', '/api/players/deposit/SLX', p, { money: '300' })).json().data.status).toBe('applied');
    // The 300 now on the platform counts: nothing more may go in.
    expect((await call('POST', '/api/players/deposit/SLX', p, { money: '1' })).json().code).toBe('protection_limit');
    // Playing with what is there is still allowed: the loss itself has not reached the limit.
    expect((await call('GET', '/api/games/link/SLX', p)).statusCode).toBe(200);
    await insertSettledBet(p.playerId, 30_000n, 0n);
    const launch = await call('GET', '/api/games/link/SLX', p);
    expect(launch.json()).toMatchObject({ code: 'protection_limit', protection: { kind: 'loss', period: 'day' } });
    await call('POST', '/api/players/withdrawAll', p);
  });

  it('refuses an activity-wallet transfer into a platform over a wager limit', async () => {
    const p = await seedPlayer(t);
    const w = await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: 'test bonus',
      amountMinor: 100_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `pg-${p.playerId}`,
    });
    await setLimit(p, 'wager', 'day', '500');
    await insertSettledBet(p.playerId, 40_000n, 40_000n); // wagered 400, no loss
    const refused = await call('POST', '/api/players/deposit/FSH', p, { money: '200', player_bonus_wallet_id: w.id });
    expect(refused.json()).toMatchObject({ code: 'protection_limit', protection: { kind: 'wager', remaining: '100.00' } });
  });

  it('refuses the automatic transfer before a game over the limit', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    await call('PUT', '/api/auth/autoTransfer', p, { auto_transfer: true });
    await setLimit(p, 'wager', 'day', '500');
    const launch = await call('GET', '/api/games/link/SLX', p);
    expect(launch.statusCode).toBe(403);
    expect(launch.json()).toMatchObject({ code: 'protection_limit', protection: { kind: 'wager', remaining: '500.00' } });
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data.amount).toBe('1000.00');
    // Within the limit the automatic transfer goes through.
    await setLimit(p, 'wager', 'day', '400');
    await call('PUT', '/api/auth/autoTransfer', p, { auto_transfer: false });
    expect((await call('GET', '/api/games/link/SLX', p)).statusCode).toBe(200);
  });

  it('a promotion claim asks the same gate and is refused once a limit is used up', async () => {
    const p = await seedPlayer(t);
    await expect(checkGate(t.database.db, p.playerId, 'promotion')).resolves.toBeUndefined();
    await setLimit(p, 'loss', 'week', '100');
    await insertSettledBet(p.playerId, 10_000n, 0n);
    await expect(checkGate(t.database.db, p.playerId, 'promotion')).rejects.toMatchObject({ code: 'protection_limit' });
    await expect(checkGate(t.database.db, p.playerId, 'red_packet')).rejects.toMatchObject({ code: 'protection_limit' });
    // Marketing messages stop only under an exclusion.
    await expect(checkGate(t.database.db, p.playerId, 'marketing')).resolves.toBeUndefined();
  });

  it('a session limit refuses play and ends the session when reached', async () => {
    const p = await seedPlayer(t);
    expect((await call('PUT', '/api/protection/session-limit', p, { minutes: 30 })).json().data.outcome).toBe('applied');
    expect((await call('GET', '/api/games/link/SLX', p)).statusCode).toBe(200);
    t.app.services.protection.clock = () => new Date(Date.now() + 31 * 60_000);
    expect((await call('GET', '/api/games/link/SLX', p)).json().protection).toMatchObject({ reason: 'session' });
    expect((await call('GET', '/api/protection/status', p)).json().code).toBe('protection_limit');
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).statusCode).toBe(401);
  });
});

describe('limits under concurrency', () => {
  it('parallel deposits never exceed the deposit limit', async () => {
    const p = await seedPlayer(t);
    await setLimit(p, 'deposit', 'day', '1000');
    const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(p, '300')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.json().code === 'protection_limit')).toHaveLength(3);
  });

  it('parallel transfers into platforms never exceed the loss limit', async () => {
    const p = await seedPlayer(t, { centralMinor: 500_000n });
    await setLimit(p, 'loss', 'day', '1000');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call('POST', `/api/players/deposit/${i % 2 ? 'SLX' : 'FSH'}`, p, { money: '300' })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.json().code === 'protection_limit')).toHaveLength(3);
    await call('POST', '/api/players/withdrawAll', p);
  });
});
