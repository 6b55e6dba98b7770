// The red-packet rain (promotion mode 11): rounds scheduled through the back office, claims under
// concurrency, the window, eligibility and the protection gate, the approval queue, the job's transitions.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { players as playersTable, redPackets } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';

let t: TestApp;
let staffToken: string;
const staffHeaders = () => ({ authorization: `Bearer ${staffToken}` });

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await signedInStaff(t, 'rpadmin', 'admin')).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const PASSWORD_HASH = AuthService.hashPassword('abc12345');
/** A player with a session; each signs in from its own address so the per-address login limit stays out of the way. */
async function seedPlayer(tt: TestApp) {
  seq += 1;
  const n = `${Date.now() % 1e6}${seq}`;
  const account = `rp${n}`.slice(0, 12);
  const [row] = await tt.database.db
    .insert(playersTable)
    .values({
      account,
      passwordHash: await PASSWORD_HASH,
      phone: `09${n.padStart(8, '0').slice(-8)}`,
      recommendCode: `RP${n}`.slice(0, 16),
    })
    .returning({ id: playersTable.id });
  await openCentralAccount(tt.database.db, row!.id);
  const login = await tt.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password: 'abc12345' }, remoteAddress: freshIp() });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().data.access_token as string;
  return { playerId: row!.id, account, token, headers: { authorization: `Bearer ${token}` } };
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function roundBody(over: Record<string, unknown> = {}) {
  return {
    title: '紅包雨測試',
    title_en: 'Rain test',
    starts_at: iso(-1000),
    ends_at: iso(10 * 60_000),
    pool: '100.00',
    packet_count: 10,
    min_packet: '1.00',
    max_packet: '20.00',
    min_level: 0,
    lookback_days: 0,
    min_deposit: '0',
    min_valid_bet: '0',
    flow_multiple: 2,
    approval_ceiling: '1000.00',
    position: 'left',
    picture_id: null,
    show_page_type: 1,
    ...over,
  };
}

