// The seamless wallet API: signatures and stale timestamps, each call's happy path, replays, every refusal
// code, a rollback before its debit, and the ledger's invariants after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeLauncher, SEAMLESS_SECRET, addSeamlessPlatform, centralMinor, journalsOf, seamlessCall } from '../helpers/seamless.ts';
import { seamlessSignature } from '../../src/server/modules/seamless/signature.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { rebuildBetDay } from '../../src/server/modules/bets/daily.ts';
import { recordSeamlessRound, type SeamlessRoundRecord } from '../../src/server/modules/bets/seamless-records.ts';

let t: TestApp;
const launcher = new FakeLauncher();
const CODE = 'SMX';
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), seamlessLauncher: launcher });
  await addSeamlessPlatform(t, CODE);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

let seq = 0;
const id = (what: string) => `${what}-${++seq}`;
const call = (name: string, body: unknown) => seamlessCall(t, CODE, name, body);
const debit = (p: Player, body: { round_id: string; transaction_id: string; amount: string; game_code?: string }) =>
  call('debit', { player: String(p.playerId), game_code: 'lucky-7', ...body });
const credit = (p: Player, body: { round_id: string; transaction_id: string; debit_transaction_id: string; amount: string; round_closed?: boolean }) =>
  call('credit', { player: String(p.playerId), ...body });
const rollback = (p: Player, body: { round_id: string; transaction_id: string; debit_transaction_id: string }) =>
  call('rollback', { player: String(p.playerId), ...body });

describe('who may call', () => {
  it('refuses a wrong or missing signature, a stale or future timestamp, and a bad body after the signature', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const body = { player: String(p.playerId) };
    expect(await seamlessCall(t, CODE, 'balance', body, { secret: 'not-the-secret' })).toEqual({ statusCode: 401, body: { status: 'INVALID_SIGNATURE' } });
    expect((await seamlessCall(t, CODE, 'balance', body, { signature: 'zz' })).body.status).toBe('INVALID_SIGNATURE');
    expect(await seamlessCall(t, CODE, 'balance', body, { timestamp: Date.now() - 31_000 })).toEqual({ statusCode: 401, body: { status: 'STALE_REQUEST' } });
    expect((await seamlessCall(t, CODE, 'balance', body, { timestamp: Date.now() + 60_000 })).body.status).toBe('STALE_REQUEST');
    // A signed body that is not a call is a bad request, never a 500; unsigned it would have been 401.
    const bad = await seamlessCall(t, CODE, 'debit', { player: String(p.playerId), amount: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.status).toBe('BAD_REQUEST');
    expect((await seamlessCall(t, CODE, 'debit', '{not json')).body.status).toBe('BAD_REQUEST');
    expect((await seamlessCall(t, 'NOPE', 'balance', body)).body.status).toBe('UNKNOWN_PROVIDER');
    expect(await centralMinor(t, p.playerId)).toBe(10_000n);
  });

  it("refuses a body over 8 KiB with the dialect's BAD_REQUEST and a 413, never a 500 the provider would resend", async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const big = { player: String(p.playerId), round_id: id('r'), transaction_id: id('d'), game_code: 'lucky-7', amount: '100', pad: 'x'.repeat(9000) };
    const res = await call('debit', big);
    expect(res.statusCode).toBe(413);
    expect(res.body).toEqual({ status: 'BAD_REQUEST', message: 'body over 8192 bytes' });
    expect(await centralMinor(t, p.playerId)).toBe(10_000n);
  });
});

