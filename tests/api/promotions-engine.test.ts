// The promotions engine: each mode's qualification and refusal, budgets and limits under
// concurrency, daily jobs that pay once however often they run, referrals, the claim window, the protection
// gate, operator HTML sanitized on save, audit rows, and the ledger whole after every test.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp, registerPlayer } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { auditLog, betRecords, bonusWallets, depositOrders, players, promotionGrants, promotions } from '../../src/server/db/schema.ts';
import { startOfTaipeiDay, taipeiDate } from '../../src/shared/time.ts';
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';
import { promotionInput as body } from '../helpers/promotion-input.ts';

let t: TestApp;
let admin: { id: number; token: string };
const bo = () => ({ authorization: `Bearer ${admin.token}` });
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'promoadmin', 'admin');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
// Every seeded player signs in from the same test address: the login counters are reset so the address limit is not what a test meets.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_counters`);
});

const HOUR_MS = 60 * 60 * 1000;
let seq = 0;

/** Creates a promotion through the back office and switches every other promotion of its mode off, so tests do not meet each other's. */
async function promotion(over: Partial<PromotionInput> = {}) {
  const b = body(over);
  await t.database.db.update(promotions).set({ status: 'off' }).where(eq(promotions.mode, b.mode));
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bo(), payload: b });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; content: string; budget: string | null };
}

/** A manual deposit confirmed by finance: credited through the cashier, which calls the promotions after commit. */
async function deposit(playerId: number, amountMinor: bigint): Promise<string> {
  seq++;
  const id = `DPpromo${Date.now().toString(36)}${seq}`;
  await t.database.db.insert(depositOrders).values({ id, playerId, method: 'bank_transfer', amountMinor, status: 'pending', playerRef: 'test' });
  await t.app.services.cashier.confirmDeposit(admin.id, id);
  return id;
}

/** A settled bet written as the ingestion would, settled at `at`. */
async function bet(playerId: number, stakeMinor: bigint, payoutMinor: bigint, gameType: string, at: Date) {
  seq++;
  await t.database.db.insert(betRecords).values({
    gpCode: 'SLX',
    betId: `PB${Date.now().toString(36)}${seq}`,
    playerId,
    game: 'g',
    gameType,
    stakeMinor,
    payoutMinor,
    validBetMinor: stakeMinor,
    status: 'settled',
    version: 1,
    ledgerVersion: 1,
    placedAt: at,
    settledAt: at,
  });
}

async function grantsOf(promotionId: number) {
  return t.database.db.select().from(promotionGrants).where(eq(promotionGrants.promotionId, promotionId)).orderBy(promotionGrants.id);
}

async function walletOf(id: number | null) {
  return (
    await t.database.db
      .select()
      .from(bonusWallets)
      .where(eq(bonusWallets.id, id ?? 0))
  )[0];
}