async function schedule(over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/red-packets/rounds', headers: staffHeaders(), payload: roundBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** Runs `body` with the red-packet service's clock `ms` ahead of the real one, then puts it back. */
async function movedOn<T>(ms: number, body: () => Promise<T>): Promise<T> {
  const clock = vi.spyOn(t.app.services.redpacket, 'now').mockImplementation(() => Date.now() + ms);
  try {
    return await body();
  } finally {
    clock.mockRestore();
  }
}

const claim = (roundId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/activity/addAudit/${roundId}`, headers, remoteAddress: freshIp() });

async function packetsOf(roundId: number) {
  return t.database.db.select().from(redPackets).where(eq(redPackets.roundId, roundId));
}

async function paidJournals(roundId: number): Promise<{ n: number; sum: bigint }> {
  const res = await t.database.db.execute<{ n: string | number; s: string | null }>(sql`
    select count(*) as n, sum(p.amount_minor) as s from journals j join postings p on p.journal_id = j.id and p.amount_minor > 0
    where j.kind = 'red_packet' and j.idempotency_key like ${`red_packet:${roundId}:%`}`);
  return { n: Number(res.rows[0]?.n ?? 0), sum: BigInt(res.rows[0]?.s ?? 0) };
}

describe('scheduling', () => {
  it('stores packets drawn so their sum is the pool and each is within min..max', async () => {
    const id = await schedule({ pool: '1234.56', packet_count: 97, min_packet: '3.00', max_packet: '40.00' });
    const rows = await packetsOf(id);
    expect(rows).toHaveLength(97);
    expect(rows.reduce((a, r) => a + r.amountMinor, 0n)).toBe(123456n);
    for (const r of rows) expect(r.amountMinor >= 300n && r.amountMinor <= 4000n).toBe(true);
    // Not all the same: the draw is random (97 equal packets would not sum to this pool anyway).
    expect(new Set(rows.map((r) => r.amountMinor)).size).toBeGreaterThan(5);
  });

  it('refuses impossible settings with the field that is wrong', async () => {
    for (const [over, field] of [
      [{ pool: '5.00', packet_count: 10, min_packet: '1.00' }, 'pool'],
      [{ pool: '500.00', packet_count: 10, max_packet: '20.00' }, 'pool'],
      [{ min_packet: '5.00', max_packet: '4.00' }, 'max_packet'],
      [{ ends_at: iso(-5000) }, 'ends_at'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/red-packets/rounds', headers: staffHeaders(), payload: roundBody(over) });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().error ?? {})).toContain(field);
    }
  });

  it('is refused to staff without the permission', async () => {
    const service = await signedInStaff(t, 'rpservice', 'service');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/red-packets/rounds',
      headers: { authorization: `Bearer ${service.token}` },
      payload: roundBody(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('claims', () => {
  it('pays one packet for 50 concurrent claims by one player', async () => {
    const id = await schedule({ pool: '100.00', packet_count: 60, min_packet: '1.00', max_packet: '2.00' });
    const p = await seedPlayer(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(id, p.headers)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect([409, 429]).toContain(r.statusCode);
    expect(ok[0]!.json().message).toMatch(/恭喜您搶到紅包 .* 元/);
    const mine = (await packetsOf(id)).filter((r) => r.playerId === p.playerId);
    expect(mine).toHaveLength(1);
    expect(await paidJournals(id)).toEqual({ n: 1, sum: mine[0]!.amountMinor });
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 60_000);

  it('pays exactly N packets summing to the pool when 3N players claim a round of N', async () => {
    const n = 12;
    const id = await schedule({ pool: '150.00', packet_count: n, min_packet: '5.00', max_packet: '20.00' });
    const players = [];
    for (let i = 0; i < 3 * n; i++) players.push(await seedPlayer(t));
    const answers = await Promise.all(players.map((p) => claim(id, p.headers)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(n);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(2 * n).fill('red_packet_empty'));
    const rows = await packetsOf(id);
    expect(new Set(rows.map((r) => r.playerId)).size).toBe(n);
    expect(rows.every((r) => r.status === 'approved')).toBe(true);
    expect(await paidJournals(id)).toEqual({ n, sum: 15_000n });
    // Sold out: the round no longer shows, and the job closes it once.
    const info = await t.app.inject({ method: 'GET', url: '/api/activity/redEnvelope' });
    expect(info.json().data.redEnvelopeId).not.toBe(id);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 120_000);

  it('refuses claims outside the window whatever the client shows', async () => {
    const later = await schedule({ starts_at: iso(60 * 60_000), ends_at: iso(2 * 60 * 60_000) });
    const p = await seedPlayer(t);
    const early = await claim(later, p.headers);
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('red_packet_not_started');
    // A round whose window has just passed.
    const past = await schedule({ starts_at: iso(-1000), ends_at: iso(1500) });
    // The service's clock moves 1.6 s on instead of the test sleeping past the window.
    const late = await movedOn(1600, () => claim(past, p.headers));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'red_packet_ended', message: '此活動已結束' });
    expect((await packetsOf(past)).every((r) => r.playerId === null)).toBe(true);
    // A round the operator cancelled has ended for players at once.
    const cancelled = await schedule();
    const cancel = await t.app.inject({ method: 'POST', url: `/api/backoffice/red-packets/rounds/${cancelled}/cancel`, headers: staffHeaders() });
    expect(cancel.statusCode).toBe(200);
    expect((await claim(cancelled, p.headers)).json().code).toBe('red_packet_ended');
    // Editing is refused once a round has started.
    const edit = await t.app.inject({ method: 'PUT', url: `/api/backoffice/red-packets/rounds/${cancelled}`, headers: staffHeaders(), payload: roundBody() });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses ineligible and self-excluded players', async () => {
    const byLevel = await schedule({ min_level: 3 });
    const p = await seedPlayer(t);
    const r1 = await claim(byLevel, p.headers);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().code).toBe('red_packet_ineligible');

    const byDeposit = await schedule({ lookback_days: 7, min_deposit: '100.00' });
    const r2 = await claim(byDeposit, p.headers);
    expect(r2.json().code).toBe('red_packet_ineligible');

    const open = await schedule();
    const excluded = await seedPlayer(t);
    await t.app.services.protection.exclude(excluded.playerId, '3m', { reason: 'test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: excluded.account, password: 'abc12345' },
      remoteAddress: freshIp(),
    });
    // Self-exclusion may revoke sessions or refuse the login; either way no packet is taken for that player.
    const token = login.statusCode === 200 ? (login.json().data.access_token as string) : undefined;
    const r3 = await claim(open, { authorization: `Bearer ${token ?? excluded.token}` });
    expect([401, 403]).toContain(r3.statusCode);
    if (r3.statusCode === 403) expect(r3.json().code).toBe('protection_excluded');
    // And the gate itself refuses the red packet directly.
    const { checkGate } = await import('../../src/server/modules/protection/gate.ts');
    await expect(checkGate(t.database.db, excluded.playerId, 'red_packet')).rejects.toMatchObject({ code: 'protection_excluded' });
    expect((await packetsOf(open)).filter((r) => r.playerId !== null)).toHaveLength(0);
  });

  it('answers anonymous claims with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/activity/addAudit/1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('audit', () => {
  it('holds packets at or above the ceiling for review; approving twice pays once; rejection keeps the reason', async () => {
    const id = await schedule({ pool: '100.00', packet_count: 4, min_packet: '25.00', max_packet: '25.00', approval_ceiling: '10.00' });
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    const ra = await claim(id, a.headers);
    expect(ra.statusCode, ra.body).toBe(200);
    expect(ra.json().data).toMatchObject({ status: 'pending', amount: '25.00' });
    expect(ra.json().message).toContain('審核');
    const rb = await claim(id, b.headers);
    expect(await paidJournals(id)).toEqual({ n: 0, sum: 0n });

    const queue = await t.app.inject({ method: 'GET', url: `/api/backoffice/red-packets/claims?status=pending&round_id=${id}`, headers: staffHeaders() });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.total).toBe(2);

    const approve = () => t.app.inject({ method: 'POST', url: `/api/backoffice/red-packets/claims/${ra.json().data.id}/approve`, headers: staffHeaders() });
    const [x, y] = await Promise.all([approve(), approve()]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([x.json().data.replayed, y.json().data.replayed].sort()).toEqual([false, true]);
    expect((await approve()).json().data.replayed).toBe(true);
    expect(await paidJournals(id)).toEqual({ n: 1, sum: 2500n });

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/red-packets/claims/${rb.json().data.id}/reject`,
      headers: staffHeaders(),
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(422);
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/red-packets/claims/${rb.json().data.id}/reject`,
      headers: staffHeaders(),
      payload: { reason: 'duplicate account' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/backoffice/red-packets/claims/${rb.json().data.id}/approve`, headers: staffHeaders() });
    expect(again.statusCode).toBe(409);
    const rows = await packetsOf(id);
    expect(rows.find((r) => r.playerId === b.playerId)).toMatchObject({ status: 'rejected', reason: 'duplicate account' });
    expect(await paidJournals(id)).toEqual({ n: 1, sum: 2500n });
    // The activity wallet carries the bet-flow target: 2 x 25.00.
    const wallet = await t.database.db.execute<{ bonus_bet_minor: string | number }>(
      sql`select bonus_bet_minor from bonus_wallets where id = ${rows.find((r) => r.playerId === a.playerId)!.walletId}`,
    );
    expect(BigInt(wallet.rows[0]!.bonus_bet_minor)).toBe(5000n);
    const audit = await t.database.db.execute<{ action: string }>(sql`select action from audit_log where action like 'redpacket.%'`);
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['redpacket.round.create', 'redpacket.claim.approve', 'redpacket.claim.reject']));
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 60_000);
});

