// The AIO-format gateway's stand-in (the format of ECPay's AioCheckOut V5, which Taiwan's aggregators copy): orders
// the player's browser posts, the codes it issues (ATM virtual account, store code, barcodes) with their
// PaymentInfoURL notice, the ReturnURL notice of a payment, and QueryTradeInfo. A notice is delivered again when the
// merchant does not answer `1|OK`, on the gateway's own schedule (five deliveries in all, 5-15 minutes apart; tests
// shorten it), then no more. Barcode payments are reported late (two days; tests shorten it). Test switches send a
// simulated payment (SimulatePaid=1) and notices with a wrong MAC or a wrong amount, or lose every delivery.
import { randomInt } from 'node:crypto';
import { checkMac, taipei } from './mac.ts';

/** The published test merchant: what the site uses unless it is given its own. */
export const AIO_TEST_MERCHANT = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' } as const;
/** Waits between deliveries: 5, 10, 15 and 10 minutes, so five deliveries in all. */
export const DEFAULT_RESEND_MS = [5, 10, 15, 10].map((m) => m * 60_000);
/** Stores report barcode payments two days after the payment. */
export const DEFAULT_BARCODE_REPORT_MS = 2 * 24 * 60 * 60_000;
const MAX_ORDERS = 50_000;
/** How often due deliveries are looked for. */
const TICK_MS = 50;

export type Choose = 'Credit' | 'ATM' | 'CVS' | 'BARCODE' | 'WebATM';
export const CHOOSE: readonly Choose[] = ['Credit', 'ATM', 'CVS', 'BARCODE', 'WebATM'];

export interface AioOrder {
  merchantTradeNo: string;
  tradeNo: string;
  amountTwd: number;
  choose: Choose;
  itemName: string;
  tradeDate: Date;
  returnUrl: string;
  infoUrl: string;
  backUrl: string;
  english: boolean;
  expiresAt: Date | null;
  code: { bankCode?: string; vAccount?: string; paymentNo?: string; barcodes?: [string, string, string] } | null;
  /** unpaid; paid once the payment is known to the gateway (a barcode's only when the store reports it). */
  status: 'unpaid' | 'paid';
  paidAt: Date | null;
  /** A barcode payment made but not reported yet: when it will be. */
  reportAt: Date | null;
  deliveries: Array<{ kind: 'info' | 'paid'; at: string; answer: string; simulated: boolean; tampered: string }>;
}

interface Delivery {
  order: AioOrder;
  kind: 'info' | 'paid';
  fields: Record<string, string>;
  attempt: number;
  dueAt: number;
  simulated: boolean;
  tampered: string;
  /** Lost on the way: counted as a delivery the merchant never saw. */
  lost: boolean;
}

export interface AioSimOptions {
  resendMs?: number[];
  barcodeReportMs?: number;
  deliveryTimeoutMs?: number;
}

