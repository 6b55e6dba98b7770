// Points and the points mall: points earned from settled valid bet at the level's rate, taken
// back on a correction or a void, spent on gifts; 20 concurrent buys of the last item deliver one; a
// rejection refunds; points never mix with money; the back office's catalogue, image upload, queue and
// adjustments, all audited; ledger:check holds for money and points.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { postPointsJournal } from '../../src/server/ledger/points.ts';
import { auditLog, gifts, staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';

let t: TestApp;
let op: { authorization: string };
const provider = new FakeProvider();
beforeAll(async () => {
  t = await createTestApp({}, { provider });
  await t.database.db.insert(staff).values({ username: 'vipadmin', passwordHash: await AuthService.hashPassword('staffpass123'), role: 'admin' });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'vipadmin', password: 'staffpass123' } });
  op = { authorization: `Bearer ${res.json().data.access_token}` };
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
function bet(player: string, stakeMinor: bigint, over: Partial<ProviderBet> = {}): ProviderBet {
  seq++;
  return {
    betId: `X${Date.now().toString(36)}${seq}`,
    player,
    game: 'lucky-7',
    gameType: 'slots',
    stakeMinor,
    payoutMinor: stakeMinor - 1n,
    status: 'settled',
    placedAt: new Date(),
    settledAt: new Date(),
    version: 1,
    detail: {},
    ...over,
  };
}

async function points(headers: Record<string, string>): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/exchange/list', headers })).json().data.points;
}

