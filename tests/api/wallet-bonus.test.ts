// Activity (bonus) wallets (SPEC.md section 4): unlock once the bet target is reached, give up only under
// its conditions, no money out before the bet flow is complete, and money on a platform going back to the
// wallet that funded it. Bets are simulated by setting bonus_now_bet in the database.
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
});

function call(method: 'GET' | 'POST', url: string, p?: Player, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...(p?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ status: 'error', code });
}
interface WalletView {
  id: number;
  money: string;
  is_unlock: boolean;
  can_give_up: boolean;
  status: number;
  is_sports: boolean;
  bonus_bet: string;
  bonus_now_bet: string;
  give_up_wallet_amount: string;
  wallet: string[];
}
async function me(p: Player) {
  return (await call('GET', '/api/auth/me', p)).json().data as {
    amount: string;
    total_money: string;
    player_bonus_wallet: WalletView[];
    player_bonus_wallet_sum: string;
  };
}
const view = async (p: Player, id: number) => (await me(p)).player_bonus_wallet.find((w) => w.id === id);

let seq = 0;
function grant(p: Player, opts: { money: bigint; bet: bigint; giveUp?: bigint; sports?: boolean; codes?: string[] }) {
  seq += 1;
  return t.app.services.wallet.grantBonus({
    playerId: p.playerId,
    name: `活動${seq}`,
    nameEn: `Promo ${seq}`,
    amountMinor: opts.money,
    bonusBetMinor: opts.bet,
    giveUpWalletAmountMinor: opts.giveUp,
    isSports: opts.sports,
    platformCodes: opts.codes,
    idempotencyKey: `g-${p.playerId}-${seq}`,
  });
}
const setNowBet = (id: number, minor: bigint) =>
  t.database.db.execute(sql`update bonus_wallets set bonus_now_bet_minor = ${minor.toString()}::bigint where id = ${id}`);
const unlock = (p: Player, id: number) => call('POST', '/api/players/bonusTransfer', p, { player_bonus_wallet_id: id });
const giveUp = (p: Player, id: number) => call('POST', '/api/auth/giveUpBonusWallet', p, { player_bonus_wallet_id: id });
const toCentral = (p: Player, id: number, money: string, headers: Record<string, string> = {}) =>
  call('POST', '/api/players/depositBonus', p, { money, player_bonus_wallet_id: id }, headers);
const depositFrom = (p: Player, code: string, id: number, money: string) =>
  call('POST', `/api/players/deposit/${code}`, p, { money, player_bonus_wallet_id: id });
async function houseBonusTotal(): Promise<bigint> {
  const res = await t.database.db.execute<{ s: string | null }>(
    sql`select sum(balance_minor)::text as s from accounts where player_id is null and ref like 'bonus:%'`,
  );
  return BigInt(res.rows[0]!.s ?? '0');
}

describe('activity wallets: unlock', () => {
  it('is offered only when the bet target is non-zero and reached; it pays the wallet out to central', async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    const w = await grant(p, { money: 5_000n, bet: 10_000n });
    expect(await view(p, w.id)).toMatchObject({
      money: '50.00',
      is_unlock: false,
      status: 1,
      bonus_bet: '100.00',
      bonus_now_bet: '0.00',
      name: '活動' + seq,
    } as object);
    expectError(await unlock(p, w.id), 422, 'bonus_cannot_unlock');
    await setNowBet(w.id, 9_999n);
    expect((await view(p, w.id))!.is_unlock).toBe(false);
    expectError(await unlock(p, w.id), 422, 'bonus_cannot_unlock');
    await setNowBet(w.id, 10_000n);
    expect((await view(p, w.id))!.is_unlock).toBe(true);
    const res = await unlock(p, w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: '解鎖成功', data: { money: '50.00' } });
    const after = await me(p);
    expect(after).toMatchObject({ amount: '60.00', total_money: '60.00', player_bonus_wallet_sum: '0.00' });
    expect(after.player_bonus_wallet.find((x) => x.id === w.id)).toBeUndefined();
    // Once unlocked it is gone: a second unlock, a give-up or a transfer from it finds nothing.
    expectError(await unlock(p, w.id), 404, 'bonus_not_found');
    expectError(await giveUp(p, w.id), 404, 'bonus_not_found');
    expectError(await toCentral(p, w.id, '1'), 404, 'bonus_not_found');
    expectError(await depositFrom(p, 'SLX', w.id, '1'), 404, 'bonus_not_found');
  });

  it('a wallet without a bet target is never offered an unlock (its money may simply be moved out)', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 2_000n, bet: 0n });
    expect((await view(p, w.id))!.is_unlock).toBe(false);
    expectError(await unlock(p, w.id), 422, 'bonus_cannot_unlock');
    expect((await toCentral(p, w.id, '20')).statusCode).toBe(200);
    expect(await me(p)).toMatchObject({ amount: '20.00', total_money: '20.00' });
  });

  it("another player's wallet, an unknown id or a visitor are refused", async () => {
    const p = await seedPlayer(t);
    const q = await seedPlayer(t);
    const w = await grant(p, { money: 1_000n, bet: 100n, giveUp: 5_000n });
    await setNowBet(w.id, 100n);
    expectError(await unlock(q, w.id), 404, 'bonus_not_found');
    expectError(await giveUp(q, w.id), 404, 'bonus_not_found');
    expectError(await toCentral(q, w.id, '1'), 404, 'bonus_not_found');
    expectError(await depositFrom(q, 'SLX', w.id, '1'), 404, 'bonus_not_found');
    expectError(await unlock(p, 99_999_999), 404, 'bonus_not_found');
    expectError(await call('POST', '/api/players/bonusTransfer', undefined, { player_bonus_wallet_id: w.id }), 401, 'unauthorized');
    expectError(await call('POST', '/api/auth/giveUpBonusWallet', undefined, { player_bonus_wallet_id: w.id }), 401, 'unauthorized');
    expectError(await call('POST', '/api/players/bonusTransfer', p, { player_bonus_wallet_id: 'abc' }), 422, 'validation_failed');
    expectError(await call('POST', '/api/players/bonusTransfer', p, {}), 422, 'validation_failed');
    expect((await view(p, w.id))!.money).toBe('10.00');
  });
});

