// The payments adapter. Product code reaches a gateway only through this interface; the HTTP client
// speaks the signed merchant API of the PayBridge gateway (and its stand-in in sim/).
import * as v from 'valibot';
import * as answers from '../answers.ts';
import { signedCall, type SignedAnswer } from '../signed-http.ts';
import { CircuitOpenError, type Breakers } from '../breakers.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** ATM and barcode only in the AIO dialect, which issues their codes. */
type GatewayMethod = 'card' | 'cvs' | 'online_banking' | 'atm' | 'barcode';

export interface CreatedOrder {
  gatewayOrderId: string;
  payUrl: string | null;
  paymentCode: string | null;
  expiresAt: Date;
}
export type GatewayState = 'created' | 'paid' | 'failed' | 'expired';

export interface CallbackEvent {
  eventId: string;
  gatewayOrderId: string;
  merchantOrderId: string;
  amountMinor: bigint;
  state: GatewayState;
  failedReason: string | null;
  /** The account the player paid from, when the gateway tells it (risk links accounts paying from one). */
  payerAccount?: string | null;
}

export interface PaymentGateway {
  readonly name: string;
  createOrder(req: {
    merchantOrderId: string;
    amountMinor: bigint;
    method: GatewayMethod;
    notifyUrl: string;
    returnUrl: string;
    expiresInSec: number;
    description: string;
  }): Promise<CreatedOrder>;
  orderState(merchantOrderId: string): Promise<{ state: GatewayState; amountMinor: bigint } | undefined>;
  /** Checks a callback's signature over its raw body and parses it; undefined for a forged or malformed one. */
  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): CallbackEvent | undefined;
}

export class GatewayError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`gateway: ${code}`);
    this.code = code;
  }
}

/** Retries of one event go on for hours at most; an older signed timestamp is a replay. */
const CALLBACK_MAX_AGE_MS = 24 * 60 * 60_000;

export class PayBridgeGateway implements PaymentGateway {
  readonly name = 'paybridge';
  private readonly opts: { baseUrl: string; merchant: string; secret: string; timeoutMs: number };
  private readonly breakers: Breakers | undefined;
  /** breakers: the gateway's circuit breaker (gateway:paybridge); without a board calls go straight out. */
  constructor(opts: { baseUrl: string; merchant: string; secret: string; timeoutMs: number }, breakers?: Breakers) {
    this.opts = opts;
    this.breakers = breakers;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignedAnswer> {
    const { baseUrl, secret, merchant, timeoutMs } = this.opts;
    try {
      // The gateway signs the path as it sees it, including its /gateway prefix.
      const breaker = this.breakers && { board: this.breakers, name: `gateway:${this.name}` };
      return await signedCall({ baseUrl, secret, identity: ['x-merchant', merchant], timeoutMs, sign: 'url-pathname', breaker }, method, path, body);
    } catch (err) {
      if (err instanceof CircuitOpenError) throw new GatewayError('CIRCUIT_OPEN');
      throw new GatewayError((err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK');
    }
  }

  async createOrder(req: Parameters<PaymentGateway['createOrder']>[0]): Promise<CreatedOrder> {
    const a = await this.call('POST', '/orders', {
      merchantOrderId: req.merchantOrderId,
      amountMinor: req.amountMinor.toString(),
      currency: 'TWD',
      method: req.method,
      notifyUrl: req.notifyUrl,
      returnUrl: req.returnUrl,
      expiresInSec: req.expiresInSec,
      description: req.description,
    });
    if (a.status !== 200 || a.body.status !== 'created') throw new GatewayError(String(a.body.code ?? `HTTP_${a.status}`));
    const created = v.safeParse(answers.gatewayCreated, a.body);
    if (!created.success) throw new GatewayError(answers.problemAt(created.issues));
    return {
      gatewayOrderId: created.output.orderId,
      // For convenience-store payment the place to pay is the store counter page, when the gateway offers one.
      payUrl: created.output.payUrl ?? created.output.counterUrl ?? null,
      paymentCode: created.output.paymentCode ?? null,
      expiresAt: created.output.expiresAt,
    };
  }

  async orderState(merchantOrderId: string): Promise<{ state: GatewayState; amountMinor: bigint } | undefined> {
    const a = await this.call('GET', `/orders/${encodeURIComponent(merchantOrderId)}`);
    if (a.status === 404) return undefined;
    if (a.status !== 200) throw new GatewayError(String(a.body.code ?? `HTTP_${a.status}`));
    const answer = v.safeParse(answers.gatewayOrder, a.body);
    if (!answer.success) throw new GatewayError(answers.problemAt(answer.issues));
    return { state: answer.output.order.state, amountMinor: answer.output.order.amountMinor };
  }

  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): CallbackEvent | undefined {
    const timestamp = String(headers['x-gateway-timestamp'] ?? '');
    const given = String(headers['x-gateway-signature'] ?? '');
    if (!/^\d{10,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return undefined;
    const expected = createHmac('sha256', this.opts.secret).update(`${timestamp}\n${rawBody}`).digest();
    if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return undefined;
    if (Math.abs(Date.now() - Number(timestamp)) > CALLBACK_MAX_AGE_MS) return undefined;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const state = String(body.state);
    if (!['created', 'paid', 'failed', 'expired'].includes(state) || !/^\d{1,15}$/.test(String(body.amountMinor))) return undefined;
    return {
      eventId: String(body.eventId ?? ''),
      gatewayOrderId: String(body.orderId ?? ''),
      merchantOrderId: String(body.merchantOrderId ?? ''),
      amountMinor: BigInt(String(body.amountMinor)),
      state: state as GatewayState,
      failedReason: typeof body.failedReason === 'string' ? body.failedReason : null,
      payerAccount: typeof body.payerAccount === 'string' ? body.payerAccount.slice(0, 100) : null,
    };
  }
}
