// The AIO dialect against the published worked example (developers.ecpay.com.tw ?p=2902, test merchant 3002607)
// and the .NET URL-encoding table, so a change to the encoding or the sort is caught before any gateway sees it.
import { describe, expect, it } from 'vitest';
import { AIO_DEFAULT_LIMITS, AioGateway, aioDateTime, aioUrlEncode, checkMacValue, macHolds, parseAioDateTime, parseQueryAnswer } from './aio.ts';

const HASH_KEY = 'pwFHCqoQZGmho4w6';
const HASH_IV = 'EkRm7iFT261dpevs';

/** The page's sample order, in the order the page lists it (the sort is the function's job). */
const SAMPLE = {
  TradeDesc: '促銷方案',
  PaymentType: 'aio',
  MerchantTradeDate: '2023/03/12 15:30:23',
  MerchantTradeNo: 'ecpay20230312153023',
  MerchantID: '3002607',
  ReturnURL: 'https://www.ecpay.com.tw/receive.php',
  ItemName: 'Apple iphone 15',
  TotalAmount: '30000',
  ChoosePayment: 'ALL',
  EncryptType: '1',
};

const gateway = new AioGateway({
  merchantId: '3002607',
  hashKey: HASH_KEY,
  hashIv: HASH_IV,
  checkoutUrl: 'https://payment-stage.example/Cashier/AioCheckOut/V5',
  queryUrl: 'https://payment-stage.example/Cashier/QueryTradeInfo/V5',
  timeoutMs: 1000,
  limits: AIO_DEFAULT_LIMITS,
});

describe('CheckMacValue', () => {
  it('gives the published value for the published sample order', () => {
    expect(checkMacValue(SAMPLE, HASH_KEY, HASH_IV)).toBe('6C51C9E6888DE861FD62FB1DD17029FC742634498FD813DC43D4243B5685B840');
  });

  it('encodes the wrapped string exactly as the page shows at step 3', () => {
    const wrapped =
      'HashKey=pwFHCqoQZGmho4w6&ChoosePayment=ALL&EncryptType=1&ItemName=Apple iphone 15&MerchantID=3002607&MerchantTradeDate=2023/03/12 15:30:23' +
      '&MerchantTradeNo=ecpay20230312153023&PaymentType=aio&ReturnURL=https://www.ecpay.com.tw/receive.php&TotalAmount=30000&TradeDesc=促銷方案&HashIV=EkRm7iFT261dpevs';
    expect(aioUrlEncode(wrapped).toLowerCase()).toBe(
      'hashkey%3dpwfhcqoqzgmho4w6%26choosepayment%3dall%26encrypttype%3d1%26itemname%3dapple+iphone+15%26merchantid%3d3002607' +
        '%26merchanttradedate%3d2023%2f03%2f12+15%3a30%3a23%26merchanttradeno%3decpay20230312153023%26paymenttype%3daio' +
        '%26returnurl%3dhttps%3a%2f%2fwww.ecpay.com.tw%2freceive.php%26totalamount%3d30000%26tradedesc%3d%e4%bf%83%e9%8a%b7%e6%96%b9%e6%a1%88' +
        '%26hashiv%3dekrm7ift261dpevs',
    );
  });

  it('follows the .NET table: -_.!*() stay, space is +, ~ and quote are encoded', () => {
    expect(aioUrlEncode('-_.!*()')).toBe('-_.!*()');
    expect(aioUrlEncode('a b')).toBe('a+b');
    expect(aioUrlEncode("~'").toLowerCase()).toBe('%7e%27');
    expect(aioUrlEncode('@#$%^&=+;?/\\><`[]{}:",|').toLowerCase()).toBe('%40%23%24%25%5e%26%3d%2b%3b%3f%2f%5c%3e%3c%60%5b%5d%7b%7d%3a%22%2c%7c');
  });

  it('sorts names without regard to case and leaves CheckMacValue out', () => {
    const a = { b: '1', A: '2', CheckMacValue: 'X' };
    const b = { A: '2', b: '1' };
    expect(checkMacValue(a, HASH_KEY, HASH_IV)).toBe(checkMacValue(b, HASH_KEY, HASH_IV));
    // A case-sensitive sort would put "B" before "a"; the rule puts "a" first.
    expect(checkMacValue({ a: '1', B: '2' }, 'k', 'i')).not.toBe(checkMacValue({ B: '2', a: '1', x: '' }, 'k', 'i'));
  });

  it('holds only for the fields it was made from', () => {
    const signed = { ...SAMPLE, CheckMacValue: checkMacValue(SAMPLE, HASH_KEY, HASH_IV) };
    expect(macHolds(signed, HASH_KEY, HASH_IV)).toBe(true);
    expect(macHolds({ ...signed, CheckMacValue: signed.CheckMacValue.toLowerCase() }, HASH_KEY, HASH_IV)).toBe(true);
    expect(macHolds({ ...signed, TotalAmount: '30001' }, HASH_KEY, HASH_IV)).toBe(false);
    expect(macHolds({ ...signed, CheckMacValue: 'ABC' }, HASH_KEY, HASH_IV)).toBe(false);
  });
});

