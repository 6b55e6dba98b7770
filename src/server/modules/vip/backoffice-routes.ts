// The back office's VIP and points-mall desk: the level editor, a player's level and points, the gift catalogue
// and the fulfilment queue. Each route parses, calls one VipBackofficeService method and shapes the answer; the
// rules, the transactions and their audit rows are in backoffice-service.ts.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { ok } from '../../lib/reply.ts';
import {
  GIFT_IMAGE_MAX_BYTES,
  giftAdminView,
  giftBody,
  giftImageBody,
  giftImageView,
  levelAdminView,
  levelParams,
  levelPreviewView,
  levelRulesBody,
  orderActionBody,
  orderQueueView,
  ordersQuery,
  playerLevelBody,
  playerVipView,
  pointsAdjustBody,
  pointsBalanceView,
  exchangeOrderView,
} from '../../../shared/schemas/vip.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import { operatorOf } from '../staff/request.ts';
import { VipBackofficeService } from './backoffice-service.ts';

/** The plugin's instance with request parts typed from the declared schemas. */
type TypedApp = ReturnType<typeof typed>;
const typed = (plugin: FastifyInstance) => plugin.withTypeProvider<ValibotTypeProvider>();

function levelRoutes(app: TypedApp, desk: VipBackofficeService): void {
  app.get('/vip/levels', { schema: { response: { 200: okBody(v.array(levelAdminView)) } }, config: { staff: 'vip.manage' } }, async (request) =>
    ok(await desk.levels(request.locale)),
  );

  /** How many players the edited level would move: those who would reach it now, and those at it who would miss its keep threshold. */
  app.post(
    '/vip/levels/:id/preview',
    { schema: { params: levelParams, body: levelRulesBody, response: { 200: okBody(levelPreviewView) } }, config: { staff: 'vip.manage' } },
    async (request) => {
      return ok(await desk.previewLevel(request.params.id, request.body));
    },
  );

  app.put(
    '/vip/levels/:id',
    { schema: { params: levelParams, body: levelRulesBody, response: { 200: okEmpty } }, config: { staff: 'vip.manage' } },
    async (request) => {
      await desk.updateLevel(operatorOf(request), request.params.id, request.body);
      return ok(null);
    },
  );
}

function playerRoutes(app: TypedApp, desk: VipBackofficeService): void {
  app.get('/vip/players/:id', { schema: { params: idParams, response: { 200: okBody(playerVipView) } }, config: { staff: 'player.detail' } }, async (request) =>
    ok(await desk.player(request.params.id)),
  );

  app.post(
    '/vip/players/:id/level',
    { schema: { params: idParams, body: playerLevelBody, response: { 200: okEmpty } }, config: { staff: 'vip.manage' } },
    async (request) => {
      await desk.setPlayerLevel(operatorOf(request), request.params.id, request.body);
      return ok(null);
    },
  );

  app.post(
    '/vip/players/:id/points',
    {
      schema: { headers: idempotencyHeaders, params: idParams, body: pointsAdjustBody, response: { 200: okBody(pointsBalanceView) } },
      config: { staff: 'vip.manage' },
    },
    async (request) => {
      const playerId = request.params.id;
      return ok(await desk.adjustPoints(operatorOf(request), playerId, request.body, commandKey(request, { playerId, ...request.body })));
    },
  );
}

function giftRoutes(app: TypedApp, desk: VipBackofficeService): void {
  app.get('/vip/gifts', { schema: { response: { 200: okBody(v.array(giftAdminView)) } }, config: { staff: 'exchange.manage' } }, async () =>
    ok(await desk.gifts()),
  );

  app.post('/vip/gifts', { schema: { body: giftBody, response: { 200: okBody(giftAdminView) } }, config: { staff: 'vip.manage' } }, async (request) => {
    return ok(await desk.createGift(operatorOf(request), request.body));
  });

  app.put(
    '/vip/gifts/:id',
    { schema: { params: idParams, body: giftBody, response: { 200: okBody(giftAdminView) } }, config: { staff: 'vip.manage' } },
    async (request) => {
      return ok(await desk.updateGift(operatorOf(request), request.params.id, request.body));
    },
  );

  // Base64 in JSON grows the body by a third; this route alone takes a body that large.
  app.post(
    '/vip/gifts/image',
    {
      schema: { body: giftImageBody, response: { 200: okBody(giftImageView) } },
      bodyLimit: Math.ceil((GIFT_IMAGE_MAX_BYTES * 4) / 3) + 1024,
      config: { staff: 'vip.manage', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ok(await desk.uploadGiftImage(operatorOf(request), request.body.data)),
  );
}

function orderRoutes(app: TypedApp, desk: VipBackofficeService): void {
  app.get(
    '/vip/orders',
    { schema: { querystring: ordersQuery, response: { 200: okBody(orderQueueView) } }, config: { staff: 'exchange.manage' } },
    async (request) => {
      return ok(await desk.orders(request.query, request.locale));
    },
  );

  app.post(
    '/vip/orders/:id',
    { schema: { params: idParams, body: orderActionBody, response: { 200: okBody(exchangeOrderView) } }, config: { staff: 'exchange.manage' } },
    async (request) => {
      return ok(await desk.actOnOrder(operatorOf(request), request.params.id, request.body, request.locale));
    },
  );
}

export const backofficeVipRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = typed(plugin);
  const { db, vip, exchange, realtime } = app.services;
  const desk = new VipBackofficeService({ db, vip, exchange, publish: realtime.publisher });
  levelRoutes(app, desk);
  playerRoutes(app, desk);
  giftRoutes(app, desk);
  orderRoutes(app, desk);
};
