// A partner's campaigns in the portal and the rebates settlement deducts, to the cent. The alliance page promises NGR
// "less their bonuses and rebates and the fees below": a real valid-bet rebate (the promotions' daily job, mode 6) paid
// to a partner's player comes off the statement's NGR and off the campaign's, and each link shows its funnel and its
// players' money. Every figure is worked out by hand from the fixture below, not by the code.
//
// Plan: one tier, 0+ with 1 active player at 20 %; payment fee 1 % of deposits + withdrawals; no platform fee on fish;
// a CPA no one reaches. Partner P has links 'spring' (2 clicks) and 'autumn' (1 click).
//   s1 (spring): deposit 500.00; yesterday a fish bet of 400.00 paying 100.00 (GGR 300.00, valid 400.00), rebated at
//                1 % today: 4.00. NGR = 300.00 - 4.00 - 5.00 (fee) = 291.00; commission at 20 % = 58.20.
//   a1 (autumn): deposit 100.00; today a fish bet of 50.00 paying 80.00 (GGR -30.00). NGR = -30.00 - 1.00 = -31.00;
//                commission 0.00.
//   The statement: GGR 270.00, bonuses 4.00, payment fees 6.00, NGR 260.00, 20 % = 52.00.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { promotionInput } from '../helpers/promotion-input.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { periodAt } from '../../src/server/modules/partners/periods.ts';
import { startOfTaipeiDay, taipeiDate } from '../../src/shared/time.ts';
import { STANDARD_PLAN, admin, createPartner, createPlan, expectLedgerClean, money, playerOf, portal, type Partner, type Staff } from './partners-helpers.ts';

const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';
const HOUR_MS = 3_600_000;

let t: TestApp;
let staff: Staff;
let P: Partner;
const provider = new FakeProvider();
const current = periodAt('month', new Date());
/** Two hours before today's Taipei midnight: yesterday, the day the rebate job pays for. */
const inYesterday = new Date(startOfTaipeiDay().getTime() - 2 * HOUR_MS);
/** On the first of a month yesterday's bet is last month's: the figures below are for one month holding both. */
const oneMonth = periodAt('month', inYesterday).key === current.key;

let seq = 0;
function bet(playerId: number, stake: bigint, payout: bigint, settledAt: Date): void {
  seq += 1;
  const b: ProviderBet = {
    betId: `CB${seq}`,
    player: `p${playerId}`,
    game: 'ocean',
    gameType: 'fish',
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

/** A click on the partner's link for a campaign; answers the signed cookie the registration carries. */
async function click(code: string, campaign: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/r/${code}?sub=${campaign}`, headers: { 'user-agent': PC } });
  expect(res.statusCode).toBe(302);
  return `lh_ref=${res.cookies.find((c) => c.name === 'lh_ref')!.value}`;
}

/** A player registered from a link's cookie, with 3,000.00 on the SLX platform (an adjustment: not a deposit). */
async function playerFrom(cookie: string) {
  const p = await playerOf(t, undefined, { headers: { cookie } });
  await t.app.services.wallet.adjustCentral({ playerId: p.id, amountMinor: 300_000n, memo: 'fixture funds', idempotencyKey: `fixture-${p.id}` });
  const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '3000.00' } });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  staff = await admin(t, 'campaign_admin');
  const plan = await createPlan(t, staff, {
    ...STANDARD_PLAN,
    tiers: [{ min_ngr: '0', min_active_players: 1, rate_bp: 2000 }],
    platform_fees: [],
    cpa: { amount: '50.00', min_first_deposit: '100000.00', min_valid_bet: '0', within_days: 30 },
  });
  P = await createPartner(t, staff, 'campagt01', plan);
  const code = (await portal(t, P, 'GET', '/me')).json().data.code as string;
  for (const campaign of ['spring', 'autumn']) expect((await portal(t, P, 'POST', '/links', { campaign })).statusCode).toBe(200);
  const rebate = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/promotions',
    headers: staff.headers,
    payload: promotionInput({ mode: 6, percent: '1', limit_count: 0, game_groups: ['fish'] }),
  });
  expect(rebate.statusCode, rebate.body).toBe(200);

  const s1 = await playerFrom(await click(code, 'spring'));
  await click(code, 'spring');
  const a1 = await playerFrom(await click(code, 'autumn'));
  await money(t, 'deposit', s1.id, 50_000n, 's1-dep');
  await money(t, 'deposit', a1.id, 10_000n, 'a1-dep');
  bet(s1.id, 40_000n, 10_000n, inYesterday);
  bet(a1.id, 5_000n, 8_000n, new Date());
  await t.app.services.bets.ingest('SLX');
  const job = await t.app.services.promotions.runDailyJob('valid_bet_rebate', taipeiDate(inYesterday));
  expect(job.granted).toBe(1);
  await settlePeriod(t.database.db, current.key);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('rebates in settlement', () => {
  it.runIf(oneMonth)("come off the statement's NGR to the cent, as the alliance page promises", async () => {
    const res = await portal(t, P, 'GET', '/statements');
    const s = (res.json().data.data as Array<{ period: string; figures: Record<string, string>; commission: string }>).find((x) => x.period === current.key)!;
    expect(s.figures).toMatchObject({ ggr: '270.00', bonuses: '4.00', payment_fees: '6.00', platform_fees: '0.00', ngr: '260.00', revenue_share: '52.00' });
    await expectLedgerClean(t);
  });

  it("are in this month's statement even when the bet they rebate was last month's", async () => {
    const res = await portal(t, P, 'GET', '/statements');
    const s = (res.json().data.data as Array<{ period: string; figures: Record<string, string> }>).find((x) => x.period === current.key)!;
    expect(s.figures.bonuses).toBe('4.00');
  });
});

describe("a partner's campaigns in the portal", () => {
  it('show each link its funnel (clicks, registrations, first deposits) and its players’ money of the period', async () => {
    const res = await portal(t, P, 'GET', '/links');
    expect(res.statusCode, res.body).toBe(200);
    const links = res.json().data as Array<{ campaign: string; clicks: number; registrations: number; first_deposits: number; period: Record<string, string> }>;
    const of = (c: string) => links.find((l) => l.campaign === c)!;
    expect(of('spring')).toMatchObject({ clicks: 2, registrations: 1, first_deposits: 1 });
    expect(of('autumn')).toMatchObject({
      clicks: 1,
      registrations: 1,
      first_deposits: 1,
      period: { key: current.key, deposits: '100.00', ngr: '-31.00', commission: '0.00' },
    });
    expect(of('spring').period).toMatchObject({ key: current.key, deposits: '500.00' });
    if (oneMonth) expect(of('spring').period).toMatchObject({ ngr: '291.00', commission: '58.20' });
    // Last month's bet is not this month's: only the rebate and the fee are.
    else expect(of('spring').period).toMatchObject({ ngr: '-9.00', commission: '0.00' });
  });
});
