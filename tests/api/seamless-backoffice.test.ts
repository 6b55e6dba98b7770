// The seamless wallet's back office: platforms' wallet model (audited), the transaction log by player and
// round, open rounds past the limit, reconciliation against the provider's round report, findings resolved by credit
// or close (audited, bet record rewritten), the daily totals beside the provider's, and who may do what.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeLauncher, addSeamlessPlatform, centralMinor, seamlessCall } from '../helpers/seamless.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const launcher = new FakeLauncher();
const CODE = 'SMO';
let admin: { id: number; token: string };
let service: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), seamlessLauncher: launcher });
  await addSeamlessPlatform(t, CODE);
  admin = await signedInStaff(t, 'seamadmin', 'admin');
  service = await signedInStaff(t, 'seamservice', 'service');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const bo = (who: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/backoffice${url}`, headers: { authorization: `Bearer ${who.token}`, 'x-locale': 'en' }, ...(payload ? { payload } : {}) });

async function openRound(playerId: number, round: string, stake: string): Promise<void> {
  expect(
    (await seamlessCall(t, CODE, 'debit', { player: String(playerId), round_id: round, transaction_id: `${round}-d`, game_code: 'lucky-7', amount: stake }))
      .body.status,
  ).toBe('OK');
  // The round opened two hours ago: past the platform's limit of an hour.
  await t.database.db.execute(sql`update seamless_rounds set opened_at = now() - interval '2 hours' where gp_code = ${CODE} and round_id = ${round}`);
}

describe('seamless back office', () => {
  it("shows each platform's wallet model and lets an admin change it, audited", async () => {
    const list = await bo(admin, 'GET', '/seamless/platforms');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Array<{ code: string; wallet_model: string }>;
    expect(rows.find((r) => r.code === CODE)).toMatchObject({ wallet_model: 'seamless', round_limit_minutes: 60, own_secret: false });
    expect(rows.find((r) => r.code === 'SLX')).toMatchObject({ wallet_model: 'transfer', round_limit_minutes: null });
    expect((await bo(service, 'PUT', `/seamless/platforms/${CODE}`, { wallet_model: 'transfer' })).statusCode).toBe(403);
    const changed = await bo(admin, 'PUT', `/seamless/platforms/${CODE}`, { wallet_model: 'seamless', round_limit_minutes: 30 });
    expect(changed.json().data).toMatchObject({ wallet_model: 'seamless', round_limit_minutes: 30 });
    const audit = await t.database.db.execute<{ detail: { before: { wallet: string }; after: { wallet: string } } }>(
      sql`select detail from audit_log where action = 'seamless.platform' order by id desc limit 1`,
    );
    expect(audit.rows[0]!.detail).toEqual({
      before: { wallet: 'seamless wallet, rounds open at most 60 minutes' },
      after: { wallet: 'seamless wallet, rounds open at most 30 minutes' },
    });
    await bo(admin, 'PUT', `/seamless/platforms/${CODE}`, { wallet_model: 'seamless', round_limit_minutes: 60 });
  });

  it("rotates a platform's signing key: shown once, masked afterwards, the old key accepted for the grace period only, audited", async () => {
    const code = 'SMK';
    await addSeamlessPlatform(t, code);
    const p = await seedPlayer(t, { centralMinor: 1_000n });
    const balance = (secret?: string) => seamlessCall(t, code, 'balance', { player: String(p.playerId) }, { secret });
    expect((await balance()).body.status).toBe('OK');
    expect((await bo(service, 'POST', `/seamless/platforms/${code}/key`)).statusCode).toBe(403);
    const rotated = await bo(admin, 'POST', `/seamless/platforms/${code}/key`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { key, platform } = rotated.json().data as { key: string; platform: { key_source: string; key_masked: string; previous_key_until: string | null } };
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(platform).toMatchObject({ key_source: 'rotated', key_masked: `••••${key.slice(-4)}` });
    expect(Date.parse(platform.previous_key_until!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // The list never hands the key out again, and it is not stored in the clear.
    const listed = await bo(admin, 'GET', '/seamless/platforms');
    expect(listed.body).not.toContain(key);
    const stored = await t.database.db.execute<{ s: string }>(sql`select secret_sealed as s from seamless_platforms where gp_code = ${code}`);
    expect(stored.rows[0]?.s).not.toContain(key);
    // Both keys work during the grace period, a third does not.
    expect((await balance(key)).body.status).toBe('OK');
    expect((await balance()).body.status).toBe('OK');
    expect((await balance('some-other-key')).statusCode).toBe(401);
    // Once the grace period is over (and the platform cache of a second has passed), the old key is refused.
    await t.database.db.execute(sql`update seamless_platforms set previous_valid_until = now() - interval '1 second' where gp_code = ${code}`);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await balance()).body.status).toBe('INVALID_SIGNATURE');
    expect((await balance(key)).body.status).toBe('OK');
    const audit = await t.database.db.execute<{ detail: { before: { key: string }; after: { key: string } } }>(sql`
      select detail from audit_log where action = 'seamless.key' and target = ${`platform:${code}`}`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.detail.before.key).toMatch(/^the shared key of the configuration ending .{4}$/);
    expect(audit.rows[0]!.detail.after.key).toContain(`a new key ending ${key.slice(-4)}; the key before it is accepted until`);
    expect(JSON.stringify(audit.rows[0]!.detail)).not.toContain(key);
  });

  it('searches the transaction log by player and round', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    await seamlessCall(t, CODE, 'debit', { player: String(p.playerId), round_id: 'log-r1', transaction_id: 'log-d1', game_code: 'lucky-7', amount: '250' });
    await seamlessCall(t, CODE, 'credit', {
      player: String(p.playerId),
      round_id: 'log-r1',
      transaction_id: 'log-c1',
      debit_transaction_id: 'log-d1',
      amount: '400',
    });
    const res = await bo(service, 'GET', `/seamless/transactions?player_id=${p.playerId}&round_id=log-r1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 2,
      data: [
        { tx_id: 'log-c1', kind: 'credit', amount: '4.00', status: 'accepted', answer: 'OK', ref_tx_id: 'log-d1' },
        { tx_id: 'log-d1', kind: 'debit', amount: '2.50', status: 'settled', answer: 'OK' },
      ],
    });
    expect((await bo(service, 'GET', '/seamless/transactions?player_id=abc')).statusCode).toBe(422);
  });

  it("reconciles stale open rounds with the provider's report and resolves the findings by credit or close", async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    await openRound(p.playerId, 'rec-paid', '1000');
    await openRound(p.playerId, 'rec-lost', '500');
    launcher.report = [{ roundId: 'rec-paid', player: String(p.playerId), stakeMinor: 1000n, payoutMinor: 2500n, status: 'closed' }];
    expect((await bo(service, 'GET', `/seamless/${CODE}/open-rounds`)).statusCode).toBe(403);
    const open = await bo(admin, 'GET', `/seamless/${CODE}/open-rounds`);
    expect((open.json().data as Array<{ round_id: string }>).map((r) => r.round_id).sort()).toEqual(['rec-lost', 'rec-paid']);
    const run = await bo(admin, 'POST', `/seamless/${CODE}/reconcile`);
    expect(run.json().data).toEqual({ rounds_checked: 2, findings_opened: 2, report_rounds: 1 });
    // A second run finds the same differences already open.
    expect((await bo(admin, 'POST', `/seamless/${CODE}/reconcile`)).json().data.findings_opened).toBe(0);
    const findings = (await bo(admin, 'GET', '/seamless/findings?status=open')).json().data.data as Array<{ id: number; round_id: string; kind: string }>;
    const paid = findings.find((f) => f.round_id === 'rec-paid')!;
    const lost = findings.find((f) => f.round_id === 'rec-lost')!;
    expect(paid.kind).toBe('missing_credit');
    expect(lost.kind).toBe('unknown_there');

    expect((await bo(admin, 'POST', `/seamless/findings/${lost.id}/resolve`, { resolution: 'credit', note: 'x' })).statusCode).toBe(422);
    const credited = await bo(admin, 'POST', `/seamless/findings/${paid.id}/resolve`, {
      resolution: 'credit',
      note: 'provider paid 25.00, we never got the credit',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().data).toMatchObject({ status: 'resolved', resolution: 'credit' });
    expect(await centralMinor(t, p.playerId)).toBe(10_000n - 1000n - 500n + 2500n);
    expect((await bo(admin, 'POST', `/seamless/findings/${paid.id}/resolve`, { resolution: 'credit', note: 'again' })).statusCode).toBe(422);
    expect(
      (
        await bo(admin, 'POST', `/seamless/findings/${lost.id}/resolve`, {
          resolution: 'close',
          note: 'the provider has no such round; the stake stands as lost',
        })
      ).statusCode,
    ).toBe(200);

    const bets = await t.database.db.execute<{ bet_id: string; status: string; payout: string }>(sql`
      select bet_id, status, payout_minor::text as payout from bet_records where player_id = ${p.playerId} order by bet_id`);
    expect(bets.rows).toEqual([
      { bet_id: 'rec-lost', status: 'settled', payout: '0' },
      { bet_id: 'rec-paid', status: 'settled', payout: '2500' },
    ]);
    const audit = await t.database.db.execute<{ action: string; detail: { before: { round: string }; after: { round: string } } }>(sql`
      select action, detail from audit_log where action like 'seamless.finding.%' order by id`);
    expect(audit.rows.map((a) => [a.action, a.detail.before.round, a.detail.after.round])).toEqual([
      ['seamless.finding.credit', 'open, stake 10.00, paid 0.00', 'closed, stake 10.00, paid 25.00'],
      ['seamless.finding.close', 'open, stake 5.00, paid 0.00', 'closed, stake 5.00, paid 0.00'],
    ]);
  });

  it('the scheduled reconciliation finds the differences of every seamless platform; a credit resolution pays once, audited in words', async () => {
    const { SeamlessBackofficeService } = await import('../../src/server/modules/seamless/backoffice-service.ts');
    const { loadConfig } = await import('../../src/server/config.ts');
    const { JOBS } = await import('../../src/server/jobs/registry.ts');
    expect(JOBS.seamlessReconcile.name).toBe('seamless-reconcile');
    const job = new SeamlessBackofficeService({
      db: t.database.db,
      accounts: t.app.services.seamless.accounts,
      config: loadConfig({}).seamless,
      provider: launcher,
      wallet: t.app.services.seamless,
    });
    const p = await seedPlayer(t, { centralMinor: 5_000n });
    await openRound(p.playerId, 'job-won', '400');
    await openRound(p.playerId, 'job-even', '300');
    // A round still inside the limit is not looked at.
    expect(
      (
        await seamlessCall(t, CODE, 'debit', {
          player: String(p.playerId),
          round_id: 'job-fresh',
          transaction_id: 'job-fresh-d',
          game_code: 'lucky-7',
          amount: '100',
        })
      ).body.status,
    ).toBe('OK');
    launcher.report = [
      { roundId: 'job-won', player: String(p.playerId), stakeMinor: 400n, payoutMinor: 1_000n, status: 'closed' },
      { roundId: 'job-even', player: String(p.playerId), stakeMinor: 300n, payoutMinor: 0n, status: 'closed' },
    ];
    // Every seamless platform is looked at; only this one has rounds past its limit.
    const ofThis = (run: Awaited<ReturnType<typeof job.reconcileAll>>) => run.find((r) => r.code === CODE);
    const run = await job.reconcileAll();
    expect(ofThis(run)).toEqual({ code: CODE, rounds_checked: 2, findings_opened: 2 });
    expect(run.filter((r) => r.code !== CODE).every((r) => 'rounds_checked' in r && r.rounds_checked === 0)).toBe(true);
    expect(ofThis(await job.reconcileAll())).toEqual({ code: CODE, rounds_checked: 2, findings_opened: 0 });
    const open = (await bo(admin, 'GET', '/seamless/findings?status=open')).json().data.data as Array<{
      id: number;
      round_id: string;
      kind: string;
      theirs_payout: string;
    }>;
    const won = open.find((f) => f.round_id === 'job-won')!;
    expect(won).toMatchObject({ kind: 'missing_credit', theirs_payout: '10.00' });
    expect(open.find((f) => f.round_id === 'job-even')?.kind).toBe('open_here');
    expect(open.some((f) => f.round_id === 'job-fresh')).toBe(false);

    // Two operators resolving the same finding at once: one pays, the other is told it is resolved.
    const both = await Promise.all([
      bo(admin, 'POST', `/seamless/findings/${won.id}/resolve`, { resolution: 'credit', note: 'provider paid 10.00' }),
      bo(admin, 'POST', `/seamless/findings/${won.id}/resolve`, { resolution: 'credit', note: 'provider paid 10.00' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await centralMinor(t, p.playerId)).toBe(5_000n - 400n - 300n - 100n + 1_000n);
    const journals = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journals where idempotency_key = ${`seamless:${CODE}:finding:${won.id}`}`,
    );
    expect(journals.rows[0]?.n).toBe(1);
    const audit = await t.database.db.execute<{ detail: { before: { round: string }; after: { round: string } } }>(sql`
      select detail from audit_log where action = 'seamless.finding.credit' and target = ${`seamless_round:${CODE}:job-won`}`);
    expect(audit.rows.map((a) => [a.detail.before.round, a.detail.after.round])).toEqual([['open, stake 4.00, paid 0.00', 'closed, stake 4.00, paid 10.00']]);
    // The round's bet record is settled with the win the provider reported.
    const bet = await t.database.db.execute<{ status: string; payout: string }>(
      sql`select status, payout_minor::text as payout from bet_records where bet_id = 'job-won'`,
    );
    expect(bet.rows).toEqual([{ status: 'settled', payout: '1000' }]);
  });

  it("shows our daily totals beside the provider's", async () => {
    launcher.report = [{ roundId: 'x', player: '1', stakeMinor: 700n, payoutMinor: 100n, status: 'closed' }];
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await bo(admin, 'GET', `/seamless/${CODE}/daily?date=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.theirs).toEqual({ debits: '7.00', credits: '1.00', rounds: 1 });
    expect(Number(res.json().data.ours.debits)).toBeGreaterThan(0);
  });
});
