// A payment gateway for API tests: orders live in memory, and callbacks are signed with the real
// PayBridge scheme so the product's verification runs exactly as in production.
import { createHmac } from 'node:crypto';
import { PayBridgeGateway, type CreatedOrder, type GatewayState, type PaymentGateway } from '../../src/server/integrations/payments/gateway.ts';

export const FAKE_GATEWAY_SECRET = 'test-gateway-secret';

export class FakeGateway extends PayBridgeGateway implements PaymentGateway {
  readonly orders = new Map<string, { amountMinor: bigint; state: GatewayState; method: string }>();
  failCreate = false;
  private seq = 0;

  constructor() {
    super({ baseUrl: 'http://gateway.test', merchant: 'site', secret: FAKE_GATEWAY_SECRET, timeoutMs: 1000 });
  }

  override async createOrder(req: Parameters<PaymentGateway['createOrder']>[0]): Promise<CreatedOrder> {
    if (this.failCreate) throw new Error('gateway down');
    this.orders.set(req.merchantOrderId, { amountMinor: req.amountMinor, state: 'created', method: req.method });
    const gatewayOrderId = `G${++this.seq}`;
    return {
      gatewayOrderId,
      payUrl: req.method === 'cvs' ? null : `http://gateway.test/pay/${gatewayOrderId}`,
      paymentCode: req.method === 'cvs' ? `CVS${String(this.seq).padStart(11, '0')}` : null,
      expiresAt: new Date(Date.now() + req.expiresInSec * 1000),
    };
  }

  override async orderState(merchantOrderId: string) {
    const o = this.orders.get(merchantOrderId);
    return o ? { state: o.state, amountMinor: o.amountMinor } : undefined;
  }

  /** A callback body and headers as the gateway would send them; `forge` signs with the wrong key. */
  callback(merchantOrderId: string, state: GatewayState, opts: { forge?: boolean; amountMinor?: bigint; eventId?: string } = {}) {
    const o = this.orders.get(merchantOrderId);
    const body = JSON.stringify({
      merchantId: 'site',
      orderId: `G-${merchantOrderId}`,
      merchantOrderId,
      amountMinor: String(opts.amountMinor ?? o?.amountMinor ?? 0n),
      state,
      paidAt: state === 'paid' ? new Date().toISOString() : null,
      failedReason: state === 'failed' ? 'card declined' : null,
      eventId: opts.eventId ?? `E-${merchantOrderId}-${state}`,
      sentAt: new Date().toISOString(),
    });
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', opts.forge ? 'wrong-secret' : FAKE_GATEWAY_SECRET)
      .update(`${timestamp}\n${body}`)
      .digest('hex');
    if (o && !opts.forge && (state === 'paid' || state === 'failed' || state === 'expired')) o.state = state;
    return { body, headers: { 'content-type': 'application/json', 'x-gateway-timestamp': timestamp, 'x-gateway-signature': signature } };
  }
}
