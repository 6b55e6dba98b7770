// The AIO dialect of the payments adapter: the format of ECPay's AioCheckOut V5 that Taiwan's payment services and
// the aggregators gaming sites use copy (developers.ecpay.com.tw ?p=2874 checkout, ?p=2902 CheckMacValue, ?p=2881
// PaymentInfoURL, ?p=2878 ReturnURL, QueryTradeInfo V5). The checkout is a form the player's browser posts to the
// gateway; the gateway posts its notices back as forms and wants the text `1|OK`; an order its notices missed is
// asked about with QueryTradeInfo. Product code reaches it only through this file.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { CreatedOrder, GatewayState, PaymentGateway } from './gateway.ts';
import { GatewayError } from './gateway.ts';
import { CircuitOpenError, type Breakers } from '../breakers.ts';

/** What the merchant answers a notice it accepted; anything else makes the gateway deliver it again. */
export const AIO_ACK = '1|OK';

/** The deposit methods this dialect takes, by the ChoosePayment each one posts. */
export const AIO_CHOOSE_PAYMENT = { card: 'Credit', atm: 'ATM', cvs: 'CVS', barcode: 'BARCODE', online_banking: 'WebATM' } as const;
export type AioMethod = keyof typeof AIO_CHOOSE_PAYMENT;

/** Per-method limits in whole TWD, inclusive. */
export type AioLimits = Record<AioMethod, { min: number; max: number }>;

/** The published limits of a personal merchant (ECPay's fee page); a contract's own come from configuration. */
export const AIO_DEFAULT_LIMITS: AioLimits = {
  card: { min: 5, max: 199_999 },
  atm: { min: 11, max: 49_999 },
  cvs: { min: 33, max: 6_000 },
  barcode: { min: 17, max: 20_000 },
  online_banking: { min: 11, max: 49_999 },
};

export interface AioConfig {
  merchantId: string;
  hashKey: string;
  hashIv: string;
  /** Where the player's browser posts the checkout form (…/Cashier/AioCheckOut/V5). */
  checkoutUrl: string;
  /** Where orders are asked about (…/Cashier/QueryTradeInfo/V5). */
  queryUrl: string;
  timeoutMs: number;
  limits: AioLimits;
}

/**
 * URL-encodes the way .NET's HttpUtility.UrlEncode does, which the published conversion table follows: letters,
 * digits and `-_.!*()` stay, a space becomes `+`, everything else is percent-encoded as UTF-8 (`~` and `'` too,
 * which encodeURIComponent would leave).
 */
export function aioUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+').replace(/~/g, '%7e').replace(/'/g, '%27');
}

/**
 * CheckMacValue by the published rules: every field but CheckMacValue sorted by name without regard to case,
 * joined `k=v&…`, wrapped as `HashKey=…&` + that + `&HashIV=…`, URL-encoded by the .NET table, lower-cased,
 * hashed with SHA256, written in upper-case hex.
 */
