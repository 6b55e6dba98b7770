// The finance desk of the back office: the deposit queue (confirm and reject manual payments), the withdrawal
// queue (pay out and reject), bank cards to audit, manual balance adjustments, the gateway callback log,
// who may do what, and the audit row every action leaves.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { freshIp, freshPhone } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { accounts, auditLog, depositOrders, journals, players, sessions, withdrawals } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
interface Player {
  playerId: number;
  account: string;
  headers: { authorization: string };
}

let t: TestApp;
const gateway = new FakeGateway();
const tokens: Record<'admin' | 'finance' | 'service' | 'marketing', string> = { admin: '', finance: '', service: '', marketing: '' };
const staffIds: Record<string, number> = {};
const OPERATOR_IP = '10.9.8.7';

async function addStaff(username: string, role: keyof typeof tokens) {
  const { id, token } = await signedInStaff(t, username, role);
  staffIds[role] = id;
  tokens[role] = token;
}

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway });
  await addStaff('fin-boss', 'admin');
  await addStaff('fin-desk', 'finance');
  await addStaff('fin-help', 'service');
  await addStaff('fin-promo', 'marketing');
  await t.app.services.system.updateSettings({ receiving_bank: '004', receiving_bank_account_name: 'Site Ltd', receiving_bank_account: '123456789012' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await checkLedger(t.database.db)).toEqual([]);
});