describe('activity wallets: give up', () => {
  it('is allowed for a non-sports wallet below its target, with no platform balance, holding less than give_up_wallet_amount', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 1_000n, bet: 10_000n, giveUp: 5_000n });
    expect((await view(p, w.id))!.can_give_up).toBe(true);
    const house = await houseBonusTotal();
    const res = await giveUp(p, w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('已放棄');
    expect(await view(p, w.id)).toBeUndefined();
    expect(await me(p)).toMatchObject({ amount: '0.00', total_money: '0.00' });
    // The money went back to the house.
    expect(await houseBonusTotal()).toBe(house + 1_000n);
    expect((await t.database.db.execute<{ status: number }>(sql`select status from bonus_wallets where id = ${w.id}`)).rows[0]!.status).toBe(3);
  });

  it('is refused for a sports wallet', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 1_000n, bet: 10_000n, giveUp: 5_000n, sports: true });
    expect(await view(p, w.id)).toMatchObject({ is_sports: true, can_give_up: false });
    expectError(await giveUp(p, w.id), 422, 'bonus_cannot_give_up');
  });

  it('is refused once the target is reached (it is unlocked instead)', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 1_000n, bet: 10_000n, giveUp: 5_000n });
    await setNowBet(w.id, 10_000n);
    expect(await view(p, w.id)).toMatchObject({ is_unlock: true, can_give_up: false });
    expectError(await giveUp(p, w.id), 422, 'bonus_cannot_give_up');
  });

  it('is refused when the wallet holds give_up_wallet_amount or more', async () => {
    const p = await seedPlayer(t);
    const at = await grant(p, { money: 5_000n, bet: 10_000n, giveUp: 5_000n });
    const zero = await grant(p, { money: 1n, bet: 10_000n });
    expect((await view(p, at.id))!.can_give_up).toBe(false);
    expect(await view(p, zero.id)).toMatchObject({ give_up_wallet_amount: '0.00', can_give_up: false });
    expectError(await giveUp(p, at.id), 422, 'bonus_cannot_give_up');
    expectError(await giveUp(p, zero.id), 422, 'bonus_cannot_give_up');
  });

  it('is refused while the wallet has money on a platform or in transit, and allowed once it is back', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 3_000n, bet: 10_000n, giveUp: 5_000n });
    expect((await depositFrom(p, 'SLX', w.id, '10')).json().data.status).toBe('applied');
    expect((await view(p, w.id))!.can_give_up).toBe(false);
    expectError(await giveUp(p, w.id), 422, 'bonus_cannot_give_up');
    expect((await call('POST', '/api/players/withdraw/SLX', p, { type: 2 })).json().data.status).toBe('applied');
    // In transit (an unclear transfer) counts as on the platform.
    provider.mode = 'timeout-after-apply';
    const pending = await depositFrom(p, 'FSH', w.id, '5');
    provider.mode = 'normal';
    expect(pending.json().data.status).toBe('pending');
    expectError(await giveUp(p, w.id), 422, 'bonus_cannot_give_up');
    await t.database.db.execute(sql`update platform_transfers set next_check_at = now() where id = ${pending.json().data.id}`);
    await t.app.services.wallet.reconcile();
    expect((await call('POST', '/api/players/withdraw/FSH', p, { type: 2 })).json().data.status).toBe('applied');
    expect(await view(p, w.id)).toMatchObject({ money: '30.00', can_give_up: true });
    expect((await giveUp(p, w.id)).statusCode).toBe(200);
  });
});

