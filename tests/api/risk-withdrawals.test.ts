// Withdrawal risk rules: every withdrawal request is scored by the named rules after its commit, the
// decision is stored with its inputs, and the finance desk reads it. Each rule on a fixture that fires it and one that
// does not; holds at the hold score; the automatic pay-out flag up to its ceiling; the settings screen audited and
// refused to roles without the permission; rule hits per day counted from the stored decisions.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { freshIp, freshPhone } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { auditLog, betRecords, depositOrders, players, riskDecisions, riskSettings, riskSignals, sessions, withdrawals } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';
import { DEFAULT_RISK_SETTINGS, type RiskSettings } from '../../src/shared/schemas/risk/settings.ts';
import { taipeiDate } from '../../src/shared/time.ts';

let t: TestApp;
let admin: { id: number; token: string };
let finance: { id: number; token: string };
interface Player {
  playerId: number;
  headers: { authorization: string };
  cardId: number;
  number: string;
}
type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway: new FakeGateway() });
  admin = await signedInStaff(t, 'rwadmin', 'admin');
  finance = await signedInStaff(t, 'rwfin', 'finance');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS, allow_player_delete_bank_card: 1 });
  await t.database.db.delete(riskSettings);
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

const HOUR_MS = 3_600_000;
let seq = 0;

