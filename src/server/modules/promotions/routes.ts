// The player's promotion calls (SPEC.md section 7): GET /activity/showType and /activity/frontTypeInfo, the
// hall's list and a promotion's detail (public: visitors browse the hall; a signed-in caller's detail also
// says whether they can apply), POST /activity/apply and GET /activity/mine.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { bearerToken } from '../auth/tokens.ts';
import { playerOf } from '../auth/request.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { translate } from '../../../i18n/index.ts';
import {
  ApplyResultView,
  FrontTypeListView,
  MyPromotionsView,
  PromotionDetailView,
  PromotionListView,
  ShowTypeView,
  applyBody,
  myPromotionsQuery,
  promotionDetailQuery,
  promotionListQuery,
  showTypeQuery,
} from '../../../shared/schemas/promotions.ts';

export const promotionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { promotions, auth } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };
  /** The public calls read the session when one is sent, and answer a visitor's view without one. */
  const maybeMe = async (request: FastifyRequest): Promise<number | undefined> => {
    const token = bearerToken(request.headers.authorization);
    return token ? (await auth.authenticate(token))?.playerId : undefined;
  };

  app.get('/activity/showType', { schema: { querystring: showTypeQuery, response: { 200: okBody(ShowTypeView) } } }, async (request) =>
    ok(await promotions.showType(request.query.mode || undefined, request.locale)),
  );

  app.get('/activity/frontTypeInfo', { schema: { response: { 200: okBody(FrontTypeListView) } } }, async (request) =>
    ok(await promotions.frontTypes(request.locale)),
  );

  app.get('/activity/list', { schema: { querystring: promotionListQuery, response: { 200: okBody(PromotionListView) } } }, async (request) =>
    ok(await promotions.list(request.query, request.locale)),
  );

  app.get('/activity/detail', { schema: { querystring: promotionDetailQuery, response: { 200: okBody(PromotionDetailView) } } }, async (request) =>
    ok(await promotions.detail(request.query.id, await maybeMe(request), request.locale)),
  );

  app.post(
    '/activity/apply',
    {
      ...player,
      schema: { body: applyBody, response: { 200: okBody(ApplyResultView) } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const application = await promotions.apply(playerOf(request).playerId, request.body.id, request.locale);
      return ok(application, translate(request.locale, application.status === 'success' ? 'promo.granted' : 'promo.applied'));
    },
  );

  app.get('/activity/mine', { ...player, schema: { querystring: myPromotionsQuery, response: { 200: okBody(MyPromotionsView) } } }, async (request) =>
    ok(await promotions.mine(playerOf(request).playerId, request.query, request.locale)),
  );
};