describe('each call', () => {
  it('authenticate exchanges the launch token for the player, currency and balance', async () => {
    const p = await seedPlayer(t, { centralMinor: 12_345n });
    const launch = await t.app.inject({ url: `/api/games/seamless/link/${CODE}?productId=lucky-7`, headers: p.headers });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json().data.url).toContain(launcher.lastToken);
    const auth = await call('authenticate', { token: launcher.lastToken });
    expect(auth.body).toMatchObject({ status: 'OK', player: String(p.playerId), currency: 'TWD', balance: '12345' });
    expect((await call('authenticate', { token: 'x'.repeat(43) })).body.status).toBe('INVALID_TOKEN');
    expect((await call('balance', { player: String(p.playerId) })).body).toMatchObject({ status: 'OK', balance: '12345' });
  });

  it("answers a provider's server without browser security headers, which a player's calls keep", async () => {
    const p = await seedPlayer(t);
    const raw = JSON.stringify({ player: String(p.playerId) });
    const timestamp = String(Date.now());
    const balance = await t.app.inject({
      method: 'POST',
      url: `/api/seamless/${CODE}/balance`,
      payload: raw,
      remoteAddress: '10.9.9.9',
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': seamlessSignature(SEAMLESS_SECRET, timestamp, raw) },
    });
    expect(balance.json()).toMatchObject({ status: 'OK' });
    expect(balance.headers['content-security-policy']).toBeUndefined();
    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(me.headers['x-content-type-options']).toBe('nosniff');
  });

  it('debit, credit and end-round move the central wallet once each and leave a settled bet record with its valid bet', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const round = id('r');
    const d = id('d');
    expect((await debit(p, { round_id: round, transaction_id: d, amount: '1000' })).body).toMatchObject({ status: 'OK', balance: '9000' });
    const open = await t.database.db.execute<{ status: string; stake: string }>(
      sql`select status, stake_minor::text as stake from bet_records where gp_code = ${CODE} and bet_id = ${round}`,
    );
    expect(open.rows[0]).toEqual({ status: 'open', stake: '1000' });
    expect((await credit(p, { round_id: round, transaction_id: id('c'), debit_transaction_id: d, amount: '2500' })).body).toMatchObject({
      status: 'OK',
      balance: '11500',
    });
    expect((await call('end-round', { player: String(p.playerId), round_id: round })).body).toMatchObject({ status: 'OK', balance: '11500' });
    const bet = await t.database.db.execute<{ status: string; stake: string; payout: string; valid: string; lv: number; v: number }>(sql`
      select status, stake_minor::text as stake, payout_minor::text as payout, valid_bet_minor::text as valid, ledger_version as lv, version as v
      from bet_records where gp_code = ${CODE} and bet_id = ${round}`);
    expect(bet.rows[0]).toMatchObject({ status: 'settled', stake: '1000', payout: '2500', valid: '1000' });
    // The ledger already holds the round's money: ingestion owes it no game_result journal.
    expect(bet.rows[0]!.lv).toBe(bet.rows[0]!.v);
    expect((await t.app.services.bets.postLedger()).posted).toBe(0);
    const records = await t.app.inject({ url: '/api/players/bet/records', headers: p.headers });
    expect(records.json().data.data[0]).toMatchObject({ bet_id: round, code: CODE, stake: '10.00', payout: '25.00', valid_bet: '10.00', status: 'settled' });
    expect(await centralMinor(t, p.playerId)).toBe(11_500n);
  });

  it('a credit may close the round, and a round may have several debits and credits', async () => {
    const p = await seedPlayer(t, { centralMinor: 5_000n });
    const round = id('r');
    const [d1, d2] = [id('d'), id('d')];
    await debit(p, { round_id: round, transaction_id: d1, amount: '500' });
    await debit(p, { round_id: round, transaction_id: d2, amount: '700' });
    await credit(p, { round_id: round, transaction_id: id('c'), debit_transaction_id: d1, amount: '0' });
    const last = await credit(p, { round_id: round, transaction_id: id('c'), debit_transaction_id: d2, amount: '1400', round_closed: true });
    expect(last.body).toMatchObject({ status: 'OK', balance: '5200' });
    // A debit into a round that has ended is refused.
    expect((await debit(p, { round_id: round, transaction_id: id('d'), amount: '100' })).body).toMatchObject({ status: 'ROUND_CLOSED', balance: '5200' });
    expect((await call('end-round', { player: String(p.playerId), round_id: id('unknown') })).body.status).toBe('ROUND_NOT_FOUND');
  });

  it("settled rounds reach the reports' daily aggregates in the same transaction, and equal their bet records", async () => {
    const p = await seedPlayer(t, { centralMinor: 20_000n });
    const settled = id('r');
    const d = id('d');
    await debit(p, { round_id: settled, transaction_id: d, amount: '3000' });
    // An open round counts nowhere yet; its settlement counts once, even when the round is credited twice.
    const open = id('r');
    await debit(p, { round_id: open, transaction_id: id('d'), amount: '400' });
    await credit(p, { round_id: settled, transaction_id: id('c'), debit_transaction_id: d, amount: '1000' });
    await credit(p, { round_id: settled, transaction_id: id('c'), debit_transaction_id: d, amount: '500', round_closed: true });
    const daily = await t.database.db.execute<{ rounds: number; stake: string; valid: string; payout: string }>(sql`
      select coalesce(sum(rounds), 0)::int as rounds, coalesce(sum(stake_minor), 0)::text as stake, coalesce(sum(valid_bet_minor), 0)::text as valid,
        coalesce(sum(payout_minor), 0)::text as payout from bet_daily where gp_code = ${CODE} and player_id = ${p.playerId}`);
    const source = await t.database.db.execute<{ rounds: number; stake: string; valid: string; payout: string }>(sql`
      select count(*)::int as rounds, coalesce(sum(stake_minor), 0)::text as stake, coalesce(sum(valid_bet_minor), 0)::text as valid,
        coalesce(sum(payout_minor), 0)::text as payout from bet_records where gp_code = ${CODE} and player_id = ${p.playerId} and status = 'settled'`);
    expect(daily.rows[0]).toEqual(source.rows[0]);
    expect(daily.rows[0]).toMatchObject({ rounds: 1, stake: '3000', payout: '1500' });
  });

  it('rounds of many players, a push, a void and a win after the close leave the daily aggregates as the rebuild makes them', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => seedPlayer(t, { centralMinor: 50_000n })));
    await Promise.all(
      players.map(async (p, i) => {
        const won = id('r');
        const d = id('d');
        await debit(p, { round_id: won, transaction_id: d, amount: String(1000 + i) });
        await credit(p, { round_id: won, transaction_id: id('c'), debit_transaction_id: d, amount: String(500 * i), round_closed: true });
        // A win paid after the round closed re-settles it: the old contribution leaves the aggregates, the new one enters.
        await credit(p, { round_id: won, transaction_id: id('c'), debit_transaction_id: d, amount: '7' });
        const push = id('r');
        const dp = id('d');
        await debit(p, { round_id: push, transaction_id: dp, amount: '300', game_code: 'wheel' });
        await credit(p, { round_id: push, transaction_id: id('c'), debit_transaction_id: dp, amount: '300', round_closed: true });
        const voided = id('r');
        const dv = id('d');
        await debit(p, { round_id: voided, transaction_id: dv, amount: '200' });
        await rollback(p, { round_id: voided, transaction_id: id('rb'), debit_transaction_id: dv });
        await call('end-round', { player: String(p.playerId), round_id: voided });
      }),
    );
    const tables = ['bet_daily', 'bet_daily_games', 'bet_daily_totals', 'bet_player_days', 'bet_daily_bettors'];
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const table of tables) {
        const zero =
          table === 'bet_daily_bettors' ? sql` where players <> 0` : table === 'bet_player_days' || table === 'bet_daily' ? sql`` : sql` where rounds <> 0`;
        const res = await t.database.db.execute(sql`select * from ${sql.raw(table)}${zero}`);
        out[table] = res.rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
      }
      return out;
    };
    const incremental = await snapshot();
    const games = await t.database.db.execute<{ shards: number }>(
      sql`select count(distinct shard)::int as shards from bet_daily_games where gp_code = ${CODE}`,
    );
    expect(games.rows[0]!.shards).toBeGreaterThan(1);
    const days = await t.database.db.execute<{ day: string }>(sql`select distinct day::text as day from bet_daily`);
    await t.database.db.transaction(async (tx) => {
      for (const { day } of days.rows) await rebuildBetDay(tx, day);
    });
    expect(await snapshot()).toEqual(incremental);
    const valid = await t.database.db.execute<{
      status: string;
      valid: string;
      n: number;
    }>(sql`select status, sum(valid_bet_minor)::text as valid, count(*)::int as n
      from bet_records where gp_code = ${CODE} and player_id = any(${`{${players.map((p) => p.playerId).join(',')}}`}::bigint[]) group by status order by status`);
    // The pushes count no valid bet; the voided rounds count nothing.
    expect(valid.rows).toEqual([
      { status: 'settled', valid: String(players.reduce((sum, _p, i) => sum + 1000 + i, 0)), n: 10 },
      { status: 'void', valid: '0', n: 5 },
    ]);
  });

  it('a seamless record corrected after it settled (another payout, another day, void, another opening time) keeps the daily aggregates as the rebuild makes them', async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    const placedAt = new Date();
    const earlier = new Date(placedAt.getTime() - 2 * 86_400_000);
    const base = { gpCode: CODE, roundId: id('r'), playerId: p.playerId, game: 'fix-slot', gameType: 'slots', stakeMinor: 400n, placedAt };
    // Each step is one version of the record as bet_seamless_round receives it; each moves the aggregates by its difference.
    const steps: Array<Partial<SeamlessRoundRecord>> = [
      { status: 'open', payoutMinor: 0n, settledAt: null },
      { status: 'settled', payoutMinor: 900n, settledAt: placedAt },
      { status: 'settled', payoutMinor: 400n, settledAt: placedAt },
      { status: 'settled', payoutMinor: 100n, settledAt: earlier },
      { status: 'void', payoutMinor: 0n, stakeMinor: 0n, settledAt: earlier },
      // A resolution naming another opening time changes the record where it is.
      { status: 'settled', payoutMinor: 70n, settledAt: placedAt, placedAt: new Date(placedAt.getTime() - 3_600_000) },
      { status: 'settled', payoutMinor: 50n, settledAt: placedAt },
    ];
    const tables = ['bet_daily', 'bet_daily_games', 'bet_daily_totals', 'bet_player_days', 'bet_daily_bettors', 'report_active_days', 'report_active_daily'];
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const table of tables) {
        const zero =
          table === 'bet_daily_bettors' || table === 'report_active_daily'
            ? sql` where players <> 0`
            : table === 'bet_daily_games' || table === 'bet_daily_totals'
              ? sql` where rounds <> 0`
              : sql``;
        const res = await t.database.db.execute(sql`select * from ${sql.raw(table)}${zero}`);
        out[table] = res.rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
      }
      return out;
    };
    let version = 0;
    for (const step of steps) {
      await recordSeamlessRound(t.database.db, { ...base, payoutMinor: 0n, status: 'open', settledAt: null, ...step, version: ++version });
      const incremental = await snapshot();
      const days = await t.database.db.execute<{ day: string }>(sql`select distinct day::text as day from bet_daily
        union select ((${earlier.toISOString()}::timestamptz at time zone 'Asia/Taipei')::date)::text
        union select ((${placedAt.toISOString()}::timestamptz at time zone 'Asia/Taipei')::date)::text`);
      await t.database.db.transaction(async (tx) => {
        for (const { day } of days.rows) {
          await rebuildBetDay(tx, day);
          await tx.execute(sql`select report_active_rebuild_day(${day}::date)`);
        }
      });
      expect(await snapshot(), `after version ${version}`).toEqual(incremental);
    }
    const daily = await t.database.db.execute<{ rounds: number; payout: string }>(sql`select coalesce(sum(rounds), 0)::int as rounds,
      coalesce(sum(payout_minor), 0)::text as payout from bet_daily where player_id = ${p.playerId}`);
    expect(daily.rows[0]).toEqual({ rounds: 1, payout: '50' });
    const records = await t.database.db.execute<{ n: number; placed: string }>(sql`select count(*)::int as n, min(placed_at)::text as placed
      from bet_records where gp_code = ${CODE} and bet_id = ${base.roundId}`);
    expect(records.rows[0]!.n).toBe(1);
  });

  it("rollback returns a debit's stake", async () => {
    const p = await seedPlayer(t, { centralMinor: 3_000n });
    const round = id('r');
    const d = id('d');
    await debit(p, { round_id: round, transaction_id: d, amount: '1000' });
    expect((await rollback(p, { round_id: round, transaction_id: id('rb'), debit_transaction_id: d })).body).toMatchObject({ status: 'OK', balance: '3000' });
    const journals = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journals where player_id = ${p.playerId} and kind = 'seamless_debit'`,
    );
    expect(journals.rows[0]!.n).toBe(2);
  });
});

describe('exactly once', () => {
  it('a replay answers the first answer with the current balance and moves nothing; other content is refused', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const round = id('r');
    const d = id('d');
    const first = await debit(p, { round_id: round, transaction_id: d, amount: '1000' });
    expect(first.body).toMatchObject({ status: 'OK', balance: '9000' });
    await debit(p, { round_id: round, transaction_id: id('d'), amount: '500' });
    const again = await debit(p, { round_id: round, transaction_id: d, amount: '1000' });
    expect(again.body).toMatchObject({ status: 'OK', balance: '8500', replayed: true });
    expect((await debit(p, { round_id: round, transaction_id: d, amount: '1001' })).body).toMatchObject({ status: 'DUPLICATE_MISMATCH', balance: '8500' });
    // The same id as another kind of call is other content too.
    expect((await credit(p, { round_id: round, transaction_id: d, debit_transaction_id: d, amount: '5' })).body.status).toBe('DUPLICATE_MISMATCH');
    const c = id('c');
    await credit(p, { round_id: round, transaction_id: c, debit_transaction_id: d, amount: '300' });
    expect((await credit(p, { round_id: round, transaction_id: c, debit_transaction_id: d, amount: '300' })).body).toMatchObject({
      status: 'OK',
      replayed: true,
      balance: '8800',
    });
    expect((await credit(p, { round_id: round, transaction_id: c, debit_transaction_id: d, amount: '301' })).body.status).toBe('DUPLICATE_MISMATCH');
    expect(await journalsOf(t, CODE, d)).toBe(1);
    expect(await centralMinor(t, p.playerId)).toBe(8_800n);
  });

  it('a refused debit is refused again on replay, even once the money is there', async () => {
    const p = await seedPlayer(t, { centralMinor: 500n });
    const d = id('d');
    const round = id('r');
    expect((await debit(p, { round_id: round, transaction_id: d, amount: '501' })).body).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '500' });
    await t.app.services.wallet.adjustCentral({ playerId: p.playerId, amountMinor: 1_000n, memo: 'top up', idempotencyKey: `top-${p.playerId}` });
    expect((await debit(p, { round_id: round, transaction_id: d, amount: '501' })).body).toMatchObject({
      status: 'INSUFFICIENT_FUNDS',
      replayed: true,
      balance: '1500',
    });
    expect(await journalsOf(t, CODE, d)).toBe(0);
  });

  it('a replay storm of one debit (50 at once) moves the money once', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const d = id('d');
    const round = id('r');
    const answers = await Promise.all(Array.from({ length: 50 }, () => debit(p, { round_id: round, transaction_id: d, amount: '700' })));
    expect(answers.every((a) => a.body.status === 'OK')).toBe(true);
    expect(answers.filter((a) => !a.body.replayed)).toHaveLength(1);
    expect(await journalsOf(t, CODE, d)).toBe(1);
    expect(await centralMinor(t, p.playerId)).toBe(9_300n);
  });
});

describe('refusals with their own codes', () => {
  it('a credit for an unknown debit, a credit after a rollback and a rollback after a credit', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    const round = id('r');
    const c = id('c');
    // Credit before its debit: refused and not recorded, so the provider's retry is paid once the debit came.
    expect((await credit(p, { round_id: round, transaction_id: c, debit_transaction_id: 'd-late', amount: '100' })).body).toMatchObject({
      status: 'DEBIT_NOT_FOUND',
      balance: '10000',
    });
    await debit(p, { round_id: round, transaction_id: 'd-late', amount: '100' });
    expect((await credit(p, { round_id: round, transaction_id: c, debit_transaction_id: 'd-late', amount: '100' })).body).toMatchObject({
      status: 'OK',
      balance: '10000',
    });
    expect((await rollback(p, { round_id: round, transaction_id: id('rb'), debit_transaction_id: 'd-late' })).body).toMatchObject({
      status: 'ROLLBACK_AFTER_CREDIT',
      balance: '10000',
    });

    const d = id('d');
    const round2 = id('r');
    await debit(p, { round_id: round2, transaction_id: d, amount: '400' });
    await rollback(p, { round_id: round2, transaction_id: id('rb'), debit_transaction_id: d });
    expect((await credit(p, { round_id: round2, transaction_id: id('c'), debit_transaction_id: d, amount: '800' })).body).toMatchObject({
      status: 'CREDIT_AFTER_ROLLBACK',
      balance: '10000',
    });
    expect(await centralMinor(t, p.playerId)).toBe(10_000n);
  });

  it('a rollback for a debit never seen is recorded, and the late debit is refused and moves nothing', async () => {
    const p = await seedPlayer(t, { centralMinor: 2_000n });
    const round = id('r');
    const d = id('d');
    expect((await rollback(p, { round_id: round, transaction_id: id('rb'), debit_transaction_id: d })).body).toMatchObject({ status: 'OK', balance: '2000' });
    expect((await debit(p, { round_id: round, transaction_id: d, amount: '900' })).body).toMatchObject({ status: 'DEBIT_ROLLED_BACK', balance: '2000' });
    expect((await debit(p, { round_id: round, transaction_id: d, amount: '900' })).body).toMatchObject({ status: 'DEBIT_ROLLED_BACK', balance: '2000' });
    expect(await journalsOf(t, CODE, d)).toBe(0);
  });

  it('a debit over the balance is refused and the balance never goes below zero', async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    const round = id('r');
    const answers = await Promise.all(Array.from({ length: 8 }, () => debit(p, { round_id: round, transaction_id: id('d'), amount: '300' })));
    expect(answers.filter((a) => a.body.status === 'OK')).toHaveLength(3);
    expect(answers.filter((a) => a.body.status === 'INSUFFICIENT_FUNDS')).toHaveLength(5);
    expect(await centralMinor(t, p.playerId)).toBe(100n);
  });

  it('a disabled player and a platform under maintenance are refused a debit; wins are still paid', async () => {
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    const round = id('r');
    const d = id('d');
    await debit(p, { round_id: round, transaction_id: d, amount: '100' });
    await t.database.db.execute(sql`update game_platforms set maintain_status = 0 where gp_code = ${CODE}`);
    t.app.services.seamless.forgetPlatform(CODE);
    expect((await debit(p, { round_id: round, transaction_id: id('d'), amount: '100' })).body.status).toBe('PLATFORM_MAINTENANCE');
    expect((await credit(p, { round_id: round, transaction_id: id('c'), debit_transaction_id: d, amount: '150' })).body.status).toBe('OK');
    await t.database.db.execute(sql`update game_platforms set maintain_status = 1 where gp_code = ${CODE}`);
    t.app.services.seamless.forgetPlatform(CODE);
    await t.database.db.execute(sql`update players set status = 0 where id = ${p.playerId}`);
    expect((await debit(p, { round_id: id('r'), transaction_id: id('d'), amount: '100' })).body.status).toBe('PLAYER_DISABLED');
    expect(await centralMinor(t, p.playerId)).toBe(1_050n);
  });
});