async function giveGift(over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/vip/gifts',
    headers: op,
    payload: {
      name: '保溫杯',
      name_en: 'Thermos',
      description: '不鏽鋼',
      description_en: 'Steel',
      image_id: null,
      points: 100,
      stock: 10,
      show_start: null,
      show_end: null,
      per_player_limit: 0,
      kind: 'physical',
      bonus: '0',
      bonus_flow_multiple: 1,
      status: 1,
      sort: 0,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

async function grantPoints(playerId: number, n: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/backoffice/vip/players/${playerId}/points`,
    headers: { ...op, 'idempotency-key': `grant-${playerId}-${n}-${seq++}` },
    payload: { points: n, reason: 'test points' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const ADDRESS = { consignee: '王小明', phone: '0912345678', area: '台北市', address: '信義路一段1號' };

describe('points', () => {
  it('are earned from settled valid bet at the level rate, reversed on correction and void, and spent', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    const moved = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '100.00' } });
    expect(moved.json().data.status).toBe('applied');
    const who = `p${p.playerId}`;
    // Level 0 earns 1 point per 100.00 of valid bet on slots (seeded rules).
    const big = bet(who, 500_000n);
    provider.recordBet('SLX', big, -1n);
    provider.recordBet('SLX', bet(who, 120_050n), -1n);
    await t.app.services.bets.ingest('SLX');
    expect(await points(p.headers)).toBe(50 + 12);
    // A correction lowers the stake: the difference comes back out.
    provider.recordBet('SLX', { ...big, stakeMinor: 200_000n, payoutMinor: 199_999n, version: 2 }, 0n);
    await t.app.services.bets.ingest('SLX');
    expect(await points(p.headers)).toBe(20 + 12);
    // A void takes the rest of that bet's points.
    provider.recordBet('SLX', { ...big, status: 'void', payoutMinor: 0n, version: 3 }, 1n);
    await t.app.services.bets.ingest('SLX');
    expect(await points(p.headers)).toBe(12);
    // Running the sweep again changes nothing.
    expect((await t.app.services.vip.awardPoints()).posted).toBe(0);

    // Spent in the mall; short points are refused with the spec's message.
    const gift = await giveGift({ points: 10 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: p.headers,
      payload: { exchange_id: gift.id, ...ADDRESS },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ status: 'not_shipped', points: 10, consignee: '王小明', address: '信義路一段1號' });
    expect(await points(p.headers)).toBe(2);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: { ...p.headers, 'x-locale': 'zh-TW' },
      payload: { exchange_id: gift.id, ...ADDRESS },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'exchange_points_short', message: '兌換金額不夠' });

    const ledger = await t.database.db.execute<{ kind: string }>(
      sql`select kind from journals where player_id = ${p.playerId} and kind like 'points_%' order by id`,
    );
    expect(ledger.rows.map((r) => r.kind)).toEqual(['points_earn', 'points_earn', 'points_reverse', 'points_reverse', 'points_spend']);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a physical gift needs the whole address; the record lists the order within the date range', async () => {
    const p = await seedPlayer(t);
    await grantPoints(p.playerId, 500);
    const gift = await giveGift();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: p.headers,
      payload: { exchange_id: gift.id, consignee: 'A' },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().error).sort()).toEqual(['address', 'area', 'phone']);
    expect(await points(p.headers)).toBe(500);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: p.headers,
      payload: { exchange_id: gift.id, ...ADDRESS },
    });
    expect(ok.statusCode).toBe(200);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const rec = await t.app.inject({ method: 'GET', url: `/api/exchange/record?date_start=${today}&date_end=${today}&page=1&pageSize=10`, headers: p.headers });
    expect(rec.json().data).toMatchObject({ total: 1, data: [{ id: ok.json().data.id, status: 'not_shipped', points: 100 }] });
    const old = await t.app.inject({ method: 'GET', url: '/api/exchange/record?date_start=2020-01-01&date_end=2020-01-02', headers: p.headers });
    expect(old.json().data.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/exchange/record' })).statusCode).toBe(401);
  });

  it('20 concurrent buys of the last item deliver exactly one', async () => {
    const gift = await giveGift({ stock: 1, points: 50 });
    const buyers = [];
    for (let i = 0; i < 20; i++) {
      const p = await seedPlayer(t);
      await grantPoints(p.playerId, 50);
      buyers.push(p);
    }
    const results = await Promise.all(
      buyers.map((p) =>
        t.app.inject({ method: 'POST', url: '/api/exchange/buy', remoteAddress: freshIp(), headers: p.headers, payload: { exchange_id: gift.id, ...ADDRESS } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'exchange_sold_out')).toBe(true);
    expect((await t.database.db.select().from(gifts).where(eq(gifts.id, gift.id)))[0]!.stock).toBe(0);
    const spent = await Promise.all(buyers.map((p) => points(p.headers)));
    expect(spent.filter((n) => n === 0)).toHaveLength(1);
    expect(spent.filter((n) => n === 50)).toHaveLength(19);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a purchase retried with the same Idempotency-Key buys once', async () => {
    const p = await seedPlayer(t);
    await grantPoints(p.playerId, 500);
    const gift = await giveGift({ points: 100 });
    const headers = { ...p.headers, 'idempotency-key': `buy-${p.playerId}-once` };
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({ method: 'POST', url: '/api/exchange/buy', remoteAddress: freshIp(), headers, payload: { exchange_id: gift.id, ...ADDRESS } }),
      ),
    );
    expect(tries.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(tries.map((r) => r.json().data.id)).size).toBe(1);
    expect(await points(p.headers)).toBe(400);
    const other = await giveGift({ points: 100 });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers,
      payload: { exchange_id: other.id, ...ADDRESS },
    });
    expect(mismatch.statusCode).toBe(409);
  });

  it('the per-player limit holds under concurrent buys', async () => {
    const p = await seedPlayer(t);
    await grantPoints(p.playerId, 1000);
    const gift = await giveGift({ per_player_limit: 2, points: 10 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/exchange/buy', remoteAddress: freshIp(), headers: p.headers, payload: { exchange_id: gift.id, ...ADDRESS } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await points(p.headers)).toBe(980);
  });

  it('ships, marks received, and a rejection returns the points and the stock; every step is audited', async () => {
    const p = await seedPlayer(t);
    await grantPoints(p.playerId, 300);
    const gift = await giveGift({ stock: 5 });
    const a = (
      await t.app.inject({
        method: 'POST',
        url: '/api/exchange/buy',
        remoteAddress: freshIp(),
        headers: p.headers,
        payload: { exchange_id: gift.id, ...ADDRESS },
      })
    ).json().data;
    const b = (
      await t.app.inject({
        method: 'POST',
        url: '/api/exchange/buy',
        remoteAddress: freshIp(),
        headers: p.headers,
        payload: { exchange_id: gift.id, ...ADDRESS },
      })
    ).json().data;
    expect(await points(p.headers)).toBe(100);

    const noTracking = await t.app.inject({ method: 'POST', url: `/api/backoffice/vip/orders/${a.id}`, headers: op, payload: { action: 'ship' } });
    expect(noTracking.statusCode).toBe(422);
    const early = await t.app.inject({ method: 'POST', url: `/api/backoffice/vip/orders/${a.id}`, headers: op, payload: { action: 'receive' } });
    expect(early.statusCode).toBe(422);
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/vip/orders/${a.id}`,
      headers: op,
      payload: { action: 'ship', tracking_no: 'TW123456' },
    });
    expect(shipped.json().data).toMatchObject({ status: 'shipped', tracking_no: 'TW123456' });
    const received = await t.app.inject({ method: 'POST', url: `/api/backoffice/vip/orders/${a.id}`, headers: op, payload: { action: 'receive' } });
    expect(received.json().data.status).toBe('received');
    // A shipped order can no longer be rejected.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/backoffice/vip/orders/${a.id}`, headers: op, payload: { action: 'reject', reason: 'x' } })).statusCode,
    ).toBe(422);

    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/vip/orders/${b.id}`,
      headers: op,
      payload: { action: 'reject', reason: '地址無法配送' },
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: '地址無法配送' });
    expect(await points(p.headers)).toBe(200);
    expect((await t.database.db.select().from(gifts).where(eq(gifts.id, gift.id)))[0]!.stock).toBe(4);
    // Rejecting twice refunds once.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/backoffice/vip/orders/${b.id}`, headers: op, payload: { action: 'reject', reason: 'again' } }))
        .statusCode,
    ).toBe(422);
    expect(await points(p.headers)).toBe(200);

    const rec = (await t.app.inject({ method: 'GET', url: '/api/exchange/record', headers: p.headers })).json().data.data;
    expect(rec.map((o: { status: string }) => o.status).sort()).toEqual(['received', 'rejected']);
    const actions = (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(5)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['vip.order.ship', 'vip.order.receive', 'vip.order.reject']));
    const queue = await t.app.inject({ method: 'GET', url: '/api/backoffice/vip/orders?status=rejected', headers: op });
    expect(queue.json().data.data.some((o: { id: number }) => o.id === b.id)).toBe(true);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a virtual gift pays bonus money into an activity wallet', async () => {
    const p = await seedPlayer(t);
    await grantPoints(p.playerId, 100);
    const gift = await giveGift({ kind: 'virtual', bonus: '88.00', bonus_flow_multiple: 3, points: 100 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exchange/buy',
      remoteAddress: freshIp(),
      headers: p.headers,
      payload: { exchange_id: gift.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('received');
    const w = await t.database.db.execute<{ bet: string; bal: string }>(sql`
      select w.bonus_bet_minor::text as bet, a.balance_minor::text as bal from bonus_wallets w
      join accounts a on a.kind = 'bonus' and a.ref = w.id::text where w.player_id = ${p.playerId}`);
    expect(w.rows).toEqual([{ bet: '26400', bal: '8800' }]);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a points journal that touches a money account is refused, and the check finds mixed journals', async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    const dir = t.app.services.vip.accounts;
    const [pointsAcc, central] = await Promise.all([dir.pointsAccount(p.playerId), dir.playerAccount(p.playerId, 'central')]);
    await expect(
      t.database.db.transaction((tx) =>
        postPointsJournal(tx, {
          kind: 'points_adjust',
          idempotencyKey: `mixed:${p.playerId}`,
          request: {},
          postings: [
            { accountId: pointsAcc, amountMinor: 5n },
            { accountId: central, amountMinor: -5n },
          ],
        }),
      ),
    ).rejects.toThrow(/ledger invariant/);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('points adjustments never go below zero and are audited', async () => {
    const p = await seedPlayer(t);
    await grantPoints(p.playerId, 30);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/vip/players/${p.playerId}/points`,
      headers: op,
      payload: { points: -31, reason: 'too many' },
    });
    expect(res.statusCode).toBe(422);
    const fine = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/vip/players/${p.playerId}/points`,
      headers: op,
      payload: { points: -30, reason: 'correction' },
    });
    expect(fine.json().data.points).toBe(0);
    const last = (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
    expect(last).toMatchObject({ action: 'vip.points.adjust', target: `player:${p.playerId}` });
    const view = (await t.app.inject({ method: 'GET', url: `/api/backoffice/vip/players/${p.playerId}`, headers: op })).json().data;
    expect(view.points_history.map((h: { points: number; balance: number }) => [h.points, h.balance])).toEqual([
      [-30, 0],
      [30, 30],
    ]);
    // Points stay out of the money ledger list of the player page.
    const ledger = (await t.app.inject({ method: 'GET', url: `/api/backoffice/players/${p.playerId}/ledger`, headers: op })).json().data;
    expect(ledger.data.every((r: { account_kind: string }) => r.account_kind !== 'points')).toBe(true);
  });
});

