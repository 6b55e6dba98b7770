// The deposit promotions' catch-up: a deposit credited while the cashier's hook did not run
// (the process died between the commit and the hook) is paid by the promotions job's sweep, once, however often
// and however concurrently the sweep and the hook run; the hook's own evaluation is recorded so the sweep leaves it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { depositOrders, promotionDepositChecks, promotionGrants, promotions } from '../../src/server/db/schema.ts';
import type { PromotionInput } from '../../src/shared/schemas/promotions.ts';

let t: TestApp;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'sweepadmin', 'admin');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_counters`);
});

let seq = 0;

/** Mode 8 (a deposit at or above the threshold), automatic, fixed 50.00, no per-player limit: every deposit is its own event. */
async function promotion(over: Partial<PromotionInput> = {}): Promise<number> {
  const b: PromotionInput = {
    mode: 8,
    front_id: null,
    title: '存款補償',
    title_en: 'Sweep test',
    summary: '',
    summary_en: '',
    content: '',
    content_en: '',
    banner_id: null,
    status: 'on',
    sort: 0,
    limited_time: false,
    show_start: null,
    show_end: null,
    claim_start: null,
    claim_end: null,
    levels: [],
    min_register_days: 0,
    max_register_days: 0,
    deposit_window_days: 0,
    min_deposit_count: 0,
    min_deposit_total: '0',
    reward_kind: 'fixed',
    fixed_amount: '50.00',
    percent: '0',
    tiers: [],
    min_amount: '100.00',
    max_grant: '0',
    game_groups: [],
    use_vip_rate: false,
    referrer_amount: '0',
    friend_amount: '0',
    friend_min_deposit: '0',
    friend_min_valid_bet: '0',
    max_per_referrer: 0,
    budget: null,
    limit_period: 'ever',
    limit_count: 0,
    flow_multiple: 1,
    flow_base: 'bonus',
    is_sports: false,
    give_up_wallet_amount: '0',
    claim_mode: 'automatic',
    auto_approve_max: null,
    not_combinable: false,
    unique_by: [],
    ...over,
  };
  await t.database.db.update(promotions).set({ status: 'off' }).where(eq(promotions.mode, b.mode));
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: { authorization: `Bearer ${admin.token}` }, payload: b });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** A manual deposit confirmed by finance with the cashier's after-commit hook switched off, as if the process had died there. */
async function depositWithoutHook(playerId: number, amountMinor: bigint): Promise<string> {
  seq++;
  const id = `DPsweep${Date.now().toString(36)}${seq}`;
  await t.database.db.insert(depositOrders).values({ id, playerId, method: 'bank_transfer', amountMinor, status: 'pending', playerRef: 'test' });
  const cashier = t.app.services.cashier;
  const hook = cashier.events;
  cashier.events = undefined;
  try {
    await cashier.confirmDeposit(admin.id, id);
  } finally {
    cashier.events = hook;
  }
  return id;
}

async function grantsFor(promotionId: number, depositId: string) {
  return (await t.database.db.select().from(promotionGrants).where(eq(promotionGrants.promotionId, promotionId))).filter(
    (g) => g.period === `deposit:${depositId}`,
  );
}

async function journalsFor(promotionId: number, playerId: number): Promise<number> {
  const res = await t.database.db.execute<{ n: string | number }>(sql`
    select count(*) as n from journals where kind = 'promotion_grant' and idempotency_key like ${`promo:${promotionId}:${playerId}:%`}`);
  return Number(res.rows[0]?.n ?? 0);
}

const checkOf = async (depositId: string) =>
  (await t.database.db.select().from(promotionDepositChecks).where(eq(promotionDepositChecks.depositId, depositId)))[0];

describe('the deposit sweep', () => {
  it('pays a deposit whose hook was lost, once, however often the sweep runs', async () => {
    const promo = await promotion();
    const pl = await seedPlayer(t);
    const id = await depositWithoutHook(pl.playerId, 20_000n);
    expect(await grantsFor(promo, id)).toHaveLength(0);
    expect(await checkOf(id)).toBeUndefined();

    const sweep = t.app.services.promotions;
    // Within the grace period the deposit is left to its own hook.
    await sweep.sweepDeposits();
    expect(await grantsFor(promo, id)).toHaveLength(0);

    const first = await sweep.sweepDeposits({ graceMs: 0 });
    expect(first.checked).toBeGreaterThanOrEqual(1);
    const grants = await grantsFor(promo, id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ status: 'success', amountMinor: 5_000n });
    expect(await checkOf(id)).toMatchObject({ source: 'sweep', playerId: pl.playerId });

    await sweep.sweepDeposits({ graceMs: 0 });
    await sweep.runDueJobs();
    expect(await grantsFor(promo, id)).toHaveLength(1);
    expect(await journalsFor(promo, pl.playerId)).toBe(1);
  });

  it('pays once when sweeps and the hook run at the same time', async () => {
    const promo = await promotion();
    const pl = await seedPlayer(t);
    const id = await depositWithoutHook(pl.playerId, 30_000n);
    const s = t.app.services.promotions;
    await Promise.all([
      s.sweepDeposits({ graceMs: 0 }),
      s.sweepDeposits({ graceMs: 0 }),
      s.onDepositCredited(pl.playerId, id),
      s.sweepDeposits({ graceMs: 0 }),
    ]);
    expect(await grantsFor(promo, id)).toHaveLength(1);
    expect(await journalsFor(promo, pl.playerId)).toBe(1);
    expect(await checkOf(id)).toBeDefined();
  });

  it('leaves deposits the hook evaluated, and deposits credited before the window', async () => {
    const promo = await promotion();
    const pl = await seedPlayer(t);
    seq++;
    const hooked = `DPsweep${Date.now().toString(36)}${seq}`;
    await t.database.db
      .insert(depositOrders)
      .values({ id: hooked, playerId: pl.playerId, method: 'bank_transfer', amountMinor: 20_000n, status: 'pending', playerRef: 't' });
    await t.app.services.cashier.confirmDeposit(admin.id, hooked);
    expect(await grantsFor(promo, hooked)).toHaveLength(1);
    expect(await checkOf(hooked)).toMatchObject({ source: 'hook' });

    const old = await depositWithoutHook(pl.playerId, 20_000n);
    await t.database.db
      .update(depositOrders)
      .set({ paidAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
      .where(eq(depositOrders.id, old));
    await t.app.services.promotions.sweepDeposits({ graceMs: 0 });
    expect(await grantsFor(promo, hooked)).toHaveLength(1);
    expect(await grantsFor(promo, old)).toHaveLength(0);
    expect(await checkOf(old)).toBeUndefined();
  });

  it('does not pay a deposit for a promotion created after it', async () => {
    const pl = await seedPlayer(t);
    await t.database.db.update(promotions).set({ status: 'off' }).where(eq(promotions.mode, 8));
    const id = await depositWithoutHook(pl.playerId, 20_000n);
    const promo = await promotion();
    await t.app.services.promotions.sweepDeposits({ graceMs: 0 });
    expect(await grantsFor(promo, id)).toHaveLength(0);
    expect(await checkOf(id)).toMatchObject({ source: 'sweep' });
  });

  it('does not spend an opt-in made after the deposit it sweeps', async () => {
    const promo = await promotion({ claim_mode: 'apply', auto_approve_max: '1000.00' });
    const pl = await seedPlayer(t);
    const id = await depositWithoutHook(pl.playerId, 20_000n);
    const apply = await t.app.inject({ method: 'POST', url: '/api/activity/apply', headers: pl.headers, payload: { id: promo } });
    expect(apply.statusCode, apply.body).toBe(200);
    await t.app.services.promotions.sweepDeposits({ graceMs: 0 });
    expect(await grantsFor(promo, id)).toHaveLength(0);
    const waiting = (await t.database.db.select().from(promotionGrants).where(eq(promotionGrants.promotionId, promo))).filter(
      (g) => g.playerId === pl.playerId,
    );
    expect(waiting).toMatchObject([{ period: '', status: 'applying' }]);
  });
});
