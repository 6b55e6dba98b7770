// The finance desk's routes under /api/backoffice/finance, registered inside backofficeRoutes so its auth hook
// (each route's `config.staff` permission) and error handler apply to them too. Manual balance adjustments, on
// the same page, are the wallet's back office (POST /finance/adjustments there).
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import { staffQueryRoute } from '../../../lib/staff-routes.ts';
import { can } from '../../staff/roles.ts';
import { operatorOf, staffOf } from '../../staff/request.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import type { TypedApp, ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import {
  bankCardQueueView,
  callbackLogView,
  cardAuditedView,
  depositQueueView,
  depositReviewedView,
  withdrawalContextView,
  withdrawalQueueView,
  withdrawalReleasedView,
  withdrawalReviewedView,
} from '../../../../shared/schemas/backoffice/finance.ts';
import { BackofficeFinanceService } from './service.ts';
import {
  approveBody,
  callbacksQuery,
  cardAuditBody,
  cardsQuery,
  depositsQuery,
  orderParams,
  rejectBody,
  releaseBody,
  withdrawalsQuery,
} from '../../../../shared/schemas/backoffice/finance-requests.ts';

export const backofficeFinanceRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, cashier, bets } = app.services;
  const service = new BackofficeFinanceService({ db, cashier, bets });
  depositRoutes(app, service);
  withdrawalRoutes(app, service);
  cardAndCallbackRoutes(app, service);
};

function depositRoutes(app: TypedApp, service: BackofficeFinanceService): void {
  staffQueryRoute(app, '/deposits', { permission: 'finance.read', query: depositsQuery, view: depositQueueView }, (query) =>
    service.deposits({ ...query, method: query.method || undefined }),
  );

  app.post(
    '/deposits/:id/confirm',
    {
      schema: { params: orderParams, response: { 200: okBody(depositReviewedView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) => ok(await service.confirmDeposit(operatorOf(request), request.params.id)),
  );

  app.post(
    '/deposits/:id/reject',
    {
      schema: { params: orderParams, body: rejectBody, response: { 200: okBody(depositReviewedView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) => ok(await service.rejectDeposit(operatorOf(request), request.params.id, request.body.reason)),
  );
}

// Withdrawals: finance sees whole account numbers (it pays to them); other roles see the last four digits.
function withdrawalRoutes(app: TypedApp, service: BackofficeFinanceService): void {
  app.get(
    '/withdrawals',
    {
      schema: { querystring: withdrawalsQuery, response: { 200: okBody(withdrawalQueueView) } },
      config: { staff: 'finance.read' },
    },
    async (request) => ok(await service.withdrawals(request.query, can(staffOf(request).role, 'finance.manage'))),
  );

  // The risk context beside a withdrawal under review.
  app.get(
    '/withdrawals/:id/context',
    {
      schema: { params: orderParams, response: { 200: okBody(withdrawalContextView) } },
      config: { staff: 'finance.read' },
    },
    async (request) => ok(await service.withdrawalContext(request.params.id)),
  );

  app.post(
    '/withdrawals/:id/approve',
    {
      schema: { params: orderParams, body: approveBody, response: { 200: okBody(withdrawalReviewedView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) =>
      ok(await service.approveWithdrawal(operatorOf(request), request.params.id, request.body.reason ?? '', request.body.bank_reference ?? '')),
  );

  app.post(
    '/withdrawals/:id/reject',
    {
      schema: { params: orderParams, body: rejectBody, response: { 200: okBody(withdrawalReviewedView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) => ok(await service.rejectWithdrawal(operatorOf(request), request.params.id, request.body.reason)),
  );

  // A withdrawal the risk rules held is released by a risk reviewer (not by the finance desk that pays it).
  app.post(
    '/withdrawals/:id/release',
    {
      schema: { params: orderParams, body: releaseBody, response: { 200: okBody(withdrawalReleasedView) } },
      config: { staff: 'risk.release' },
    },
    async (request) => ok(await service.releaseWithdrawal(operatorOf(request), request.params.id, request.body.reason)),
  );
}

/** Bank cards, and the gateway callback log, forged ones included. */
function cardAndCallbackRoutes(app: TypedApp, service: BackofficeFinanceService): void {
  staffQueryRoute(app, '/bank-cards', { permission: 'finance.manage', query: cardsQuery, view: bankCardQueueView }, (query) => service.cards(query));

  app.post(
    '/bank-cards/:id/audit',
    {
      schema: { params: idParams, body: cardAuditBody, response: { 200: okBody(cardAuditedView) } },
      config: { staff: 'finance.manage' },
    },
    async (request) => ok(await service.auditCard(operatorOf(request), request.params.id, request.body.approve, request.body.reason)),
  );

  staffQueryRoute(app, '/callbacks', { permission: 'finance.manage', query: callbacksQuery, view: callbackLogView }, (query) => service.callbacks(query));
}
