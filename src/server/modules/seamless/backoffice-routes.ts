// The seamless wallet's back-office routes: platforms' wallet model, the transaction log, open rounds,
// reconciliation and its findings, the provider's daily totals beside ours. Registered inside backofficeRoutes, so its
// auth hook and error handler apply; every route declares its permission.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { TypedApp, ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import {
  seamlessCodeParams,
  seamlessDailyQuery,
  seamlessDailyView,
  seamlessFindingView,
  seamlessKeyView,
  seamlessFindingsPage,
  seamlessFindingsQuery,
  seamlessPlatformBody,
  seamlessPlatformView,
  seamlessReconcileView,
  seamlessResolveBody,
  seamlessRoundView,
  seamlessTxPage,
  seamlessTxQuery,
} from '../../../shared/schemas/backoffice/seamless.ts';
import { operatorOf } from '../staff/request.ts';
import { SeamlessBackofficeService } from './backoffice-service.ts';
import type { SeamlessLauncher } from './service.ts';

export interface SeamlessBackofficeOptions {
  config: import('../../config.ts').Config['seamless'];
  /** The provider adapter whose round report reconciliation reads. */
  provider?: SeamlessLauncher;
}

export const backofficeSeamlessRoutes: FastifyPluginAsync<SeamlessBackofficeOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, seamless } = app.services;
  const service = new SeamlessBackofficeService({
    db,
    accounts: seamless.accounts,
    config: opts.config,
    provider: opts.provider ?? seamless.provider,
    wallet: seamless,
  });
  platformRoutes(app, service);
  reconciliationRoutes(app, service);
};

/** Each platform's wallet model and signing key, and the transaction log. */
function platformRoutes(app: TypedApp, service: SeamlessBackofficeService): void {
  app.get('/seamless/platforms', { schema: { response: { 200: okBody(v.array(seamlessPlatformView)) } }, config: { staff: 'player.detail' } }, async () =>
    ok(await service.platforms()),
  );

  app.put(
    '/seamless/platforms/:code',
    {
      schema: { params: seamlessCodeParams, body: seamlessPlatformBody, response: { 200: okBody(seamlessPlatformView) } },
      config: { staff: 'platforms.manage' },
    },
    async (request) => ok(await service.setWalletModel(operatorOf(request), request.params.code, request.body)),
  );

  app.post(
    '/seamless/platforms/:code/key',
    {
      schema: { params: seamlessCodeParams, response: { 200: okBody(seamlessKeyView) } },
      config: { staff: 'platforms.manage' },
    },
    async (request) => ok(await service.rotateKey(operatorOf(request), request.params.code)),
  );

  staffQueryRoute(app, '/seamless/transactions', { permission: 'bets.read', query: seamlessTxQuery, view: seamlessTxPage }, (q) => service.transactions(q));
}

/** Open rounds, reconciliation with the provider and its findings, the provider's daily totals beside ours. */
function reconciliationRoutes(app: TypedApp, service: SeamlessBackofficeService): void {
  app.get(
    '/seamless/:code/open-rounds',
    {
      schema: { params: seamlessCodeParams, response: { 200: okBody(v.array(seamlessRoundView)) } },
      config: { staff: 'reconciliation.manage' },
    },
    async (request) => ok(await service.openRounds(request.params.code)),
  );

  app.post(
    '/seamless/:code/reconcile',
    {
      schema: { params: seamlessCodeParams, response: { 200: okBody(seamlessReconcileView) } },
      config: { staff: 'reconciliation.manage' },
    },
    async (request) => ok(await service.reconcile(request.params.code)),
  );

  staffQueryRoute(app, '/seamless/findings', { permission: 'reconciliation.manage', query: seamlessFindingsQuery, view: seamlessFindingsPage }, (q) =>
    service.findings(q),
  );

  app.post(
    '/seamless/findings/:id/resolve',
    {
      schema: { params: idParams, body: seamlessResolveBody, response: { 200: okBody(seamlessFindingView) } },
      config: { staff: 'reconciliation.manage' },
    },
    async (request) => ok(await service.resolve(operatorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/seamless/:code/daily',
    {
      schema: { params: seamlessCodeParams, querystring: seamlessDailyQuery, response: { 200: okBody(seamlessDailyView) } },
      config: { staff: 'reconciliation.manage' },
    },
    async (request) => ok(await service.daily(request.params.code, request.query.date)),
  );
}
