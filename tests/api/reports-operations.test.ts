// The payments, retention and player-protection reports against their sources: a fixture of deposit orders
// of every method and status with their payment times, withdrawals of every status, registrations spread over weeks
// with bets and deposits on other weeks, and protection changes made through the player's own API. Every figure and
// total is compared with sums taken straight from deposit_orders, withdrawals, players, bet_records, journals and the
// protection tables, and each export is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import type { ProviderBet } from '../../src/server/integrations/games/provider.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { AccountDirectory } from '../../src/server/ledger/accounts.ts';
import { bankCards } from '../../src/server/db/schema.ts';
import { minorToDecimal } from '../../src/shared/money.ts';
import { DAY_MS, taipeiDate } from '../../src/shared/time.ts';

let t: TestApp;
const provider = new FakeProvider();
let admin: { token: string };
const auth = () => ({ authorization: `Bearer ${admin.token}` });
const now = new Date();
const today = taipeiDate(now);
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
const FROM = taipeiDate(daysAgo(40));

/** Percent with two decimals, half away from zero, as the reports write shares; null with nothing to share. */
function pct(part: number, whole: number): string | null {
  if (whole === 0) return null;
  const scaled = (BigInt(part) * 20_000n) / BigInt(whole);
  return minorToDecimal((scaled + 1n) / 2n);
}