describe('the hall', () => {
  it('lists the eleven mode entries, hides a mode the operator switched off, and serves visitors list and detail', async () => {
    const p = await promotion({ mode: 1, title: '一般', title_en: 'General one' });
    const types = await t.app.inject({ method: 'GET', url: '/api/activity/showType' });
    expect(types.json().data).toHaveLength(11);
    expect(types.json().data.every((e: { status: string }) => e.status === 'on')).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/activity/list?mode=1', headers: { 'x-locale': 'en' } });
    expect(list.json().data.data.map((c: { title: string }) => c.title)).toContain('General one');
    const detail = await t.app.inject({ method: 'GET', url: `/api/activity/detail?id=${p.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.player).toBeNull();

    const off = await t.app.inject({ method: 'PUT', url: '/api/backoffice/promotion-modes/1', headers: bo(), payload: { status: 'off' } });
    expect(off.statusCode, off.body).toBe(200);
    const one = await t.app.inject({ method: 'GET', url: '/api/activity/showType?mode=1' });
    expect(one.json().data).toEqual([expect.objectContaining({ mode: 1, status: 'off' })]);
    const hidden = await t.app.inject({ method: 'GET', url: '/api/activity/list?mode=1' });
    expect(hidden.json().data.total).toBe(0);
    await t.app.inject({ method: 'PUT', url: '/api/backoffice/promotion-modes/1', headers: bo(), payload: { status: 'on' } });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'promotion.mode'));
    expect(audits.length).toBe(2);
  });

  it('sanitizes operator HTML on save and audits the change; roles without the permission are refused', async () => {
    const p = await promotion({ content: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' });
    expect(p.content).not.toMatch(/script|onclick|javascript/);
    expect(p.content).toContain('Hi');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'promotion.create'), eq(auditLog.target, `promotion:${p.id}`)));
    expect(audit).toHaveLength(1);
    const service = await signedInStaff(t, 'promosvc', 'service');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotions',
      headers: { authorization: `Bearer ${service.token}` },
      payload: body(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('categories are created, audited and listed for the hall', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotion-categories',
      headers: bo(),
      payload: { title: '熱門', title_en: 'Hot', sort: 1, status: 'on' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const front = await t.app.inject({ method: 'GET', url: '/api/activity/frontTypeInfo', headers: { 'x-locale': 'en' } });
    expect(front.json().data).toContainEqual({ id: res.json().data.id, title: 'Hot' });
  });
});

describe('deposit modes', () => {
  it("mode 2: an applied player's first deposit opens an activity wallet with target multiple x (bonus + deposit); later deposits pay nothing", async () => {
    const p = await promotion({
      mode: 2,
      reward_kind: 'deposit_percent',
      percent: '10',
      max_grant: '500.00',
      claim_mode: 'apply',
      auto_approve_max: '1000.00',
      flow_base: 'bonus_deposit',
    });
    const pl = await seedPlayer(t);
    const applied = await t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.status).toBe('applying');
    const again = await t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } });
    expect(again.json().code).toBe('promotion_applied');
    await deposit(pl.playerId, 100_000n);
    await deposit(pl.playerId, 100_000n);
    const grants = await grantsOf(p.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ status: 'success', amountMinor: 10_000n, target: 'bonus' });
    const w = await walletOf(grants[0]!.walletId);
    expect(w?.bonusBetMinor).toBe(110_000n);
    const mine = await t.app.inject({ method: 'GET', url: '/api/activity/mine', headers: pl.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.data[0]).toMatchObject({
      status: 'success',
      amount: '100.00',
      wallet: { bonus_bet: '1100.00', remaining_bet: '1100.00', money: '100.00' },
    });
  });

  it('mode 2 automatic: only a first deposit qualifies; a player who deposited before gets nothing', async () => {
    const old = await seedPlayer(t);
    await deposit(old.playerId, 50_000n);
    const p = await promotion({ mode: 2, fixed_amount: '88.00', flow_multiple: 0 });
    await deposit(old.playerId, 50_000n);
    const fresh = await seedPlayer(t);
    await deposit(fresh.playerId, 50_000n);
    const grants = await grantsOf(p.id);
    expect(grants.map((g) => g.playerId)).toEqual([fresh.playerId]);
    expect(grants[0]).toMatchObject({ target: 'central', walletId: null });
  });

  it('mode 3 pays the first deposit of the Taipei day once; mode 8 needs the threshold', async () => {
    const daily = await promotion({ mode: 3, fixed_amount: '20.00', limit_period: 'day', limit_count: 1 });
    const single = await promotion({ mode: 8, fixed_amount: '30.00', min_amount: '1000.00', limit_count: 0 });
    const pl = await seedPlayer(t);
    await deposit(pl.playerId, 50_000n);
    await deposit(pl.playerId, 150_000n);
    expect((await grantsOf(daily.id)).filter((g) => g.playerId === pl.playerId)).toHaveLength(1);
    // The cashier's hook running again for the same deposit (a retried callback) pays nothing more.
    const last = (await t.database.db.select().from(depositOrders).where(eq(depositOrders.playerId, pl.playerId))).find((d) => d.amountMinor === 150_000n)!;
    await t.app.services.promotions.onDepositCredited(pl.playerId, last.id);
    const singles = (await grantsOf(single.id)).filter((g) => g.playerId === pl.playerId);
    expect(singles).toHaveLength(1);
    expect(singles[0]!.period).toMatch(/^deposit:/);
  });

  it('mode 4 pays each tier reached once, what it adds to the tiers already paid', async () => {
    const p = await promotion({
      mode: 4,
      limit_count: 0,
      tiers: [
        { threshold: '500.00', amount: '50.00', percent: '0' },
        { threshold: '1000.00', amount: '120.00', percent: '0' },
      ],
    });
    const pl = await seedPlayer(t);
    await deposit(pl.playerId, 30_000n);
    expect(await grantsOf(p.id)).toHaveLength(0);
    await deposit(pl.playerId, 30_000n);
    await deposit(pl.playerId, 50_000n);
    const grants = await grantsOf(p.id);
    expect(grants.map((g) => [g.period, g.amountMinor])).toEqual([
      ['tier:1', 5_000n],
      ['tier:2', 7_000n],
    ]);
  });

  it('a per-player limit holds when deposits of one player are credited in parallel', async () => {
    const p = await promotion({ mode: 8, fixed_amount: '10.00', limit_period: 'day', limit_count: 1 });
    const pl = await seedPlayer(t);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      seq++;
      const id = `DPpar${Date.now().toString(36)}${seq}`;
      ids.push(id);
      await t.database.db
        .insert(depositOrders)
        .values({ id, playerId: pl.playerId, method: 'bank_transfer', amountMinor: 10_000n, status: 'pending', playerRef: 't' });
    }
    await Promise.all(ids.map((id) => t.app.services.cashier.confirmDeposit(admin.id, id)));
    const paid = (await grantsOf(p.id)).filter((g) => g.status === 'success');
    expect(paid).toHaveLength(1);
  });

  it('"not combinable" refuses while another grant of that mode is active', async () => {
    await t.database.db.update(promotions).set({ status: 'off' }).where(eq(promotions.mode, 8));
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotions',
      headers: bo(),
      payload: body({ mode: 8, fixed_amount: '10.00', not_combinable: true }),
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotions',
      headers: bo(),
      payload: body({ mode: 8, fixed_amount: '10.00', not_combinable: true }),
    });
    const pl = await seedPlayer(t);
    await deposit(pl.playerId, 10_000n);
    const ga = (await grantsOf(a.json().data.id)).filter((g) => g.playerId === pl.playerId);
    const gb = (await grantsOf(b.json().data.id)).filter((g) => g.playerId === pl.playerId);
    expect(ga[0]?.status).toBe('success');
    expect(gb[0]).toMatchObject({ status: 'fail', reason: 'error.promotion_not_combinable' });
  });
});

describe('applications and audits', () => {
  it('20 parallel applications then a batch approval with budget for 3 pay exactly 3; the rest stay applying with the budget error', async () => {
    const p = await promotion({ mode: 1, claim_mode: 'apply', fixed_amount: '100.00', budget: '300.00' });
    const pls = await Promise.all(Array.from({ length: 20 }, () => seedPlayer(t)));
    const res = await Promise.all(
      pls.map((pl) => t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } })),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = (await grantsOf(p.id)).map((g) => g.id);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotion-applications/review',
      headers: bo(),
      payload: { ids, action: 'approve', reason: '' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data.approved).toBe(3);
    expect(review.json().data.failed.every((f: { code: string }) => f.code === 'promotion_budget')).toBe(true);
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect(row!.spentMinor).toBe(30_000n);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'promotion.application.approve'));
    expect(audits).toHaveLength(3);
  });

  it('20 parallel approvals with budget for 3 pay exactly 3', async () => {
    const p = await promotion({ mode: 1, claim_mode: 'apply', fixed_amount: '100.00', budget: '300.00' });
    const pls = await Promise.all(Array.from({ length: 20 }, () => seedPlayer(t)));
    for (const pl of pls)
      await t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } });
    const ids = (await grantsOf(p.id)).map((g) => g.id);
    expect(ids).toHaveLength(20);
    const res = await Promise.all(
      ids.map((id) =>
        t.app.inject({
          method: 'POST',
          url: '/api/backoffice/promotion-applications/review',
          headers: bo(),
          payload: { ids: [id], action: 'approve', reason: '' },
        }),
      ),
    );
    expect(res.reduce((n, r) => n + (r.json().data.approved as number), 0)).toBe(3);
    expect((await grantsOf(p.id)).filter((g) => g.status === 'success')).toHaveLength(3);
  });

  it('20 parallel claims paid at once (below the automatic-approval ceiling) with budget for 3 pay exactly 3', async () => {
    const p = await promotion({ mode: 1, claim_mode: 'apply', auto_approve_max: '500.00', fixed_amount: '100.00', budget: '300.00' });
    const pls = await Promise.all(Array.from({ length: 20 }, () => seedPlayer(t)));
    const res = await Promise.all(
      pls.map((pl) => t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } })),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(res.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'promotion_budget')).toBe(true);
    expect((await grantsOf(p.id)).filter((g) => g.status === 'success')).toHaveLength(3);
    const report = await t.app.inject({ method: 'GET', url: `/api/backoffice/promotions/${p.id}/report`, headers: bo() });
    expect(report.json().data).toMatchObject({ grants: 3, cost: '300.00', budget_left: '0.00', flow_target: '300.00' });
  });

  it("a rejection carries the operator's reason to the player; a batch above its bound is refused", async () => {
    const p = await promotion({ mode: 1, claim_mode: 'apply', fixed_amount: '5.00' });
    const pl = await seedPlayer(t);
    await t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } });
    const [g] = await grantsOf(p.id);
    const noReason = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotion-applications/review',
      headers: bo(),
      payload: { ids: [g!.id], action: 'reject', reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotion-applications/review',
      headers: bo(),
      payload: { ids: [g!.id], action: 'reject', reason: '資料不符' },
    });
    expect(res.json().data.rejected).toBe(1);
    const detail = await t.app.inject({ method: 'GET', url: `/api/activity/detail?id=${p.id}`, headers: pl.headers });
    expect(detail.json().data.player).toMatchObject({ status: 'fail', reject_reason: '資料不符' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotion-applications/review',
      headers: bo(),
      payload: { ids: Array.from({ length: 51 }, (_, i) => i + 1), action: 'approve', reason: '' },
    });
    expect(big.statusCode).toBe(422);
  });

  it('refuses with 此活動已結束 once the claim window has passed, in both languages', async () => {
    const p = await promotion({
      mode: 1,
      claim_mode: 'apply',
      claim_start: new Date(Date.now() - 48 * HOUR_MS).toISOString(),
      claim_end: new Date(Date.now() - HOUR_MS).toISOString(),
    });
    const pl = await seedPlayer(t);
    const zh = await t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } });
    expect(zh.json()).toMatchObject({ code: 'promotion_ended', message: '此活動已結束' });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/activity/apply',
      remoteAddress: freshIp(),
      headers: { ...pl.headers, 'x-locale': 'en' },
      payload: { id: p.id },
    });
    expect(en.json().message).toBe('This activity has ended');
    const detail = await t.app.inject({ method: 'GET', url: `/api/activity/detail?id=${p.id}`, headers: pl.headers });
    expect(detail.json().data).toMatchObject({ ended: true, player: { can_apply: false, reasons: expect.arrayContaining(['ended']) } });
  });

  it('the protection gate refuses a self-excluded player', async () => {
    const p = await promotion({ mode: 1, claim_mode: 'apply', auto_approve_max: '500.00' });
    const pl = await seedPlayer(t);
    await t.app.services.protection.exclude(pl.playerId, '3m', { staffId: admin.id, reason: 'test' });
    const res = await t.app.inject({ method: 'POST', url: '/api/activity/apply', remoteAddress: freshIp(), headers: pl.headers, payload: { id: p.id } });
    // Exclusion revokes the player's sessions; either way nothing is paid.
    expect([401, 403]).toContain(res.statusCode);
    await expect(t.app.services.promotions.apply(pl.playerId, p.id, 'zh-TW')).rejects.toMatchObject({ code: 'protection_excluded' });
    expect(await grantsOf(p.id)).toHaveLength(0);
  });
});

describe('registration, referral and gifts', () => {
  it('mode 5 pays once per registration address', async () => {
    const p = await promotion({ mode: 5, fixed_amount: '18.00' });
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    await t.database.db
      .update(players)
      .set({ registerIp: '203.0.113.50' })
      .where(sql`${players.id} in (${a.playerId}, ${b.playerId})`);
    await t.app.services.promotions.onRegistered(a.playerId);
    await t.app.services.promotions.onRegistered(a.playerId);
    await t.app.services.promotions.onRegistered(b.playerId);
    const grants = await grantsOf(p.id);
    expect(grants.map((g) => [g.playerId, g.status])).toEqual([
      [a.playerId, 'success'],
      [b.playerId, 'fail'],
    ]);
    expect(grants[1]!.reason).toBe('error.promotion_duplicate');
  });

  it('mode 5 is paid by a registration through the API, once per phone and address', async () => {
    const p = await promotion({ mode: 5, fixed_amount: '18.00', flow_multiple: 2 });
    const ip = freshIp();
    const first = await registerPlayer(t, { ip });
    expect(first.res.statusCode, first.res.body).toBe(200);
    const second = await registerPlayer(t, { ip });
    expect(second.res.statusCode, second.res.body).toBe(200);
    const grants = await grantsOf(p.id);
    expect(grants.map((g) => g.status)).toEqual(['success', 'fail']);
    expect((await walletOf(grants[0]!.walletId))?.bonusBetMinor).toBe(3_600n);
  });

  it('mode 9 pays referrer and friend once when the friend qualifies, and nothing when they share an address', async () => {
    const p = await promotion({
      mode: 9,
      referrer_amount: '50.00',
      friend_amount: '20.00',
      friend_min_deposit: '100.00',
      friend_min_valid_bet: '100.00',
      max_per_referrer: 5,
      limit_count: 0,
    });
    const referrer = await seedPlayer(t);
    const friend = await seedPlayer(t);
    const twin = await seedPlayer(t);
    await t.database.db.update(players).set({ referrerId: referrer.playerId, registerIp: '198.51.100.7' }).where(eq(players.id, friend.playerId));
    await t.database.db.update(players).set({ registerIp: '198.51.100.9' }).where(eq(players.id, referrer.playerId));
    await t.database.db.update(players).set({ referrerId: referrer.playerId, registerIp: '198.51.100.9' }).where(eq(players.id, twin.playerId));
    await deposit(friend.playerId, 20_000n);
    expect(await grantsOf(p.id)).toHaveLength(0); // no valid bet yet
    await bet(friend.playerId, 15_000n, 0n, 'slots', new Date());
    await t.app.services.promotions.onBets([friend.playerId]);
    await t.app.services.promotions.onBets([friend.playerId]);
    await deposit(twin.playerId, 20_000n);
    await bet(twin.playerId, 15_000n, 0n, 'slots', new Date());
    await t.app.services.promotions.onBets([twin.playerId]);
    const grants = await grantsOf(p.id);
    const paid = grants.filter((g) => g.status === 'success').map((g) => [g.playerId, g.amountMinor]);
    expect(paid).toEqual([
      [referrer.playerId, 5_000n],
      [friend.playerId, 2_000n],
    ]);
    expect(grants.filter((g) => g.status === 'fail').map((g) => g.period)).toEqual([`friend:${twin.playerId}`]);
  });

  it('mode 10 gives to a pasted list once, reports unknown accounts, and audits each gift', async () => {
    const p = await promotion({ mode: 10, limit_count: 0, flow_multiple: 3 });
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    const payload = { promotion_id: p.id, accounts: `${a.account}\n${b.account}, nobody99`, amount: '25.00', reason: '補償' };
    const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotion-gifts', headers: bo(), payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ granted: 2, failed: [{ account: 'nobody99', code: 'not_found' }] });
    const again = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotion-gifts', headers: bo(), payload });
    expect(again.json().data.granted).toBe(0);
    const grants = await grantsOf(p.id);
    expect(grants).toHaveLength(2);
    expect((await walletOf(grants[0]!.walletId))?.bonusBetMinor).toBe(7_500n);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'promotion.gift'))).toHaveLength(2);
  });
});

describe('daily jobs', () => {
  const yesterday = () => taipeiDate(new Date(Date.now() - 24 * HOUR_MS));
  const inYesterday = () => new Date(startOfTaipeiDay().getTime() - 2 * HOUR_MS);

  it("mode 6 rebates yesterday's valid bet per game group at the VIP rate or the promotion's, and pays once when run twice", async () => {
    const p = await promotion({ mode: 6, percent: '1', limit_count: 0, game_groups: ['slots', 'fish'] });
    const pl = await seedPlayer(t);
    await bet(pl.playerId, 100_000n, 50_000n, 'slots', inYesterday());
    await bet(pl.playerId, 30_000n, 0n, 'fish', inYesterday());
    await bet(pl.playerId, 30_000n, 0n, 'casino', inYesterday());
    const first = await t.app.services.promotions.runDailyJob('valid_bet_rebate', yesterday());
    expect(first.alreadyRun).toBe(false);
    const second = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotion-jobs/valid_bet_rebate', headers: bo(), payload: { day: yesterday() } });
    expect(second.json().data).toMatchObject({ granted: 0, already_run: true });
    const grants = (await grantsOf(p.id)).filter((g) => g.playerId === pl.playerId);
    expect(grants.map((g) => [g.period.split(':')[1], g.amountMinor]).sort()).toEqual([
      ['fish', 300n],
      ['slots', 1_000n],
    ]);
    const today = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotion-jobs/valid_bet_rebate',
      headers: bo(),
      payload: { day: taipeiDate(new Date()) },
    });
    expect(today.statusCode).toBe(422);
  });

  it("mode 6 uses the VIP level's stored rebate rate when the promotion says so", async () => {
    const p = await promotion({ mode: 6, percent: '9', use_vip_rate: true, limit_count: 0, game_groups: ['cards'] });
    const pl = await seedPlayer(t);
    // Level 3's seeded rebate rate is 50 basis points (0.5 %).
    await t.database.db.update(players).set({ levelId: 3 }).where(eq(players.id, pl.playerId));
    await bet(pl.playerId, 200_000n, 0n, 'cards', inYesterday());
    await t.app.services.promotions.runDailyJob('valid_bet_rebate', yesterday());
    const grants = (await grantsOf(p.id)).filter((g) => g.playerId === pl.playerId);
    expect(grants.map((g) => g.amountMinor)).toEqual([1_000n]);
  });

  it("mode 7 pays yesterday's net loss by tier once", async () => {
    const p = await promotion({
      mode: 7,
      limit_count: 0,
      tiers: [
        { threshold: '100.00', amount: '0', percent: '5' },
        { threshold: '1000.00', amount: '0', percent: '10' },
      ],
    });
    const loser = await seedPlayer(t);
    const winner = await seedPlayer(t);
    await bet(loser.playerId, 200_000n, 50_000n, 'slots', inYesterday());
    await bet(winner.playerId, 10_000n, 90_000n, 'slots', inYesterday());
    await t.app.services.promotions.runDailyJob('rescue_money', yesterday());
    await t.database.db.execute(sql`delete from promotion_job_runs where job = 'rescue_money'`);
    await t.app.services.promotions.runDailyJob('rescue_money', yesterday());
    const grants = (await grantsOf(p.id)).filter((g) => g.playerId === loser.playerId || g.playerId === winner.playerId);
    expect(grants.map((g) => [g.playerId, g.amountMinor])).toEqual([[loser.playerId, 15_000n]]);
  });
});

describe('demo promotions', () => {
  it('seed once into a hall with every front category, a limited-time one and a first deposit with a multiple of 1', async () => {
    const { seedDemoPromotions } = await import('../../src/server/modules/promotions/seed.ts');
    await seedDemoPromotions(t.database.db);
    await seedDemoPromotions(t.database.db);
    const fronts = (await t.app.inject({ method: 'GET', url: '/api/activity/frontTypeInfo' })).json().data as Array<{ id: number; title: string }>;
    for (const f of fronts.filter((x) => ['熱門活動', '新會員專區', '存款優惠'].includes(x.title))) {
      const list = await t.app.inject({ method: 'GET', url: `/api/activity/list?front=${f.id}`, headers: { 'x-locale': 'en' } });
      expect(list.json().data.total).toBeGreaterThan(0);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/activity/list?limited=1&pageSize=50' });
    expect(limited.json().data.data.some((c: { title: string }) => c.title === '限時週年慶好禮')).toBe(true);
    const first = await t.database.db.select().from(promotions).where(eq(promotions.title, '首存100%加碼'));
    expect(first).toHaveLength(1);
    expect(first[0]!.flowMultiple).toBe(1);
    const detail = await t.app.inject({ method: 'GET', url: `/api/activity/detail?id=${first[0]!.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
  });
});

describe('banners', () => {
  it("takes only an operator's public upload as a banner and shows its public URL", async () => {
    const { uploads } = await import('../../src/server/db/schema.ts');
    const pl = await seedPlayer(t);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const [priv] = await t.database.db
      .insert(uploads)
      .values({ playerId: pl.playerId, isPublic: false, mime: 'image/png', sizeBytes: 8, width: 1, height: 1, bytes: png })
      .returning();
    const [pub] = await t.database.db
      .insert(uploads)
      .values({ staffId: admin.id, isPublic: true, mime: 'image/png', sizeBytes: 8, width: 1, height: 1, bytes: png })
      .returning();
    const bad = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bo(), payload: body({ banner_id: priv!.id }) });
    expect(bad.statusCode).toBe(422);
    const good = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bo(), payload: body({ banner_id: pub!.id }) });
    expect(good.json().data.banner).toBe(`/api/files/${pub!.id}`);
  });
});
