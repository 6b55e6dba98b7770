// PayBridge: the stand-in third-party payment gateway (card / e-wallet hosted page, convenience-store
// payment codes, online-banking redirect). A Fastify plugin mounted on the sim's server by one line
// in sim/server.ts; see the PayBridge section of sim/README.md for the contract.
//   /gateway/*      signed merchant API and the hosted pages players' browsers open
//   /sim/gateway/*  unsigned test switches
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signatureMatches, signMerchantRequest } from './sign.ts';
import {
  BANKS,
  DEFAULT_CALLBACK_RETRY_MS,
  DEFAULT_GATEWAY_SECRET,
  Gateway,
  MERCHANT_ID,
  REASON_RE,
  parseCallbackSwitch,
  parseOrderRequest,
  type Order,
} from './gateway.ts';
import { parseGatewayFaultsPatch } from './faults.ts';
import { DECLINED_CARD, langOf, renderCodeEntry, renderCounterPage, renderNotFound, renderPayPage, returnLink, type Lang } from './pages.ts';

export interface PaymentSimOptions {
  /** Unset or empty: in-memory only; else orders and pending callbacks go to `<dataDir>/gateway.jsonl`. */
  dataDir?: string;
  /** Merchant secret for merchant 'site'; default SIM_GATEWAY_SECRET, then 'dev-gateway-secret'. */
  gatewaySecret?: string;
  /** Waits after failed callback attempts 1, 2, …; default SIM_GATEWAY_RETRY_MS (comma-separated), then 1s…300s. */
  gatewayCallbackRetryMs?: number[];
  /** Max age of a signed merchant request; default 30000. */
  requestTtlMs?: number;
  /** Base of payUrl/counterUrl (what browsers open), read when an answer is built. */
  publicUrl?: () => string;
  /** How long a callback attempt may take; default 5000. */
  callbackTimeoutMs?: number;
}

/** How far ahead of the gateway's clock a request timestamp may be. */
const MAX_CLOCK_AHEAD_MS = 5_000;

type Body = Record<string, unknown>;
type Answer = { httpStatus: number; body: Body };

