// The commission of a fixture period computed exactly: revenue share with tiers, fees per game group,
// CPA, a negative NGR carried into the next period, and a two-level override, all from bets ingested and journals
// written through the production paths. Every figure below is worked out by hand from the fixture, not by the code.
//
// Plan: tiers 0+ with 1 active player at 20 %, 500.00+ with 2 active at 30 %; payment fee 1 % of deposits +
// withdrawals; platform fee 10 % of positive slots GGR; CPA 50.00 for a first deposit >= 300.00 and valid bet >= 200.00
// within 30 days; carry-over on. Tree: A (top) > B (rate 25 %) > C (rate 15 %); D a separate top partner. A tier is
// reached by a partner's team (it and everyone under it): A's team has 1,519.50 and 4 active players, B's 892.00 and 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { periodAt, previousPeriod } from '../../src/server/modules/partners/periods.ts';
import { taipeiDate } from '../../src/shared/time.ts';
import {
  admin,
  bo,
  createPartner,
  createPlan,
  createSub,
  expectLedgerClean,
  money,
  playerOf,
  portal,
  withdrawal,
  type Partner,
  type Staff,
} from './partners-helpers.ts';

let t: TestApp;
let staff: Staff;
const provider = new FakeProvider();
let A: Partner;
let B: Partner;
let C: Partner;
let D: Partner;
/** A's player who earns the CPA. */
let a1Id = 0;
const current = periodAt('month', new Date());
const previous = previousPeriod(current);

let seq = 0;
function bet(playerId: number, stake: bigint, payout: bigint, gameType: string, settledAt = new Date()): void {
  seq += 1;
  const b: ProviderBet = {
    betId: `PB${seq}`,
    player: `p${playerId}`,
    game: gameType === 'slots' ? 'lucky-7' : 'ocean',
    gameType,
    stakeMinor: stake,
    payoutMinor: payout,
    status: 'settled',
    placedAt: settledAt,
    settledAt,
    version: 1,
    detail: {},
  };
  provider.recordBet('SLX', b, payout - stake);
}

/** A player of the partner, with 3,000.00 moved to the SLX platform (an adjustment: not a deposit, not a bonus). */
async function player(code: string) {
  const p = await playerOf(t, code);
  await t.app.services.wallet.adjustCentral({ playerId: p.id, amountMinor: 300_000n, memo: 'fixture funds', idempotencyKey: `fixture-${p.id}` });
  const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '3000.00' } });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

