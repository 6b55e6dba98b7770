// Cashier calls of SPEC.md section 7 (deposits, bank cards, withdrawals) and the gateway's callback.
import type { TypedApp, ValibotTypeProvider } from '../../lib/validation.ts';
import { clientKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { CashierService } from './service.ts';
import { ok } from '../../lib/reply.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import {
  bankCardBody,
  bankCardsView,
  aioNoticeAnswer,
  callbackAckView,
  cardIdBody,
  depositCreateBody,
  depositIdParam,
  depositMethodsView,
  depositView,
  personalInfoBody,
  requirementView,
  requirementsQuery,
  withdrawCancelBody,
  withdrawCreateBody,
  withdrawCreatedView,
  withdrawTermsView,
} from '../../../shared/schemas/cashier.ts';
import { errorView, okBody, okEmpty, pageOf } from '../../../shared/schemas/envelope.ts';
import { translate } from '../../../i18n/index.ts';
import { playerOf } from '../auth/request.ts';

/** Gateway callbacks are small; anything bigger is not one. */
const CALLBACK_BODY_LIMIT_BYTES = 16 * 1024;
/** Callbacks one address may post a minute, signed or not. */
const CALLBACKS_PER_MINUTE = 1200;
/** Deposit and withdrawal orders one player may create a minute. */
const ORDERS_PER_MINUTE = 20;

export const cashierRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { cashier } = app.services;
  depositRoutes(app, cashier);
  // The gateway posts here. The signature covers the raw body, so this route reads it unparsed.
  await app.register(async (raw) => gatewayCallbackRoute(raw, cashier));
  // The AIO dialect's notices are forms; they are read in the service so that what is logged is what came.
  await app.register(async (raw) => aioNoticeRoutes(raw, cashier));
  cardAndInfoRoutes(app, cashier);
  withdrawalRoutes(app, cashier);
};

// onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
const playerOnly = (app: TypedApp) => ({ onRequest: app.requirePlayer });
const orderLimit = { rateLimit: { max: ORDERS_PER_MINUTE, timeWindow: '1 minute' } };

function depositRoutes(app: TypedApp, cashier: CashierService): void {
  const player = playerOnly(app);
  app.get('/finance/deposit/methods', { ...player, schema: { response: { 200: okBody(depositMethodsView) } } }, async (request) =>
    ok(await cashier.depositMethods(request.locale)),
  );

  app.post(
    '/finance/deposit/create',
    { ...player, schema: { headers: idempotencyHeaders, body: depositCreateBody, response: { 200: okBody(depositView) } }, config: orderLimit },
    async (request) => ok(await cashier.createDeposit(playerOf(request).playerId, request.body, clientKey(request), request.locale, request.ip)),
  );

  app.get('/finance/deposit/:id', { ...player, schema: { params: depositIdParam, response: { 200: okBody(depositView) } } }, async (request) =>
    ok(await cashier.depositOf(playerOf(request).playerId, request.params.id, request.locale)),
  );
}

