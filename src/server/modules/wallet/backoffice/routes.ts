// The back office's money routes, registered inside backofficeRoutes so its auth hook (each route's
// `config.staff` permission) and error handler apply to them too: a player's wallets and ledger, activity-wallet
// grants, the blacklist, manual balance adjustments (the finance desk's page), reconciliation and the stand-in
// provider's fault switches.
import { commandKey } from '../../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../../shared/schemas/idempotency.ts';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import { staffQueryRoute } from '../../../lib/staff-routes.ts';
import { operatorOf } from '../../staff/request.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import type { TypedApp, ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import {
  blacklistView,
  bonusGrantedView,
  ledgerPageView,
  playerSummaryView,
  playerWalletsView,
  staffTransfersView,
} from '../../../../shared/schemas/backoffice/players.ts';
import { adjustmentView } from '../../../../shared/schemas/backoffice/finance.ts';
import {
  adjustmentDecisionBody,
  adjustmentThresholdView,
  adjustmentsQuery,
  pendingAdjustmentView,
  pendingAdjustmentsView,
} from '../../../../shared/schemas/backoffice/desk.ts';
import { settingMinor } from '../../../../shared/money.ts';
import { allFaultsView, findingsView, platformFaultsView, recheckView, reconcileRunView } from '../../../../shared/schemas/backoffice/operations.ts';
import { ProviderFaults } from './provider-faults.ts';
import { BackofficeWalletService } from './service.ts';
import {
  adjustmentBody,
  blacklistBody,
  bonusGrantBody,
  codeParams,
  faultsBody,
  findingsQuery,
  ledgerQuery,
  lookupQuery,
  pendingQuery,
  transferParams,
  transfersQuery,
  walletsQuery,
} from '../../../../shared/schemas/backoffice/wallet-requests.ts';

export interface WalletRoutesOptions {
  /** The game provider's base URL (config.provider.baseUrl): the fault switches exist only on a local stand-in. */
  providerBaseUrl: string;
  /** A production build never offers the fault switches (config.nodeEnv). */
  production: boolean;
}

export const backofficeWalletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (plugin, opts) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, wallet, provider, limiter } = app.services;
  const faults = new ProviderFaults(opts.providerBaseUrl, { production: opts.production });
  const service = new BackofficeWalletService({
    db,
    wallet,
    provider,
    limiter,
    faults,
    approvalThresholdMinor: async () => settingMinor(await app.services.system.setting('adjustment_approval_threshold_amount')),
  });
  playerMoneyRoutes(app, service);
  adjustmentRoutes(app, service);
  await app.register(walletOperationsRoutes, { service });
};

// Players (the platform list is in the games' back office).
function playerMoneyRoutes(app: TypedApp, service: BackofficeWalletService): void {
  app.get(
    '/players/lookup',
    {
      schema: { querystring: lookupQuery, response: { 200: okBody(playerSummaryView) } },
      config: { staff: 'player.detail' },
    },
    async (request) => ok(await service.summary({ account: request.query.account })),
  );

  app.get(
    '/players/:id',
    {
      schema: { params: idParams, response: { 200: okBody(playerSummaryView) } },
      config: { staff: 'player.detail' },
    },
    async (request) => ok(await service.summary({ id: request.params.id })),
  );

  app.get(
    '/players/:id/wallets',
    {
      schema: { params: idParams, querystring: walletsQuery, response: { 200: okBody(playerWalletsView) } },
      config: { staff: 'wallets.read' },
    },
    async (request) => ok(await service.wallets(request.params.id, request.query.live === '1')),
  );

  app.get(
    '/players/:id/ledger',
    {
      schema: { params: idParams, querystring: ledgerQuery, response: { 200: okBody(ledgerPageView) } },
      config: { staff: 'wallets.read' },
    },
    async (request) => ok(await service.ledger(request.params.id, request.query)),
  );

  app.get(
    '/players/:id/transfers',
    {
      schema: { params: idParams, querystring: transfersQuery, response: { 200: okBody(staffTransfersView) } },
      config: { staff: 'wallets.read' },
    },
    async (request) => ok(await service.transfers(request.params.id, request.query)),
  );

  app.post(
    '/players/:id/bonus-wallets',
    {
      schema: { headers: idempotencyHeaders, params: idParams, body: bonusGrantBody, response: { 200: okBody(bonusGrantedView) } },
      config: { staff: 'bonus.grant' },
    },
    async (request) =>
      ok(await service.grantBonus(operatorOf(request), request.params.id, request.body, commandKey(request, { params: request.params, body: request.body }))),
  );

  app.put(
    '/players/:id/blacklist',
    {
      schema: { params: idParams, body: blacklistBody, response: { 200: okBody(blacklistView) } },
      config: { staff: 'blacklist.manage' },
    },
    async (request) => ok(await service.setBlacklist(operatorOf(request), request.params.id, request.body)),
  );
}