const statementOf = async (partner: Partner, period: string) => {
  const res = await portal(t, partner, 'GET', '/statements');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as Array<{ period: string; figures: Record<string, unknown>; override_lines: unknown[]; id: number }>).find(
    (s) => s.period === period,
  )!;
};

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  staff = await admin(t);
  const plan = await createPlan(t, staff);
  A = await createPartner(t, staff, 'topagent1', plan);
  D = await createPartner(t, staff, 'otheragt1', plan);
  B = await createSub(t, A, 'subagent1', 2500);
  C = await createSub(t, B, 'subsub001', 1500);

  const a1 = await player('topagent1');
  a1Id = a1.id;
  const a2 = await player('topagent1');
  const b1 = await player('subagent1');
  const c1 = await player('subsub001');
  const d1 = await player('otheragt1');
  // Last month D's player lost nothing and won 500.00: D's NGR is -500.00, carried into this month.
  bet(d1.id, 10_000n, 60_000n, 'slots', new Date(`${previous.from}T04:00:00Z`));
  // This month.
  await money(t, 'deposit', a1.id, 100_000n, 'a1-dep');
  await money(t, 'promotion_grant', a1.id, 2_000n, 'a1-bonus');
  bet(a1.id, 50_000n, 10_000n, 'slots');
  await money(t, 'deposit', a2.id, 20_000n, 'a2-dep');
  await withdrawal(t, a2.id, 5_000n, 'a2-wd');
  bet(a2.id, 30_000n, 0n, 'fish');
  await money(t, 'deposit', b1.id, 50_000n, 'b1-dep');
  bet(b1.id, 100_000n, 40_000n, 'slots');
  await money(t, 'deposit', c1.id, 30_000n, 'c1-dep');
  bet(c1.id, 40_000n, 0n, 'slots');
  await money(t, 'deposit', d1.id, 10_000n, 'd1-dep');
  bet(d1.id, 100_000n, 0n, 'fish');
  await t.app.services.bets.ingest('SLX');
  expect((await settlePeriod(t.database.db, previous.key)).period).toBe(previous.key);
  await settlePeriod(t.database.db, current.key);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('a fixture month', () => {
  it('A: two players, tier 2 at 30 %, one CPA, overrides on B and on C', async () => {
    const s = await statementOf(A, current.key);
    expect(s.figures).toMatchObject({
      players_registered: 2,
      first_depositors: 2,
      active_players: 2,
      deposits: '1200.00',
      withdrawals: '50.00',
      bets: '800.00',
      valid_bet: '800.00',
      ggr: '700.00',
      bonuses: '20.00',
      // 1 % of 1,250.00; 10 % of the 400.00 slots GGR (fish carries no fee).
      payment_fees: '12.50',
      platform_fees: '40.00',
      ngr: '627.50',
      carry_in: '0.00',
      carry_out: '0.00',
      tier: 1,
      rate_bp: 3000,
      revenue_share: '188.25',
      cpa_players: 1,
      cpa: '50.00',
      // (30 % - 25 %) of B's 535.00 and of C's 357.00.
      overrides: '44.60',
      commission: '282.85',
    });
    expect(s.override_lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ child_account: 'subagent1', child_ngr: '535.00', parent_rate_bp: 3000, child_rate_bp: 2500, amount: '26.75' }),
        expect.objectContaining({ child_account: 'subsub001', child_ngr: '357.00', parent_rate_bp: 3000, child_rate_bp: 2500, amount: '17.85' }),
      ]),
    );
  });

  it('B: its team reaches tier 2, capped at its agreed 25 %, and it earns the override on C', async () => {
    const s = await statementOf(B, current.key);
    expect(s.figures).toMatchObject({
      deposits: '500.00',
      ggr: '600.00',
      payment_fees: '5.00',
      platform_fees: '60.00',
      ngr: '535.00',
      tier: 1,
      rate_bp: 2500,
      revenue_share: '133.75',
      cpa_players: 1,
      cpa: '50.00',
      overrides: '35.70',
      commission: '219.45',
    });
  });

  it("C: its agreed 15 % caps the tier rate; the tree pays A's 30 % of C's NGR once (15 + 10 + 5)", async () => {
    const s = await statementOf(C, current.key);
    expect(s.figures).toMatchObject({ ngr: '357.00', rate_bp: 1500, revenue_share: '53.55', cpa: '50.00', overrides: '0.00', commission: '103.55' });
  });

  it("D: last month's -500.00 is carried in; the rest earns at the first tier", async () => {
    const last = await statementOf(D, previous.key);
    expect(last.figures).toMatchObject({ ggr: '-500.00', ngr: '-500.00', carry_out: '-500.00', tier: null, rate_bp: 0, commission: '0.00' });
    const s = await statementOf(D, current.key);
    // 1,000.00 fish GGR - 1 % of the 100.00 deposit; 999.00 - 500.00 = 499.00 stays under the 500.00 of tier 2.
    expect(s.figures).toMatchObject({
      ngr: '999.00',
      carry_in: '-500.00',
      carry_out: '0.00',
      tier: 0,
      rate_bp: 2000,
      revenue_share: '99.80',
      cpa_players: 0,
      commission: '99.80',
    });
  });

  it("the portal's estimate of the settled month is the statement: same NGR after fees, same commission; a parent sees its children's NGR the same", async () => {
    for (const partner of [A, B, C, D]) {
      const st = await statementOf(partner, current.key);
      const dash = await portal(t, partner, 'GET', '/dashboard');
      expect(dash.statusCode, dash.body).toBe(200);
      expect(dash.json().data.period).toBe(current.key);
      expect({ account: partner.account, ngr: dash.json().data.ngr, commission: dash.json().data.estimated_commission }).toEqual({
        account: partner.account,
        ngr: st.figures.ngr,
        commission: st.figures.commission,
      });
    }
    const subs = await portal(t, A, 'GET', '/sub-partners');
    expect(subs.json().data.find((s: { id: number }) => s.id === B.id).period_ngr).toBe((await statementOf(B, current.key)).figures.ngr);
    const subsOfB = await portal(t, B, 'GET', '/sub-partners');
    expect(subsOfB.json().data.find((s: { id: number }) => s.id === C.id).period_ngr).toBe((await statementOf(C, current.key)).figures.ngr);
  });

  it("the portal's 30-day chart tells each day's NGR by the statement's definition: after bonuses, payment fees and platform fees", async () => {
    const today = taipeiDate(new Date());
    // Each partner's own players played today only (D's last-month bet lies before the current period), so today's
    // point is the whole month's own NGR: the hand-worked figures above, which the settled statement also holds.
    const expected: Record<string, string> = { topagent1: '627.50', subagent1: '535.00', subsub001: '357.00', otheragt1: '999.00' };
    for (const partner of [A, B, C, D]) {
      const st = await statementOf(partner, current.key);
      const dash = await portal(t, partner, 'GET', '/dashboard');
      expect(dash.statusCode, dash.body).toBe(200);
      const chart = dash.json().data.chart as Array<{ date: string; registrations: number; first_depositors: number; ngr: string }>;
      expect(chart).toHaveLength(30);
      expect(chart.at(-1)!.date).toBe(today);
      const inPeriod = chart.filter((d) => d.date >= current.from && d.date <= current.to);
      const sum = (key: 'registrations' | 'first_depositors') => inPeriod.reduce((n, d) => n + d[key], 0);
      const ngrMinor = inPeriod.reduce((n, d) => n + BigInt(d.ngr.replace('.', '')), 0n);
      expect({
        account: partner.account,
        today: chart.at(-1)!.ngr,
        period: (Number(ngrMinor) / 100).toFixed(2),
        registrations: sum('registrations'),
        first_depositors: sum('first_depositors'),
      }).toEqual({
        account: partner.account,
        today: expected[partner.account],
        period: st.figures.ngr,
        registrations: st.figures.players_registered,
        first_depositors: st.figures.first_depositors,
      });
      // The dashboard's own NGR is the statement's too.
      expect(dash.json().data.ngr).toBe(st.figures.ngr);
    }
    // A's players played only today: every other day is a zero point, not a missing one.
    const a = (await portal(t, A, 'GET', '/dashboard')).json().data.chart as Array<{ ngr: string }>;
    expect(a.slice(0, -1).map((d) => d.ngr)).toEqual(Array.from({ length: 29 }, () => '0.00'));
  });

  it('a player in a linked group earns no CPA; once the link is cleared the CPA comes back', async () => {
    const risk = t.app.services.risk;
    const cpaOfA = async () => (await statementOf(A, current.key)).figures;
    // With risk asked and nobody linked, the figures are the fixture's.
    await settlePeriod(t.database.db, current.key, risk);
    expect(await cpaOfA()).toMatchObject({ cpa_players: 1, cpa: '50.00' });
    // A second account shows A's player's card and device: the pair scores above the threshold and forms a group.
    const other = await playerOf(t, undefined);
    for (const id of [a1Id, other.id]) await risk.record(id, 'card', { card: '6200 0011 1122 2233', device: 'cd'.repeat(16) });
    expect((await risk.linkedPlayers(a1Id)).map((p) => p.playerId)).toEqual([other.id]);
    await settlePeriod(t.database.db, current.key, risk);
    expect(await cpaOfA()).toMatchObject({ cpa_players: 0, cpa: '0.00' });
    // An operator clears the link as unrelated: the group is gone and the CPA is paid again.
    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/risk/players/${a1Id}/links/${other.id}`,
      headers: staff.headers,
      payload: { status: 'cleared', reason: 'two people' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await risk.linkedPlayers(a1Id)).toEqual([]);
    await settlePeriod(t.database.db, current.key, risk);
    expect(await cpaOfA()).toMatchObject({ cpa_players: 1, cpa: '50.00' });
  });

  it('a rerun writes the same figures; after approval it changes nothing', async () => {
    const before = await statementOf(A, current.key);
    const again = await settlePeriod(t.database.db, current.key);
    expect(again.built).toBe(0);
    expect(again.unchanged).toBeGreaterThanOrEqual(4);
    expect((await statementOf(A, current.key)).figures).toEqual(before.figures);
    const ok = await bo(t, staff, 'POST', `/statements/${before.id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    const third = await settlePeriod(t.database.db, current.key);
    expect(third.skippedFinal).toBe(1);
    const wallet = await portal(t, A, 'GET', '/wallet');
    expect(wallet.json().data.balance).toBe('282.85');
  });

  it('the partner report and its drill-down show the same sums', async () => {
    const res = await bo(t, staff, 'GET', `/report?period=${current.key}&pageSize=50`);
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().data.data as Array<Record<string, unknown>>).find((r) => r.partner_account === 'topagent1');
    expect(row).toMatchObject({ deposits: '1200.00', withdrawals: '50.00', ggr: '700.00', ngr: '627.50', commission: '282.85', statement_status: 'approved' });
    const drill = await bo(t, staff, 'GET', `/report/${A.id}/players?period=${current.key}`);
    const players = drill.json().data.data as Array<{ deposits: string; ggr: string; cpa_qualified: boolean }>;
    expect(players.map((p) => p.deposits).sort()).toEqual(['1000.00', '200.00']);
    expect(players.filter((p) => p.cpa_qualified)).toHaveLength(1);
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});