export class AioSim {
  readonly orders = new Map<string, AioOrder>();
  readonly merchant = AIO_TEST_MERCHANT;
  resendMs: number[];
  barcodeReportMs: number;
  private readonly deliveryTimeoutMs: number;
  private queue: Delivery[] = [];
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(opts: AioSimOptions = {}) {
    this.resendMs = opts.resendMs ?? parseMs(process.env.SIM_AIO_RESEND_MS) ?? [...DEFAULT_RESEND_MS];
    this.barcodeReportMs = opts.barcodeReportMs ?? (Number(process.env.SIM_AIO_BARCODE_REPORT_MS) || DEFAULT_BARCODE_REPORT_MS);
    this.deliveryTimeoutMs = opts.deliveryTimeoutMs ?? 5000;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  sign(fields: Record<string, string>): Record<string, string> {
    return { ...fields, CheckMacValue: checkMac(fields, this.merchant.hashKey, this.merchant.hashIv) };
  }

  /** An order as the checkout form made it; the same MerchantTradeNo posted again is the same order. */
  open(f: Record<string, string>): AioOrder | string {
    const seen = this.orders.get(f.MerchantTradeNo ?? '');
    if (seen) return seen.amountTwd === Number(f.TotalAmount) ? seen : 'MerchantTradeNo duplicated';
    if (this.orders.size >= MAX_ORDERS) return 'too many orders';
    const choose = f.ChoosePayment as Choose;
    const order: AioOrder = {
      merchantTradeNo: f.MerchantTradeNo,
      tradeNo: `${taipei(new Date()).replace(/\D/g, '').slice(2, 12)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      amountTwd: Number(f.TotalAmount),
      choose,
      itemName: f.ItemName ?? '',
      tradeDate: new Date(),
      returnUrl: f.ReturnURL ?? '',
      infoUrl: f.PaymentInfoURL ?? '',
      backUrl: f.ClientBackURL ?? '',
      english: f.Language === 'ENG',
      expiresAt: null,
      code: null,
      status: 'unpaid',
      paidAt: null,
      reportAt: null,
      deliveries: [],
    };
    this.orders.set(order.merchantTradeNo, order);
    if (choose === 'ATM' || choose === 'CVS' || choose === 'BARCODE') this.issueCode(order, f);
    return order;
  }

  /** Issues the order's code and queues its PaymentInfoURL notice. */
  private issueCode(order: AioOrder, f: Record<string, string>): void {
    const now = Date.now();
    const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
    if (order.choose === 'ATM') {
      order.expiresAt = new Date(now + (Number(f.ExpireDate) || 3) * 24 * 60 * 60_000);
      order.code = { bankCode: '812', vAccount: `9103${digits(12)}` };
    } else if (order.choose === 'CVS') {
      order.expiresAt = new Date(now + (Number(f.StoreExpireDate) || 10_080) * 60_000);
      order.code = { paymentNo: `LLL${digits(8)}` };
    } else {
      order.expiresAt = new Date(now + (Number(f.StoreExpireDate) || 7) * 24 * 60 * 60_000);
      const expiry = taipei(order.expiresAt, true).replace(/\//g, '').slice(2);
      order.code = { barcodes: [`${expiry}627`, `2451${digits(12)}`, `${expiry.slice(2)}${digits(5)}${String(order.amountTwd).padStart(6, '0')}`] };
    }
    this.enqueue(order, 'info', this.infoFields(order), { simulated: false, tampered: '', lost: false });
  }

  private baseFields(o: AioOrder): Record<string, string> {
    return {
      MerchantID: this.merchant.merchantId,
      MerchantTradeNo: o.merchantTradeNo,
      StoreID: '',
      TradeNo: o.tradeNo,
      TradeAmt: String(o.amountTwd),
      TradeDate: taipei(o.tradeDate),
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
    };
  }

  infoFields(o: AioOrder): Record<string, string> {
    const f = this.baseFields(o);
    const expiry = o.expiresAt ?? new Date();
    if (o.choose === 'ATM')
      return {
        ...f,
        RtnCode: '2',
        RtnMsg: 'Get VirtualAccount Succeeded',
        PaymentType: 'ATM_TAISHIN',
        BankCode: o.code!.bankCode!,
        vAccount: o.code!.vAccount!,
        ExpireDate: taipei(expiry, true),
      };
    if (o.choose === 'CVS')
      return {
        ...f,
        RtnCode: '10100073',
        RtnMsg: 'Get CVS Code Succeeded.',
        PaymentType: 'CVS_CVS',
        PaymentNo: o.code!.paymentNo!,
        ExpireDate: taipei(expiry),
        Barcode1: '',
        Barcode2: '',
        Barcode3: '',
      };
    const [b1, b2, b3] = o.code!.barcodes!;
    return {
      ...f,
      RtnCode: '10100073',
      RtnMsg: 'Get Barcode Succeeded.',
      PaymentType: 'BARCODE_BARCODE',
      PaymentNo: '',
      ExpireDate: taipei(expiry),
      Barcode1: b1,
      Barcode2: b2,
      Barcode3: b3,
    };
  }

  paidFields(o: AioOrder, simulated: boolean): Record<string, string> {
    const type = { Credit: 'Credit_CreditCard', ATM: 'ATM_TAISHIN', CVS: 'CVS_CVS', BARCODE: 'BARCODE_BARCODE', WebATM: 'WebATM_TAISHIN' }[o.choose];
    return {
      ...this.baseFields(o),
      RtnCode: '1',
      RtnMsg: simulated ? '模擬付款成功' : '交易成功',
      PaymentType: type,
      PaymentDate: taipei(o.paidAt ?? new Date()),
      PaymentTypeChargeFee: '0',
      SimulatePaid: simulated ? '1' : '0',
    };
  }

  /**
   * A payment of the order. `simulate`: a payment simulated from the merchant's back office (the order stays unpaid);
   * `wrongMac` / `wrongAmount`: the notice is spoilt on the way; `lose`: every delivery of it is lost.
   */
  pay(o: AioOrder, opts: { simulate?: boolean; wrongMac?: boolean; wrongAmount?: boolean; lose?: boolean } = {}): void {
    const simulated = !!opts.simulate;
    if (!simulated && o.status === 'unpaid' && !o.reportAt) {
      o.paidAt = new Date();
      // The store reports a barcode payment late; until then the gateway does not know of it either.
      if (o.choose === 'BARCODE' && this.barcodeReportMs > 0) o.reportAt = new Date(Date.now() + this.barcodeReportMs);
      else o.status = 'paid';
    }
    let fields = this.sign(this.paidFields(o, simulated));
    let tampered = '';
    if (opts.wrongAmount) {
      fields = this.sign({ ...this.paidFields(o, simulated), TradeAmt: String(Math.max(1, o.amountTwd - 1)) });
      tampered = 'amount';
    }
    if (opts.wrongMac) {
      fields = { ...fields, CheckMacValue: checkMac(fields, 'wrongHashKey0000', this.merchant.hashIv) };
      tampered = 'mac';
    }
    const dueAt = o.reportAt && !simulated ? o.reportAt.getTime() : Date.now();
    this.queue.push({ order: o, kind: 'paid', fields, attempt: 0, dueAt, simulated, tampered, lost: !!opts.lose });
  }

  private enqueue(o: AioOrder, kind: 'info' | 'paid', fields: Record<string, string>, x: { simulated: boolean; tampered: string; lost: boolean }): void {
    this.queue.push({ order: o, kind, fields: this.sign(fields), attempt: 0, dueAt: Date.now(), ...x });
  }

  /** QueryTradeInfo's answer: `k=v&…`, values as signed (not URL-encoded). */
  query(merchantTradeNo: string): string {
    const o = this.orders.get(merchantTradeNo);
    const fields: Record<string, string> = o
      ? {
          MerchantID: this.merchant.merchantId,
          MerchantTradeNo: o.merchantTradeNo,
          StoreID: '',
          TradeNo: o.tradeNo,
          TradeAmt: String(o.amountTwd),
          PaymentDate: o.status === 'paid' && o.paidAt ? taipei(o.paidAt) : '',
          PaymentType: this.paidFields(o, false).PaymentType,
          HandlingCharge: '0',
          PaymentTypeChargeFee: '0',
          TradeDate: taipei(o.tradeDate),
          TradeStatus: o.status === 'paid' ? '1' : '0',
          ItemName: o.itemName,
          CustomField1: '',
          CustomField2: '',
          CustomField3: '',
          CustomField4: '',
        }
      : { MerchantID: this.merchant.merchantId, MerchantTradeNo: merchantTradeNo, TradeNo: '', TradeAmt: '0', TradeStatus: '10200047' };
    const signed = this.sign(fields);
    return Object.entries(signed)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  }

  /** Delivers what is due; a delivery not answered `1|OK` waits its turn again, until five have been made. */
  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = Date.now();
      for (const o of this.orders.values()) if (o.reportAt && o.reportAt.getTime() <= now && o.status === 'unpaid') o.status = 'paid';
      const due = this.queue.filter((d) => d.dueAt <= now);
      this.queue = this.queue.filter((d) => d.dueAt > now);
      const again = await Promise.all(due.map((d) => this.deliver(d)));
      for (const d of again) if (d) this.queue.push(d);
    } finally {
      this.busy = false;
    }
  }

  private async deliver(d: Delivery): Promise<Delivery | undefined> {
    const url = d.kind === 'info' ? d.order.infoUrl : d.order.returnUrl;
    let answer = '(lost)';
    if (!d.lost && url) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(d.fields).toString(),
          signal: AbortSignal.timeout(this.deliveryTimeoutMs),
        });
        answer = (await res.text()).trim().slice(0, 200);
      } catch (err) {
        answer = `(${(err as Error).name})`;
      }
    }
    d.order.deliveries.push({ kind: d.kind, at: new Date().toISOString(), answer, simulated: d.simulated, tampered: d.tampered });
    if (answer === '1|OK' || d.attempt >= this.resendMs.length) return undefined;
    return { ...d, attempt: d.attempt + 1, dueAt: Date.now() + this.resendMs[d.attempt] };
  }

  /** Deliveries still to be made (tests wait for none). */
  pendingDeliveries(): number {
    return this.queue.length;
  }
}

function parseMs(text: string | undefined): number[] | undefined {
  if (!text) return undefined;
  const list = text.split(',').map((x) => Number(x.trim()));
  return list.every((n) => Number.isInteger(n) && n >= 0) ? list : undefined;
}
