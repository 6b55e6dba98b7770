// Deposits through the AIO gateway dialect (integrations/payments/aio.ts), notice by notice: the checkout form the
// player's browser posts, the code-issued notice (PaymentInfoURL) for an ATM account, a store code and barcodes, the
// paid notice (ReturnURL) answered `1|OK` and credited once, a simulated payment recorded and never credited, and
// the refusals (wrong MAC, wrong amount, unknown order). The notices are posted here as the gateway would post them,
// signed with the published test merchant's keys; the stand-in's own deliveries are in cashier-aio-sim.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { freshIp, freshPhone } from '../helpers/players.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';
import { depositOrders, gatewayCallbacks, journals, players, sessions } from '../../src/server/db/schema.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { newToken } from '../../src/server/modules/auth/tokens.ts';
import { aioDateTime, checkMacValue, macHolds } from '../../src/server/integrations/payments/aio.ts';
import { AIO_TEST_MERCHANT } from '../../src/server/config.ts';
import { translate } from '../../src/i18n/index.ts';

const { merchantId: MERCHANT, hashKey: KEY, hashIv: IV } = AIO_TEST_MERCHANT;
let t: TestApp;
interface Player {
  playerId: number;
  headers: { authorization: string };
}
type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_GATEWAY_DIALECT: 'aio', CALLBACK_BASE_URL: 'http://api.test', SITE_URL: 'http://site.test', AIO_GATEWAY_URL: 'http://gw.test' },
    { provider: new FakeProvider() },
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS });
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

