// The player's VIP and points-mall calls: GET /vip/info, POST /vip/rewards/claim, and SPEC.md's
// GET /exchange/list, POST /exchange/buy, GET /exchange/record; gift images are public catalogue content.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  exchangeBuyBody,
  exchangeListView,
  exchangeOrderView,
  exchangeRecordQuery,
  exchangeRecordsView,
  imageBytesView,
  rewardClaimBody,
  rewardView,
  vipInfoView,
} from '../../../shared/schemas/vip.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { translate } from '../../../i18n/index.ts';
import { playerOf } from '../auth/request.ts';

const imageParams = v.strictObject({ id: v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'error.not_found'), v.transform(Number)) });

export const vipRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { vip, exchange } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };

  app.get('/vip/info', { ...player, schema: { response: { 200: okBody(vipInfoView) } } }, async (request) =>
    ok(await vip.info(playerOf(request).playerId, request.locale)),
  );

  app.post(
    '/vip/rewards/claim',
    { ...player, schema: { body: rewardClaimBody, response: { 200: okBody(rewardView) } }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const reward = await vip.claimReward(playerOf(request).playerId, request.body.id, request.locale);
      return ok(reward, translate(request.locale, 'vip.reward.claimed'));
    },
  );

  app.get('/exchange/list', { ...player, schema: { response: { 200: okBody(exchangeListView) } } }, async (request) =>
    ok(await exchange.list(playerOf(request).playerId, request.locale)),
  );

  app.post(
    '/exchange/buy',
    { ...player, schema: { body: exchangeBuyBody, response: { 200: okBody(exchangeOrderView) } }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const raw = request.headers['idempotency-key'];
      if (raw !== undefined && (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{8,80}$/.test(raw))) throw new ApiError('bad_request');
      const order = await exchange.buy(playerOf(request).playerId, request.body, request.locale, raw);
      return ok(order, translate(request.locale, 'vip.exchange.done'));
    },
  );

  app.get('/exchange/record', { ...player, schema: { querystring: exchangeRecordQuery, response: { 200: okBody(exchangeRecordsView) } } }, async (request) => {
    return ok(await exchange.records(playerOf(request).playerId, request.query, request.locale));
  });

  app.get('/exchange/image/:id', { schema: { params: imageParams, response: { 200: imageBytesView } } }, async (request, reply) => {
    const img = await exchange.image(request.params.id);
    return reply.type(img.mime).header('cache-control', 'public, max-age=86400, immutable').header('x-content-type-options', 'nosniff').send(img.bytes);
  });
};