function call(p: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Res> {
  return t.app.inject({ method, url, headers: p.headers, payload: payload as object, remoteAddress: freshIp() });
}
const bo = (who: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/backoffice${url}`, headers: { authorization: `Bearer ${who.token}` }, payload: payload as object });

/** A player with 100,000.00 in the central wallet, a real name and a card finance approved. */
async function withdrawer(card?: string): Promise<Player> {
  seq += 1;
  const account = `rw${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 12);
  const [row] = await t.database.db
    .insert(players)
    .values({ account, passwordHash: 'x', phone: freshPhone(), recommendCode: `RW${account}` })
    .returning({ id: players.id });
  await openCentralAccount(t.database.db, row!.id);
  await t.app.services.wallet.adjustCentral({ playerId: row!.id, amountMinor: 10_000_000n, memo: 'test funds', idempotencyKey: `rw-seed-${row!.id}` });
  const { token, hash } = newToken();
  await t.database.db.insert(sessions).values({ playerId: row!.id, tokenHash: hash, expiresAt: new Date(Date.now() + HOUR_MS) });
  const p = { playerId: row!.id, headers: { authorization: `Bearer ${token}` } };
  expect((await call(p, 'PUT', '/api/auth/info', { real_name: `Risk ${seq}`, gender: 'female', birthday: '1991-02-03' })).statusCode).toBe(200);
  const bound = await bindCard(p, `Risk ${seq}`, card);
  return { ...p, ...bound };
}

let cardSeq = 0;
async function bindCard(p: { playerId: number; headers: Record<string, string> }, name: string, card?: string) {
  cardSeq += 1;
  const number = card ?? `8${String(Date.now()).slice(-8)}${String(cardSeq).padStart(4, '0')}`;
  const store = await call(p, 'POST', '/api/players/debit-card/store', {
    bank: '822',
    market: 'Xinyi branch',
    account_name: name,
    card_number: number,
    card_number_confirm: number,
  });
  expect(store.statusCode, store.body).toBe(200);
  const list = (await call(p, 'GET', '/api/players/debit-card/list')).json().data.data as Array<{ id: number; card_number: string }>;
  const cardId = list[list.length - 1]!.id;
  expect((await bo(finance, 'POST', `/finance/bank-cards/${cardId}/audit`, { approve: true, reason: '' })).statusCode).toBe(200);
  return { cardId, number };
}

/** Moves the card signals of a player back in time, as if bound `hours` ago. */
async function ageCards(playerId: number, hours: number) {
  await t.database.db
    .update(riskSignals)
    .set({ firstSeenAt: new Date(Date.now() - hours * HOUR_MS) })
    .where(and(eq(riskSignals.playerId, playerId), eq(riskSignals.kind, 'card')));
}

async function paidDeposit(playerId: number, amountMinor: bigint, status: 'paid' | 'failed' | 'expired' = 'paid') {
  seq += 1;
  await t.database.db.insert(depositOrders).values({
    id: `DPrw${Date.now().toString(36)}${seq}`,
    playerId,
    method: 'bank_transfer',
    amountMinor,
    status,
    playerRef: 'test',
    paidAt: status === 'paid' ? new Date() : null,
  });
}

async function bet(playerId: number, validMinor: bigint) {
  seq += 1;
  const at = new Date();
  await t.database.db.insert(betRecords).values({
    gpCode: 'SLX',
    betId: `RW${Date.now().toString(36)}${seq}`,
    playerId,
    game: 'g',
    gameType: 'slot',
    stakeMinor: validMinor,
    payoutMinor: validMinor,
    validBetMinor: validMinor,
    status: 'settled',
    version: 1,
    ledgerVersion: 1,
    placedAt: at,
    settledAt: at,
  });
}

interface Decision {
  withdrawal_id: string;
  score: number;
  decision: string;
  hits: Array<{ rule: string; points: number; facts: Record<string, string> }>;
  inputs: Record<string, string>;
}

/** Asks to withdraw and reads risk's decision as the finance desk does. */
async function withdraw(p: Player, money: string, cardId = p.cardId): Promise<Decision> {
  const res = await call(p, 'POST', '/api/finance/withdraw/create', { money, bank_card_id: cardId });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  const d = await bo(finance, 'GET', `/risk/withdrawals/${id}`);
  expect(d.statusCode, d.body).toBe(200);
  const data = d.json().data as Decision;
  expect(data.withdrawal_id).toBe(id);
  return data;
}
const rules = (d: Decision) => d.hits.map((h) => h.rule);
const hit = (d: Decision, rule: string) => d.hits.find((h) => h.rule === rule);

async function saveSettings(patch: (s: RiskSettings) => RiskSettings, who = admin) {
  return bo(who, 'PUT', '/risk/settings', { settings: patch(structuredClone(DEFAULT_RISK_SETTINGS)), reason: 'test' });
}

describe('each rule fires on its fixture and not on its twin', () => {
  it('little play: deposits far above the valid bet since', async () => {
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    await paidDeposit(p.playerId, 100_000n);
    await bet(p.playerId, 100_000n);
    const d = await withdraw(p, '600.00');
    expect(hit(d, 'little_play')).toEqual({ rule: 'little_play', points: 30, facts: { deposits: '1000.00', valid_bet: '1000.00', ratio: '200', days: '7' } });
    expect(d.inputs).toMatchObject({ depositsMinor: '100000', validBetMinor: '100000', amountMinor: '60000' });

    const q = await withdrawer();
    await ageCards(q.playerId, 48);
    await paidDeposit(q.playerId, 100_000n);
    await bet(q.playerId, 250_000n);
    expect(rules(await withdraw(q, '600.00'))).not.toContain('little_play');
  });

  it('bonus-heavy: bonuses at least half of the money that came in', async () => {
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    await paidDeposit(p.playerId, 50_000n);
    await bet(p.playerId, 200_000n);
    await t.app.services.wallet.grantBonus({
      playerId: p.playerId,
      name: '紅利',
      amountMinor: 80_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `rw-bonus-${p.playerId}`,
    });
    const d = await withdraw(p, '600.00');
    expect(hit(d, 'bonus_heavy')?.facts).toEqual({ bonus: '800.00', deposits: '500.00', share: '61', days: '30' });

    const q = await withdrawer();
    await ageCards(q.playerId, 48);
    await paidDeposit(q.playerId, 100_000n);
    await bet(q.playerId, 300_000n);
    await t.app.services.wallet.grantBonus({
      playerId: q.playerId,
      name: '紅利',
      amountMinor: 50_000n,
      bonusBetMinor: 0n,
      idempotencyKey: `rw-bonus-${q.playerId}`,
    });
    const clean = await withdraw(q, '600.00');
    expect(rules(clean)).not.toContain('bonus_heavy');
    expect(clean.inputs).toMatchObject({ bonusMinor: '50000', bonusWindowDepositsMinor: '100000' });
  });

  it('linked card: a second account withdrawing to a card another account withdrew to, and the hold it causes', async () => {
    const a = await withdrawer();
    await ageCards(a.playerId, 48);
    const first = await withdraw(a, '600.00');
    expect(rules(first)).not.toContain('linked_card');
    // The first account lets the card go; a second binds it and withdraws to it.
    expect((await call(a, 'POST', '/api/players/debit-card/delete', { id: a.cardId })).statusCode).toBe(200);
    const b = await withdrawer(a.number);
    await ageCards(b.playerId, 48);
    const d = await withdraw(b, '600.00');
    const account = (await t.database.db.select({ a: players.account }).from(players).where(eq(players.id, a.playerId)))[0]!.a;
    expect(hit(d, 'linked_card')).toEqual({ rule: 'linked_card', points: 60, facts: { accounts: account } });
    // 60 points reach the hold score of 50.
    expect(d).toMatchObject({ score: 60, decision: 'hold' });
  });

  it('new card: the first withdrawal to a card after withdrawals to another', async () => {
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    expect(rules(await withdraw(p, '600.00'))).not.toContain('new_card');
    expect(rules(await withdraw(p, '600.00'))).not.toContain('new_card');
    const second = await bindCard(p, `Risk ${seq}`);
    await ageCards(p.playerId, 48);
    const d = await withdraw(p, '600.00', second.cardId);
    expect(hit(d, 'new_card')).toEqual({ rule: 'new_card', points: 15, facts: { earlier: '2' } });
  });

  it('amount spike: five times the average of earlier withdrawals', async () => {
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    expect(rules(await withdraw(p, '500.00'))).toEqual([]);
    const near = await withdraw(p, '2000.00');
    expect(rules(near)).not.toContain('amount_spike');
    // The average of 500.00 and 2,000.00 is 1,250.00; five times that is 6,250.00.
    const d = await withdraw(p, '6250.00');
    expect(hit(d, 'amount_spike')?.facts).toEqual({ amount: '6250.00', average: '1250.00', multiple: '5' });
  });

  it('failed deposits: five failed or expired orders within a day', async () => {
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    for (let i = 0; i < 4; i++) await paidDeposit(p.playerId, 10_000n, i % 2 ? 'failed' : 'expired');
    expect(rules(await withdraw(p, '600.00'))).not.toContain('failed_deposits');
    await paidDeposit(p.playerId, 10_000n, 'failed');
    const d = await withdraw(p, '600.00');
    expect(hit(d, 'failed_deposits')?.facts).toEqual({ failed: '5', hours: '24' });
  });

  it('recent change: a card bound within the day, or a phone changed within it', async () => {
    const p = await withdrawer();
    const d = await withdraw(p, '600.00');
    expect(hit(d, 'recent_change')?.facts).toEqual({ what: 'card', hours: '24' });
    await ageCards(p.playerId, 25);
    expect(rules(await withdraw(p, '600.00'))).not.toContain('recent_change');
    // A second player (three withdrawals a day at most), seeded without registering: the phone registration would
    // have recorded is recorded here, a month back; then an operator changes the phone in the back office, which
    // risk hears of after the commit.
    const q = await withdrawer();
    await ageCards(q.playerId, 48);
    const before = (await t.database.db.select({ phone: players.phone }).from(players).where(eq(players.id, q.playerId)))[0]!.phone;
    await t.app.services.risk.record(q.playerId, 'register', { phone: before });
    await t.database.db
      .update(riskSignals)
      .set({ firstSeenAt: new Date(Date.now() - 30 * 24 * HOUR_MS) })
      .where(and(eq(riskSignals.playerId, q.playerId), eq(riskSignals.kind, 'phone')));
    expect(rules(await withdraw(q, '600.00'))).not.toContain('recent_change');
    const edit = await bo(admin, 'PUT', `/players/${q.playerId}/profile`, {
      real_name: `Risk ${q.playerId}`,
      gender: 'female',
      birthday: '1991-02-03',
      phone: freshPhone(),
      reason: 'player asked by phone',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(hit(await withdraw(q, '600.00'), 'recent_change')?.facts).toEqual({ what: 'phone', hours: '24' });
  });

  it('a rule switched off does not fire', async () => {
    expect((await saveSettings((s) => ({ ...s, rules: { ...s.rules, recent_change: { ...s.rules.recent_change, enabled: false } } }))).statusCode).toBe(200);
    const p = await withdrawer();
    expect(rules(await withdraw(p, '600.00'))).toEqual([]);
  });
});

describe('holds and automatic pay-out', () => {
  it('holds at the hold score, marks automatic pay-out below it up to the ceiling, and leaves the rest to review', async () => {
    const saved = await saveSettings((s) => ({ ...s, hold_score: 25, auto_approve: true, auto_approve_ceiling: 1000 }));
    expect(saved.statusCode, saved.body).toBe(200);
    const p = await withdrawer();
    // A fresh card: recent_change, 25 points, reaches the hold score of 25.
    const held = await withdraw(p, '600.00');
    expect(held).toMatchObject({ score: 25, decision: 'hold' });
    await ageCards(p.playerId, 48);
    expect(await withdraw(p, '1000.00')).toMatchObject({ score: 0, decision: 'auto_approve' });
    const above = await withdraw(p, '1000.01');
    expect(above).toMatchObject({ score: 0, decision: 'review' });
    expect(above.inputs).toMatchObject({ hold_score: '25', auto_approve: 'true', auto_approve_ceiling: '1000' });
    // Every decision is stored with its inputs (the enforcement is tested below).
    const rows = await t.database.db.select().from(riskDecisions).where(eq(riskDecisions.playerId, p.playerId)).orderBy(riskDecisions.id);
    expect(rows.map((r) => [r.decision, r.amountMinor])).toEqual([
      ['hold', 60_000n],
      ['auto_approve', 100_000n],
      ['review', 100_001n],
    ]);
  });

  it('without the automatic pay-out flag, nothing is marked for it', async () => {
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    expect(await withdraw(p, '600.00')).toMatchObject({ score: 0, decision: 'review' });
  });
});

describe('holds are enforced and automatic approval is real', () => {
  const queue = async (q: string) =>
    (await bo(admin, 'GET', `/finance/withdrawals?status=applying&pageSize=100&${q}`)).json().data.data as Array<{
      id: string;
      held: boolean;
      auto_approved_at: string | null;
      risk_decision: string | null;
      risk_pending: boolean;
    }>;
  const row = async (id: string) => (await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

  it('refuses to pay a held withdrawal until a risk reviewer releases it with a reason, audited; finance may not release', async () => {
    expect((await saveSettings((s) => ({ ...s, hold_score: 25 }))).statusCode).toBe(200);
    const p = await withdrawer();
    const held = await withdraw(p, '600.00');
    expect(held.decision).toBe('hold');
    const id = held.withdrawal_id;
    expect(await row(id)).toMatchObject({ riskDecision: 'hold', releasedAt: null });
    const listed = await queue('risk=held');
    expect(listed.find((w) => w.id === id)).toMatchObject({ held: true, auto_approved_at: null });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/finance/withdrawals/${id}/approve`,
      headers: { authorization: `Bearer ${finance.token}`, 'x-locale': 'en' },
      payload: {},
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      status: 'error',
      code: 'validation_failed',
      error: { modal: ['This withdrawal is held by the risk rules: a risk reviewer must release it before it is paid'] },
    });
    expect((await row(id)).status).toBe('applying');
    // The finance desk that pays cannot lift the hold itself.
    expect((await bo(finance, 'POST', `/finance/withdrawals/${id}/release`, { reason: 'known player' })).statusCode).toBe(403);
    expect((await bo(admin, 'POST', `/finance/withdrawals/${id}/release`, {})).statusCode).toBe(422);
    const released = await bo(admin, 'POST', `/finance/withdrawals/${id}/release`, { reason: 'card checked by phone' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ id, held: false, release_reason: 'card checked by phone' });
    expect((await bo(admin, 'POST', `/finance/withdrawals/${id}/release`, { reason: 'again' })).statusCode).toBe(422);
    const audit = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'withdrawal.release'), eq(auditLog.target, `withdrawal:${id}`)))
    )[0]!;
    expect(audit.staffId).toBe(admin.id);
    expect(audit.detail).toMatchObject({ before: { hold: 'held' }, after: { hold: 'released' }, reason: 'card checked by phone', amount: '600.00' });
    expect((await queue('risk=held')).some((w) => w.id === id)).toBe(false);
    const paid = await bo(finance, 'POST', `/finance/withdrawals/${id}/approve`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
  });

  it('a held withdrawal may still be rejected, and one risk never scored is scored before it is paid', async () => {
    expect((await saveSettings((s) => ({ ...s, hold_score: 25 }))).statusCode).toBe(200);
    const p = await withdrawer();
    const first = await withdraw(p, '600.00');
    expect((await bo(finance, 'POST', `/finance/withdrawals/${first.withdrawal_id}/reject`, { reason: 'risk' })).statusCode).toBe(200);
    // As if the request's event had been lost: no decision anywhere. Paying scores it first, and it is held.
    const second = await withdraw(p, '700.00');
    await t.database.db.delete(riskDecisions).where(eq(riskDecisions.withdrawalId, second.withdrawal_id));
    await t.database.db.update(withdrawals).set({ riskDecision: null }).where(eq(withdrawals.id, second.withdrawal_id));
    const refused = await bo(finance, 'POST', `/finance/withdrawals/${second.withdrawal_id}/approve`, {});
    expect(refused.statusCode).toBe(422);
    expect((await row(second.withdrawal_id)).riskDecision).toBe('hold');
    expect((await t.database.db.select().from(riskDecisions).where(eq(riskDecisions.withdrawalId, second.withdrawal_id))).length).toBe(1);
  });

  it('a withdrawal risk could not score shows so on the queue, and can be neither approved nor released until it is scored', async () => {
    const p = await withdrawer();
    // A risk outage: the request's event handler fails quietly and the request stands without a decision.
    const outage = vi.spyOn(t.app.services.risk, 'assessWithdrawal').mockRejectedValue(new Error('risk store unreachable'));
    try {
      const res = await call(p, 'POST', '/api/finance/withdraw/create', { money: '600.00', bank_card_id: p.cardId });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as string;
      expect(await row(id)).toMatchObject({ status: 'applying', riskDecision: null });
      const listed = (await queue('')).find((w) => w.id === id);
      expect(listed).toMatchObject({ risk_decision: null, risk_pending: true, held: false });
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/backoffice/finance/withdrawals/${id}/approve`,
        headers: { authorization: `Bearer ${finance.token}`, 'x-locale': 'en' },
        payload: {},
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        status: 'error',
        code: 'validation_failed',
        error: { modal: ['The risk check of this withdrawal has not finished yet; try again in a moment'] },
      });
      expect((await bo(admin, 'POST', `/finance/withdrawals/${id}/release`, { reason: 'looks fine' })).statusCode).toBe(422);
      expect(await row(id)).toMatchObject({ status: 'applying', riskDecision: null, releasedAt: null });
      expect(
        (
          await t.database.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.target, `withdrawal:${id}`))
        ).length,
      ).toBe(0);
      outage.mockRestore();
      // Once risk answers again, paying scores it first and then pays it.
      const paid = await bo(finance, 'POST', `/finance/withdrawals/${id}/approve`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await row(id)).toMatchObject({ status: 'paid', riskDecision: 'review' });
      expect((await queue('')).some((w) => w.id === id)).toBe(false);
    } finally {
      outage.mockRestore();
    }
  });

  it('approves automatically below the hold score up to the ceiling, not above it, and not when the operator does not allow it', async () => {
    expect((await saveSettings((s) => ({ ...s, hold_score: 25, auto_approve: true, auto_approve_ceiling: 1000 }))).statusCode).toBe(200);
    const p = await withdrawer();
    await ageCards(p.playerId, 48);
    const within = await withdraw(p, '1000.00');
    const above = await withdraw(p, '1000.01');
    expect((await row(within.withdrawal_id)).autoApprovedAt).toBeInstanceOf(Date);
    expect((await row(above.withdrawal_id)).autoApprovedAt).toBeNull();
    const auto = await queue('risk=auto_approved');
    expect(auto.some((w) => w.id === within.withdrawal_id)).toBe(true);
    expect(auto.some((w) => w.id === above.withdrawal_id)).toBe(false);
    // The finance desk still does the paying, of both.
    for (const id of [within.withdrawal_id, above.withdrawal_id])
      expect((await bo(finance, 'POST', `/finance/withdrawals/${id}/approve`, {})).statusCode).toBe(200);
    expect((await saveSettings((s) => ({ ...s, hold_score: 25, auto_approve: false, auto_approve_ceiling: 1000 }))).statusCode).toBe(200);
    const off = await withdraw(p, '500.00');
    expect(await row(off.withdrawal_id)).toMatchObject({ riskDecision: 'review', autoApprovedAt: null });
  });
});