/** A back-office call as one of the roles, from the operator's address, answered in English. */
function bo(
  role: keyof typeof tokens | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> {
  return t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    remoteAddress: OPERATOR_IP,
    headers: { 'x-locale': 'en', ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function player(p: Player, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Res> {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: { 'x-locale': 'en', ...p.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let seq = 0;
/** A player with a session written directly: the login route's limits are not what this file tests. */
async function seedPlayer(centralMinor = 0n, prefix = 'fi'): Promise<Player> {
  seq += 1;
  const account = `${prefix}${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 12);
  const [row] = await t.database.db
    .insert(players)
    .values({ account, passwordHash: 'x', phone: freshPhone(), recommendCode: `FI${account}` })
    .returning({ id: players.id });
  await openCentralAccount(t.database.db, row!.id);
  if (centralMinor) {
    await t.app.services.wallet.adjustCentral({ playerId: row!.id, amountMinor: centralMinor, memo: 'test funds', idempotencyKey: `fi-seed-${row!.id}` });
  }
  const { token, hash } = newToken();
  await t.database.db.insert(sessions).values({ playerId: row!.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
  return { playerId: row!.id, account, headers: { authorization: `Bearer ${token}` } };
}

const central = async (playerId: number) => (await t.app.services.wallet.balances(playerId)).central;
async function held(playerId: number): Promise<bigint> {
  const rows = await t.database.db
    .select({ b: accounts.balanceMinor })
    .from(accounts)
    .where(and(eq(accounts.playerId, playerId), eq(accounts.kind, 'withdraw_hold')));
  return rows.reduce((s, r) => s + r.b, 0n);
}

function spyEvents() {
  const spy = vi.spyOn(t.app.services.realtime.publisher, 'toPlayer');
  return (playerId: number, event: string) => spy.mock.calls.filter((c) => c[0] === playerId && c[1] === event).map((c) => c[2] as Record<string, unknown>);
}

async function lastAudit(action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return rows[0];
}

async function bankDeposit(p: Player, amount: string): Promise<string> {
  const res = await player(p, 'POST', '/api/finance/deposit/create', { method: 'bank_transfer', amount, player_ref: '54321 09:30' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

let cardSeq = 0;
/** A player with a real name and a bound card that finance has not audited yet. */
async function cardHolder(centralMinor = 1_000_000n, realName = 'Lin Mei-hua') {
  const p = await seedPlayer(centralMinor, 'wd');
  expect((await player(p, 'PUT', '/api/auth/info', { real_name: realName, gender: 'female', birthday: '1991-02-03' })).statusCode).toBe(200);
  cardSeq += 1;
  const number = `7${String(Date.now()).slice(-8)}${String(cardSeq).padStart(4, '0')}`.slice(0, 14);
  const store = await player(p, 'POST', '/api/players/debit-card/store', {
    bank: '822',
    market: 'Xinyi branch',
    account_name: realName,
    card_number: number,
    card_number_confirm: number,
  });
  expect(store.statusCode, store.body).toBe(200);
  const cardId = (await player(p, 'GET', '/api/players/debit-card/list')).json().data.data[0].id as number;
  return { ...p, cardId, number };
}

/** A player with an audited card who asked to withdraw `money`. */
async function withdrawal(money: string) {
  const p = await cardHolder();
  expect((await bo('finance', 'POST', `/finance/bank-cards/${p.cardId}/audit`, { approve: true, reason: '' })).statusCode).toBe(200);
  const res = await player(p, 'POST', '/api/finance/withdraw/create', { money, bank_card_id: p.cardId });
  expect(res.statusCode, res.body).toBe(200);
  return { ...p, withdrawalId: res.json().data.id as string };
}

describe('who may use the finance desk', () => {
  it('asks for a staff session and the right role', async () => {
    expect((await bo(null, 'GET', '/finance/deposits')).statusCode).toBe(401);
    expect((await bo('marketing', 'GET', '/finance/deposits')).statusCode).toBe(403);
    expect((await bo('marketing', 'GET', '/finance/withdrawals')).statusCode).toBe(403);
    // Customer service may read the queues, to answer players, but not act on them.
    expect((await bo('service', 'GET', '/finance/deposits')).statusCode).toBe(200);
    expect((await bo('service', 'GET', '/finance/withdrawals')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/finance/deposits/DPx1/confirm', undefined],
      ['POST', '/finance/deposits/DPx1/reject', { reason: 'x' }],
      ['POST', '/finance/withdrawals/WDx1/approve', {}],
      ['POST', '/finance/withdrawals/WDx1/reject', { reason: 'x' }],
      ['GET', '/finance/bank-cards', undefined],
      ['POST', '/finance/bank-cards/1/audit', { approve: true }],
      ['POST', '/finance/adjustments', { player_id: 1, amount: '1', reason: 'x' }],
      ['GET', '/finance/callbacks', undefined],
    ] as const) {
      expect((await bo('service', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await bo('marketing', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const me = await bo('finance', 'GET', '/auth/me');
    expect(me.json().data.permissions).toEqual(expect.arrayContaining(['finance.read', 'finance.manage']));
  });
});

describe('the deposit queue', () => {
  it("lists pending deposits oldest first with filters, paging and today's totals", async () => {
    const p = await seedPlayer(0n, 'dq');
    const first = await bankDeposit(p, '1000');
    const second = await bankDeposit(p, '250.50');
    const card = await player(p, 'POST', '/api/finance/deposit/create', { method: 'card', amount: '300' });
    expect(card.statusCode).toBe(200);

    const res = await bo('finance', 'GET', `/finance/deposits?status=pending&account=${p.account}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(3);
    expect(body.data.map((d: { id: string }) => d.id)).toEqual([first, second, card.json().data.id]);
    expect(body.data[0]).toMatchObject({
      id: first,
      player_id: p.playerId,
      account: p.account,
      method: 'bank_transfer',
      amount: '1000.00',
      status: 'pending',
      player_ref: '54321 09:30',
      reviewable: true,
      reviewed_by: null,
    });
    // A gateway order is settled by its callback, never by hand.
    expect(body.data[2]).toMatchObject({ method: 'card', reviewable: false });
    expect(body.totals_today).toEqual({ count: 3, amount: '1550.50' });

    const manual = await bo('finance', 'GET', `/finance/deposits?status=pending&method=bank_transfer&account=${p.account}&pageSize=1&page=2`);
    expect(manual.json().data).toMatchObject({ total: 2, page: 2, pageSize: 1, totals_today: { count: 2, amount: '1250.50' } });
    expect(manual.json().data.data.map((d: { id: string }) => d.id)).toEqual([second]);

    // The account filter matches from the start, case-insensitively, and only literally.
    const upper = await bo('finance', 'GET', `/finance/deposits?account=${p.account.toUpperCase().slice(0, 6)}`);
    expect(upper.json().data.data.some((d: { id: string }) => d.id === first)).toBe(true);
    const wildcard = await bo('finance', 'GET', '/finance/deposits?account=_');
    expect(wildcard.json().data.total).toBe(0);

    for (const bad of ['status=done', 'method=cash', 'pageSize=1000', 'page=0', 'account=a%25b']) {
      expect((await bo('finance', 'GET', `/finance/deposits?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('confirms a bank transfer once: the player is credited, told, and the action is audited', async () => {
    const p = await seedPlayer(0n, 'dc');
    const id = await bankDeposit(p, '1234.56');
    const events = spyEvents();

    const res = await bo('finance', 'POST', `/finance/deposits/${id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'paid', amount: '1234.56' });
    expect(await central(p.playerId)).toBe(123_456n);
    expect(events(p.playerId, 'deposit-success')).toEqual([{ id, amount: '1234.56' }]);
    expect((await player(p, 'GET', '/api/auth/me')).json().data.amount).toBe('1234.56');

    // A second press (or a second operator) changes nothing.
    const again = await bo('admin', 'POST', `/finance/deposits/${id}/confirm`);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.modal).toEqual(['This deposit cannot be reviewed']);
    expect(await central(p.playerId)).toBe(123_456n);
    expect(events(p.playerId, 'deposit-success')).toHaveLength(1);
    const credited = await t.database.db
      .select()
      .from(journals)
      .where(and(eq(journals.kind, 'deposit'), eq(journals.ref, id)));
    expect(credited).toHaveLength(1);
    expect(credited[0]!.staffId).toBe(staffIds.finance);

    const audit = await lastAudit('deposit.confirm');
    expect(audit).toMatchObject({ staffId: staffIds.finance, target: `deposit:${id}`, ip: OPERATOR_IP });
    expect(audit!.detail).toMatchObject({ player_id: p.playerId, account: p.account, amount: '1234.56', method: 'bank_transfer', journal_id: credited[0]!.id });

    const listed = await bo('finance', 'GET', `/finance/deposits?status=paid&account=${p.account}`);
    expect(listed.json().data.data[0]).toMatchObject({ id, status: 'paid', reviewed_by: 'fin-desk', reviewable: false });
    expect(listed.json().data.totals_today).toEqual({ count: 1, amount: '1234.56' });
  });

  it('confirms once when two operators press at the same moment', async () => {
    const p = await seedPlayer(0n, 'dd');
    const id = await bankDeposit(p, '500');
    const answers = await Promise.all([bo('finance', 'POST', `/finance/deposits/${id}/confirm`), bo('admin', 'POST', `/finance/deposits/${id}/confirm`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await central(p.playerId)).toBe(50_000n);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.confirm'), eq(auditLog.target, `deposit:${id}`)));
    expect(audits).toHaveLength(1);
  });

  it('rejects a deposit with a reason, tells the player, and refuses gateway orders and unknown ids', async () => {
    const p = await seedPlayer(0n, 'dr');
    const id = await bankDeposit(p, '800');
    const events = spyEvents();
    const noReason = await bo('finance', 'POST', `/finance/deposits/${id}/reject`, { reason: '   ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.reason).toEqual(['Please give a reason']);

    const res = await bo('finance', 'POST', `/finance/deposits/${id}/reject`, { reason: 'No such transfer on the statement' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, status: 'rejected', reason: 'No such transfer on the statement' });
    expect(events(p.playerId, 'deposit-fail')).toEqual([{ id, reason: 'No such transfer on the statement' }]);
    expect(await central(p.playerId)).toBe(0n);
    expect((await bo('finance', 'POST', `/finance/deposits/${id}/confirm`)).statusCode).toBe(422);
    const audit = await lastAudit('deposit.reject');
    expect(audit).toMatchObject({ staffId: staffIds.finance, target: `deposit:${id}`, ip: OPERATOR_IP });
    expect(audit!.detail).toMatchObject({ amount: '800.00', reason: 'No such transfer on the statement' });

    const card = await player(p, 'POST', '/api/finance/deposit/create', { method: 'card', amount: '300' });
    expect((await bo('finance', 'POST', `/finance/deposits/${card.json().data.id}/confirm`)).statusCode).toBe(422);
    expect((await bo('finance', 'POST', `/finance/deposits/${card.json().data.id}/reject`, { reason: 'x' })).statusCode).toBe(422);
    expect((await bo('finance', 'POST', '/finance/deposits/DPnothing0000/confirm')).statusCode).toBe(404);
    expect((await bo('finance', 'POST', '/finance/deposits/bad%20id/confirm')).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, card.json().data.id));
    expect(row!.status).toBe('pending');
  });
});

describe('bank cards', () => {
  it('lists cards awaiting audit with the whole number, approves and refuses them, and tells the player', async () => {
    const p = await cardHolder(0n, 'Chen Da-wei');
    const events = spyEvents();
    const list = await bo('finance', 'GET', `/finance/bank-cards?status=0&account=${p.account}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.data[0]).toMatchObject({
      id: p.cardId,
      player_id: p.playerId,
      account: p.account,
      real_name: 'Chen Da-wei',
      bank: '822',
      bank_name_en: 'CTBC Bank',
      branch: 'Xinyi branch',
      account_name: 'Chen Da-wei',
      card_number: p.number,
      status: 0,
      name_matches: true,
      bound_by_others: false,
    });
    expect((await bo('finance', 'GET', '/finance/bank-cards?status=3')).statusCode).toBe(422);

    const noReason = await bo('finance', 'POST', `/finance/bank-cards/${p.cardId}/audit`, { approve: false, reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.reason).toEqual(['Please give a reason']);

    const refused = await bo('finance', 'POST', `/finance/bank-cards/${p.cardId}/audit`, { approve: false, reason: 'Name on the passbook differs' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(events(p.playerId, 'bankcard-audit')).toEqual([{ id: p.cardId, status_debit_card: 2 }]);
    const mine = await player(p, 'GET', '/api/players/debit-card/list');
    expect(mine.json().data.data[0]).toMatchObject({ status_debit_card: 2, audit_reason: 'Name on the passbook differs' });
    let audit = await lastAudit('bankcard.reject');
    expect(audit).toMatchObject({ staffId: staffIds.finance, target: `bank_card:${p.cardId}`, ip: OPERATOR_IP });
    expect(audit!.detail).toMatchObject({ before: { status: 0 }, after: { status: 2 }, reason: 'Name on the passbook differs', account: p.account });
    // The number in the log shows only its last digits.
    expect(String((audit!.detail as { card_number: string }).card_number)).toMatch(/^\*+\d{4}$/);

    const approved = await bo('admin', 'POST', `/finance/bank-cards/${p.cardId}/audit`, { approve: true });
    expect(approved.statusCode).toBe(200);
    expect(events(p.playerId, 'bankcard-audit').at(-1)).toEqual({ id: p.cardId, status_debit_card: 1 });
    audit = await lastAudit('bankcard.approve');
    expect(audit).toMatchObject({ staffId: staffIds.admin, target: `bank_card:${p.cardId}` });
    const usable = await bo('finance', 'GET', `/finance/bank-cards?status=1&account=${p.account}`);
    expect(usable.json().data.data[0]).toMatchObject({ id: p.cardId, status: 1, audited_by: 'fin-boss' });
    expect((await bo('finance', 'POST', '/finance/bank-cards/999999/audit', { approve: true })).statusCode).toBe(404);
  });
});

describe('the withdrawal queue', () => {
  it('lists withdrawals with the player and the card, whole numbers only for finance', async () => {
    const w = await withdrawal('600');
    const res = await bo('finance', 'GET', `/finance/withdrawals?status=applying&account=${w.account}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(1);
    expect(res.json().data.data[0]).toMatchObject({
      id: w.withdrawalId,
      player_id: w.playerId,
      account: w.account,
      real_name: 'Lin Mei-hua',
      amount: '600.00',
      fee: '0.00',
      payout: '600.00',
      status: 'applying',
      name_matches: true,
      bank_card: {
        id: w.cardId,
        bank: '822',
        bank_name: '中國信託商業銀行',
        bank_name_en: 'CTBC Bank',
        branch: 'Xinyi branch',
        account_name: 'Lin Mei-hua',
        card_number: w.number,
      },
    });
    expect(res.json().data.totals_today).toEqual({ count: 1, amount: '600.00' });
    const forService = await bo('service', 'GET', `/finance/withdrawals?status=applying&account=${w.account}`);
    expect(forService.json().data.data[0].bank_card.card_number).toBe(`${'*'.repeat(w.number.length - 4)}${w.number.slice(-4)}`);
    expect((await bo('finance', 'GET', '/finance/withdrawals?status=pending')).statusCode).toBe(422);
  });

  it('pays out a withdrawal: the hold leaves for the bank, the player hears of it, and a second payout is refused', async () => {
    const w = await withdrawal('700');
    expect(await central(w.playerId)).toBe(1_000_000n - 70_000n);
    expect(await held(w.playerId)).toBe(70_000n);
    const events = spyEvents();

    const malformed = await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/approve`, { bank_reference: '<b>8812</b>' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.bank_reference).toEqual(['Letters, digits, spaces and . _ / # - only, at most 64']);
    expect(await held(w.playerId)).toBe(70_000n);
    const res = await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/approve`, {
      reason: 'Bank ref 8812',
      bank_reference: ' TXN-2026/12 #0042 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: w.withdrawalId, status: 'paid' });
    expect(await held(w.playerId)).toBe(0n);
    expect(await central(w.playerId)).toBe(930_000n);
    expect(events(w.playerId, 'withdrawal')).toEqual([{ id: w.withdrawalId, status: 'pay' }]);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.withdrawalId));
    expect(row).toMatchObject({ status: 'paid', reviewedBy: staffIds.finance, reason: 'Bank ref 8812', payoutReference: 'TXN-2026/12 #0042' });

    const again = await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/approve`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().error.modal).toEqual(['This withdrawal is no longer waiting for review']);
    expect((await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/reject`, { reason: 'late' })).statusCode).toBe(422);
    expect(await central(w.playerId)).toBe(930_000n);

    const audit = await lastAudit('withdrawal.pay');
    expect(audit).toMatchObject({ staffId: staffIds.finance, target: `withdrawal:${w.withdrawalId}`, ip: OPERATOR_IP });
    const [paid] = await t.database.db
      .select()
      .from(journals)
      .where(and(eq(journals.kind, 'withdraw_paid'), eq(journals.ref, w.withdrawalId)));
    expect(audit!.detail).toMatchObject({
      account: w.account,
      amount: '700.00',
      payout: '700.00',
      reason: 'Bank ref 8812',
      bank_reference: 'TXN-2026/12 #0042',
      journal_id: paid!.id,
    });
    const listed = await bo('finance', 'GET', `/finance/withdrawals?status=paid&account=${w.account}`);
    expect(listed.json().data.data[0]).toMatchObject({ status: 'paid', reviewed_by: 'fin-desk', bank_reference: 'TXN-2026/12 #0042' });
    expect(listed.json().data.totals_today).toEqual({ count: 1, amount: '700.00' });
  });

  it('approves without a body', async () => {
    const w = await withdrawal('550');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/finance/withdrawals/${w.withdrawalId}/approve`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await held(w.playerId)).toBe(0n);
    expect(await central(w.playerId)).toBe(945_000n);
  });

  it('rejects a withdrawal with a reason and gives the money back', async () => {
    const w = await withdrawal('900');
    const events = spyEvents();
    expect((await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/reject`, {})).statusCode).toBe(422);
    const res = await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/reject`, { reason: 'Account name does not match' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reason: 'Account name does not match' });
    expect(await central(w.playerId)).toBe(1_000_000n);
    expect(await held(w.playerId)).toBe(0n);
    expect(events(w.playerId, 'withdrawal')).toEqual([{ id: w.withdrawalId, status: 'reject' }]);
    expect((await bo('finance', 'POST', `/finance/withdrawals/${w.withdrawalId}/approve`, {})).statusCode).toBe(422);
    const audit = await lastAudit('withdrawal.reject');
    expect(audit).toMatchObject({ staffId: staffIds.finance, target: `withdrawal:${w.withdrawalId}` });
    expect(audit!.detail).toMatchObject({ amount: '900.00', reason: 'Account name does not match' });
    expect((await bo('finance', 'POST', '/finance/withdrawals/WDnothing000/approve', {})).statusCode).toBe(404);
  });
});

describe('manual balance adjustments', () => {
  it('adds and takes money with a reason, once per idempotency key, and tells the player', async () => {
    const p = await seedPlayer(10_000n, 'aj');
    const events = spyEvents();
    const headers = { 'idempotency-key': `adj-${p.playerId}-plus-0001` };
    const plus = await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '100.50', reason: 'Compensation for outage' }, headers);
    expect(plus.statusCode, plus.body).toBe(200);
    expect(plus.json().data).toMatchObject({ player_id: p.playerId, account: p.account, amount: '100.50', balance: '200.50', replayed: false });
    expect(events(p.playerId, 'system-money-action').length).toBeGreaterThan(0);
    const journalId = plus.json().data.journal_id as number;
    expect(journalId).toBeGreaterThan(0);

    // The same request again: the first adjustment is the answer.
    const again = await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '100.50', reason: 'Compensation for outage' }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ journal_id: journalId, balance: '200.50', replayed: true });
    expect(await central(p.playerId)).toBe(20_050n);
    // The same key for other money is a different command.
    const other = await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '99', reason: 'x' }, headers);
    expect(other.statusCode).toBe(409);

    const minus = await bo('admin', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '-50.25', reason: 'Duplicate bonus clawed back' });
    expect(minus.statusCode, minus.body).toBe(200);
    expect(minus.json().data).toMatchObject({ amount: '-50.25', balance: '150.25', replayed: false });
    expect(await central(p.playerId)).toBe(15_025n);

    const adjustments = await t.database.db
      .select()
      .from(journals)
      .where(and(eq(journals.kind, 'adjustment'), eq(journals.playerId, p.playerId), sql`${journals.staffId} is not null`));
    expect(adjustments.map((j) => [j.staffId, j.memo])).toEqual([
      [staffIds.finance, 'Compensation for outage'],
      [staffIds.admin, 'Duplicate bonus clawed back'],
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'balance.adjust'), eq(auditLog.target, `player:${p.playerId}`)))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ staffId: staffIds.finance, ip: OPERATOR_IP });
    expect(audits[0]!.detail).toMatchObject({
      amount: '100.50',
      reason: 'Compensation for outage',
      journal_id: journalId,
      before: { balance: '100.00' },
      after: { balance: '200.50' },
    });
    expect(audits[1]!.detail).toMatchObject({ amount: '-50.25', before: { balance: '200.50' }, after: { balance: '150.25' } });

    // The ledger shows the adjustment with who made it.
    const ledger = await bo('finance', 'GET', `/players/${p.playerId}/ledger`);
    expect(ledger.json().data.data[0]).toMatchObject({ kind: 'adjustment', amount: '-50.25', staff: 'fin-boss' });
  });

  it('refuses an adjustment that would make the balance negative, and malformed ones', async () => {
    const p = await seedPlayer(5_000n, 'an');
    const below = await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '-50.01', reason: 'Clawback' });
    expect(below.statusCode, below.body).toBe(422);
    expect(below.json().code).toBe('insufficient_funds');
    expect(below.json().error.amount).toEqual(["This would make the player's balance negative"]);
    expect(await central(p.playerId)).toBe(5_000n);
    // Down to exactly zero is allowed.
    expect((await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '-50', reason: 'Clawback' })).statusCode).toBe(200);
    expect(await central(p.playerId)).toBe(0n);

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: '0', reason: 'x' }, 'amount', 'The amount cannot be 0'],
      [{ amount: '-0.00', reason: 'x' }, 'amount', 'The amount cannot be 0'],
      [{ amount: '1.005', reason: 'x' }, 'amount', 'Enter an amount such as 100, -100 or 100.50 (at most two decimals)'],
      [{ amount: 10, reason: 'x' }, 'amount', 'Enter an amount such as 100 or 100.50 (at most two decimals)'],
      [{ amount: '10000000.01', reason: 'x' }, 'amount', 'This amount is too large'],
      [{ amount: '-10000000.01', reason: 'x' }, 'amount', 'This amount is too large'],
      [{ amount: '10', reason: '  ' }, 'reason', 'Please give a reason'],
      [{ amount: '10' }, 'reason', 'Please give a reason'],
    ];
    for (const [body, field, message] of cases) {
      const res = await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error[field]?.[0], JSON.stringify(body)).toBe(message);
    }
    expect((await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '1', reason: 'x', extra: 1 })).statusCode).toBe(422);
    expect((await bo('finance', 'POST', '/finance/adjustments', { player_id: 99_999_999, amount: '1', reason: 'x' })).statusCode).toBe(404);
    expect(
      (await bo('finance', 'POST', '/finance/adjustments', { player_id: p.playerId, amount: '1', reason: 'x' }, { 'idempotency-key': 'bad key!' })).statusCode,
    ).toBe(400);
    expect(await central(p.playerId)).toBe(0n);
  });
});

describe('the gateway callback log', () => {
  it('lists every callback, forged ones included, newest first', async () => {
    const p = await seedPlayer(0n, 'cb');
    const order = await player(p, 'POST', '/api/finance/deposit/create', { method: 'card', amount: '400' });
    const id = order.json().data.id as string;
    const forged = gateway.callback(id, 'paid', { forge: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: forged.headers, payload: forged.body })).statusCode).toBe(
      401,
    );
    const real = gateway.callback(id, 'paid');
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/paybridge/callback', headers: real.headers, payload: real.body })).statusCode).toBe(200);

    const res = await bo('finance', 'GET', '/finance/callbacks');
    expect(res.statusCode, res.body).toBe(200);
    const [newest, older] = res.json().data.data as Array<Record<string, unknown>>;
    expect(newest).toMatchObject({ order_id: id, state: 'paid', signature_ok: true, outcome: 'credited' });
    expect(older).toMatchObject({ signature_ok: false, outcome: 'forged_or_malformed' });
    // A forged body is not stored, so an attacker cannot fill the log: only its size.
    expect(String(older!.body)).toMatch(/bytes, not stored/);

    const onlyForged = await bo('finance', 'GET', '/finance/callbacks?signature=0');
    expect(onlyForged.json().data.data.every((c: { signature_ok: boolean }) => !c.signature_ok)).toBe(true);
    expect(onlyForged.json().data.total).toBeGreaterThan(0);
    const byOrder = await bo('admin', 'GET', `/finance/callbacks?order=${id}`);
    expect(byOrder.json().data.total).toBe(1);
    expect(await central(p.playerId)).toBe(40_000n);
  });
});

describe('withdrawal review risk context', () => {
  it('shows turnover status, recent deposits, win/loss and previous withdrawals beside a request', async () => {
    const w = await withdrawal('600');
    const dep = await bankDeposit(w, '300');
    expect((await bo('finance', 'POST', `/finance/deposits/${dep}/confirm`, {})).statusCode).toBe(200);
    const res = await bo('finance', 'GET', `/finance/withdrawals/${w.withdrawalId}/context`);
    expect(res.statusCode, res.body).toBe(200);
    const ctx = res.json().data;
    // The turnover as it stood when the request was made: the deposit confirmed after it does not change it.
    expect(ctx.turnover).toEqual({ required: '0.00', achieved: '0.00', done: true, at_request: true });
    expect((await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.withdrawalId)))[0]).toMatchObject({
      turnoverRequiredMinor: 0n,
      turnoverAchievedMinor: 0n,
    });
    // A request older than the stored figures shows today's: the later deposit has no valid bet behind it yet.
    await t.database.db.update(withdrawals).set({ turnoverRequiredMinor: null, turnoverAchievedMinor: null }).where(eq(withdrawals.id, w.withdrawalId));
    const live = (await bo('finance', 'GET', `/finance/withdrawals/${w.withdrawalId}/context`)).json().data;
    expect(live.turnover).toEqual({ required: '300.00', achieved: '0.00', done: false, at_request: false });
    expect(ctx.recent_deposits).toEqual([expect.objectContaining({ id: dep, method: 'bank_transfer', amount: '300.00' })]);
    expect(ctx.win_loss_30d).toMatchObject({ bets: 0, player_net: '0.00' });
    expect(ctx.previous_withdrawals).toEqual([]);
    // Staff without finance access, and unknown ids, get nothing.
    expect((await bo('marketing', 'GET', `/finance/withdrawals/${w.withdrawalId}/context`)).statusCode).toBe(403);
    expect((await bo('finance', 'GET', '/finance/withdrawals/WDnope/context')).statusCode).toBe(404);
  });
});
