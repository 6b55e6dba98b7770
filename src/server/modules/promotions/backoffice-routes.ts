// The back office's promotion desk: promotions, front categories, mode entries, the application queue, gifts and
// the daily jobs run by hand. Each route parses, calls one PromotionsBackofficeService method and shapes the
// answer; the rules, the transactions and their audit rows are in backoffice-service.ts.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  ApplicationAdminListView,
  CategoryAdminListView,
  CategoryAdminView,
  GiftResultView,
  JobRunView,
  ModeEntryAdminListView,
  PromotionAdminListView,
  PromotionAdminView,
  PromotionReportView,
  ReviewResultView,
  applicationsQuery,
  boPromotionListQuery,
  categoryBody,
  giftBody,
  jobBody,
  jobParams,
  modeEntryBody,
  modeParams,
  promotionBody,
  reviewBody,
} from '../../../shared/schemas/promotions.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import { operatorOf } from '../staff/request.ts';
import { PromotionsBackofficeService } from './backoffice-service.ts';

const typed = (plugin: FastifyInstance) => plugin.withTypeProvider<ValibotTypeProvider>();
/** The plugin's instance with request parts typed from the declared schemas. */
type TypedApp = ReturnType<typeof typed>;

const read = { staff: 'promotions.read' } as const;
const manage = { staff: 'promotions.manage' } as const;

function promotionRoutes(app: TypedApp, desk: PromotionsBackofficeService): void {
  app.get('/promotions', { schema: { querystring: boPromotionListQuery, response: { 200: okBody(PromotionAdminListView) } }, config: read }, async (request) =>
    ok(await desk.list(request.query)),
  );

  app.get('/promotions/:id', { schema: { params: idParams, response: { 200: okBody(PromotionAdminView) } }, config: read }, async (request) =>
    ok(await desk.get(request.params.id)),
  );

  app.post('/promotions', { schema: { body: promotionBody, response: { 200: okBody(PromotionAdminView) } }, config: manage }, async (request) => {
    return ok(await desk.create(operatorOf(request), request.body));
  });

  app.put(
    '/promotions/:id',
    { schema: { params: idParams, body: promotionBody, response: { 200: okBody(PromotionAdminView) } }, config: manage },
    async (request) => {
      return ok(await desk.update(operatorOf(request), request.params.id, request.body));
    },
  );

  app.get('/promotions/:id/report', { schema: { params: idParams, response: { 200: okBody(PromotionReportView) } }, config: read }, async (request) =>
    ok(await desk.report(request.params.id)),
  );
}

function categoryAndModeRoutes(app: TypedApp, desk: PromotionsBackofficeService): void {
  app.get('/promotion-categories', { schema: { response: { 200: okBody(CategoryAdminListView) } }, config: read }, async () => ok(await desk.categories()));

  app.post('/promotion-categories', { schema: { body: categoryBody, response: { 200: okBody(CategoryAdminView) } }, config: manage }, async (request) => {
    return ok(await desk.createCategory(operatorOf(request), request.body));
  });

  app.put(
    '/promotion-categories/:id',
    { schema: { params: idParams, body: categoryBody, response: { 200: okBody(CategoryAdminView) } }, config: manage },
    async (request) => {
      return ok(await desk.updateCategory(operatorOf(request), request.params.id, request.body));
    },
  );

  app.get('/promotion-modes', { schema: { response: { 200: okBody(ModeEntryAdminListView) } }, config: read }, async (request) =>
    ok(await desk.modes(request.locale)),
  );

  app.put(
    '/promotion-modes/:mode',
    { schema: { params: modeParams, body: modeEntryBody, response: { 200: okBody(ModeEntryAdminListView) } }, config: manage },
    async (request) => {
      return ok(await desk.setMode(operatorOf(request), request.params.mode, request.body.status, request.locale));
    },
  );
}

function queueGiftAndJobRoutes(app: TypedApp, desk: PromotionsBackofficeService): void {
  app.get(
    '/promotion-applications',
    { schema: { querystring: applicationsQuery, response: { 200: okBody(ApplicationAdminListView) } }, config: read },
    async (request) => {
      return ok(await desk.applications(request.query, request.locale));
    },
  );

  app.post(
    '/promotion-applications/review',
    {
      schema: { body: reviewBody, response: { 200: okBody(ReviewResultView) } },
      config: { ...manage, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ok(await desk.review(operatorOf(request), request.body, request.locale)),
  );

  app.post(
    '/promotion-gifts',
    {
      schema: { headers: idempotencyHeaders, body: giftBody, response: { 200: okBody(GiftResultView) } },
      config: { staff: 'bonus.grant', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const b = request.body;
      // Derived from the command (or the caller's Idempotency-Key), so a resent gift pays nobody twice.
      const key = (accounts: string[]) =>
        commandKey(request, { promotion: b.promotion_id, accounts: [...accounts].sort(), amount: b.amount, reason: b.reason });
      return ok(await desk.gift(operatorOf(request), b, key, request.locale));
    },
  );

  app.post('/promotion-jobs/:job', { schema: { params: jobParams, body: jobBody, response: { 200: okBody(JobRunView) } }, config: manage }, async (request) => {
    return ok(await desk.runJob(operatorOf(request), request.params.job, request.body.day));
  });
}

export const backofficePromotionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  const { db, promotions } = app.services;
  const desk = new PromotionsBackofficeService({ db, promotions });
  promotionRoutes(app, desk);
  categoryAndModeRoutes(app, desk);
  queueGiftAndJobRoutes(app, desk);
};