// Manual balance adjustments, on the finance desk's page.
function adjustmentRoutes(app: TypedApp, service: BackofficeWalletService): void {
  app.post(
    '/finance/adjustments',
    {
      schema: { headers: idempotencyHeaders, body: adjustmentBody, response: { 200: okBody(adjustmentView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) => ok(await service.adjust(operatorOf(request), request.body, commandKey(request, { params: request.params, body: request.body }))),
  );

  app.get('/finance/adjustments/threshold', { schema: { response: { 200: okBody(adjustmentThresholdView) } }, config: { staff: 'finance.manage' } }, async () =>
    ok(await service.adjustmentThreshold()),
  );

  // Adjustments above the threshold: the queue (or the decided ones), and a second staff member's approval or rejection.
  staffQueryRoute(app, '/finance/adjustments', { permission: 'finance.manage', query: adjustmentsQuery, view: pendingAdjustmentsView }, (query) =>
    service.fourEyes.list(query),
  );

  app.post(
    '/finance/adjustments/:id/decision',
    {
      schema: { params: idParams, body: adjustmentDecisionBody, response: { 200: okBody(pendingAdjustmentView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) => ok(await service.fourEyes.decide(operatorOf(request), request.params.id, request.body.action, request.body.reason)),
  );
}

/** Reconciliation and the stand-in provider's fault switches (404 unless the provider runs on this machine). */
const walletOperationsRoutes: FastifyPluginAsync<{ service: BackofficeWalletService }> = async (plugin, { service }) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();

  staffQueryRoute(app, '/reconciliation/findings', { permission: 'reconciliation.manage', query: findingsQuery, view: findingsView }, (query) =>
    service.findings(query),
  );

  staffQueryRoute(app, '/reconciliation/pending', { permission: 'reconciliation.manage', query: pendingQuery, view: staffTransfersView }, (query) =>
    service.pendingTransfers(query),
  );

  app.post('/reconciliation/run', { schema: { response: { 200: okBody(reconcileRunView) } }, config: { staff: 'reconciliation.manage' } }, async (request) =>
    ok(await service.runReconcile(operatorOf(request))),
  );

  app.post(
    '/reconciliation/transfers/:id/recheck',
    {
      schema: { params: transferParams, response: { 200: okBody(recheckView) } },
      config: { staff: 'reconciliation.manage' },
    },
    async (request) => ok(await service.recheck(operatorOf(request), request.params.id)),
  );

  app.get('/provider-faults', { schema: { response: { 200: okBody(allFaultsView) } }, config: { staff: 'provider_faults.manage' } }, async () =>
    ok(await service.providerFaults()),
  );

  app.get(
    '/provider-faults/:code',
    {
      schema: { params: codeParams, response: { 200: okBody(platformFaultsView) } },
      config: { staff: 'provider_faults.manage' },
    },
    async (request) => ok(await service.platformFaults(request.params.code)),
  );

  app.put(
    '/provider-faults/:code',
    {
      schema: { params: codeParams, body: faultsBody, response: { 200: okBody(platformFaultsView) } },
      config: { staff: 'provider_faults.manage' },
    },
    async (request) => ok(await service.setProviderFaults(operatorOf(request), request.params.code, request.body)),
  );

  app.delete('/provider-faults', { schema: { response: { 200: okBody(allFaultsView) } }, config: { staff: 'provider_faults.manage' } }, async (request) =>
    ok(await service.resetProviderFaults(operatorOf(request))),
  );
};
