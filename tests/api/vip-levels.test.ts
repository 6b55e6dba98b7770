// VIP levels: evaluation after deposits and ingested bets, several levels at once with each
// upgrade reward once (also under concurrent evaluation), downgrades only after the grace period and never
// for a locked level, monthly and birthday rewards once per period, and the ledger staying whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { depositOrders, players, vipLevelHistory, vipRewards, vipStatus } from '../../src/server/db/schema.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { taipeiDate } from '../../src/shared/time.ts';

let t: TestApp;
const provider = new FakeProvider();
beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
let seq = 0;

/** A player with money at SLX, as if they had transferred in before playing. */
async function playerAtSlx() {
  const p = await seedPlayer(t, { centralMinor: 100_000n });
  const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '500.00' } });
  expect(res.json().data.status).toBe('applied');
  return { ...p, providerPlayer: `p${p.playerId}` };
}

/** A manual deposit confirmed by finance: credited through the cashier, which evaluates the level. */
async function deposit(playerId: number, amountMinor: bigint) {
  seq++;
  const id = `DPtest${Date.now().toString(36)}${seq}`;
  await t.database.db.insert(depositOrders).values({ id, playerId, method: 'bank_transfer', amountMinor, status: 'pending', playerRef: 'test' });
  await t.app.services.cashier.confirmDeposit(1, id);
}