let seq = 0;
async function seedPlayer(): Promise<Player> {
  seq += 1;
  const account = `ai${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 12);
  const [row] = await t.database.db
    .insert(players)
    .values({ account, passwordHash: 'x', phone: freshPhone(), recommendCode: `AI${account}` })
    .returning({ id: players.id });
  await openCentralAccount(t.database.db, row!.id);
  const { token, hash } = newToken();
  await t.database.db.insert(sessions).values({ playerId: row!.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
  return { playerId: row!.id, headers: { authorization: `Bearer ${token}` } };
}

function call(p: Player, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Res> {
  return t.app.inject({ method, url, payload: payload as object, headers: { ...p.headers, ...headers }, remoteAddress: freshIp() });
}

async function deposit(p: Player, method: string, amount: string, headers: Record<string, string> = {}) {
  const res = await call(p, 'POST', '/api/finance/deposit/create', { method, amount }, { 'idempotency-key': `k-${Date.now()}-${++seq}`, ...headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A notice as the gateway posts it: its fields signed, form-encoded. */
function notice(kind: 'info' | 'paid', fields: Record<string, string>, opts: { sign?: boolean } = {}): Promise<Res> {
  const signed = opts.sign === false ? fields : { ...fields, CheckMacValue: checkMacValue(fields, KEY, IV) };
  return t.app.inject({
    method: 'POST',
    url: kind === 'info' ? '/api/payments/aio/payment-info' : '/api/payments/aio/return',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(signed).toString(),
    remoteAddress: '203.0.113.9',
  });
}

const base = (id: string, amountTwd: string) => ({
  MerchantID: MERCHANT,
  MerchantTradeNo: id,
  StoreID: '',
  TradeNo: `26${String(Date.now()).slice(-12)}`,
  TradeAmt: amountTwd,
  TradeDate: aioDateTime(new Date()),
  CustomField1: '',
  CustomField2: '',
  CustomField3: '',
  CustomField4: '',
});
const paidFields = (id: string, amountTwd: string, extra: Record<string, string> = {}) => ({
  ...base(id, amountTwd),
  RtnCode: '1',
  RtnMsg: '交易成功',
  PaymentType: 'CVS_CVS',
  PaymentDate: aioDateTime(new Date()),
  PaymentTypeChargeFee: '0',
  SimulatePaid: '0',
  ...extra,
});

/** The player's central balance in minor units, as the player's own page reads it. */
async function central(p: Player): Promise<bigint> {
  const res = await call(p, 'GET', '/api/auth/me');
  expect(res.statusCode).toBe(200);
  return BigInt(Math.round(Number(res.json().data.amount) * 100));
}
const depositJournals = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(journals)
      .where(and(eq(journals.kind, 'deposit'), eq(journals.ref, id)))
  ).length;
const statusOf = async (id: string) => (await t.database.db.select().from(depositOrders).where(eq(depositOrders.id, id)))[0]!;
const noticesOf = async (id: string) =>
  t.database.db
    .select()
    .from(gatewayCallbacks)
    .where(and(eq(gatewayCallbacks.gateway, 'aio'), eq(gatewayCallbacks.orderId, id)))
    .orderBy(gatewayCallbacks.id);

describe('the checkout', () => {
  it('offers ATM and barcode too, with the dialect limits narrowing the methods', async () => {
    const p = await seedPlayer();
    const data = (await call(p, 'GET', '/api/finance/deposit/methods')).json().data;
    expect(data.methods).toEqual(['card', 'cvs', 'online_banking', 'atm', 'barcode']);
    // The personal merchant's published limits: CVS 33-6,000; ATM 11-49,999; barcode 17-20,000; card 5-199,999. The
    // site's own method minimum of 100 stays the higher minimum.
    expect(data.limits).toMatchObject({
      cvs: { min: '100.00', max: '6000.00' },
      atm: { min: '100.00', max: '49999.00' },
      barcode: { min: '100.00', max: '20000.00' },
      card: { min: '100.00', max: '199999.00' },
    });
  });

  it('refuses an amount above the method limit and an amount with cents', async () => {
    const p = await seedPlayer();
    const over = await call(p, 'POST', '/api/finance/deposit/create', { method: 'cvs', amount: '6001' }, { 'idempotency-key': `over-key-${seq}` });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.amount).toEqual([translate('zh-TW', 'cashier.amount.above_max')]);
    const cents = await call(p, 'POST', '/api/finance/deposit/create', { method: 'cvs', amount: '500.50' }, { 'idempotency-key': `cents-key-${seq}` });
    expect(cents.statusCode).toBe(422);
    expect(cents.json().error.amount).toEqual([translate('zh-TW', 'cashier.amount.whole')]);
  });

  it('answers a signed form for the browser to post, with PaymentInfoURL for a code method', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500', { 'accept-language': 'en' });
    expect(d.id).toMatch(/^DP[0-9a-z]{18}$/);
    expect(d.checkout.action).toBe('http://gw.test/Cashier/AioCheckOut/V5');
    const f = d.checkout.fields;
    expect(f).toMatchObject({
      MerchantID: MERCHANT,
      MerchantTradeNo: d.id,
      PaymentType: 'aio',
      TotalAmount: '1500',
      ChoosePayment: 'CVS',
      EncryptType: '1',
      ReturnURL: 'http://api.test/api/payments/aio/return',
      PaymentInfoURL: 'http://api.test/api/payments/aio/payment-info',
    });
    expect(f.MerchantTradeDate).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(macHolds(f, KEY, IV)).toBe(true);
    // Read again, the same order gives the same form (the date is the order's own).
    const again = (await call(p, 'GET', `/api/finance/deposit/${d.id}`, undefined, { 'accept-language': 'en' })).json().data;
    expect(again.checkout.fields.CheckMacValue).toBe(f.CheckMacValue);
  });
});

describe('the code-issued notice', () => {
  it('stores a store code with its expiry, answers 1|OK, and the form is no longer offered', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500');
    const res = await notice('info', {
      ...base(d.id, '1500'),
      RtnCode: '10100073',
      RtnMsg: 'Get CVS Code Succeeded.',
      PaymentType: 'CVS_CVS',
      PaymentNo: 'LLL22251222',
      ExpireDate: '2030/01/05 12:00:00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1|OK');
    const view = (await call(p, 'GET', `/api/finance/deposit/${d.id}`)).json().data;
    expect(view).toMatchObject({ status: 'pending', payment_code: 'LLL22251222', expires_at: '2030-01-05T04:00:00.000Z', checkout: null });
    // A second delivery of the same notice changes nothing and is still acknowledged.
    const again = await notice('info', {
      ...base(d.id, '1500'),
      RtnCode: '10100073',
      RtnMsg: 'x',
      PaymentType: 'CVS_CVS',
      PaymentNo: 'OTHER0000001',
      ExpireDate: '2030/01/06 12:00:00',
    });
    expect(again.body).toBe('1|OK');
    expect((await statusOf(d.id)).paymentCode).toBe('LLL22251222');
    expect((await noticesOf(d.id)).map((n) => n.outcome)).toEqual(['code_issued', 'duplicate']);
  });

  it('stores an ATM virtual account with its bank, expiring at the end of the given day', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'atm', '2000');
    const res = await notice('info', {
      ...base(d.id, '2000'),
      RtnCode: '2',
      RtnMsg: 'Get VirtualAccount Succeeded',
      PaymentType: 'ATM_TAISHIN',
      BankCode: '812',
      vAccount: '9103522175887271',
      ExpireDate: '2030/01/05',
    });
    expect(res.body).toBe('1|OK');
    const view = (await call(p, 'GET', `/api/finance/deposit/${d.id}`)).json().data;
    expect(view).toMatchObject({ payment_bank: '812', payment_code: '9103522175887271', expires_at: '2030-01-05T15:59:59.000Z' });
  });

  it('stores the three barcodes', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'barcode', '800');
    const res = await notice('info', {
      ...base(d.id, '800'),
      RtnCode: '10100073',
      RtnMsg: 'Get Barcode Succeeded',
      PaymentType: 'BARCODE_BARCODE',
      Barcode1: '300105627',
      Barcode2: '2451120000000000',
      Barcode3: '010542000000800',
      ExpireDate: '2030/01/05 23:59:59',
    });
    expect(res.body).toBe('1|OK');
    const view = (await call(p, 'GET', `/api/finance/deposit/${d.id}`)).json().data;
    expect(view.barcodes).toEqual(['300105627', '2451120000000000', '010542000000800']);
  });
});

describe('the paid notice', () => {
  it('credits once, answers 1|OK, and a second delivery is a duplicate', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500');
    const before = await central(p);
    const res = await notice('paid', paidFields(d.id, '1500'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1|OK');
    expect((await central(p)) - before).toBe(150_000n);
    expect((await statusOf(d.id)).status).toBe('paid');
    expect((await notice('paid', paidFields(d.id, '1500'))).body).toBe('1|OK');
    expect(await depositJournals(d.id)).toBe(1);
    expect((await noticesOf(d.id)).map((n) => n.outcome)).toEqual(['credited', 'duplicate']);
  });

  it('credits once when the same paid notice arrives 20 times at once', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'atm', '3000');
    const before = await central(p);
    const fields = paidFields(d.id, '3000', { PaymentType: 'ATM_TAISHIN' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => notice('paid', fields)));
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill('1|OK'));
    expect((await central(p)) - before).toBe(300_000n);
    expect(await depositJournals(d.id)).toBe(1);
    const outcomes = (await noticesOf(d.id)).map((n) => n.outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
  });

  it('records a simulated payment, acknowledges it, and never credits it', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500');
    const before = await central(p);
    const res = await notice('paid', paidFields(d.id, '1500', { SimulatePaid: '1' }));
    expect(res.body).toBe('1|OK');
    expect(await central(p)).toBe(before);
    expect((await statusOf(d.id)).status).toBe('pending');
    expect(await depositJournals(d.id)).toBe(0);
    expect((await noticesOf(d.id)).map((n) => [n.state, n.outcome])).toEqual([['simulated', 'simulated']]);
  });

  it('credits a barcode payment reported after the order expired', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'barcode', '800');
    await t.database.db.update(depositOrders).set({ status: 'expired', reason: 'expired unpaid' }).where(eq(depositOrders.id, d.id));
    const res = await notice('paid', paidFields(d.id, '800', { PaymentType: 'BARCODE_BARCODE' }));
    expect(res.body).toBe('1|OK');
    expect((await statusOf(d.id)).status).toBe('paid');
    expect(await depositJournals(d.id)).toBe(1);
  });
});

describe('refusals', () => {
  it('refuses a wrong MAC without crediting, and records it', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500');
    const fields = { ...paidFields(d.id, '1500'), CheckMacValue: 'A'.repeat(64) };
    const res = await notice('paid', fields, { sign: false });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toBe('1|OK');
    expect(res.body).toMatch(/^0\|/);
    // Signed, then changed on the way: the MAC no longer holds.
    const tampered = { ...paidFields(d.id, '15'), CheckMacValue: checkMacValue(paidFields(d.id, '1500'), KEY, IV) };
    expect((await notice('paid', tampered, { sign: false })).body).toMatch(/^0\|/);
    expect((await statusOf(d.id)).status).toBe('pending');
    expect(await depositJournals(d.id)).toBe(0);
    const logged = await noticesOf(d.id);
    expect(logged[0]).toMatchObject({ outcome: 'bad_mac', signatureOk: false });
  });

  it('refuses a notice whose amount is not the order amount', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500');
    const res = await notice('paid', paidFields(d.id, '15'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0|TradeAmt Error');
    expect((await statusOf(d.id)).status).toBe('pending');
    expect(await depositJournals(d.id)).toBe(0);
    expect((await noticesOf(d.id)).map((n) => n.outcome)).toEqual(['amount_mismatch']);
    const info = await notice('info', {
      ...base(d.id, '1'),
      RtnCode: '10100073',
      RtnMsg: 'x',
      PaymentType: 'CVS_CVS',
      PaymentNo: 'LLL22251222',
      ExpireDate: '2030/01/05 12:00:00',
    });
    expect(info.body).toBe('0|TradeAmt Error');
    expect((await statusOf(d.id)).paymentCode).toBeNull();
  });

  it('refuses a notice of an order it does not know', async () => {
    const res = await notice('paid', paidFields('DPnosuchorder000001', '1500'));
    expect(res.body).toBe('0|Unknown MerchantTradeNo');
    expect((await noticesOf('DPnosuchorder000001')).map((n) => n.outcome)).toEqual(['unknown_order']);
  });

  it('refuses a notice of another merchant', async () => {
    const p = await seedPlayer();
    const d = await deposit(p, 'cvs', '1500');
    const res = await notice('paid', paidFields(d.id, '1500', { MerchantID: '2000132' }));
    expect(res.body).toMatch(/^0\|/);
    expect((await statusOf(d.id)).status).toBe('pending');
  });
});