describe('back office', () => {
  it('uploads a gift image checked by magic bytes and size, re-encoded and served', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({ method: 'POST', url: '/api/backoffice/vip/gifts/image', headers: op, payload: { data: png.toString('base64') } });
    expect(up.statusCode, up.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: up.json().data.url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // Text with an image's name is refused by its bytes.
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/vip/gifts/image',
      headers: op,
      payload: { data: Buffer.from('<svg onload=alert(1)>').toString('base64') },
    });
    expect(fake.statusCode).toBe(422);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/vip/gifts/image',
      headers: op,
      payload: { data: Buffer.alloc(600 * 1024, 1).toString('base64') },
    });
    expect([413, 422]).toContain(huge.statusCode);
  });

  it('edits a level with a preview of the players it would move, sets and locks a player level, all audited', async () => {
    const p = await seedPlayer(t);
    const levels = (await t.app.inject({ method: 'GET', url: '/api/backoffice/vip/levels', headers: op })).json().data;
    expect(levels).toHaveLength(11);
    const l1 = levels[1];
    const edit = {
      name_frontend: l1.name_frontend,
      name_frontend_en: l1.name_frontend_en,
      if_show_frontend: true,
      deposit_req: '0.00',
      valid_bet_req: '0.00',
      keep_valid_bet: '0.00',
      upgrade_reward: '18.00',
      monthly_reward: '9.00',
      birthday_reward: '18.00',
      reward_target: 'bonus',
      reward_flow_multiple: 1,
      withdraw_max_per_day: 3,
      withdraw_free_per_day: 1,
      withdraw_fee: '100.00',
      rebate_rate_bp: 30,
      points_rates: { slots: 2 },
    };
    const preview = await t.app.inject({ method: 'POST', url: '/api/backoffice/vip/levels/1/preview', headers: op, payload: edit });
    expect(preview.statusCode, preview.body).toBe(200);
    // With no thresholds every level-0 player would reach level 1.
    expect(preview.json().data.would_rise).toBeGreaterThan(0);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/backoffice/vip/levels/11', headers: op, payload: edit });
    expect(bad.statusCode).toBe(422);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/backoffice/vip/levels/1',
      headers: op,
      payload: { ...edit, deposit_req: '1000.00', valid_bet_req: '2000.00' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const set = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/vip/players/${p.playerId}/level`,
      headers: op,
      payload: { level_id: 7, locked: true, reason: 'VIP host' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: `/api/backoffice/vip/players/${p.playerId}`, headers: op })).json().data;
    expect(view).toMatchObject({ level_id: 7, locked: true, history: [{ from: 0, to: 7, reason: 'manual' }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: p.headers })).json().data.level.id).toBe(7);
    const actions = (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['vip.player.level', 'vip.level.update']));
    // Without a session: 401 before validation.
    expect((await t.app.inject({ method: 'PUT', url: '/api/backoffice/vip/levels/1', payload: {} })).statusCode).toBe(401);
  });
});
