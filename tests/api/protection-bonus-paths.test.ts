// Every way of giving a player money asks the protection gate in the paying transaction: payBonusInTx takes only a
// clearance that protection's clearBonus makes. A player under a time-out is refused a VIP reward and a points-mall
// bonus, and nothing moves (the reward stays claimable, the points stay, no activity wallet is opened); once no
// exclusion stands in the way the same calls pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { bonusWallets, protectionExclusions, staff, vipRewards } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';

let t: TestApp;
let op: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(staff).values({ username: 'gateadmin', passwordHash: await AuthService.hashPassword('staffpass123'), role: 'admin' });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'gateadmin', password: 'staffpass123' } });
  op = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(async () => {
  await t?.close();
});

async function timedOut() {
  const p = await seedPlayer(t, { centralMinor: 10_000n });
  const [reward] = await t.database.db
    .insert(vipRewards)
    .values({
      playerId: p.playerId,
      kind: 'monthly',
      period: '2026-11',
      levelId: 1,
      amountMinor: 2_900n,
      target: 'bonus',
      flowMultiple: 1,
    })
    .returning();
  const points = await t.app.inject({
    method: 'POST',
    url: `/api/backoffice/vip/players/${p.playerId}/points`,
    headers: { ...op, 'idempotency-key': `gate-points-${p.playerId}` },
    payload: { points: 500, reason: 'test points' },
  });
  expect(points.statusCode, points.body).toBe(200);
  const timeout = await t.app.inject({
    method: 'POST',
    url: '/api/protection/timeout',
    remoteAddress: freshIp(),
    headers: p.headers,
    payload: { duration: '24h' },
  });
  expect(timeout.statusCode, timeout.body).toBe(200);
  return { p, rewardId: reward!.id };
}

async function virtualGift() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/vip/gifts',
    headers: op,
    payload: {
      name: '紅利',
      name_en: 'Bonus',
      description: '',
      description_en: '',
      image_id: null,
      points: 100,
      stock: 10,
      show_start: null,
      show_end: null,
      per_player_limit: 0,
      kind: 'virtual',
      bonus: '5.00',
      bonus_flow_multiple: 1,
      status: 1,
      sort: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

const pointsOf = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/exchange/list', headers })).json().data.points as number;
const walletsOf = (playerId: number) => t.database.db.select().from(bonusWallets).where(eq(bonusWallets.playerId, playerId));

describe('bonus paths under a time-out', () => {
  it('refuse a VIP reward claim and leave the reward claimable', async () => {
    const { p, rewardId } = await timedOut();
    const res = await t.app.inject({ method: 'POST', url: '/api/vip/rewards/claim', headers: p.headers, payload: { id: rewardId } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('protection_excluded');
    const [row] = await t.database.db.select().from(vipRewards).where(eq(vipRewards.id, rewardId));
    expect(row!.status).toBe('claimable');
    expect(await walletsOf(p.playerId)).toEqual([]);
    expect(await checkLedger(t.database.db)).toEqual([]);

    // The time-out over, the same claim pays once.
    await t.database.db.delete(protectionExclusions).where(eq(protectionExclusions.playerId, p.playerId));
    const paid = await t.app.inject({ method: 'POST', url: '/api/vip/rewards/claim', headers: p.headers, payload: { id: rewardId } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await walletsOf(p.playerId)).toHaveLength(1);
  });

  it('refuse a points-mall gift that pays a bonus, spending no points', async () => {
    const { p } = await timedOut();
    const gift = await virtualGift();
    expect(await pointsOf(p.headers)).toBe(500);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: p.headers,
      payload: { exchange_id: gift.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('protection_excluded');
    expect(await pointsOf(p.headers)).toBe(500);
    expect(await walletsOf(p.playerId)).toEqual([]);
    expect(await checkLedger(t.database.db)).toEqual([]);

    await t.database.db.delete(protectionExclusions).where(eq(protectionExclusions.playerId, p.playerId));
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: p.headers,
      payload: { exchange_id: gift.id },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await pointsOf(p.headers)).toBe(400);
    expect(await walletsOf(p.playerId)).toHaveLength(1);
  });
});
