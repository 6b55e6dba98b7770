// Four eyes on large manual balance adjustments: above the operator's threshold the first staff member's request
// waits; a second one approves (the journal is posted then, once, however many approvals race) or rejects (nothing
// is posted); nobody decides their own request; below the threshold the adjustment posts at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { auditLog, journals } from '../../src/server/db/schema.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { centralBalanceOf } from '../../src/server/ledger/read.ts';

let t: TestApp;
let first: { id: number; token: string };
let second: { id: number; token: string };
let third: { id: number; token: string };
let admin: { id: number; token: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let keyN = 0;

beforeAll(async () => {
  t = await createTestApp();
  first = await signedInStaff(t, 'fin4eyes1', 'finance');
  second = await signedInStaff(t, 'fin4eyes2', 'finance');
  third = await signedInStaff(t, 'fin4eyes3', 'finance');
  admin = await signedInStaff(t, 'adm4eyes', 'admin');
  // The admin sets the threshold through the settings screen: 1,000.00.
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/backoffice/settings',
    headers: bearer(admin.token),
    payload: { adjustment_approval_threshold_amount: 1000 },
  });
  expect(set.statusCode, set.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const adjust = (token: string, playerId: number, amount: string, reason = 'Goodwill credit') =>
  t.app.inject({
    method: 'POST',
    url: '/api/backoffice/finance/adjustments',
    headers: { ...bearer(token), 'idempotency-key': `four-eyes-test-${++keyN}` },
    payload: { player_id: playerId, amount, reason },
  });
const decide = (token: string, id: number, action: 'approve' | 'reject', reason = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/backoffice/finance/adjustments/${id}/decision`,
    headers: bearer(token),
    payload: { action, reason },
  });
const journalCount = async (playerId: number) => {
  const [r] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(journals)
    .where(eq(journals.playerId, playerId));
  return r!.n;
};

describe('four eyes on manual adjustments', () => {
  it('the threshold change is audited with before and after', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(rows.at(-1)!.detail).toMatchObject({
      before: { adjustment_approval_threshold_amount: 10000 },
      after: { adjustment_approval_threshold_amount: 1000 },
    });
  });

  it('below the threshold posts at once', async () => {
    const p = await seedPlayer(t);
    const res = await adjust(first.token, p.playerId, '1000.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'posted', pending_id: null, balance: '1000.00' });
    expect(await centralBalanceOf(t.database.db, p.playerId)).toBe(100_000n);
  });

  it('above it waits: no journal until a second staff member approves, and the queue and dashboard count it', async () => {
    const p = await seedPlayer(t);
    const res = await adjust(first.token, p.playerId, '1000.01', 'VIP compensation');
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().data;
    expect(pending).toMatchObject({ status: 'pending', journal_id: null, balance: null, amount: '1000.01' });
    expect(await journalCount(p.playerId)).toBe(0);

    const queue = await t.app.inject({ url: '/api/backoffice/finance/adjustments?status=pending', headers: bearer(second.token) });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.data.find((r: { id: number }) => r.id === pending.pending_id)).toMatchObject({
      account: p.account,
      requested_by_name: 'fin4eyes1',
      reason: 'VIP compensation',
      status: 'pending',
    });
    const overview = await t.app.inject({ url: '/api/backoffice/overview', headers: bearer(admin.token) });
    expect(overview.json().data.pending.adjustments).toBeGreaterThanOrEqual(1);

    const own = await decide(first.token, pending.pending_id, 'approve');
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().code).toBe('adjustment_own');
    const ownReject = await decide(first.token, pending.pending_id, 'reject', 'changed my mind');
    expect(ownReject.statusCode).toBe(403);
    expect(await journalCount(p.playerId)).toBe(0);

    const ok = await decide(second.token, pending.pending_id, 'approve');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', decided_by_name: 'fin4eyes2' });
    expect(await centralBalanceOf(t.database.db, p.playerId)).toBe(100_001n);
    expect(await journalCount(p.playerId)).toBe(1);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `player:${p.playerId}`));
    expect(audits.map((a) => a.action).sort()).toEqual(['balance.adjust.approve', 'balance.adjust.request']);
    const approval = audits.find((a) => a.action === 'balance.adjust.approve')!;
    expect(approval.staffId).toBe(second.id);
    expect(approval.detail).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved', balance: '1000.01' } });

    const again = await decide(third.token, pending.pending_id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(await journalCount(p.playerId)).toBe(1);
  });

  it('a retried request with the same key makes one pending adjustment', async () => {
    const p = await seedPlayer(t);
    const headers = { ...bearer(first.token), 'idempotency-key': 'four-eyes-retry' };
    const payload = { player_id: p.playerId, amount: '5000', reason: 'Retried' };
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/backoffice/finance/adjustments', headers, payload })));
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(a!.json().data.pending_id).toBe(b!.json().data.pending_id);
  });

  it('approvals racing each other post one journal', async () => {
    const p = await seedPlayer(t);
    const res = await adjust(first.token, p.playerId, '2500.00');
    const id = res.json().data.pending_id as number;
    const answers = await Promise.all([second, third, admin, second, third, admin].map((s) => decide(s.token, id, 'approve')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(await journalCount(p.playerId)).toBe(1);
    expect(await centralBalanceOf(t.database.db, p.playerId)).toBe(250_000n);
    const approvals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'balance.adjust.approve'), eq(auditLog.target, `player:${p.playerId}`)));
    expect(approvals).toHaveLength(1);
  });

  it('a rejection posts nothing, needs a reason, and an approval after it is refused', async () => {
    const p = await seedPlayer(t, { centralMinor: 500_000n });
    const res = await adjust(first.token, p.playerId, '-3000.00', 'Reverse bonus abuse');
    const id = res.json().data.pending_id as number;
    const noReason = await decide(second.token, id, 'reject');
    expect(noReason.statusCode).toBe(422);
    const rejected = await decide(second.token, id, 'reject', 'Not enough evidence');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', decision_reason: 'Not enough evidence', journal_id: null });
    const late = await decide(third.token, id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(await centralBalanceOf(t.database.db, p.playerId)).toBe(500_000n);
    expect(await journalCount(p.playerId)).toBe(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'balance.adjust.reject'), eq(auditLog.target, `player:${p.playerId}`)));
    expect(audit[0]!.detail).toMatchObject({ before: { status: 'pending' }, after: { status: 'rejected' }, reason: 'Not enough evidence' });
  });

  it('an approved debit the balance cannot cover is refused and stays pending', async () => {
    const p = await seedPlayer(t, { centralMinor: 100n });
    const res = await adjust(first.token, p.playerId, '-2000.00', 'Claw back');
    const id = res.json().data.pending_id as number;
    const refused = await decide(second.token, id, 'approve');
    expect(refused.statusCode, refused.body).toBe(422);
    const queue = await t.app.inject({ url: '/api/backoffice/finance/adjustments?status=pending', headers: bearer(second.token) });
    expect(queue.json().data.data.some((r: { id: number }) => r.id === id)).toBe(true);
  });

  it('the form reads the threshold, and the decided ones are listed with who asked, who decided, when and the outcome', async () => {
    const threshold = await t.app.inject({ url: '/api/backoffice/finance/adjustments/threshold', headers: bearer(first.token) });
    expect(threshold.statusCode, threshold.body).toBe(200);
    expect(threshold.json().data).toEqual({ approval_threshold: '1000.00' });

    const p = await seedPlayer(t, { centralMinor: 1_000_000n });
    const approvedId = (await adjust(first.token, p.playerId, '1500.00', 'Tournament prize')).json().data.pending_id as number;
    const rejectedId = (await adjust(second.token, p.playerId, '-2000.00', 'Duplicate bonus')).json().data.pending_id as number;
    const waitingId = (await adjust(first.token, p.playerId, '1200.00', 'Still waiting')).json().data.pending_id as number;
    expect((await decide(second.token, approvedId, 'approve')).statusCode).toBe(200);
    expect((await decide(third.token, rejectedId, 'reject', 'Bonus was legitimate')).statusCode).toBe(200);

    const res = await t.app.inject({ url: '/api/backoffice/finance/adjustments?status=decided&pageSize=100', headers: bearer(third.token) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.data as Array<{ id: number; status: string; decided_at: string | null; journal_id: number | null }>;
    expect(rows.some((r) => r.id === waitingId)).toBe(false);
    expect(rows.every((r) => r.status === 'approved' || r.status === 'rejected')).toBe(true);
    const mine = rows.filter((r) => r.id === approvedId || r.id === rejectedId);
    // The latest decision first: the rejection was made after the approval.
    expect(mine.map((r) => r.id)).toEqual([rejectedId, approvedId]);
    expect(mine[0]).toMatchObject({
      account: p.account,
      amount: '-2000.00',
      reason: 'Duplicate bonus',
      status: 'rejected',
      requested_by_name: 'fin4eyes2',
      decided_by_name: 'fin4eyes3',
      decision_reason: 'Bonus was legitimate',
      journal_id: null,
    });
    expect(mine[1]).toMatchObject({ status: 'approved', requested_by_name: 'fin4eyes1', decided_by_name: 'fin4eyes2', amount: '1500.00' });
    expect(mine[1]!.journal_id).toEqual(expect.any(Number));
    for (const r of mine) expect(Date.parse(r.decided_at!)).toBeGreaterThan(Date.now() - 60_000);
    const sorted = [...rows].sort((a, b) => Date.parse(b.decided_at!) - Date.parse(a.decided_at!));
    expect(rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));

    const service = await signedInStaff(t, 'svc4eyesth', 'service');
    expect((await t.app.inject({ url: '/api/backoffice/finance/adjustments/threshold', headers: bearer(service.token) })).statusCode).toBe(403);
  });

  it('only finance managers see and decide the queue', async () => {
    const service = await signedInStaff(t, 'svc4eyes', 'service');
    const res = await t.app.inject({ url: '/api/backoffice/finance/adjustments', headers: bearer(service.token) });
    expect(res.statusCode).toBe(403);
  });

  it('the ledger holds every invariant', async () => {
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
