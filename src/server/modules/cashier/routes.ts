// Cashier calls of SPEC.md section 7 (deposits, bank cards, withdrawals) and the gateway's callback.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { clientKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import * as v from 'valibot';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import {
  bankCardBody, bankCardsView, callbackAckView, cardIdBody, depositCreateBody, depositIdParam, depositMethodsView, depositView,
  personalInfoBody, requirementView, withdrawCancelBody, withdrawCreateBody, withdrawCreatedView, withdrawTermsView,
} from '../../../shared/schemas/cashier.ts';
import { errorView, okBody, okEmpty, pageOf } from '../../../shared/schemas/envelope.ts';
import type { Auth } from '../auth/service.ts';
import * as repo from './repository.ts';

const pageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1'),
  pageSize: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '10'),
});
/** Gateway callbacks are small; anything bigger is not one. */
const CALLBACK_BODY_LIMIT_BYTES = 16 * 1024;
/** Callbacks one address may post a minute, signed or not. */
const CALLBACKS_PER_MINUTE = 1200;


export const cashierRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { cashier, db } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };
  const auth = (request: FastifyRequest) => request.auth as Auth;

  app.get('/finance/deposit/methods', { ...player, schema: { response: { 200: okBody(depositMethodsView) } } }, async (request) => ok(await cashier.depositMethods(request.locale)));

  app.post('/finance/deposit/create', { ...player, schema: { headers: idempotencyHeaders, body: depositCreateBody, response: { 200: okBody(depositView) } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const body = request.body;
    return ok(await cashier.createDeposit(auth(request).playerId, body, clientKey(request), request.locale));
  });

  app.get('/finance/deposit/:id', { ...player, schema: { params: depositIdParam, response: { 200: okBody(depositView) } } }, async (request) => {
    const d = await repo.depositById(db, request.params.id);
    if (!d || d.playerId !== auth(request).playerId) throw new ApiError('not_found');
    return ok(cashier.depositView(d));
  });

  // The gateway posts here. The signature covers the raw body, so this route reads it unparsed.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
    // The gateway's own addresses send many callbacks in a busy hour, so the limit is generous; senders of
    // forged callbacks are refused much sooner by the service's count of them.
    raw.post('/payments/paybridge/callback', { schema: { response: { 200: callbackAckView, 401: errorView, 429: errorView } }, config: { rateLimit: { max: CALLBACKS_PER_MINUTE, timeWindow: '1 minute' } } }, async (request, reply) => {
      const result = await cashier.handleCallback(String(request.body ?? ''), request.headers, request.ip);
      if (result.outcome === 'rate_limited') return reply.code(429).send({ status: 'error', code: 'rate_limited', message: 'too many failed callbacks' });
      if (!result.ok) return reply.code(401).send({ status: 'error', code: 'bad_signature', message: 'signature check failed' });
      return reply.type('text/plain').send('OK');
    });
  });

  app.get('/players/debit-card/list', { ...player, schema: { response: { 200: okBody(bankCardsView) } } }, async (request) => ok(await cashier.cards(auth(request).playerId, request.locale)));

  app.post('/players/debit-card/store', { ...player, schema: { body: bankCardBody, response: { 200: okEmpty } } }, async (request) => {
    const body = request.body;
    await cashier.addCard(auth(request).playerId, body);
    return ok(null, request.locale === 'en' ? 'Submitted for verification' : '已送出審核');
  });

  app.post('/players/debit-card/delete', { ...player, schema: { body: cardIdBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.deleteCard(auth(request).playerId, request.body.id);
    return ok(null);
  });

  app.put('/auth/info', { ...player, schema: { body: personalInfoBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.setPersonalInfo(auth(request).playerId, request.body);
    return ok(null, request.locale === 'en' ? 'Successfully modified' : '修改成功');
  });

  app.get('/finance/withdraw/terms', { ...player, schema: { response: { 200: okBody(withdrawTermsView) } } }, async (request) => {
    const t = await cashier.withdrawTerms(auth(request).playerId);
    return ok({
      fee: minorToDecimal(t.fee), min: minorToDecimal(t.min), max: minorToDecimal(t.max), used_today: t.usedToday,
      max_per_day: t.maxPerDay === Infinity ? 0 : t.maxPerDay, need_real_name: t.needRealName,
    });
  });

  app.post('/finance/withdraw/create', { ...player, schema: { headers: idempotencyHeaders, body: withdrawCreateBody, response: { 200: okBody(withdrawCreatedView) } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) => {
    const w = await cashier.createWithdrawal(auth(request).playerId, request.body, clientKey(request));
    return ok({ id: w.id, amount: minorToDecimal(w.amountMinor), fee: minorToDecimal(w.feeMinor), status: w.status }, request.locale === 'en' ? 'Withdrawal submitted' : '提款申請已送出');
  });

  app.post('/finance/withdraw/cancel', { ...player, schema: { body: withdrawCancelBody, response: { 200: okEmpty } } }, async (request) => {
    await cashier.closeWithdrawal(request.body.id, 'cancel', { playerId: auth(request).playerId }, 'player cancels');
    return ok(null, request.locale === 'en' ? 'Withdrawal cancelled' : '已取消提款');
  });

  app.get('/finance/withdraw/limit/records', { ...player, schema: { querystring: pageQuery, response: { 200: okBody(pageOf(requirementView)) } } }, async (request) => {
    const q = request.query;
    const all = await cashier.requirements(auth(request).playerId);
    const newestFirst = [...all].reverse();
    return ok({ data: newestFirst.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: all.length });
  });
};