function gatewayCallbackRoute(raw: FastifyInstance, cashier: CashierService): void {
  raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
  // The gateway's own addresses send many callbacks in a busy hour, so the limit is generous; senders of
  // forged callbacks are refused much sooner by the service's count of them.
  raw.post(
    '/payments/paybridge/callback',
    {
      schema: { response: { 200: callbackAckView, 401: errorView, 429: errorView } },
      config: { rateLimit: { max: CALLBACKS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await cashier.handleCallback(String(request.body ?? ''), request.headers, request.ip);
      if (result.outcome === 'rate_limited') return reply.code(429).send({ status: 'error', code: 'rate_limited', message: 'too many failed callbacks' });
      if (!result.ok) return reply.code(401).send({ status: 'error', code: 'bad_signature', message: 'signature check failed' });
      return reply.type('text/plain').send('OK');
    },
  );
}

/**
 * The AIO dialect's notices: PaymentInfoURL (a code issued) and ReturnURL (paid). Each is answered in plain text,
 * `1|OK` once accepted; anything else makes the gateway deliver it again. With another dialect the addresses say 404.
 */
function aioNoticeRoutes(raw: FastifyInstance, cashier: CashierService): void {
  // Every body reaches the notice's own reading as text, whatever its declared type, so a notice that is not a form
  // (or not even JSON when it says so) is answered in the dialect (`0|...`) instead of by the JSON parser's error,
  // which the plain-text answer's schema cannot carry.
  const asText = (_req: unknown, body: string | Buffer, done: (err: null, body: string) => void) => done(null, String(body));
  raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES }, asText);
  raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES }, asText);
  raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES }, asText);
  const route = (path: string, kind: 'info' | 'paid') =>
    raw.post(
      path,
      {
        schema: { response: { 200: aioNoticeAnswer, 400: aioNoticeAnswer, 404: errorView, 429: aioNoticeAnswer } },
        config: { rateLimit: { max: CALLBACKS_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const result = await cashier.aioNotice(kind, typeof request.body === 'string' ? request.body : '', request.ip);
        if (!result) return reply.code(404).send({ status: 'error', code: 'not_found', message: 'not found' });
        const code =
          result.outcome === 'rate_limited'
            ? 429
            : result.outcome === 'bad_mac' || result.outcome === 'malformed' || result.outcome === 'wrong_merchant'
              ? 400
              : 200;
        return reply.code(code).type('text/plain').send(result.answer);
      },
    );
  route('/payments/aio/payment-info', 'info');
  route('/payments/aio/return', 'paid');
}

/** The player's bank cards and the personal details a withdrawal needs. */
function cardAndInfoRoutes(app: TypedApp, cashier: CashierService): void {
  const player = playerOnly(app);
  app.get('/players/debit-card/list', { ...player, schema: { response: { 200: okBody(bankCardsView) } } }, async (request) =>
    ok(await cashier.cards(playerOf(request).playerId, request.locale)),
  );

  app.post('/players/debit-card/store', { ...player, schema: { body: bankCardBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.addCard(playerOf(request).playerId, request.body, request.ip);
    return ok(null, translate(request.locale, 'cashier.answer.card_submitted'));
  });

  app.post('/players/debit-card/delete', { ...player, schema: { body: cardIdBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.deleteCard(playerOf(request).playerId, request.body.id);
    return ok(null);
  });

  app.put('/auth/info', { ...player, schema: { body: personalInfoBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.setPersonalInfo(playerOf(request).playerId, request.body);
    return ok(null, translate(request.locale, 'cashier.answer.info_saved'));
  });
}

function withdrawalRoutes(app: TypedApp, cashier: CashierService): void {
  const player = playerOnly(app);
  app.get('/finance/withdraw/terms', { ...player, schema: { response: { 200: okBody(withdrawTermsView) } } }, async (request) =>
    ok(await cashier.withdrawTermsView(playerOf(request).playerId)),
  );

  app.post(
    '/finance/withdraw/create',
    { ...player, schema: { headers: idempotencyHeaders, body: withdrawCreateBody, response: { 200: okBody(withdrawCreatedView) } }, config: orderLimit },
    async (request) => {
      const w = await cashier.createWithdrawal(playerOf(request).playerId, request.body, clientKey(request));
      const view = { id: w.id, amount: minorToDecimal(w.amountMinor), fee: minorToDecimal(w.feeMinor), status: w.status };
      return ok(view, translate(request.locale, 'cashier.answer.withdraw_submitted'));
    },
  );

  app.post('/finance/withdraw/cancel', { ...player, schema: { body: withdrawCancelBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.closeWithdrawal(request.body.id, 'cancel', { playerId: playerOf(request).playerId }, 'player cancels');
    return ok(null, translate(request.locale, 'cashier.answer.withdraw_cancelled'));
  });

  app.get(
    '/finance/withdraw/limit/records',
    { ...player, schema: { querystring: requirementsQuery, response: { 200: okBody(pageOf(requirementView)) } } },
    async (request) => ok(await cashier.requirementsPage(playerOf(request).playerId, request.query)),
  );
}
