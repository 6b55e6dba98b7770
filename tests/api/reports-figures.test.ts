// The operator reports against their sources: a fixture period of bets (across a Taipei day boundary,
// corrected and voided ones among them) and journals of every reported kind (a reversed deposit among them); every
// figure of the daily summary and the games report is compared with sums taken straight from the journals and the bet
// records, the rebuild is compared with the incremental aggregates, and the permissions are held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { reverseJournal } from '../../src/server/ledger/reversal.ts';
import { AccountDirectory } from '../../src/server/ledger/accounts.ts';
import { minorToDecimal } from '../../src/shared/money.ts';
import { taipeiDate } from '../../src/shared/time.ts';
import type { JournalKind } from '../../src/shared/journal-kinds.ts';

let t: TestApp;
const provider = new FakeProvider();
let admin: { token: string };
const auth = () => ({ authorization: `Bearer ${admin.token}` });
const today = taipeiDate(new Date());
const FROM = '2026-01-09';

let seq = 0;
function bet(player: string, over: Partial<ProviderBet>): ProviderBet {
  seq++;
  return {
    betId: `R${seq}`,
    player,
    game: 'lucky-7',
    gameType: 'slots',
    stakeMinor: 100n,
    payoutMinor: 0n,
    status: 'settled',
    placedAt: new Date('2026-01-10T12:00:00Z'),
    settledAt: new Date('2026-01-10T12:00:00Z'),
    version: 1,
    detail: {},
    ...over,
  };
}

async function playerAtSlx(centralMinor: bigint) {
  const p = await seedPlayer(t, { centralMinor });
  const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '100.00' } });
  expect(res.json().data.status).toBe('applied');
  return { ...p, providerPlayer: `p${p.playerId}` };
}

/** Posts one journal of a reported kind between a player's central wallet and the house, in its own transaction. */
async function post(kind: JournalKind, playerId: number, amountMinor: bigint, key: string): Promise<number> {
  const dir = new AccountDirectory(t.database.db);
  const [central, house] = await Promise.all([dir.playerAccount(playerId, 'central'), dir.houseAccount('cash', playerId)]);
  return t.database.db.transaction(
    async (tx) =>
      (
        await postJournal(tx, {
          kind,
          idempotencyKey: key,
          request: { key },
          playerId,
          postings: [
            { accountId: central, amountMinor },
            { accountId: house, amountMinor: -amountMinor },
          ],
        })
      ).journalId,
  );
}