describe('activity wallets: money out', () => {
  it('depositBonus is refused before the bet flow is complete (confirm_transfer_flow_tips)', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 5_000n, bet: 10_000n });
    const res = await toCentral(p, w.id, '10');
    expectError(res, 422, 'bonus_flow_incomplete');
    expect(res.json().message).toBe('請先完成此活動錢包的投注流水再轉出');
    expect((await toCentral(p, w.id, '10', { 'x-locale': 'en' })).json().message).toBe(
      'Please complete the betting flow of this activity wallet before transferring out',
    );
    await setNowBet(w.id, 5_000n);
    expectError(await toCentral(p, w.id, '10'), 422, 'bonus_flow_incomplete');
    await setNowBet(w.id, 10_000n);
    const ok = await toCentral(p, w.id, '10');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await me(p)).toMatchObject({ amount: '10.00', total_money: '50.00', player_bonus_wallet_sum: '40.00' });
    expectError(await toCentral(p, w.id, '40.01'), 422, 'insufficient_funds');
    expect((await view(p, w.id))!.money).toBe('40.00');
  });

  it('money from an activity wallet may go to a platform, and comes back to that wallet', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const w = await grant(p, { money: 5_000n, bet: 10_000n });
    const res = await depositFrom(p, 'LVC', w.id, '20');
    expect(res.json().data.status).toBe('applied');
    const wallets = (await call('POST', '/api/games/wallet', p, {})).json().data as Array<{
      code: string;
      wallet: string;
      player_bonus_wallet_id: number | null;
    }>;
    expect(wallets.find((x) => x.code === 'LVC')).toMatchObject({ wallet: '20.00', player_bonus_wallet_id: w.id });
    expect(await me(p)).toMatchObject({ amount: '100.00', total_money: '150.00', player_bonus_wallet_sum: '30.00' });
    // Central money may not join activity money on the same platform wallet.
    expectError(await call('POST', '/api/players/deposit/LVC', p, { money: '1' }), 422, 'bonus_not_usable');
    expect((await call('POST', '/api/players/withdraw/LVC', p, { money: '5' })).json().data.status).toBe('applied');
    expect((await call('POST', '/api/players/withdrawAll', p)).json().data).toHaveLength(1);
    expect(await me(p)).toMatchObject({ amount: '100.00', total_money: '150.00', player_bonus_wallet_sum: '50.00' });
    // Emptied, the platform wallet may be funded by central again, and then not by the activity wallet.
    expect((await call('POST', '/api/players/deposit/LVC', p, { money: '1' })).json().data.status).toBe('applied');
    expectError(await depositFrom(p, 'LVC', w.id, '1'), 422, 'bonus_not_usable');
    const list = (await call('POST', '/api/games/wallet', p, {})).json().data as Array<{ code: string; player_bonus_wallet_id: number | null }>;
    expect(list.find((x) => x.code === 'LVC')!.player_bonus_wallet_id).toBeNull();
  });

  it('a wallet limited to some platforms cannot fund another', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 5_000n, bet: 10_000n, codes: ['FSH'] });
    expect((await view(p, w.id))!.wallet).toEqual(['FSH']);
    expectError(await depositFrom(p, 'SLX', w.id, '1'), 422, 'bonus_not_usable');
    expect((await depositFrom(p, 'FSH', w.id, '1')).json().data.status).toBe('applied');
    expectError(await depositFrom(p, 'FSH', w.id, '100'), 422, 'insufficient_funds');
  });

  it('after an unlock, money still on the platform comes back to central', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 5_000n, bet: 1_000n });
    await depositFrom(p, 'SPB', w.id, '20');
    await setNowBet(w.id, 1_000n);
    expect((await unlock(p, w.id)).json().data.money).toBe('30.00');
    expect(await me(p)).toMatchObject({ amount: '30.00', total_money: '50.00' });
    expect((await call('POST', '/api/players/withdraw/SPB', p, { type: 2 })).json().data.status).toBe('applied');
    expect(await me(p)).toMatchObject({ amount: '50.00', total_money: '50.00' });
  });

  it('after an unlock, a refunded transfer from that wallet comes back to central, not to the closed wallet', async () => {
    const p = await seedPlayer(t);
    const w = await grant(p, { money: 5_000n, bet: 1_000n });
    provider.mode = 'timeout-before-apply';
    const pending = await depositFrom(p, 'ESP', w.id, '20');
    provider.mode = 'normal';
    expect(pending.json().data.status).toBe('pending');
    await setNowBet(w.id, 1_000n);
    expect((await unlock(p, w.id)).json().data.money).toBe('30.00');
    // The provider never saw it: reconciliation refunds it once the request lifetime is over.
    await t.database.db.execute(
      sql`update platform_transfers set created_at = now() - interval '1 minute', next_check_at = now() where id = ${pending.json().data.id}`,
    );
    await t.app.services.wallet.reconcile();
    const after = await me(p);
    expect(after).toMatchObject({ amount: '50.00', total_money: '50.00' });
    const stranded = await t.database.db.execute<{ b: string }>(
      sql`select balance_minor::text as b from accounts where player_id = ${p.playerId} and kind = 'bonus' and ref = ${String(w.id)}`,
    );
    expect(stranded.rows[0]!.b).toBe('0');
  });
});