describe('what players see and the job', () => {
  it('shows the live round, then hides the rain for a player who claimed it', async () => {
    // Close every earlier round so this one is the live one.
    await t.database.db.execute(sql`update red_packet_rounds set status = 'cancelled'`);
    const id = await schedule({ position: 'right', show_page_type: 1 });
    // The service's clock moves 1.1 s on, past the per-instance cache of the live round, instead of the test sleeping.
    await movedOn(1100, async () => {
      const visitor = await t.app.inject({ method: 'GET', url: '/api/activity/redEnvelope' });
      expect(visitor.statusCode, visitor.body).toBe(200);
      expect(visitor.json().data).toMatchObject({
        haveRedEnvelope: true,
        haveRedEnvelopeRain: true,
        redpacketPosition: 'right',
        showPageType: 1,
        redEnvelopeId: id,
        remaining: 10,
      });
      const p = await seedPlayer(t);
      expect((await claim(id, p.headers)).statusCode).toBe(200);
      const mine = await t.app.inject({ method: 'GET', url: '/api/activity/redEnvelope', headers: p.headers });
      expect(mine.json().data).toMatchObject({ haveRedEnvelope: true, haveRedEnvelopeRain: false, showRedPack: false });
    });
  });

  it('publishes each opening and closing once, however often the job runs', async () => {
    await t.database.db.execute(sql`update red_packet_rounds set status = 'cancelled'`);
    await t.app.services.redpacket.tick();
    const id = await schedule({ starts_at: iso(-1000), ends_at: iso(60_000), packet_count: 1, pool: '1.00', min_packet: '1.00', max_packet: '1.00' });
    const first = await t.app.services.redpacket.tick();
    const second = await t.app.services.redpacket.tick();
    expect(first.opened).toEqual([id]);
    expect(second.opened).toEqual([]);
    const p = await seedPlayer(t);
    expect((await claim(id, p.headers)).statusCode).toBe(200);
    const closing = await t.app.services.redpacket.tick();
    expect(closing.closed).toEqual([id]);
    expect((await t.app.services.redpacket.tick()).closed).toEqual([]);
  });
});