async function withdrawPaid(playerId: number, amountMinor: bigint, key: string): Promise<void> {
  const dir = new AccountDirectory(t.database.db);
  const [central, hold, house] = await Promise.all([
    dir.playerAccount(playerId, 'central'),
    dir.playerAccount(playerId, 'withdraw_hold'),
    dir.houseAccount('cash', playerId),
  ]);
  await t.database.db.transaction(async (tx) => {
    await postJournal(tx, {
      kind: 'withdraw_hold',
      idempotencyKey: `${key}:hold`,
      request: {},
      playerId,
      postings: [
        { accountId: central, amountMinor: -amountMinor },
        { accountId: hold, amountMinor },
      ],
    });
    await postJournal(tx, {
      kind: 'withdraw_paid',
      idempotencyKey: `${key}:paid`,
      request: {},
      playerId,
      postings: [
        { accountId: hold, amountMinor: -amountMinor },
        { accountId: house, amountMinor },
      ],
    });
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  admin = await signedInStaff(t, 'reports_admin', 'admin');
  const a = await playerAtSlx(100_000n);
  const b = await playerAtSlx(100_000n);
  const c = await playerAtSlx(100_000n);
  // Bets: one on each side of the Taipei midnight of 2026-01-11 (16:00Z), a corrected one, a voided one, an open one.
  provider.recordBet('SLX', bet(a.providerPlayer, { betId: 'EDGE1', settledAt: new Date('2026-01-10T15:59:59Z'), stakeMinor: 300n, payoutMinor: 100n }), 0n);
  provider.recordBet('SLX', bet(b.providerPlayer, { betId: 'EDGE2', settledAt: new Date('2026-01-10T16:00:00Z'), stakeMinor: 500n, payoutMinor: 900n }), 0n);
  provider.recordBet('SLX', bet(a.providerPlayer, { betId: 'FISH1', game: 'ocean', gameType: 'fish', stakeMinor: 250n, payoutMinor: 0n }), 0n);
  const corrected = bet(c.providerPlayer, { betId: 'FIX1', stakeMinor: 400n, payoutMinor: 800n });
  const voided = bet(c.providerPlayer, { betId: 'VOID1', stakeMinor: 700n, payoutMinor: 0n });
  provider.recordBet('SLX', corrected, 0n);
  provider.recordBet('SLX', voided, 0n);
  // A bet today by a player who also deposits today: one active player, not two.
  provider.recordBet('SLX', bet(a.providerPlayer, { betId: 'TODAY1', settledAt: new Date(), stakeMinor: 100n }), 0n);
  provider.recordBet('SLX', bet(b.providerPlayer, { betId: 'OPEN1', status: 'open', settledAt: null, stakeMinor: 999n }), 0n);
  await t.app.services.bets.ingest('SLX');
  provider.recordBet('SLX', { ...corrected, payoutMinor: 200n, version: 2 }, 0n);
  provider.recordBet('SLX', { ...voided, status: 'void', version: 2 }, 0n);
  await t.app.services.bets.ingest('SLX');
  // Money of every reported kind today, and a first deposit that is reversed (C's first deposit becomes the second).
  await post('deposit', a.playerId, 10_000n, 'dep-a-1');
  await post('deposit', a.playerId, 3_000n, 'dep-a-2');
  await post('deposit', b.playerId, 5_000n, 'dep-b-1');
  const cFirst = await post('deposit', c.playerId, 4_000n, 'dep-c-1');
  await post('deposit', c.playerId, 6_000n, 'dep-c-2');
  await t.database.db.transaction((tx) => reverseJournal(tx, cFirst, { key: 'rev-c-1', reason: 'chargeback' }));
  await withdrawPaid(b.playerId, 2_000n, 'wd-b-1');
  await post('promotion_grant', a.playerId, 500n, 'promo-a');
  await post('vip_reward', b.playerId, 200n, 'vip-b');
  await post('red_packet', c.playerId, 50n, 'rp-c');
  await post('exchange_bonus', a.playerId, 70n, 'mall-a');
  await post('bonus_grant', b.playerId, 300n, 'grant-b');
  await post('bonus_forfeit', b.playerId, -30n, 'forfeit-b');
  // Releases (counted by their credit to the central wallet): A's activity wallet unlocked once its bet flow is complete
  // (simulated, as the wallet tests do), and two moves out of C's wallet, the first of them reversed.
  const wallet = t.app.services.wallet;
  const wa = await wallet.grantBonus({ playerId: a.playerId, name: '活動甲', amountMinor: 800n, bonusBetMinor: 100n, idempotencyKey: 'wallet-a' });
  const wc = await wallet.grantBonus({ playerId: c.playerId, name: '活動丙', amountMinor: 600n, bonusBetMinor: 0n, idempotencyKey: 'wallet-c' });
  await t.database.db.execute(sql`update bonus_wallets set bonus_now_bet_minor = bonus_bet_minor where id = ${wa.id}`);
  await wallet.unlockBonus(a.playerId, wa.id);
  await wallet.bonusToCentral(c.playerId, wc.id, 250n, 'out-c-1');
  await wallet.bonusToCentral(c.playerId, wc.id, 100n, 'out-c-2');
  const out = await t.database.db.execute<{ id: string }>(
    sql`select id::text as id from journals where idempotency_key = ${`bonus:out:${c.playerId}:out-c-1`}`,
  );
  await t.database.db.transaction((tx) => reverseJournal(tx, Number(out.rows[0]!.id), { key: 'rev-out-c-1', reason: 'test' }));
});
afterAll(async () => {
  await t?.close();
});

/** Sums straight from the journals: per Taipei day and kind, the journals' net effect on players' money accounts. */
async function journalSums(): Promise<Map<string, { n: number; amount: bigint }>> {
  const res = await t.database.db.execute<{ day: string; kind: string; n: number; amount: string }>(sql`
    select (j.created_at at time zone 'Asia/Taipei')::date::text as day, j.kind,
      sum(case when j.idempotency_key like 'reversal:%' then -1 else 1 end)::int as n, sum(p.amount)::text as amount
    from journals j join lateral (select coalesce(sum(p.amount_minor), 0) as amount from postings p join accounts a on a.id = p.account_id
      where p.journal_id = j.id and a.player_id is not null and a.asset = 'money') p on true
    where j.player_id is not null group by 1, 2`);
  return new Map(res.rows.map((r) => [`${r.day} ${r.kind}`, { n: Number(r.n), amount: BigInt(r.amount) }]));
}

/** Sums straight from the bet records: settled bets per Taipei day of settlement (and game, when asked). */
async function betSums(byGame: boolean) {
  const res = await t.database.db.execute<{ k: string; rounds: number; stake: string; valid: string; payout: string }>(sql`
    select ${byGame ? sql`game_type || ' ' || gp_code || ' ' || game` : sql`(settled_at at time zone 'Asia/Taipei')::date::text`} as k,
      count(*)::int as rounds, sum(stake_minor)::text as stake, sum(valid_bet_minor)::text as valid, sum(payout_minor)::text as payout
    from bet_records where status = 'settled' group by 1`);
  return new Map(res.rows.map((r) => [r.k, r]));
}

/**
 * Active players straight from the sources: per Taipei day, the players with a settled bet settled that day or with
 * more deposit journals than reversals of them that day, each counted once.
 */
async function activeFromSources(): Promise<Map<string, number>> {
  const res = await t.database.db.execute<{ day: string; n: number }>(sql`
    select day, count(distinct player_id)::int as n from (
      select (settled_at at time zone 'Asia/Taipei')::date::text as day, player_id from bet_records where status = 'settled'
      union all
      select day, player_id from (select (created_at at time zone 'Asia/Taipei')::date::text as day, player_id,
        sum(case when idempotency_key like 'reversal:%' then -1 else 1 end) as n from journals where kind = 'deposit' group by 1, 2) d where n > 0
    ) s group by day`);
  return new Map(res.rows.map((r) => [r.day, Number(r.n)]));
}

async function daily(from = FROM, to = today, extra = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/backoffice/reports/daily?from=${from}&to=${to}&sort=day&order=asc&pageSize=400${extra}`,
    headers: auth(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('the daily summary', () => {
  it('agrees with the journals and the bet records on every day and in its totals', async () => {
    const report = await daily();
    const money = await journalSums();
    const bets = await betSums(false);
    const m = (day: string, kind: string) => money.get(`${day} ${kind}`) ?? { n: 0, amount: 0n };
    let ggrTotal = 0n;
    for (const row of report.data) {
      const b = bets.get(row.day);
      expect(row.rounds, row.day).toBe(b?.rounds ?? 0);
      expect(row.bets).toBe(minorToDecimal(BigInt(b?.stake ?? 0)));
      expect(row.valid_bet).toBe(minorToDecimal(BigInt(b?.valid ?? 0)));
      expect(row.payout).toBe(minorToDecimal(BigInt(b?.payout ?? 0)));
      const ggr = BigInt(b?.stake ?? 0) - BigInt(b?.payout ?? 0);
      ggrTotal += ggr;
      expect(row.ggr).toBe(minorToDecimal(ggr));
      expect(row.deposit_count).toBe(m(row.day, 'deposit').n);
      expect(row.deposit_amount).toBe(minorToDecimal(m(row.day, 'deposit').amount));
      expect(row.withdrawal_count).toBe(m(row.day, 'withdraw_paid').n);
      expect(row.withdrawal_amount).toBe(minorToDecimal(-m(row.day, 'withdraw_paid').amount));
      expect(row.bonus_promotions).toBe(minorToDecimal(m(row.day, 'promotion_grant').amount));
      expect(row.bonus_vip).toBe(minorToDecimal(m(row.day, 'vip_reward').amount));
      expect(row.bonus_red_packets).toBe(minorToDecimal(m(row.day, 'red_packet').amount));
      expect(row.bonus_mall).toBe(minorToDecimal(m(row.day, 'exchange_bonus').amount));
      expect(row.bonus_operator).toBe(minorToDecimal(m(row.day, 'bonus_grant').amount));
      const bonus = ['promotion_grant', 'vip_reward', 'red_packet', 'exchange_bonus', 'bonus_grant', 'bonus_give_up', 'bonus_forfeit'].reduce(
        (s, k) => s + m(row.day, k).amount,
        0n,
      );
      expect(row.bonus_total).toBe(minorToDecimal(bonus));
      expect(row.ngr).toBe(minorToDecimal(ggr - bonus));
    }
    const active = await activeFromSources();
    for (const row of report.data) expect(row.active_players, row.day).toBe(active.get(row.day) ?? 0);
    // The totals count players, not player-days: a player active on several days of the range is one.
    const distinct = await t.database.db.execute<{ active: number; bettors: number }>(sql`
      select count(distinct player_id)::int as active, count(distinct player_id) filter (where bet)::int as bettors from (
        select (settled_at at time zone 'Asia/Taipei')::date as day, player_id, true as bet from bet_records where status = 'settled'
        union all
        select day, player_id, false from (select (created_at at time zone 'Asia/Taipei')::date as day, player_id,
          sum(case when idempotency_key like 'reversal:%' then -1 else 1 end) as n from journals where kind = 'deposit' group by 1, 2) d where n > 0
      ) s where day between ${FROM}::date and ${today}::date`);
    const totals = (report as { totals: { active_players: number; bettors: number } }).totals;
    expect(totals.active_players).toBe(distinct.rows[0]?.active);
    expect(totals.bettors).toBe(distinct.rows[0]?.bettors);
    expect(totals.active_players).toBeLessThan([...active.values()].reduce((s, n) => s + n, 0));
    expect(report.totals.ggr).toBe(minorToDecimal(ggrTotal));
    expect(report.totals.rounds).toBe([...bets.values()].reduce((s, b) => s + b.rounds, 0));
    // Today: 13,000 + 5,000 + 6,000 deposited and 4,000 reversed; three first depositors (C's first is now its second).
    const now = report.data.find((r: { day: string }) => r.day === today);
    expect(now).toMatchObject({
      deposit_amount: '240.00',
      deposit_count: 4,
      withdrawal_amount: '20.00',
      withdrawal_count: 1,
      ftd_count: 3,
      ftd_amount: '210.00',
      net_cash: '220.00',
    });
    const joined = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from players where (created_at at time zone 'Asia/Taipei')::date = ${today}::date`,
    );
    expect(now.registrations).toBe(joined.rows[0]!.n);
    expect(now.bettors).toBe(1);
    expect(now.active_players).toBe(3);
  });

  it('puts a bet settled at 15:59:59Z and one at 16:00:00Z on different Taipei days', async () => {
    const report = await daily('2026-01-10', '2026-01-11');
    const [d10, d11] = report.data;
    expect(d10).toMatchObject({ day: '2026-01-10', bets: '9.50', payout: '3.00', ggr: '6.50', bettors: 2 });
    expect(d11).toMatchObject({ day: '2026-01-11', rounds: 1, bets: '5.00', payout: '9.00', ggr: '-4.00', ggr_pct: '-80.00', active_players: 1 });
    // The voided bet counts nowhere; the corrected one counts at its new payout.
    expect(d10.rounds).toBe(3);
  });

  it('refuses a reversed range and one longer than 366 days', async () => {
    const back = await t.app.inject({ method: 'GET', url: '/api/backoffice/reports/daily?from=2026-02-01&to=2026-01-01', headers: auth() });
    expect(back.statusCode).toBe(422);
    const long = await t.app.inject({ method: 'GET', url: '/api/backoffice/reports/daily?from=2024-01-01&to=2025-12-31', headers: auth() });
    expect(long.statusCode).toBe(422);
  });
});