export function checkMacValue(fields: Record<string, string>, hashKey: string, hashIv: string): string {
  const names = Object.keys(fields)
    .filter((k) => k !== 'CheckMacValue')
    .sort((a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const joined = `HashKey=${hashKey}&${names.map((k) => `${k}=${fields[k]}`).join('&')}&HashIV=${hashIv}`;
  return createHash('sha256').update(aioUrlEncode(joined).toLowerCase()).digest('hex').toUpperCase();
}

/** Whether a form's CheckMacValue is the one its other fields give, compared in constant time. */
export function macHolds(fields: Record<string, string>, hashKey: string, hashIv: string): boolean {
  const given = fields.CheckMacValue ?? '';
  if (!/^[0-9A-Fa-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toUpperCase(), 'hex'), Buffer.from(checkMacValue(fields, hashKey, hashIv), 'hex'));
}

/** The gateway's clock is Taiwan's (UTC+8, no daylight saving): `yyyy/MM/dd HH:mm:ss`. */
export function aioDateTime(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}/${p(t.getUTCMonth() + 1)}/${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}

/** Reads `yyyy/MM/dd[ HH:mm[:ss]]` in Taiwan time; a date alone is the end of that day (ATM's ExpireDate). */
export function parseAioDateTime(text: string): Date | undefined {
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const dateOnly = h === undefined;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), dateOnly ? 23 : Number(h), dateOnly ? 59 : Number(mi), dateOnly ? 59 : Number(s ?? 0));
  const at = new Date(utc - 8 * 3_600_000);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A code the gateway issued for a payment at an ATM or a store counter, as the PaymentInfoURL notice gives it. */
export interface AioPaymentCode {
  kind: 'atm' | 'cvs' | 'barcode';
  /** ATM: the bank's code; else empty. */
  bankCode: string;
  /** ATM: the virtual account; CVS: the payment code; barcode: empty. */
  code: string;
  /** BARCODE: the three barcodes a store scans. */
  barcodes: [string, string, string] | null;
  expiresAt: Date;
}

/** One notice, its MAC checked: the order, the amount, and what it says. */
export type AioNotice =
  | { kind: 'code'; merchantTradeNo: string; tradeNo: string; amountMinor: bigint; code: AioPaymentCode }
  | { kind: 'code_failed'; merchantTradeNo: string; tradeNo: string; amountMinor: bigint; rtnCode: string }
  | { kind: 'paid'; merchantTradeNo: string; tradeNo: string; amountMinor: bigint; simulated: boolean; paidAt: Date | null }
  | { kind: 'failed'; merchantTradeNo: string; tradeNo: string; amountMinor: bigint; rtnCode: string };

/** Why a notice was not read: its MAC, its merchant, or a field the dialect needs. */
export type AioNoticeRefusal = 'bad_mac' | 'wrong_merchant' | 'malformed';

/** RtnCode of a code issued: 2 for an ATM virtual account, 10100073 for a CVS code or barcodes. */
const RTN_CODE_ISSUED: Record<string, readonly string[]> = { ATM: ['2'], CVS: ['10100073'], BARCODE: ['10100073'] };

/** TradeStatus of QueryTradeInfo: 1 paid, 0 not paid yet; 10200095 is a payment that failed. */
const TRADE_STATUS_PAID = '1';
const TRADE_STATUS_UNPAID = '0';

/** How long a code lasts, in the unit each method's field takes: ATM days, CVS minutes, barcode days. */
export interface AioCodeExpiry {
  atmDays: number;
  cvsMinutes: number;
  barcodeDays: number;
}

function amountOf(text: string | undefined): bigint | undefined {
  return text !== undefined && /^\d{1,12}$/.test(text) ? BigInt(text) * 100n : undefined;
}

export class AioGateway implements PaymentGateway {
  readonly name = 'aio';
  readonly dialect = 'aio' as const;
  readonly config: AioConfig;
  private readonly breakers: Breakers | undefined;

  constructor(config: AioConfig, breakers?: Breakers) {
    this.config = config;
    this.breakers = breakers;
  }

  /** The dialect takes whole TWD only; a decimal amount cannot be posted. */
  takesWholeUnitsOnly(): boolean {
    return true;
  }

  /** The methods this dialect offers and their limits in minor units. */
  methodLimitsMinor(): Record<AioMethod, { minMinor: bigint; maxMinor: bigint }> {
    const out = {} as Record<AioMethod, { minMinor: bigint; maxMinor: bigint }>;
    for (const m of Object.keys(AIO_CHOOSE_PAYMENT) as AioMethod[]) {
      out[m] = { minMinor: BigInt(this.config.limits[m].min) * 100n, maxMinor: BigInt(this.config.limits[m].max) * 100n };
    }
    return out;
  }

  /** No call: the order exists at the gateway once the player's browser posts the checkout form. */
  createOrder(req: Parameters<PaymentGateway['createOrder']>[0]): Promise<CreatedOrder> {
    return Promise.resolve({ gatewayOrderId: req.merchantOrderId, payUrl: null, paymentCode: null, expiresAt: new Date(Date.now() + req.expiresInSec * 1000) });
  }

  /**
   * The checkout form the player's browser posts: the published fields, signed. `returnUrl` is the ReturnURL (paid
   * notice), `infoUrl` the PaymentInfoURL (code issued), `backUrl` where the gateway's page links the player back.
   */
  checkoutForm(order: {
    merchantTradeNo: string;
    createdAt: Date;
    amountMinor: bigint;
    method: AioMethod;
    description: string;
    returnUrl: string;
    infoUrl: string;
    backUrl: string;
    locale: 'zh-TW' | 'en';
    expiry: AioCodeExpiry;
  }): { action: string; fields: Record<string, string> } {
    const choose = AIO_CHOOSE_PAYMENT[order.method];
    const fields: Record<string, string> = {
      MerchantID: this.config.merchantId,
      MerchantTradeNo: order.merchantTradeNo,
      MerchantTradeDate: aioDateTime(order.createdAt),
      PaymentType: 'aio',
      TotalAmount: (order.amountMinor / 100n).toString(),
      TradeDesc: order.description,
      ItemName: order.description,
      ReturnURL: order.returnUrl,
      ChoosePayment: choose,
      EncryptType: '1',
      ClientBackURL: order.backUrl,
    };
    if (order.locale === 'en') fields.Language = 'ENG';
    if (choose === 'ATM') fields.ExpireDate = String(order.expiry.atmDays);
    if (choose === 'CVS') fields.StoreExpireDate = String(order.expiry.cvsMinutes);
    if (choose === 'BARCODE') fields.StoreExpireDate = String(order.expiry.barcodeDays);
    if (choose === 'ATM' || choose === 'CVS' || choose === 'BARCODE') fields.PaymentInfoURL = order.infoUrl;
    fields.CheckMacValue = checkMacValue(fields, this.config.hashKey, this.config.hashIv);
    return { action: this.config.checkoutUrl, fields };
  }

  /** Reads a PaymentInfoURL ('info') or ReturnURL ('paid') notice; a refusal says why it was not believed. */
  readNotice(kind: 'info' | 'paid', form: Record<string, string>): AioNotice | AioNoticeRefusal {
    if (!macHolds(form, this.config.hashKey, this.config.hashIv)) return 'bad_mac';
    if (form.MerchantID !== this.config.merchantId) return 'wrong_merchant';
    const merchantTradeNo = form.MerchantTradeNo ?? '';
    const tradeNo = (form.TradeNo ?? '').slice(0, 40);
    const amountMinor = amountOf(form.TradeAmt);
    if (!/^[0-9A-Za-z]{1,20}$/.test(merchantTradeNo) || amountMinor === undefined) return 'malformed';
    const rtnCode = form.RtnCode ?? '';
    if (kind === 'paid') {
      if (rtnCode !== '1') return { kind: 'failed', merchantTradeNo, tradeNo, amountMinor, rtnCode: rtnCode.slice(0, 20) };
      const paidAt = parseAioDateTime(form.PaymentDate ?? '') ?? null;
      return { kind: 'paid', merchantTradeNo, tradeNo, amountMinor, simulated: form.SimulatePaid === '1', paidAt };
    }
    const choose = (form.PaymentType ?? '').split('_')[0] ?? '';
    if (!(RTN_CODE_ISSUED[choose] ?? []).includes(rtnCode))
      return { kind: 'code_failed', merchantTradeNo, tradeNo, amountMinor, rtnCode: rtnCode.slice(0, 20) };
    const code = this.codeOf(choose, form);
    return code ? { kind: 'code', merchantTradeNo, tradeNo, amountMinor, code } : 'malformed';
  }

  private codeOf(choose: string, form: Record<string, string>): AioPaymentCode | undefined {
    const expiresAt = parseAioDateTime(form.ExpireDate ?? '');
    if (!expiresAt) return undefined;
    const text = (x: string | undefined) => (x ?? '').trim().slice(0, 40);
    if (choose === 'ATM') {
      const bankCode = text(form.BankCode);
      const code = text(form.vAccount);
      return /^\d{3}$/.test(bankCode) && /^\d{6,20}$/.test(code) ? { kind: 'atm', bankCode, code, barcodes: null, expiresAt } : undefined;
    }
    if (choose === 'CVS') {
      const code = text(form.PaymentNo);
      return /^[0-9A-Za-z]{6,20}$/.test(code) ? { kind: 'cvs', bankCode: '', code, barcodes: null, expiresAt } : undefined;
    }
    const barcodes: [string, string, string] = [text(form.Barcode1), text(form.Barcode2), text(form.Barcode3)];
    return barcodes.every((b) => /^[0-9A-Z\-. $/+%]{1,20}$/.test(b)) ? { kind: 'barcode', bankCode: '', code: '', barcodes, expiresAt } : undefined;
  }

  /** QueryTradeInfo V5: the order's state at the gateway; undefined when the gateway does not know it. */
  async orderState(merchantTradeNo: string): Promise<{ state: GatewayState; amountMinor: bigint; simulated?: boolean; tradeNo?: string } | undefined> {
    const fields: Record<string, string> = {
      MerchantID: this.config.merchantId,
      MerchantTradeNo: merchantTradeNo,
      TimeStamp: String(Math.floor(Date.now() / 1000)),
    };
    fields.CheckMacValue = checkMacValue(fields, this.config.hashKey, this.config.hashIv);
    const text = await this.post(this.config.queryUrl, fields);
    const answer = parseQueryAnswer(text);
    if (!macHolds(answer, this.config.hashKey, this.config.hashIv)) throw new GatewayError('BAD_MAC');
    const status = answer.TradeStatus ?? '';
    const amountMinor = amountOf(answer.TradeAmt);
    if (status === TRADE_STATUS_PAID && amountMinor !== undefined) return { state: 'paid', amountMinor, tradeNo: answer.TradeNo };
    if (status === TRADE_STATUS_UNPAID) return { state: 'created', amountMinor: amountMinor ?? 0n };
    // 10200047 and the like: the gateway has no such order (the player never posted the form).
    if (!answer.TradeNo) return undefined;
    return { state: 'failed', amountMinor: amountMinor ?? 0n };
  }

  private async post(url: string, fields: Record<string, string>): Promise<string> {
    const send = async () => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      return { status: res.status, body: (await res.text()).slice(0, 16_000) };
    };
    try {
      const a = this.breakers ? await this.breakers.call(`gateway:${this.name}`, send, (x) => x.status >= 500) : await send();
      if (a.status !== 200) throw new GatewayError(`HTTP_${a.status}`);
      return a.body;
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      if (err instanceof CircuitOpenError) throw new GatewayError('CIRCUIT_OPEN');
      throw new GatewayError((err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK');
    }
  }

  /** Notices are read by readNotice; the JSON callback of the other dialect never comes here. */
  verifyCallback(): undefined {
    return undefined;
  }
}

/**
 * QueryTradeInfo answers `k=v&…` with the values as they were signed, not URL-encoded (a `+` in an item name is a
 * plus, not a space), so the answer is split on `&` and the first `=` and its values are not decoded.
 */
export function parseQueryAnswer(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.trim().split('&').slice(0, 100)) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}