async function get(path: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/backoffice${path}`, headers: auth() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function deposit(playerId: number, amountMinor: bigint, key: string) {
  const dir = new AccountDirectory(t.database.db);
  const [central, house] = await Promise.all([dir.playerAccount(playerId, 'central'), dir.houseAccount('cash', playerId)]);
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: key,
      request: { key },
      playerId,
      postings: [
        { accountId: central, amountMinor },
        { accountId: house, amountMinor: -amountMinor },
      ],
    }),
  );
}

let seq = 0;
function bet(player: string, settledAt: Date): ProviderBet {
  seq++;
  return {
    betId: `OPS${seq}`,
    player,
    game: 'lucky-7',
    gameType: 'slots',
    stakeMinor: 100n,
    payoutMinor: 0n,
    status: 'settled',
    placedAt: settledAt,
    settledAt,
    version: 1,
    detail: {},
  };
}

/** An order of the cashier as its flows leave it: created some minutes ago, and paid some seconds after when paid. */
async function order(playerId: number, method: string, status: string, amountMinor: number, createdAt: Date, paySeconds: number | null) {
  seq++;
  await t.database.db.execute(sql`insert into deposit_orders (id, player_id, method, amount_minor, status, created_at, paid_at)
    values (${`D-OPS-${seq}`}, ${playerId}, ${method}, ${amountMinor}, ${status}, ${createdAt.toISOString()}::timestamptz,
      ${paySeconds === null ? null : new Date(createdAt.getTime() + paySeconds * 1000).toISOString()}::timestamptz)`);
}

async function withdrawal(playerId: number, cardId: number, status: string, amountMinor: number, createdAt: Date, reviewSeconds: number | null) {
  seq++;
  await t.database.db.execute(sql`insert into withdrawals (id, player_id, amount_minor, fee_minor, bank_card_id, status, created_at, reviewed_at)
    values (${`W-OPS-${seq}`}, ${playerId}, ${amountMinor}, 1500, ${cardId}, ${status}, ${createdAt.toISOString()}::timestamptz,
      ${reviewSeconds === null ? null : new Date(createdAt.getTime() + reviewSeconds * 1000).toISOString()}::timestamptz)`);
}

beforeAll(async () => {
  t = await createTestApp({}, { provider });
  admin = await signedInStaff(t, 'ops_admin', 'admin');
  const players = [];
  for (let i = 0; i < 6; i++) players.push(await seedPlayer(t, { centralMinor: 100_000n }));
  const [a, b, c, d, e, f] = players as [(typeof players)[number], ...typeof players];
  // Registrations: a and b three weeks back, c two weeks back, d today; e and f registered before the range.
  const backdate = (id: number, at: Date) => t.database.db.execute(sql`update players set created_at = ${at.toISOString()}::timestamptz where id = ${id}`);
  await backdate(a.playerId, daysAgo(21));
  await backdate(b.playerId, daysAgo(21));
  await backdate(c.playerId, daysAgo(14));
  await backdate(e!.playerId, daysAgo(90));
  await backdate(f!.playerId, daysAgo(90));

  // Activity: a deposits today (its week 3); c bets on its registration day and 8 days later; d deposits today twice.
  await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: c.headers, payload: { money: '100.00' } });
  provider.recordBet('SLX', bet(`p${c.playerId}`, daysAgo(14)), 0n);
  provider.recordBet('SLX', bet(`p${c.playerId}`, daysAgo(6)), 0n);
  await t.app.services.bets.ingest('SLX');
  await deposit(a.playerId, 5_000n, 'ops-dep-a');
  await deposit(d!.playerId, 2_000n, 'ops-dep-d1');
  await deposit(d!.playerId, 3_000n, 'ops-dep-d2');

  // Payments: every method and status, some paid after a known number of seconds; one order before the range.
  const at = daysAgo(2);
  await order(a.playerId, 'card', 'paid', 10_000, at, 60);
  await order(a.playerId, 'card', 'paid', 20_000, at, 120);
  await order(b.playerId, 'card', 'failed', 5_000, at, null);
  await order(b.playerId, 'cvs', 'expired', 3_000, at, null);
  await order(c.playerId, 'cvs', 'paid', 4_000, at, 300);
  await order(c.playerId, 'online_banking', 'pending', 7_000, at, null);
  await order(d!.playerId, 'bank_transfer', 'paid', 50_000, at, 1_800);
  await order(d!.playerId, 'bank_transfer', 'rejected', 8_000, at, null);
  await order(e!.playerId, 'usdt', 'paid', 90_000, at, 900);
  await order(e!.playerId, 'card', 'paid', 99_000, daysAgo(60), 30);
  const [card] = await t.database.db
    .insert(bankCards)
    .values({ playerId: a.playerId, bank: '004', market: 'Xinyi', accountName: 'Chen Mei', cardNumber: '81234567890123', statusDebitCard: 1 })
    .returning({ id: bankCards.id });
  await withdrawal(a.playerId, card!.id, 'paid', 30_000, at, 600);
  await withdrawal(a.playerId, card!.id, 'paid', 20_000, at, 1_200);
  await withdrawal(a.playerId, card!.id, 'rejected', 10_000, at, 100);
  await withdrawal(a.playerId, card!.id, 'applying', 9_000, at, null);
  await withdrawal(a.playerId, card!.id, 'cancelled', 8_000, at, null);

  // Protection through the player's API: limits lowered and raised, a reality check, a time-out and a self-exclusion.
  const put = (p: typeof a, url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: p.headers, remoteAddress: freshIp(), payload });
  const post = (p: typeof a, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: p.headers, remoteAddress: freshIp(), payload });
  for (const res of [
    await put(a, '/api/protection/limits', { kind: 'deposit', period: 'day', value: '1000.00' }),
    await put(a, '/api/protection/limits', { kind: 'deposit', period: 'day', value: '500.00' }),
    await put(a, '/api/protection/limits', { kind: 'deposit', period: 'day', value: '900.00' }),
    await put(b, '/api/protection/limits', { kind: 'loss', period: 'week', value: '2000.00' }),
    await put(b, '/api/protection/reality-check', { minutes: 30 }),
    await put(c, '/api/protection/reality-check', { minutes: 15 }),
    await post(e!, '/api/protection/timeout', { duration: '24h' }),
    await post(f!, '/api/protection/self-exclusion', { duration: '6m', confirm_account: f!.account }),
  ])
    expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the payments report', () => {
  it('agrees with the deposit orders and withdrawals per method, status and gateway, with success rates and times to pay', async () => {
    const report = await get(`/reports/payments?from=${FROM}&to=${today}`);
    const start = new Date(`${FROM}T00:00:00+08:00`).toISOString();
    const rows = (
      await t.database.db.execute<{ method: string; status: string; n: number; amount: string; secs: string | null }>(sql`
      select method, status, count(*)::int as n, sum(amount_minor)::text as amount, sum(extract(epoch from paid_at - created_at))::text as secs
      from deposit_orders where created_at >= ${start}::timestamptz group by 1, 2`)
    ).rows;
    expect(report.statuses).toHaveLength(rows.length);
    for (const r of rows) {
      expect(report.statuses).toContainEqual({ method: r.method, status: r.status, orders: r.n, amount: minorToDecimal(BigInt(r.amount)) });
    }
    const decided = ['paid', 'failed', 'expired', 'rejected'];
    const figures = (of: typeof rows) => {
      const paid = of.filter((r) => r.status === 'paid');
      const n = paid.reduce((s, r) => s + r.n, 0);
      const d = of.filter((r) => decided.includes(r.status)).reduce((s, r) => s + r.n, 0);
      return {
        orders: of.reduce((s, r) => s + r.n, 0),
        paid: n,
        decided: d,
        success_pct: pct(n, d),
        paid_amount: minorToDecimal(paid.reduce((s, r) => s + BigInt(r.amount), 0n)),
        avg_pay_seconds: n ? Math.round(paid.reduce((s, r) => s + Number(r.secs), 0) / n) : null,
      };
    };
    const cashier = t.app.services.cashier;
    for (const method of new Set(rows.map((r) => r.method))) {
      expect(report.methods).toContainEqual({ method, gateway: cashier.gatewayOf(method), ...figures(rows.filter((r) => r.method === method)) });
    }
    for (const gateway of new Set(rows.map((r) => cashier.gatewayOf(r.method)))) {
      expect(report.gateways).toContainEqual({ gateway, ...figures(rows.filter((r) => cashier.gatewayOf(r.method) === gateway)) });
    }
    expect(report.totals).toEqual(figures(rows));
    // The card: two paid of three decided (one failed), paid after 60 and 120 seconds; the order of 60 days ago is outside.
    expect(report.methods.find((m: { method: string }) => m.method === 'card')).toMatchObject({
      orders: 3,
      paid: 2,
      success_pct: '66.67',
      paid_amount: '300.00',
      avg_pay_seconds: 90,
    });
    expect(report.gateways.find((g: { gateway: string }) => g.gateway === 'manual')).toMatchObject({ orders: 3, paid: 2, decided: 3 });

    const wd = (
      await t.database.db.execute<{ status: string; n: number; amount: string; fee: string; secs: string | null }>(sql`
      select status, count(*)::int as n, sum(amount_minor)::text as amount, sum(fee_minor)::text as fee, sum(extract(epoch from reviewed_at - created_at))::text as secs
      from withdrawals where created_at >= ${start}::timestamptz group by 1`)
    ).rows;
    for (const w of wd)
      expect(report.withdrawals).toContainEqual({
        status: w.status,
        requests: w.n,
        amount: minorToDecimal(BigInt(w.amount)),
        fee: minorToDecimal(BigInt(w.fee)),
      });
    const paidWd = wd.find((w) => w.status === 'paid')!;
    expect(report.withdrawal_totals).toEqual({
      requests: wd.reduce((s, w) => s + w.n, 0),
      paid: paidWd.n,
      decided: paidWd.n + (wd.find((w) => w.status === 'rejected')?.n ?? 0),
      success_pct: '66.67',
      paid_amount: minorToDecimal(BigInt(paidWd.amount)),
      avg_pay_seconds: Math.round(Number(paidWd.secs) / paidWd.n),
    });
  });
});

describe('the retention report', () => {
  it('agrees with the registrations, bet records and deposit journals for every cohort and week since', async () => {
    const weeks = 6;
    const report = await get(`/reports/retention?from=${FROM}&to=${today}&weeks=${weeks}`);
    // Straight from the sources: each player's registration week, the weeks in which they bet or had a deposit that stands.
    const cohorts = (
      await t.database.db.execute<{ week: string; players: number; converted: number; converted_7d: number }>(sql`
      with c as (select id, date_trunc('week', (created_at at time zone 'Asia/Taipei')::date)::date as week, (created_at at time zone 'Asia/Taipei')::date as reg
        from players where (created_at at time zone 'Asia/Taipei')::date between ${report.from}::date and ${report.to}::date),
      fd as (select j.player_id, min((j.created_at at time zone 'Asia/Taipei')::date) as day from journals j
        where j.kind = 'deposit' and j.idempotency_key not like 'reversal:%' and not exists (select 1 from journals r where r.idempotency_key = 'reversal:' || j.id)
        group by 1)
      select c.week::text as week, count(*)::int as players, count(fd.player_id)::int as converted, count(fd.player_id) filter (where fd.day <= c.reg + 6)::int as converted_7d
      from c left join fd on fd.player_id = c.id group by 1`)
    ).rows;
    const cells = (
      await t.database.db.execute<{ week: string; k: number; active: number; depositing: number }>(sql`
      with c as (select id, date_trunc('week', (created_at at time zone 'Asia/Taipei')::date)::date as week from players
        where (created_at at time zone 'Asia/Taipei')::date between ${report.from}::date and ${report.to}::date),
      act as (select player_id, (settled_at at time zone 'Asia/Taipei')::date as day, false as dep from bet_records where status = 'settled'
        union all select player_id, day, true from (select player_id, (created_at at time zone 'Asia/Taipei')::date as day,
          sum(case when idempotency_key like 'reversal:%' then -1 else 1 end) as n from journals where kind = 'deposit' group by 1, 2) d where n > 0)
      select c.week::text as week, ((act.day - c.week) / 7)::int as k, count(distinct c.id)::int as active, count(distinct c.id) filter (where act.dep)::int as depositing
      from c join act on act.player_id = c.id and act.day >= c.week and act.day < c.week + ${weeks * 7}::int group by 1, 2`)
    ).rows;
    const listed = report.cohorts.filter((r: { players: number }) => r.players > 0);
    expect(listed.map((r: { week_start: string }) => r.week_start).sort()).toEqual(cohorts.map((r) => r.week).sort());
    for (const src of cohorts) {
      const row = report.cohorts.find((r: { week_start: string }) => r.week_start === src.week);
      expect(row).toMatchObject({
        players: src.players,
        converted: src.converted,
        converted_7d: src.converted_7d,
        conversion_pct: pct(src.converted, src.players),
      });
      for (const cell of row.cells) {
        const s = cells.find((x) => x.week === src.week && x.k === cell.week);
        expect(cell, `${src.week} W${cell.week}`).toEqual({
          week: cell.week,
          active: s?.active ?? 0,
          depositing: s?.depositing ?? 0,
          active_pct: pct(s?.active ?? 0, src.players),
          depositing_pct: pct(s?.depositing ?? 0, src.players),
        });
      }
    }
    expect(cells.length).toBeGreaterThanOrEqual(3);
    expect(report.totals.players).toBe(cohorts.reduce((s, r) => s + r.players, 0));
    expect(report.totals.converted).toBe(cohorts.reduce((s, r) => s + r.converted, 0));
    // Weeks that have not begun are left out: this week's cohort has week 0 only.
    expect(report.cohorts.at(-1).cells).toHaveLength(1);
  });

  it('refuses more weeks than it shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/retention?from=${FROM}&to=${today}&weeks=40`, headers: auth() });
    expect(res.statusCode).toBe(422);
  });
});

