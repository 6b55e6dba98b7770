// A player moved to another partner after a period was approved: the move applies from the next Taipei day on, so
// rebuilding the approved period puts none of the player's activity and not the CPA into the new partner's statement
// (the CPA is paid once ever, the NGR counted in one statement of the period), while the days after the move are the
// new partner's. The operator's move is audited with its effective day and the player's partner history is listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { ownFigures, settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { addDays, parsePeriod, isoWeekOf, periodAt } from '../../src/server/modules/partners/periods.ts';
import { taipeiDate } from '../../src/shared/time.ts';
import {
  STANDARD_PLAN,
  admin,
  auditOf,
  bo,
  createPartner,
  createPlan,
  createSub,
  expectLedgerClean,
  money,
  playerOf,
  portal,
  type Partner,
  type Staff,
} from './partners-helpers.ts';

let t: TestApp;
let staff: Staff;
const provider = new FakeProvider();
let A: Partner;
let B: Partner;
let playerId = 0;
const week = periodAt('week', new Date());
const tomorrow = addDays(taipeiDate(new Date()), 1);

let seq = 0;
function bet(id: number, stake: bigint, payout: bigint, settledAt = new Date()): void {
  seq += 1;
  const b: ProviderBet = {
    betId: `MV${seq}`,
    player: `p${id}`,
    game: 'lucky-7',
    gameType: 'slots',
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

const statementOf = async (partner: Partner, period: string) => {
  const res = await portal(t, partner, 'GET', '/statements');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ data: { data: Array<{ period: string; status: string; figures: Record<string, unknown>; id: number }> } }>();
  return body.data.data.find((s) => s.period === period);
};

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  staff = await admin(t);
  const plan = await createPlan(t, staff, { ...STANDARD_PLAN, period_kind: 'week' });
  A = await createPartner(t, staff, 'movetop01', plan);
  B = await createSub(t, A, 'movesub01', 1500);
  const p = await playerOf(t, 'movetop01');
  playerId = p.id;
  await t.app.services.wallet.adjustCentral({ playerId, amountMinor: 300_000n, memo: 'fixture funds', idempotencyKey: `fixture-${playerId}` });
  const moved = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '3000.00' } });
  expect(moved.statusCode, moved.body).toBe(200);
  // This week: a first deposit of 1,000.00 and 500.00 staked for 100.00 back: the CPA's thresholds are reached.
  await money(t, 'deposit', playerId, 100_000n, 'mv-dep');
  bet(playerId, 50_000n, 10_000n);
  await t.app.services.bets.ingest('SLX');
  await settlePeriod(t.database.db, week.key);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('moving a player after the period was approved', () => {
  it('the approved statement paid the CPA and counted the NGR once', async () => {
    const s = (await statementOf(A, week.key))!;
    // GGR 400.00 - payment fee 1 % of 1,000.00 - platform fee 10 % of 400.00 = 350.00; 20 % of it = 70.00.
    expect(s.figures).toMatchObject({ ngr: '350.00', revenue_share: '70.00', cpa_players: 1, cpa: '50.00' });
    const ok = await bo(t, staff, 'POST', `/statements/${s.id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the move is audited with its effective day and shows in the player history', async () => {
    const res = await bo(t, staff, 'POST', '/bindings/move', { player_id: playerId, partner_id: B.id, reason: 'belongs to the sub-partner' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await auditOf(t, staff, 'partners.binding.move');
    expect(entry).toMatchObject({ target: `player:${playerId}`, before: { partner: 'movetop01' }, after: { partner: 'movesub01', effective_from: tomorrow } });
    const history = await bo(t, staff, 'GET', `/bindings/${playerId}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ data: unknown }>().data).toMatchObject([
      { partner_account: 'movesub01', from_day: tomorrow, until_day: null, source: 'operator' },
      { partner_account: 'movetop01', from_day: null, until_day: tomorrow, source: 'code' },
    ]);
  });

  it('rebuilding the approved week leaves the activity and the CPA with the partner who had the player', async () => {
    await settlePeriod(t.database.db, week.key);
    const sub = (await statementOf(B, week.key))!;
    expect(sub.figures).toMatchObject({ bets: '0.00', ngr: '0.00', revenue_share: '0.00', cpa_players: 0, cpa: '0.00' });
    const top = (await statementOf(A, week.key))!;
    expect(top).toMatchObject({ status: 'approved', figures: { ngr: '350.00', cpa: '50.00' } });
    const cpa = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from partner_cpa where player_id = ${playerId}`);
    expect(cpa.rows[0]?.n).toBe(1);
  });

  it('the days after the move are the new partner’s', async () => {
    bet(playerId, 20_000n, 5_000n, new Date(`${tomorrow}T04:00:00Z`));
    await t.app.services.bets.ingest('SLX');
    const next = parsePeriod(isoWeekOf(tomorrow));
    const figures = await ownFigures(t.database.db, next, [A.id, B.id]);
    expect(figures.get(B.id)?.stakeMinor ?? 0n).toBe(20_000n);
    expect(figures.get(A.id)?.stakeMinor ?? 0n).toBe(next.key === week.key ? 50_000n : 0n);
  });

  it('a second CPA row for the player is refused by the database', async () => {
    await expect(
      t.database.db.execute(sql`insert into partner_cpa (player_id, partner_id, period, amount_minor) values (${playerId}, ${B.id}, ${week.key}, 5000)`),
    ).rejects.toThrow();
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});