describe('the checkout form', () => {
  it('carries the published fields, signed, with PaymentInfoURL and the expiry for a store code', () => {
    const form = gateway.checkoutForm({
      merchantTradeNo: 'DPm9x2k1ab12cd34ef56',
      createdAt: new Date('2026-03-01T04:05:06Z'),
      amountMinor: 150_000n,
      method: 'cvs',
      description: 'Deposit',
      returnUrl: 'https://api.site/api/payments/aio/return',
      infoUrl: 'https://api.site/api/payments/aio/payment-info',
      backUrl: 'https://site/member/deposit',
      locale: 'en',
      expiry: { atmDays: 3, cvsMinutes: 4320, barcodeDays: 7 },
    });
    expect(form.action).toBe('https://payment-stage.example/Cashier/AioCheckOut/V5');
    expect(form.fields).toMatchObject({
      MerchantID: '3002607',
      MerchantTradeNo: 'DPm9x2k1ab12cd34ef56',
      MerchantTradeDate: '2026/03/01 12:05:06',
      PaymentType: 'aio',
      TotalAmount: '1500',
      ChoosePayment: 'CVS',
      EncryptType: '1',
      PaymentInfoURL: 'https://api.site/api/payments/aio/payment-info',
      StoreExpireDate: '4320',
      Language: 'ENG',
    });
    expect(macHolds(form.fields, HASH_KEY, HASH_IV)).toBe(true);
  });

  it('posts no PaymentInfoURL for a card', () => {
    const form = gateway.checkoutForm({
      merchantTradeNo: 'DPa',
      createdAt: new Date(),
      amountMinor: 10_000n,
      method: 'card',
      description: 'Deposit',
      returnUrl: 'r',
      infoUrl: 'i',
      backUrl: 'b',
      locale: 'zh-TW',
      expiry: { atmDays: 3, cvsMinutes: 4320, barcodeDays: 7 },
    });
    expect(form.fields.ChoosePayment).toBe('Credit');
    expect(form.fields.PaymentInfoURL).toBeUndefined();
    expect(form.fields.Language).toBeUndefined();
  });
});

describe('notices', () => {
  const sign = (f: Record<string, string>) => ({ ...f, CheckMacValue: checkMacValue(f, HASH_KEY, HASH_IV) });
  const base = {
    MerchantID: '3002607',
    MerchantTradeNo: 'DPabc',
    TradeNo: '2603011205061234',
    TradeAmt: '1500',
    TradeDate: '2026/03/01 12:05:06',
    RtnMsg: 'ok',
  };

  it('reads a CVS code with its expiry', () => {
    const n = gateway.readNotice(
      'info',
      sign({ ...base, RtnCode: '10100073', PaymentType: 'CVS_CVS', PaymentNo: 'LLL22251222', ExpireDate: '2026/03/04 12:05:06' }),
    );
    expect(n).toMatchObject({ kind: 'code', amountMinor: 150_000n, code: { kind: 'cvs', code: 'LLL22251222', expiresAt: new Date('2026-03-04T04:05:06Z') } });
  });

  it('reads an ATM account whose expiry is a day', () => {
    const n = gateway.readNotice(
      'info',
      sign({ ...base, RtnCode: '2', PaymentType: 'ATM_TAISHIN', BankCode: '812', vAccount: '9103522175887271', ExpireDate: '2026/03/04' }),
    );
    expect(n).toMatchObject({ kind: 'code', code: { kind: 'atm', bankCode: '812', code: '9103522175887271', expiresAt: new Date('2026-03-04T15:59:59Z') } });
  });

  it('reads barcodes', () => {
    const n = gateway.readNotice(
      'info',
      sign({
        ...base,
        RtnCode: '10100073',
        PaymentType: 'BARCODE_BARCODE',
        Barcode1: '150304627',
        Barcode2: '2451120000000000',
        Barcode3: '030415000001500',
        ExpireDate: '2026/03/08 12:05:06',
      }),
    );
    expect(n).toMatchObject({ kind: 'code', code: { kind: 'barcode', barcodes: ['150304627', '2451120000000000', '030415000001500'] } });
  });

  it('reads a paid notice, simulated or not, and refuses a wrong MAC or merchant', () => {
    const paid = { ...base, RtnCode: '1', PaymentType: 'CVS_CVS', PaymentDate: '2026/03/01 13:00:00', SimulatePaid: '0' };
    expect(gateway.readNotice('paid', sign(paid))).toMatchObject({ kind: 'paid', simulated: false, paidAt: new Date('2026-03-01T05:00:00Z') });
    expect(gateway.readNotice('paid', sign({ ...paid, SimulatePaid: '1' }))).toMatchObject({ kind: 'paid', simulated: true });
    expect(gateway.readNotice('paid', { ...sign(paid), TradeAmt: '1' })).toBe('bad_mac');
    expect(gateway.readNotice('paid', sign({ ...paid, MerchantID: '2000132' }))).toBe('wrong_merchant');
    expect(gateway.readNotice('paid', sign({ ...paid, RtnCode: '10300066' }))).toMatchObject({ kind: 'failed', rtnCode: '10300066' });
  });
});

describe('dates and answers', () => {
  it('writes and reads Taiwan time', () => {
    const at = new Date('2026-12-31T16:30:00Z');
    expect(aioDateTime(at)).toBe('2027/01/01 00:30:00');
    expect(parseAioDateTime('2027/01/01 00:30:00')).toEqual(at);
    expect(parseAioDateTime('garbage')).toBeUndefined();
  });

  it('splits a query answer without decoding its values', () => {
    expect(parseQueryAnswer('ItemName=A + B&TradeStatus=1&x=a=b')).toEqual({ ItemName: 'A + B', TradeStatus: '1', x: 'a=b' });
  });
});