describe('date ranges out of the calendar', () => {
  it('answers a year near 9999 or a day not on the calendar with a translated 422, never a 500', async () => {
    for (const [path, field] of [
      ['/reports/retention?from=9999-12-25&to=9999-12-31', 'from'],
      ['/reports/retention?from=2026-01-01&to=9999-12-31', 'to'],
      ['/reports/daily?from=2026-02-30&to=2026-03-01', 'from'],
      ['/reports/players?from=2026-01-01&to=2026-01-31&reg_to=9999-01-01', 'reg_to'],
      ['/reports/payments?from=1970-01-01&to=1970-01-02', 'from'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/backoffice${path}`, headers: { ...auth(), 'x-locale': 'en' } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(422);
      expect(res.json<{ error: Record<string, string[]> }>().error[field], path).toEqual(['Enter a date as YYYY-MM-DD']);
    }
  });
});

describe('the player-protection report', () => {
  it('agrees with the protection events, limits and exclusions', async () => {
    const report = await get(`/reports/protection?from=${FROM}&to=${today}`);
    const events = (
      await t.database.db.execute<{ action: string; kind: string; n: number; players: number }>(sql`
      select action, coalesce(detail->>'kind', '') as kind, count(*)::int as n, count(distinct player_id)::int as players from protection_events group by 1, 2`)
    ).rows;
    expect(report.actions).toHaveLength(events.length);
    for (const e of events) expect(report.actions).toContainEqual({ action: e.action, kind: e.kind, events: e.n, players: e.players, by_staff: 0 });
    expect(report.totals.events).toBe(events.reduce((s, e) => s + e.n, 0));
    // Players of different actions overlap: the totals count each player once.
    const distinct = await t.database.db.execute<{ n: number }>(sql`
      select count(distinct player_id)::int as n from protection_events
      where (created_at at time zone 'Asia/Taipei')::date between ${FROM}::date and ${today}::date`);
    expect((report as { totals: { players: number } }).totals.players).toBe(distinct.rows[0]?.n);
    const limits = (
      await t.database.db.execute<{ kind: string; period: string; n: number; pending: number }>(sql`
      select kind, period, count(*) filter (where limit_value is not null)::int as n, count(*) filter (where pending_at is not null)::int as pending from protection_limits group by 1, 2`)
    ).rows;
    for (const l of limits) expect(report.limits).toContainEqual({ kind: l.kind, period: l.period, players: l.n, pending: l.pending });
    // a's deposit limit: set, lowered, then a raise waiting out its cooling-off; b's loss limit; two reality checks.
    expect(report.limits).toContainEqual({ kind: 'deposit', period: 'day', players: 1, pending: 1 });
    expect(report.totals).toMatchObject({ players_with_limits: 2, reality_checks: 2, exclusions_active: 2, exclusions_started: 2 });
    expect(report.exclusions).toEqual([
      { kind: 'self_exclusion', duration: '6m', active: 1, started: 1 },
      { kind: 'timeout', duration: '24h', active: 1, started: 1 },
    ]);
  });
});

describe('exports and permissions', () => {
  it('exports each report as CSV with a byte-order mark, audited with its filters', async () => {
    for (const [report, query] of [
      ['payments', ''],
      ['retention', '&weeks=4'],
      ['protection', ''],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/backoffice/reports/${report}/export?from=${FROM}&to=${today}${query}`,
        headers: { ...auth(), 'x-locale': 'zh-TW' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const lines = res.body.trim().split('\r\n');
      expect(lines.at(-1)!.startsWith('合計')).toBe(true);
      expect(res.headers['content-disposition']).toContain(`${report}_${FROM}_${today}`);
    }
    const audit = await t.database.db.execute<{ target: string }>(sql`select target from audit_log where action = 'reports.export' order by id`);
    expect(audit.rows.map((r) => r.target)).toEqual(['report:payments', 'report:retention', 'report:protection']);
  });

  it('asks for the reports permission', async () => {
    const service = await signedInStaff(t, 'ops_service', 'service');
    for (const report of ['payments', 'retention', 'protection']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/backoffice/reports/${report}?from=${today}&to=${today}`,
        headers: { authorization: `Bearer ${service.token}` },
      });
      expect(res.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/${report}?from=${today}&to=${today}` })).statusCode).toBe(401);
    }
  });
});