describe('the settings screen and the rule hits', () => {
  it('audits a change with before and after, refuses finance, and counts hits per day', async () => {
    expect((await saveSettings((s) => ({ ...s, hold_score: 70 }), finance)).statusCode).toBe(403);
    const bad = await bo(admin, 'PUT', '/risk/settings', { settings: { ...DEFAULT_RISK_SETTINGS, hold_score: -1 }, reason: 'x' });
    expect(bad.statusCode).toBe(422);
    const res = await saveSettings((s) => ({ ...s, hold_score: 70, auto_approve_ceiling: 2500, weights: { ...s.weights, device: 45 } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings.hold_score).toBe(70);
    const audit = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'risk.settings.update')).orderBy(desc(auditLog.id)).limit(1))[0]!;
    expect(audit.staffId).toBe(admin.id);
    expect(audit.detail).toMatchObject({
      reason: 'test',
      before: { hold_score: 50, auto_approve_ceiling: '5000.00', weights: { device: 40 } },
      after: { hold_score: 70, auto_approve_ceiling: '2500.00', weights: { device: 45 } },
    });
    expect((await bo(finance, 'GET', '/risk/settings')).json().data.settings.weights.device).toBe(45);

    const today = taipeiDate(new Date());
    const hits = await bo(finance, 'GET', `/risk/rule-hits?from=${today}&to=${today}`);
    expect(hits.statusCode, hits.body).toBe(200);
    const day = hits.json().data.days[0];
    const counted = await t.database.db.execute<{ rule: string; n: number }>(
      sql`select h->>'rule' as rule, count(*)::int as n from risk_decisions d cross join lateral jsonb_array_elements(d.hits) h group by 1`,
    );
    expect(day.hits).toEqual(Object.fromEntries(counted.rows.map((r) => [r.rule, Number(r.n)])));
    const all = await t.database.db.select().from(riskDecisions);
    expect(day.decisions).toBe(all.length);
    expect(day.hold).toBe(all.filter((d) => d.decision === 'hold').length);
    expect(day.hits.recent_change).toBeGreaterThan(0);
    expect((await bo(finance, 'GET', `/risk/rule-hits?from=${today}&to=2020-01-01`)).statusCode).toBe(422);
  });
});
