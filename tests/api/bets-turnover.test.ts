// The turnover record. GET /api/players/turnover sums a player's valid bet per Asia/Taipei day
// (of settlement) and game group over the last 30 days, pages the groups, and reports the progress against the
// withdrawal turnover requirement (the cashier's own figures) and each active activity wallet's bet-flow target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { betRecords, bonusWallets, depositOrders } from '../../src/server/db/schema.ts';
import { DAY_MS, startOfTaipeiDate, taipeiDate } from '../../src/shared/time.ts';
import { turnoverResponse } from '../../src/shared/schemas/turnover.ts';

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider() });
});
afterAll(async () => {
  await t?.close();
});

/** A stored bet record, settled at that moment (valid bet as given; a void bet counts nothing). */
async function bet(playerId: number, gameType: string, validMinor: bigint, settledAt: Date, status: 'settled' | 'void' | 'open' = 'settled') {
  seq++;
  await t.database.db.insert(betRecords).values({
    gpCode: 'SLX',
    betId: `turn-${playerId}-${seq}`,
    playerId,
    game: 'g1',
    gameType,
    stakeMinor: validMinor || 100n,
    payoutMinor: 0n,
    validBetMinor: status === 'settled' ? validMinor : 0n,
    status,
    version: 1,
    placedAt: new Date(settledAt.getTime() - 60_000),
    settledAt: status === 'open' ? null : settledAt,
  });
}

async function deposit(playerId: number, amountMinor: bigint) {
  seq++;
  const id = `DPturn${Date.now().toString(36)}${seq}`;
  await t.database.db.insert(depositOrders).values({ id, playerId, method: 'bank_transfer', amountMinor, status: 'pending', playerRef: 'test' });
  await t.app.services.cashier.confirmDeposit(1, id);
}

const get = (headers: Record<string, string> | undefined, query = '') => t.app.inject({ url: `/api/players/turnover${query}`, headers });