/** Registers PayBridge on the sim's Fastify instance: `await app.register(startPaymentSim, {...})`. */
export async function startPaymentSim(app: FastifyInstance, opts: PaymentSimOptions): Promise<void> {
  const secret = opts.gatewaySecret || process.env.SIM_GATEWAY_SECRET || DEFAULT_GATEWAY_SECRET;
  const retryMs = opts.gatewayCallbackRetryMs ?? parseRetryEnv(process.env.SIM_GATEWAY_RETRY_MS) ?? [...DEFAULT_CALLBACK_RETRY_MS];
  if (!retryMs.every((ms) => Number.isInteger(ms) && ms >= 0)) throw new Error('sim gateway: gatewayCallbackRetryMs must be non-negative integers');
  const requestTtlMs = opts.requestTtlMs ?? 30_000;
  const publicUrl = opts.publicUrl ?? (() => '');
  const gateway = await Gateway.open({ secret, retryMs, dataDir: opts.dataDir ? resolve(opts.dataDir) : undefined, callbackTimeoutMs: opts.callbackTimeoutMs });

  app.addHook('onReady', async () => gateway.start());
  app.addHook('onClose', async () => gateway.close());

  const payUrl = (o: Order) => (o.method === 'cvs' ? null : `${publicUrl()}/gateway/pay/${o.orderId}`);
  const counterUrl = (o: Order) => (o.paymentCode ? `${publicUrl()}/gateway/cvs/${o.paymentCode}` : null);
  const error = (httpStatus: number, code: string): Answer => ({ httpStatus, body: { status: 'error', code } });

  function checkSignature(req: FastifyRequest, rawBody: string): string | null {
    const merchant = req.headers['x-merchant'];
    const timestamp = req.headers['x-timestamp'];
    const signature = req.headers['x-signature'];
    if (typeof merchant !== 'string' || merchant === '') return 'BAD_SIGNATURE';
    if (merchant !== MERCHANT_ID) return 'UNKNOWN_MERCHANT';
    if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) return 'BAD_SIGNATURE';
    if (typeof signature !== 'string') return 'BAD_SIGNATURE';
    if (!signatureMatches(signMerchantRequest(secret, req.method, req.url, timestamp, rawBody), signature)) return 'BAD_SIGNATURE';
    const age = Date.now() - Number(timestamp);
    if (age > requestTtlMs || age < -MAX_CLOCK_AHEAD_MS) return 'STALE_REQUEST';
    return null;
  }

  /** Signed merchant endpoint: signature, error fault, JSON body; answers only after the journal is fsync'd. */
  function merchant(handler: (req: FastifyRequest, body: Body) => Answer) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const rejected = checkSignature(req, rawBody);
      if (rejected) return reply.code(401).send({ status: 'error', code: rejected });
      if (gateway.faults.roll(gateway.faults.current.orderErrorRate)) return reply.code(500).send({ status: 'error', code: 'INTERNAL' });
      const body = req.method === 'GET' ? {} : parseJson(rawBody);
      if (!body) return reply.code(400).send({ status: 'error', code: 'BAD_JSON' });
      const answer = handler(req, body);
      await gateway.commit();
      return reply.code(answer.httpStatus).send(answer.body);
    };
  }

  app.post(
    '/gateway/orders',
    merchant((_req, body) => {
      const parsed = parseOrderRequest(body);
      if (!parsed.ok) return error(422, parsed.code);
      const result = gateway.createOrder(parsed.value);
      if (result.kind === 'mismatch') return error(409, 'DUPLICATE_MISMATCH');
      const o = result.order;
      return {
        httpStatus: 200,
        body: {
          status: 'created',
          orderId: o.orderId,
          merchantOrderId: o.merchantOrderId,
          payUrl: payUrl(o),
          paymentCode: o.paymentCode,
          counterUrl: counterUrl(o),
          expiresAt: createdExpiresAt(o),
        },
      };
    }),
  );

  app.get(
    '/gateway/orders/:merchantOrderId',
    merchant((req) => {
      const order = gateway.get((req.params as { merchantOrderId: string }).merchantOrderId);
      if (!order) return error(404, 'ORDER_NOT_FOUND');
      return { httpStatus: 200, body: { status: 'ok', order: merchantView(order) } };
    }),
  );

  // ---- hosted pages (unsigned; what the player's browser opens) ----

  const html = (reply: FastifyReply, status: number, text: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(text);
  const langFrom = (req: FastifyRequest): Lang => langOf((req.query as Record<string, string | undefined>).lang);
  const see = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).header('cache-control', 'no-store').send();
  const withLang = (path: string, lang: Lang) => (lang === 'en' ? `${path}?lang=en` : path);

  app.get('/gateway/pay/:orderId', async (req, reply) => {
    const lang = langFrom(req);
    const order = gateway.getByOrderId((req.params as { orderId: string }).orderId);
    await gateway.commit();
    if (!order) return html(reply, 404, renderNotFound(lang));
    if (order.method === 'cvs') return see(reply, withLang(`/gateway/cvs/${order.paymentCode}`, lang));
    return html(reply, 200, renderPayPage(order, lang));
  });

  app.post('/gateway/pay/:orderId/:action', async (req, reply) => {
    const lang = langFrom(req);
    const { orderId, action } = req.params as { orderId: string; action: string };
    if (action !== 'pay' && action !== 'fail') return html(reply, 404, renderNotFound(lang));
    const order = gateway.getByOrderId(orderId);
    if (!order || order.method === 'cvs') {
      await gateway.commit();
      return html(reply, 404, renderNotFound(lang));
    }
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    let changed: boolean;
    if (action === 'fail') {
      changed = gateway.fail(order, 'page', 'PAYMENT_FAILED').changed;
    } else if (order.method === 'card' && order.state === 'created') {
      const cardNumber = (form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(cardNumber)) {
        await gateway.commit();
        return html(reply, 422, renderPayPage(order, lang, { error: 'badCard', cardNumber: form.get('cardNumber') ?? '' }));
      }
      changed = cardNumber === DECLINED_CARD ? gateway.fail(order, 'page', 'CARD_DECLINED').changed : gateway.pay(order, 'page').changed;
    } else if (order.method === 'online_banking') {
      const bank = form.get('bank');
      changed = gateway.pay(order, 'page', BANKS.some((b) => b.code === bank) ? bank : BANKS[0]!.code).changed;
    } else {
      changed = gateway.pay(order, 'page').changed;
    }
    await gateway.commit();
    // A change (or a double submit that already had this outcome) goes back to the merchant;
    // anything else (say, paying an expired order) shows the order's final state.
    const wanted = action === 'pay' ? 'paid' : 'failed';
    if (changed || order.state === wanted) return see(reply, returnLink(order));
    return see(reply, withLang(`/gateway/pay/${order.orderId}`, lang));
  });

  app.get('/gateway/cvs', async (req, reply) => {
    const lang = langFrom(req);
    const code = ((req.query as Record<string, string | undefined>).code ?? '').trim().toUpperCase();
    if (code === '') return html(reply, 200, renderCodeEntry(lang));
    const order = gateway.getByCode(code);
    await gateway.commit();
    if (!order) return html(reply, 404, renderCodeEntry(lang, true));
    return see(reply, withLang(`/gateway/cvs/${order.paymentCode}`, lang));
  });

  app.get('/gateway/cvs/:paymentCode', async (req, reply) => {
    const lang = langFrom(req);
    const order = gateway.getByCode((req.params as { paymentCode: string }).paymentCode);
    await gateway.commit();
    if (!order) return html(reply, 404, renderCodeEntry(lang, true));
    return html(reply, 200, renderCounterPage(order, lang));
  });

  app.post('/gateway/cvs/:paymentCode/pay', async (req, reply) => {
    const lang = langFrom(req);
    const order = gateway.getByCode((req.params as { paymentCode: string }).paymentCode);
    if (order) gateway.pay(order, 'cvs');
    await gateway.commit();
    if (!order) return html(reply, 404, renderCodeEntry(lang, true));
    return see(reply, withLang(`/gateway/cvs/${order.paymentCode}`, lang));
  });

  // ---- test switches (unsigned; keep the sim on localhost) ----

  const adminView = (o: Order) => ({ ...o, payUrl: payUrl(o), counterUrl: counterUrl(o) });
  const orderOr404 = async (req: FastifyRequest, reply: FastifyReply): Promise<Order | undefined> => {
    const order = gateway.get((req.params as { merchantOrderId: string }).merchantOrderId);
    await gateway.commit();
    if (!order) void reply.code(404).send({ status: 'error', code: 'ORDER_NOT_FOUND' });
    return order;
  };
  const bodyOf = (req: FastifyRequest, reply: FastifyReply): Body | undefined => {
    const body = parseJson(typeof req.body === 'string' ? req.body : '');
    if (!body) void reply.code(400).send({ status: 'error', code: 'BAD_JSON' });
    return body;
  };
  const changeAnswer = async (reply: FastifyReply, result: { changed: boolean; order: Order }, wanted: string) => {
    await gateway.commit();
    if (result.changed || result.order.state === wanted) return reply.send({ status: 'ok', changed: result.changed, order: adminView(result.order) });
    return reply.code(409).send({ status: 'error', code: 'ORDER_FINAL', order: adminView(result.order) });
  };

  app.get('/sim/gateway/orders', async () => {
    const orders = gateway.list().map(adminView);
    await gateway.commit();
    return { orders };
  });
  app.get('/sim/gateway/orders/:merchantOrderId', async (req, reply) => {
    const order = await orderOr404(req, reply);
    return order ? { status: 'ok', order: adminView(order) } : reply;
  });
  app.post('/sim/gateway/orders/:merchantOrderId/pay', async (req, reply) => {
    const body = bodyOf(req, reply);
    if (!body) return reply;
    const bank = body.bank;
    if (bank !== undefined && !BANKS.some((b) => b.code === bank)) return reply.code(422).send({ status: 'error', code: 'INVALID_BANK' });
    const order = await orderOr404(req, reply);
    if (!order) return reply;
    return changeAnswer(
      reply,
      gateway.pay(order, 'switch', order.method === 'online_banking' ? ((bank as string | undefined) ?? BANKS[0]!.code) : null),
      'paid',
    );
  });
  app.post('/sim/gateway/orders/:merchantOrderId/fail', async (req, reply) => {
    const body = bodyOf(req, reply);
    if (!body) return reply;
    const reason = body.reason ?? 'PAYMENT_FAILED';
    if (typeof reason !== 'string' || !REASON_RE.test(reason)) return reply.code(422).send({ status: 'error', code: 'INVALID_REASON' });
    const order = await orderOr404(req, reply);
    if (!order) return reply;
    return changeAnswer(reply, gateway.fail(order, 'switch', reason), 'failed');
  });
  app.post('/sim/gateway/orders/:merchantOrderId/expire-now', async (req, reply) => {
    const order = await orderOr404(req, reply);
    if (!order) return reply;
    return changeAnswer(reply, gateway.expireNow(order), 'expired');
  });
  app.post('/sim/gateway/orders/:merchantOrderId/callback', async (req, reply) => {
    const body = bodyOf(req, reply);
    if (!body) return reply;
    const parsed = parseCallbackSwitch(body);
    if (!parsed.ok) return reply.code(422).send({ status: 'error', code: parsed.code });
    const order = await orderOr404(req, reply);
    if (!order) return reply;
    const sent = await gateway.sendSwitch(order, parsed.value);
    return { status: 'ok', ...sent };
  });

  app.get('/sim/gateway/callbacks', async (req) => {
    const merchantOrderId = (req.query as Record<string, string | undefined>).merchantOrderId || undefined;
    return { events: gateway.callbackEvents(merchantOrderId), deliveries: gateway.deliveries(merchantOrderId) };
  });
  app.post('/sim/gateway/callbacks/flush', async () => ({ status: 'ok', scheduled: gateway.flush() }));

  app.get('/sim/gateway/faults', async () => gateway.faults.current);
  app.delete('/sim/gateway/faults', async () => gateway.faults.reset());
  app.put('/sim/gateway/faults', async (req, reply) => {
    const body = bodyOf(req, reply);
    if (!body) return reply;
    const parsed = parseGatewayFaultsPatch(body);
    if (!parsed.ok) return reply.code(422).send({ status: 'error', code: 'INVALID_FAULTS', field: parsed.field });
    return gateway.faults.update(parsed.patch);
  });
}

/** The order as the merchant API shows it. */
function merchantView(o: Order): Body {
  const view: Body = { orderId: o.orderId, merchantOrderId: o.merchantOrderId, amountMinor: o.amountMinor, method: o.method, state: o.state };
  if (o.state === 'paid') view.paidAt = o.paidAt;
  if (o.state === 'failed') view.failedReason = o.failedReason;
  view.expiresAt = o.expiresAt;
  return view;
}

/** The creation answer repeats the expiry fixed at creation, even after expire-now moved it. */
function createdExpiresAt(o: Order): string {
  return new Date(Date.parse(o.createdAt) + o.expiresInSec * 1000).toISOString();
}

function parseJson(raw: string): Body | undefined {
  if (raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : undefined;
  } catch {
    return undefined;
  }
}

function parseRetryEnv(v: string | undefined): number[] | undefined {
  if (!v) return undefined;
  return v.split(',').map((s) => Number(s.trim()));
}
