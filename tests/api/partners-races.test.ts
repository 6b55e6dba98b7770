// Partners under concurrency and across trees: two settlement runs at once build one statement per partner;
// approvals racing pay once; payouts are held, paid or released like withdrawals and never overdraw the wallet; a
// partner never reads another tree's statements, players, links or sub-partners by guessing ids; a sub-partner's rate
// above its parent's is refused. The ledger is checked after each part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { settlePeriod } from '../../src/server/modules/partners/settlement.ts';
import { periodAt } from '../../src/server/modules/partners/periods.ts';
import {
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
let X: Partner;
let Y: Partner;
let Ysub: Partner;
const period = periodAt('month', new Date()).key;
let statementX = 0;
let statementY = 0;

async function wallet(p: Partner) {
  return (await portal(t, p, 'GET', '/wallet')).json().data as { balance: string; pending_payouts: string };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await admin(t);
  const plan = await createPlan(t, staff, {
    name: 'Flat',
    period_kind: 'month',
    carry_over: false,
    payment_fee_bp: 0,
    is_default: true,
    cpa: { amount: '1000.00', min_first_deposit: '100.00', min_valid_bet: '0', within_days: 30 },
    tiers: [{ min_ngr: '0', min_active_players: 0, rate_bp: 3000 }],
    platform_fees: [],
  });
  X = await createPartner(t, staff, 'xagent01', plan);
  Y = await createPartner(t, staff, 'yagent01', plan);
  Ysub = await createSub(t, Y, 'ysubagt1', 1000);
  // One first deposit each: a CPA of 1,000.00 for X and Y, nothing for Y's sub-partner.
  const px = await playerOf(t, 'xagent01');
  const py = await playerOf(t, 'yagent01');
  await money(t, 'deposit', px.id, 20_000n, 'px-dep');
  await money(t, 'deposit', py.id, 20_000n, 'py-dep');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('settlement under concurrency', () => {
  it('two runs at once build one statement per partner and period, with the same figures', async () => {
    const [r1, r2] = await Promise.all([settlePeriod(t.database.db, period), settlePeriod(t.database.db, period)]);
    expect(r1.built + r1.unchanged).toBe(3);
    expect(r2.built + r2.unchanged).toBe(3);
    // Whichever ran second found the first one's statements and wrote nothing new.
    expect(Math.min(r1.built, r2.built)).toBe(0);
    const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from partner_statements where period = ${period}`);
    expect(Number(rows.rows[0]!.n)).toBe(3);
    const list = await bo(t, staff, 'GET', `/statements?period=${period}`);
    const byAccount = new Map(
      (list.json().data.data as Array<{ id: number; partner_account: string; figures: { commission: string } }>).map((s) => [s.partner_account, s]),
    );
    expect(byAccount.get('xagent01')!.figures.commission).toBe('1000.00');
    expect(byAccount.get('yagent01')!.figures.commission).toBe('1000.00');
    statementX = byAccount.get('xagent01')!.id;
    statementY = byAccount.get('yagent01')!.id;
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});

describe('approval', () => {
  it('pays once however many approvals race, and records one audit entry', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => bo(t, staff, 'POST', `/statements/${statementX}/approve`, {})));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.json().data.status === 'approved')).toBe(true);
    const journals = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journals where kind = 'partner_commission' and ref = ${String(statementX)}`,
    );
    expect(Number(journals.rows[0]!.n)).toBe(1);
    expect((await wallet(X)).balance).toBe('1000.00');
    expect((await auditOf(t, staff, 'partners.statement.approve')).filter((e) => e.target === `partner_statement:${statementX}`)).toHaveLength(1);
  });

  it('an adjustment with a reason changes what approval pays; an approved statement cannot be adjusted or held', async () => {
    const adj = await bo(t, staff, 'POST', `/statements/${statementY}/adjust`, { amount: '-250.50', reason: 'chargeback of one deposit' });
    expect(adj.statusCode, adj.body).toBe(200);
    expect(adj.json().data.figures.commission).toBe('749.50');
    const bulk = await bo(t, staff, 'POST', '/statements/bulk-approve', { ids: [statementY, statementX] });
    expect(bulk.json().data.approved.sort()).toEqual([statementX, statementY].sort());
    expect((await wallet(Y)).balance).toBe('749.50');
    expect((await bo(t, staff, 'POST', `/statements/${statementY}/adjust`, { amount: '1.00', reason: 'late' })).statusCode).toBe(422);
    expect((await bo(t, staff, 'POST', `/statements/${statementY}/hold`, { reason: 'late' })).statusCode).toBe(422);
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});

describe('payouts', () => {
  it('needs a bank card, given with the password again', async () => {
    const none = await portal(t, X, 'POST', '/payouts', { amount: '100.00', request_key: 'no-card-0001' });
    expect(none.statusCode).toBe(422);
    const wrong = await portal(t, X, 'PUT', '/bank-card', { bank: 'Harbour Bank', holder: 'X Agent', card_number: '1234567890123', password: 'wrong111' });
    expect(wrong.statusCode).toBe(422);
    const card = await portal(t, X, 'PUT', '/bank-card', { bank: 'Harbour Bank', holder: 'X Agent', card_number: '1234567890123', password: X.password });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.bank_card.card_number_masked).toBe('*********0123');
  });

  it('holds the amount at request and pays it out', async () => {
    const req = await portal(t, X, 'POST', '/payouts', { amount: '300.00', request_key: 'payout-key-0001' });
    expect(req.statusCode, req.body).toBe(200);
    expect(req.json().data.status).toBe('applying');
    expect(await wallet(X)).toMatchObject({ balance: '700.00', pending_payouts: '300.00' });
    const same = await portal(t, X, 'POST', '/payouts', { amount: '300.00', request_key: 'payout-key-0001' });
    expect(same.json().data.id).toBe(req.json().data.id);
    const pay = await bo(t, staff, 'POST', `/payouts/${req.json().data.id}/pay`, { note: 'bank ref 5521' });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data.status).toBe('paid');
    expect(await wallet(X)).toMatchObject({ balance: '700.00', pending_payouts: '0.00' });
    expect((await bo(t, staff, 'POST', `/payouts/${req.json().data.id}/reject`, { reason: 'too late' })).statusCode).toBe(422);
  });

  it('a rejected payout is released back into the wallet', async () => {
    const req = await portal(t, X, 'POST', '/payouts', { amount: '200.00', request_key: 'payout-key-0002' });
    expect(await wallet(X)).toMatchObject({ balance: '500.00' });
    const rej = await bo(t, staff, 'POST', `/payouts/${req.json().data.id}/reject`, { reason: 'card holder differs' });
    expect(rej.json().data.status).toBe('rejected');
    expect(await wallet(X)).toMatchObject({ balance: '700.00', pending_payouts: '0.00' });
    expect((await auditOf(t, staff, 'partners.payout.reject'))[0]).toMatchObject({
      before: { status: 'applying', amount: '200.00' },
      after: { status: 'rejected' },
    });
  });

  it('racing requests never take more than the wallet holds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => portal(t, X, 'POST', '/payouts', { amount: '500.00', request_key: `race-key-000${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422 && a.json().code === 'insufficient_funds')).toHaveLength(4);
    expect(await wallet(X)).toMatchObject({ balance: '200.00', pending_payouts: '500.00' });
  });

  it('a payout above the balance says the balance is too low, in both languages', async () => {
    const ask = (locale: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agent/payouts',
        headers: { cookie: X.cookie, 'x-locale': locale },
        payload: { amount: '200.01', request_key: key },
      });
    const en = await ask('en', 'above-balance-en1');
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json()).toMatchObject({ code: 'insufficient_funds', error: { amount: ['The amount is more than your balance'] } });
    const zh = await ask('zh-TW', 'above-balance-zh1');
    expect(zh.json()).toMatchObject({ code: 'insufficient_funds', error: { amount: ['金額超過您的餘額'] } });
    expect(await wallet(X)).toMatchObject({ balance: '200.00', pending_payouts: '500.00' });
  });

  it('finance reviews payouts; customer service may read but not pay', async () => {
    const { signedInStaff } = await import('../helpers/app.ts');
    const svc = await signedInStaff(t, 'partners_svc', 'service');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/partners/payouts?status=applying',
      headers: { authorization: `Bearer ${svc.token}` },
    });
    expect(list.statusCode).toBe(200);
    const id = list.json().data.data[0].id as number;
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/partners/payouts/${id}/pay`,
      headers: { authorization: `Bearer ${svc.token}` },
      payload: {},
    });
    expect(pay.statusCode).toBe(403);
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});

describe('one tree never reads another', () => {
  it('anonymous calls get 401 before validation', async () => {
    for (const url of ['/api/agent/statements/abc', '/api/agent/me', '/api/agent/players?page=-1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    const forged = await t.app.inject({ method: 'GET', url: '/api/agent/me', headers: { cookie: 'lh_agent=not-a-real-session-token-at-all' } });
    expect(forged.statusCode).toBe(401);
  });

  it("guessed ids of another tree's statements and sub-partners answer 404, like unknown ones", async () => {
    expect((await portal(t, X, 'GET', `/statements/${statementY}`)).statusCode).toBe(404);
    expect((await portal(t, X, 'GET', `/statements/${statementY}/csv`)).statusCode).toBe(404);
    expect((await portal(t, X, 'GET', '/statements/999999')).statusCode).toBe(404);
    expect((await portal(t, X, 'PUT', `/sub-partners/${Ysub.id}/rate`, { rate_bp: 100 })).statusCode).toBe(404);
    expect((await portal(t, Ysub, 'GET', `/statements/${statementY}`)).statusCode).toBe(404);
    const own = await portal(t, X, 'GET', `/statements/${statementX}/csv`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('text/csv');
    expect(own.body).toContain('commission,1000.00');
    // Written by the product's one CSV writer: the byte-order mark, CRLF lines, the rate marked as a percentage.
    expect(own.body.startsWith('\uFEFFline,value\r\n')).toBe(true);
    expect(own.body).toMatch(/\r\nrate_pct,\d+\.\d{2}%\r\n/);
  });

  it("lists only the partner's own players, links and sub-partners", async () => {
    await portal(t, Y, 'POST', '/links', { campaign: 'y-only' });
    const links = await portal(t, X, 'GET', '/links');
    expect(links.json().data).toEqual([]);
    const players = await portal(t, X, 'GET', '/players?scope=tree');
    expect(players.json().data.total).toBe(1);
    expect(players.json().data.data[0].partner_account).toBe('xagent01');
    expect(players.json().data.data[0].account_masked).toMatch(/^.\*+.$/);
    expect((await portal(t, X, 'GET', '/sub-partners')).json().data).toEqual([]);
    const ys = await portal(t, Y, 'GET', '/statements');
    expect((ys.json().data.data as Array<{ partner_account: string }>).every((s) => s.partner_account === 'yagent01')).toBe(true);
  });
});

describe('fraud signals', () => {
  it('lists players of the partner registered from one address beside the statement', async () => {
    const { registerPlayer } = await import('../helpers/players.ts');
    const ip = '10.77.1.9';
    const one = await registerPlayer(t, { ip, extra: { recommended_code: 'xagent01' } });
    const two = await registerPlayer(t, { ip, extra: { recommended_code: 'xagent01' } });
    expect([one.res.statusCode, two.res.statusCode]).toEqual([200, 200]);
    const res = await bo(t, staff, 'GET', `/statements/${statementX}`);
    expect(res.statusCode, res.body).toBe(200);
    const signal = (res.json().data.signals as Array<{ kind: string; value: string; player_ids: number[] }>).find((x) => x.kind === 'shared_registration_ip');
    expect(signal).toMatchObject({ value: ip });
    expect(signal!.player_ids).toHaveLength(2);
    const list = await bo(t, staff, 'GET', `/statements?period=${period}&partner_id=${X.id}`);
    expect(list.json().data.data[0].signals).toBeGreaterThanOrEqual(1);
  });
});

describe('sub-partner rates', () => {
  it("refuses a rate above the parent's reach, at creation and at a change", async () => {
    const high = await portal(t, Y, 'POST', '/sub-partners', { account: 'ysubagt2', password: 'abc12345', name: 'Too high', rate_bp: 3001 });
    expect(high.statusCode).toBe(422);
    expect(high.json().error.rate_bp).toBeDefined();
    const deeper = await portal(t, Ysub, 'POST', '/sub-partners', { account: 'ysubsub1', password: 'abc12345', name: 'Deeper', rate_bp: 1001 });
    expect(deeper.statusCode).toBe(422);
    const change = await portal(t, Y, 'PUT', `/sub-partners/${Ysub.id}/rate`, { rate_bp: 3500 });
    expect(change.statusCode).toBe(422);
    const ok = await portal(t, Ysub, 'POST', '/sub-partners', { account: 'ysubsub1', password: 'abc12345', name: 'Level three', rate_bp: 1000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.level).toBe(3);
    const { firstSignIn } = await import('./partners-helpers.ts');
    const sub3 = { id: ok.json().data.id as number, account: 'ysubsub1', ...(await firstSignIn(t, 'ysubsub1', 'abc12345')) };
    const fourth = await portal(t, sub3, 'POST', '/sub-partners', { account: 'ylevel44', password: 'abc12345', name: 'Level four', rate_bp: 100 });
    expect(fourth.statusCode).toBe(422);
    const byOperator = await bo(t, staff, 'PATCH', `/partners/${Ysub.id}`, { rate_cap_bp: 3100, reason: 'test' });
    expect(byOperator.statusCode).toBe(422);
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerClean(t);
  });
});