describe('GET /api/players/turnover', () => {
  it('sums valid bet per Taipei day and game group, with Taipei day bounds, and never shows another player', async () => {
    const p = await seedPlayer(t);
    const other = await seedPlayer(t);
    const now = new Date();
    const dayD = taipeiDate(new Date(now.getTime() - 3 * DAY_MS));
    const nextStart = new Date(startOfTaipeiDate(dayD).getTime() + DAY_MS);
    const dayNext = taipeiDate(nextStart);
    // 23:59:59 Taipei on day D, and 00:00:00 the next day: two different days although one second apart.
    await bet(p.playerId, 'slots', 1_000n, new Date(nextStart.getTime() - 1_000));
    await bet(p.playerId, 'slots', 2_500n, new Date(startOfTaipeiDate(dayD).getTime() + 3_600_000));
    await bet(p.playerId, 'casino', 700n, new Date(nextStart.getTime() - 5_000));
    await bet(p.playerId, 'slots', 4_000n, nextStart);
    await bet(p.playerId, 'slots', 0n, nextStart, 'void');
    await bet(p.playerId, 'slots', 9_999n, nextStart, 'open');
    // Another player's bets on the same days must never be counted or listed.
    await bet(other.playerId, 'slots', 77_700n, new Date(nextStart.getTime() - 1_000));
    await bet(other.playerId, 'fish', 88_800n, nextStart);

    const all = await get(p.headers, `?date_start=${dayD}%2000:00:00&date_end=${dayNext}%2023:59:59`);
    expect(all.statusCode, all.body).toBe(200);
    const body = v.parse(turnoverResponse, all.json().data);
    expect(body.data).toEqual([
      { date: dayNext, game_type: 'slots', bets: 2, valid_bet: '40.00' },
      { date: dayD, game_type: 'casino', bets: 1, valid_bet: '7.00' },
      { date: dayD, game_type: 'slots', bets: 2, valid_bet: '35.00' },
    ]);
    expect(body.total).toBe(3);
    expect(body.total_valid_bet).toBe('82.00');

    // Day D alone ends at 23:59:59.999 Taipei: the bet at midnight belongs to the next day.
    const one = v.parse(turnoverResponse, (await get(p.headers, `?date_start=${dayD}&date_end=${dayD}`)).json().data);
    expect(one.data.map((r) => [r.date, r.game_type, r.valid_bet])).toEqual([
      [dayD, 'casino', '7.00'],
      [dayD, 'slots', '35.00'],
    ]);
    expect(one.total_valid_bet).toBe('42.00');

    const theirs = v.parse(turnoverResponse, (await get(other.headers, `?date_start=${dayD}&date_end=${dayNext}`)).json().data);
    expect(theirs.data.map((r) => r.valid_bet)).toEqual(['888.00', '777.00']);
    expect(theirs.total_valid_bet).toBe('1665.00');
  });

  it('pages the groups 10 at a time by default and keeps the total', async () => {
    const p = await seedPlayer(t);
    const now = Date.now();
    // Twelve days with one slots group each, the newest today.
    for (let i = 0; i < 12; i++)
      await bet(p.playerId, 'slots', BigInt(100 * (i + 1)), new Date(startOfTaipeiDate(taipeiDate(new Date(now - i * DAY_MS))).getTime() + 60_000));
    const first = v.parse(turnoverResponse, (await get(p.headers)).json().data);
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ date: taipeiDate(new Date(now)), valid_bet: '1.00' });
    const second = v.parse(turnoverResponse, (await get(p.headers, '?page=2')).json().data);
    expect(second.data.map((r) => r.valid_bet)).toEqual(['11.00', '12.00']);
    const small = v.parse(turnoverResponse, (await get(p.headers, '?page=3&pageSize=5')).json().data);
    expect(small.data.map((r) => r.valid_bet)).toEqual(['11.00', '12.00']);
    // The range reaches back 30 days at most: an older bet never shows.
    await bet(p.playerId, 'slots', 50_000n, new Date(now - 40 * DAY_MS));
    const old = v.parse(turnoverResponse, (await get(p.headers, `?date_start=${taipeiDate(new Date(now - 45 * DAY_MS))}`)).json().data);
    expect(old.total).toBe(12);
    expect((await get(p.headers, '?pageSize=101')).statusCode).toBe(422);
    expect((await get(p.headers, '?date_start=yesterday')).statusCode).toBe(422);
  });

  it('shows the withdrawal requirement as the cashier computes it, and each active activity wallet target', async () => {
    const p = await seedPlayer(t);
    await deposit(p.playerId, 30_000n);
    await bet(p.playerId, 'slots', 12_000n, new Date(Date.now() + 1_000));
    await t.database.db.insert(bonusWallets).values([
      { playerId: p.playerId, name: '首存紅利', nameEn: 'First deposit bonus', bonusBetMinor: 50_000n, bonusNowBetMinor: 20_000n },
      { playerId: p.playerId, name: '已解鎖', nameEn: 'Unlocked', bonusBetMinor: 10_000n, bonusNowBetMinor: 10_000n, status: 2 },
    ]);
    const body = v.parse(turnoverResponse, (await get(p.headers)).json().data);
    expect(body.withdraw).toEqual({ required: '300.00', achieved: '120.00', remaining: '180.00', done: false, deposits: 1 });
    // The same figures as the cashier's own withdrawal-limit records.
    const limits = (await t.app.inject({ url: '/api/finance/withdraw/limit/records', headers: p.headers })).json().data.data as Array<{
      required: string;
      achieved: string;
    }>;
    expect(limits).toHaveLength(1);
    expect([limits[0]!.required, limits[0]!.achieved]).toEqual([body.withdraw.required, body.withdraw.achieved]);
    expect(body.wallets).toEqual([
      expect.objectContaining({ name: '首存紅利', name_en: 'First deposit bonus', target: '500.00', achieved: '200.00', remaining: '300.00', done: false }),
    ]);
  });

  it('answers anonymous callers with 401 before validation', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(undefined, '?pageSize=abc')).statusCode).toBe(401);
  });
});