describe('the games report', () => {
  it('agrees with the bet records per game, and adds up per group', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/games?from=${FROM}&to=${today}&level=game&pageSize=400`, headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    const games = await betSums(true);
    const rows = res.json().data.data as Array<{
      game_type: string;
      gp_code: string;
      game: string;
      rounds: number;
      bets: string;
      payout: string;
      valid_bet: string;
    }>;
    expect(rows).toHaveLength(games.size);
    for (const row of rows) {
      const s = games.get(`${row.game_type} ${row.gp_code} ${row.game}`)!;
      expect(row).toMatchObject({
        rounds: s.rounds,
        bets: minorToDecimal(BigInt(s.stake)),
        payout: minorToDecimal(BigInt(s.payout)),
        valid_bet: minorToDecimal(BigInt(s.valid)),
      });
    }
    const groups = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/games?from=${FROM}&to=${today}&level=group`, headers: auth() });
    const data = groups.json().data;
    expect(data.data.map((r: { game_type: string }) => r.game_type).sort()).toEqual(['fish', 'slots']);
    expect(data.totals.bets).toBe(minorToDecimal([...games.values()].reduce((s, g) => s + BigInt(g.stake), 0n)));
  });
});

describe('the players report', () => {
  /** Per player, straight from the sources over [from, to]: settled bets, and journals of every reported kind. */
  async function playerSums(from: string, to: string) {
    const bets = await t.database.db.execute<{ player_id: string; stake: string; payout: string }>(sql`
      select player_id::text, sum(stake_minor)::text as stake, sum(payout_minor)::text as payout from bet_records
      where status = 'settled' and (settled_at at time zone 'Asia/Taipei')::date between ${from}::date and ${to}::date group by 1`);
    const money = await t.database.db.execute<{ player_id: string; kind: string; amount: string }>(sql`
      select j.player_id::text, j.kind, sum(p.amount_minor)::text as amount from journals j join postings p on p.journal_id = j.id
      join accounts a on a.id = p.account_id and a.player_id is not null and a.asset = 'money'
      where j.kind in ('deposit', 'withdraw_paid', 'promotion_grant', 'vip_reward', 'red_packet', 'exchange_bonus', 'bonus_grant', 'bonus_give_up', 'bonus_forfeit')
        and (j.created_at at time zone 'Asia/Taipei')::date between ${from}::date and ${to}::date group by 1, 2`);
    const out = new Map<number, { stake: bigint; ggr: bigint; deposits: bigint; withdrawals: bigint; bonus: bigint }>();
    const of = (id: string) => out.get(Number(id)) ?? out.set(Number(id), { stake: 0n, ggr: 0n, deposits: 0n, withdrawals: 0n, bonus: 0n }).get(Number(id))!;
    for (const b of bets.rows) Object.assign(of(b.player_id), { stake: BigInt(b.stake), ggr: BigInt(b.stake) - BigInt(b.payout) });
    for (const m of money.rows) {
      const o = of(m.player_id);
      if (m.kind === 'deposit') o.deposits += BigInt(m.amount);
      else if (m.kind === 'withdraw_paid') o.withdrawals -= BigInt(m.amount);
      else o.bonus += BigInt(m.amount);
    }
    return out;
  }

  async function players(extra = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/players?from=${FROM}&to=${today}&pageSize=100${extra}`, headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      total: number;
      data: Array<{
        player_id: number;
        bets: string;
        ggr: string;
        deposit_amount: string;
        withdrawal_amount: string;
        bonus_total: string;
        ngr: string;
        partner: null;
        lifetime: Record<string, string>;
      }>;
    };
  }

  it('lists every player active in the range, largest GGR first, with period and lifetime figures from the sources', async () => {
    const report = await players();
    const period = await playerSums(FROM, today);
    const lifetime = await playerSums('2000-01-01', today);
    const active = new Set([...period].filter(([, s]) => s.stake > 0n || s.deposits > 0n).map(([id]) => id));
    expect(new Set(report.data.map((r) => r.player_id))).toEqual(active);
    expect(report.total).toBe(active.size);
    for (const row of report.data) {
      const s = period.get(row.player_id)!;
      expect(row).toMatchObject({
        bets: minorToDecimal(s.stake),
        ggr: minorToDecimal(s.ggr),
        deposit_amount: minorToDecimal(s.deposits),
        withdrawal_amount: minorToDecimal(s.withdrawals),
        bonus_total: minorToDecimal(s.bonus),
        ngr: minorToDecimal(s.ggr - s.bonus),
        partner: null,
      });
      const l = lifetime.get(row.player_id)!;
      expect(row.lifetime).toEqual({
        deposit_amount: minorToDecimal(l.deposits),
        withdrawal_amount: minorToDecimal(l.withdrawals),
        bets: minorToDecimal(l.stake),
        ggr: minorToDecimal(l.ggr),
        bonus_total: minorToDecimal(l.bonus),
        ngr: minorToDecimal(l.ggr - l.bonus),
      });
    }
    const ggrs = report.data.map((r) => Number(r.ggr));
    expect(ggrs).toEqual([...ggrs].sort((a, b) => b - a));
  });

  it('filters by activity, amounts, level and registration days', async () => {
    const period = await playerSums(FROM, today);
    const bettors = [...period]
      .filter(([, s]) => s.stake > 0n)
      .map(([id]) => id)
      .sort();
    expect((await players('&activity=bet')).data.map((r) => r.player_id).sort()).toEqual(bettors);
    const bigDepositors = [...period]
      .filter(([, s]) => s.deposits >= 10_000n)
      .map(([id]) => id)
      .sort();
    expect((await players('&activity=deposit&min_deposit=100.00')).data.map((r) => r.player_id).sort()).toEqual(bigDepositors);
    const winners = [...period]
      .filter(([, s]) => s.ggr >= 300n && (s.stake > 0n || s.deposits > 0n))
      .map(([id]) => id)
      .sort();
    expect((await players('&min_ggr=3.00')).data.map((r) => r.player_id).sort()).toEqual(winners);
    expect((await players('&level=9999')).total).toBe(0);
    const tomorrow = taipeiDate(new Date(Date.now() + 86_400_000));
    expect((await players(`&reg_from=${tomorrow}`)).total).toBe(0);
    expect((await players(`&reg_to=${today}`)).total).toBe((await players()).total);
  });
});

describe('the rebuild', () => {
  const snapshot = async () => {
    const tables = [
      'bet_daily',
      'bet_daily_games',
      'bet_player_days',
      'bet_daily_bettors',
      'ledger_daily',
      'ledger_daily_totals',
      'ledger_first_deposits',
      'report_active_days',
      'report_active_daily',
      'ledger_first_deposit_totals',
      'bet_daily_totals',
    ];
    const out: Record<string, unknown[]> = {};
    for (const table of tables) {
      // Rows the incremental path left at zero (a count that went back down) are the same as no row.
      const zero =
        table === 'bet_daily_games' || table === 'ledger_daily_totals'
          ? sql` where not (${sql.raw(table === 'bet_daily_games' ? 'rounds' : 'journals')} = 0 and players = 0)`
          : table === 'bet_daily_totals'
            ? sql` where not (rounds = 0 and stake_minor = 0 and valid_bet_minor = 0 and payout_minor = 0)`
            : table === 'bet_daily_bettors' || table === 'report_active_daily' || table === 'ledger_first_deposit_totals'
              ? sql` where players <> 0`
              : sql``;
      const res = await t.database.db.execute(sql`select * from ${sql.raw(table)}${zero}`);
      out[table] = res.rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
    }
    return out;
  };

  it('recomputes every day to exactly what the incremental aggregates hold, and repairs a damaged day', async () => {
    const incremental = await snapshot();
    // The releases are among them, by their credits to central: 8.00 unlocked; 2.50 and 1.00 moved out, the 2.50 reversed.
    const releases = await t.database.db.execute<{ kind: string; journals: number; amount: string }>(sql`
      select kind, sum(journals)::int as journals, sum(amount_minor)::text as amount from ledger_daily_totals
      where day = ${today}::date and kind in ('bonus_unlock', 'bonus_to_central') group by kind order by kind`);
    expect(releases.rows).toEqual([
      { kind: 'bonus_to_central', journals: 1, amount: '100' },
      { kind: 'bonus_unlock', journals: 1, amount: '800' },
    ]);
    expect(incremental.bet_daily!.length).toBeGreaterThan(0);
    expect(incremental.ledger_first_deposits!.length).toBe(3);
    await t.database.db.execute(sql`delete from bet_daily_games where day = '2026-01-10'`);
    await t.database.db.execute(sql`update bet_daily_totals set stake_minor = stake_minor + 7 where day = '2026-01-10'`);
    await t.database.db.execute(sql`update ledger_daily_totals set amount_minor = amount_minor + 1 where day = ${today}::date`);
    await t.database.db.execute(sql`delete from ledger_daily where day = ${today}::date and kind = 'bonus_unlock'`);
    await t.database.db.execute(sql`delete from ledger_first_deposits`);
    await t.database.db.execute(sql`delete from report_active_days where day = ${today}::date`);
    await t.database.db.execute(sql`update report_active_daily set players = players + 5 where day = '2026-01-10'`);
    for (const day of ['2026-01-10', '2026-01-11', today]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/reports/rebuild', headers: auth(), payload: { day } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await snapshot()).toEqual(incremental);
    const audit = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'reports.rebuild'`);
    expect(audit.rows[0]!.n).toBe(3);
  });
});

describe('permissions', () => {
  it('asks for reports, and for personal data on the player exports', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/daily?from=${today}&to=${today}` });
    expect(anonymous.statusCode).toBe(401);
    const service = await signedInStaff(t, 'reports_service', 'service');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/reports/daily?from=${today}&to=${today}`,
      headers: { authorization: `Bearer ${service.token}` },
    });
    expect(refused.statusCode).toBe(403);
    const finance = await signedInStaff(t, 'reports_finance', 'finance');
    const fin = { authorization: `Bearer ${finance.token}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/games?from=${today}&to=${today}`, headers: fin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/daily/export?from=${today}&to=${today}`, headers: fin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/reports/player-list/export', headers: fin })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/players?from=${today}&to=${today}`, headers: fin })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/backoffice/reports/rebuild', headers: fin, payload: { day: today } })).statusCode).toBe(403);
  });
});