/** A settled slots bet of that stake (valid bet = stake), ingested like a provider's record. */
function bet(player: string, stakeMinor: bigint, over: Partial<ProviderBet> = {}): ProviderBet {
  seq++;
  return {
    betId: `V${Date.now().toString(36)}${seq}`,
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

async function levelOf(playerId: number): Promise<number> {
  return (await t.database.db.select({ l: players.levelId }).from(players).where(eq(players.id, playerId)))[0]!.l;
}

async function rewardsOf(playerId: number) {
  return t.database.db.select().from(vipRewards).where(eq(vipRewards.playerId, playerId)).orderBy(vipRewards.id);
}

describe('VIP level evaluation', () => {
  it('a deposit and bets past several thresholds raise the level at once and offer each passed level its reward once', async () => {
    const p = await playerAtSlx();
    // Level 3 needs 20,000 deposited and 40,000 valid bet over the period (the seeded rules).
    await deposit(p.playerId, 2_000_000n);
    expect(await levelOf(p.playerId)).toBe(0); // no valid bet yet
    provider.recordBet('SLX', bet(p.providerPlayer, 3_000_000n), -1n);
    provider.recordBet('SLX', bet(p.providerPlayer, 1_000_000n), -1n);
    await t.app.services.bets.ingest('SLX');
    expect(await levelOf(p.playerId)).toBe(3);

    const rewards = await rewardsOf(p.playerId);
    expect(rewards.map((r) => [r.kind, r.period, r.amountMinor])).toEqual([
      ['upgrade', '1', 1_800n],
      ['upgrade', '2', 5_800n],
      ['upgrade', '3', 18_800n],
    ]);
    const history = await t.database.db.select().from(vipLevelHistory).where(eq(vipLevelHistory.playerId, p.playerId));
    expect(history.map((h) => [h.fromLevel, h.toLevel, h.reason])).toEqual([[0, 3, 'upgrade']]);

    // The player's page shows the new level, what the next one needs in exact amounts, and the rewards.
    const info = (await t.app.inject({ method: 'GET', url: '/api/vip/info', headers: p.headers })).json().data;
    expect(info.level).toMatchObject({ id: 3, icon: '/levels/level-3.svg', locked: false });
    expect(info.next).toMatchObject({ id: 4, deposit_needed: '30000.00', valid_bet_needed: '60000.00' });
    expect(info.rewards).toHaveLength(3);
    expect(info.levels).toHaveLength(11);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: p.headers })).json().data;
    expect(me.level.id).toBe(3);

    // Claiming pays each into an activity wallet with its bet-flow target; a second claim is refused.
    for (const r of info.rewards) {
      const res = await t.app.inject({ method: 'POST', url: '/api/vip/rewards/claim', headers: p.headers, payload: { id: r.id } });
      expect(res.statusCode).toBe(200);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/vip/rewards/claim', headers: p.headers, payload: { id: info.rewards[0].id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('vip_reward_not_claimable');
    const wallets = await t.database.db.execute<{ n: number; s: string }>(sql`
      select count(*)::int as n, coalesce(sum(a.balance_minor), 0)::text as s from bonus_wallets w
      join accounts a on a.player_id = w.player_id and a.kind = 'bonus' and a.ref = w.id::text where w.player_id = ${p.playerId}`);
    expect(wallets.rows[0]).toMatchObject({ n: 3, s: String(1_800 + 5_800 + 18_800) });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('concurrent evaluations of one player pay each upgrade reward once', async () => {
    const p = await seedPlayer(t);
    await t.database.db.insert(depositOrders).values({
      id: `DPcc${p.playerId}`,
      playerId: p.playerId,
      method: 'bank_transfer',
      amountMinor: 10_000_000n,
      status: 'paid',
      paidAt: new Date(),
    });
    // Valid bet straight into the records, so only the evaluations race here.
    await t.database.db.execute(sql`
      insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, placed_at, settled_at)
      values ('SLX', ${`CC${p.playerId}`}, ${p.playerId}, 'lucky-7', 'slots', 20000000, 0, 20000000, 'settled', 1, now(), now())`);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.app.services.vip.evaluate([p.playerId])));
    expect(results.flat()).toHaveLength(1);
    expect(await levelOf(p.playerId)).toBe(5);
    const rewards = await rewardsOf(p.playerId);
    expect(rewards.map((r) => r.period)).toEqual(['1', '2', '3', '4', '5']);
    // Two claims of the same reward at once: one pays.
    const claims = await Promise.allSettled(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/vip/rewards/claim',
          headers: p.headers,
          payload: { id: rewards[4]!.id },
        }),
      ),
    );
    expect(claims.filter((c) => c.status === 'fulfilled' && c.value.statusCode === 200)).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('downgrades one level only after the grace period, once a period, and never a locked level', async () => {
    const p = await seedPlayer(t);
    const locked = await seedPlayer(t);
    for (const who of [p, locked]) {
      await t.database.db.insert(depositOrders).values({
        id: `DPdg${who.playerId}`,
        playerId: who.playerId,
        method: 'bank_transfer',
        amountMinor: 2_000_000n,
        status: 'paid',
        paidAt: new Date(),
      });
      await t.database.db.execute(sql`
        insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, placed_at, settled_at)
        values ('SLX', ${`DG${who.playerId}`}, ${who.playerId}, 'lucky-7', 'slots', 4000000, 0, 4000000, 'settled', 1, now(), now())`);
      await t.app.services.vip.evaluate([who.playerId]);
      expect(await levelOf(who.playerId)).toBe(3);
    }
    await t.database.db.update(vipStatus).set({ locked: true }).where(eq(vipStatus.playerId, locked.playerId));
    const now = Date.now();
    const vip = t.app.services.vip;
    const ours = (changes: Array<{ playerId: number }>) => changes.filter((c) => c.playerId === p.playerId || c.playerId === locked.playerId);

    // Still within the period: the keep threshold is met.
    expect(ours(await vip.evaluateDowngrades(new Date(now + 1 * DAY_MS)))).toEqual([]);
    // 20 days on, the bets have left the window but the grace period (30 days) has not passed.
    expect(ours(await vip.evaluateDowngrades(new Date(now + 20 * DAY_MS)))).toEqual([]);
    expect(await levelOf(p.playerId)).toBe(3);
    // 40 days on: one level down, not more, and only the unlocked player.
    expect(ours(await vip.evaluateDowngrades(new Date(now + 40 * DAY_MS)))).toEqual([{ playerId: p.playerId, from: 3, to: 2 }]);
    expect(ours(await vip.evaluateDowngrades(new Date(now + 41 * DAY_MS)))).toEqual([]);
    expect(await levelOf(p.playerId)).toBe(2);
    expect(await levelOf(locked.playerId)).toBe(3);
    // A further period and grace later it may go down again.
    expect(ours(await vip.evaluateDowngrades(new Date(now + 75 * DAY_MS)))).toEqual([{ playerId: p.playerId, from: 2, to: 1 }]);
    const history = await t.database.db
      .select()
      .from(vipLevelHistory)
      .where(and(eq(vipLevelHistory.playerId, p.playerId), eq(vipLevelHistory.reason, 'downgrade')));
    expect(history.map((h) => [h.fromLevel, h.toLevel])).toEqual([
      [3, 2],
      [2, 1],
    ]);
    // A locked level is not raised automatically either.
    await t.database.db.update(players).set({ levelId: 1 }).where(eq(players.id, locked.playerId));
    expect(await vip.evaluate([locked.playerId])).toEqual([]);
    expect(await levelOf(locked.playerId)).toBe(1);
  });

  it('monthly and birthday rewards are offered once per period', async () => {
    const now = new Date();
    const today = taipeiDate(now);
    const p = await seedPlayer(t);
    await t.database.db
      .update(players)
      .set({ levelId: 2, birthday: `1990-${today.slice(5)}` })
      .where(eq(players.id, p.playerId));
    const vip = t.app.services.vip;
    await vip.offerPeriodicRewards(now);
    await vip.offerPeriodicRewards(now);
    await Promise.all([vip.offerPeriodicRewards(now), vip.offerPeriodicRewards(now)]);
    let rewards = await rewardsOf(p.playerId);
    expect(rewards.map((r) => [r.kind, r.period])).toEqual([
      ['monthly', today.slice(0, 7)],
      ['birthday', today.slice(0, 4)],
    ]);
    // Next month brings the next monthly reward; the birthday waits for next year.
    const nextMonth = new Date(now.getTime() + 32 * DAY_MS);
    await vip.offerPeriodicRewards(nextMonth);
    rewards = await rewardsOf(p.playerId);
    expect(rewards.filter((r) => r.kind === 'monthly')).toHaveLength(2);
    expect(rewards.filter((r) => r.kind === 'birthday')).toHaveLength(1);
    // Paid into the central wallet when the level says so.
    await t.database.db.execute(sql`update vip_level_rules set reward_target = 'central' where level_id = 2`);
    const monthly = rewards.find((r) => r.kind === 'monthly')!;
    await t.database.db.update(vipRewards).set({ target: 'central' }).where(eq(vipRewards.id, monthly.id));
    const before = await t.database.db.execute<{ b: string }>(
      sql`select balance_minor::text as b from accounts where player_id = ${p.playerId} and kind = 'central'`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/vip/rewards/claim', headers: p.headers, payload: { id: monthly.id } });
    expect(res.statusCode).toBe(200);
    const after = await t.database.db.execute<{ b: string }>(
      sql`select balance_minor::text as b from accounts where player_id = ${p.playerId} and kind = 'central'`,
    );
    expect(BigInt(after.rows[0]!.b) - BigInt(before.rows[0]!.b)).toBe(monthly.amountMinor);
    await t.database.db.execute(sql`update vip_level_rules set reward_target = 'bonus' where level_id = 2`);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('answers 401 to anonymous callers and 422 to a bad claim', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vip/info' })).statusCode).toBe(401);
    const p = await seedPlayer(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/vip/rewards/claim', headers: p.headers, payload: { id: 'x' } });
    expect(bad.statusCode).toBe(422);
  });
});
