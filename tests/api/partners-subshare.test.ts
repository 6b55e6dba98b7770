// A sub-partner whose parent's team NGR is negative still earns its own rate on its own positive NGR, and the portal
// shows both partners how their estimate is worked out (the example at the top of commission.ts, through the API).
// A (top) loses 800.00 to its player; its sub-partner B (agreed 15 %) has 400.00 GGR from its player; fish carries no
// platform fee and no deposits are made, so GGR = NGR for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { periodAt } from '../../src/server/modules/partners/periods.ts';
import { admin, createPartner, createPlan, createSub, expectLedgerClean, playerOf, portal, type Partner, type Staff } from './partners-helpers.ts';

let t: TestApp;
let staff: Staff;
const provider = new FakeProvider();
let A: Partner;
let B: Partner;
const month = periodAt('month', new Date());

let seq = 0;
function bet(id: number, stake: bigint, payout: bigint): void {
  seq += 1;
  const at = new Date();
  const b: ProviderBet = {
    betId: `SS${seq}`,
    player: `p${id}`,
    game: 'ocean',
    gameType: 'fish',
    stakeMinor: stake,
    payoutMinor: payout,
    status: 'settled',
    placedAt: at,
    settledAt: at,
    version: 1,
    detail: {},
  };
  provider.recordBet('SLX', b, payout - stake);
}

async function funded(code: string) {
  const p = await playerOf(t, code);
  await t.app.services.wallet.adjustCentral({ playerId: p.id, amountMinor: 300_000n, memo: 'fixture funds', idempotencyKey: `fixture-${p.id}` });
  const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '3000.00' } });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

const dashboard = async (p: Partner) => {
  const res = await portal(t, p, 'GET', '/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { estimated_commission: string; worked: Record<string, unknown> } }>().data;
};

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  staff = await admin(t);
  const plan = await createPlan(t, staff);
  A = await createPartner(t, staff, 'shareup01', plan);
  B = await createSub(t, A, 'sharedn01', 1500);
  const a1 = await funded('shareup01');
  const b1 = await funded('sharedn01');
  bet(a1.id, 10_000n, 90_000n);
  bet(b1.id, 50_000n, 10_000n);
  await t.app.services.bets.ingest('SLX');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('a sub-partner under a parent whose team lost', () => {
  it('the sub-partner’s estimate is its own 15 % of its own 400.00, worked out line by line', async () => {
    const d = await dashboard(B);
    expect(d.estimated_commission).toBe('60.00');
    expect(d.worked).toEqual({
      ggr: '400.00',
      bonuses: '0.00',
      payment_fees: '0.00',
      platform_fees: '0.00',
      ngr: '400.00',
      carry_in: '0.00',
      adjusted_ngr: '400.00',
      team_ngr: '400.00',
      team_active_players: 1,
      tier: 0,
      tier_rate_bp: 2000,
      rate_cap_bp: 1500,
      parent_max_rate_bp: 3000,
      limited_by: 'agreed',
      rate_bp: 1500,
      base: '400.00',
      revenue_share: '60.00',
      cpa_players: 0,
      cpa: '0.00',
      overrides: '0.00',
      commission: '60.00',
    });
  });

  it('the parent reaches no tier on its team’s -400.00 and earns nothing, taking nothing from the sub-partner', async () => {
    const d = await dashboard(A);
    expect(d.estimated_commission).toBe('0.00');
    expect(d.worked).toMatchObject({ ngr: '-800.00', team_ngr: '-400.00', team_active_players: 2, tier: null, rate_bp: 0, base: '0.00', overrides: '0.00' });
  });

  it('the statement the settlement writes pays the same', async () => {
    await settlePeriod(t.database.db, month.key);
    const res = await portal(t, B, 'GET', '/statements');
    const s = res
      .json<{ data: { data: Array<{ period: string; computed: string; figures: Record<string, unknown> }> } }>()
      .data.data.find((x) => x.period === month.key);
    expect(s?.figures).toMatchObject({ rate_bp: 1500, revenue_share: '60.00' });
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});
