// The finance desk's routes under /api/backoffice/finance, registered inside backofficeRoutes so its auth hook
// (each route's `config.staff` permission) and error handler apply to them too.
import { commandKey } from '../../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../../shared/schemas/idempotency.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import type { Operator, StaffAuth } from '../../staff/service.ts';
import { can } from '../../staff/roles.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import {
  adjustmentView, bankCardQueueView, callbackLogView, cardAuditedView, depositQueueView, depositReviewedView, withdrawalContextView,
  withdrawalQueueView, withdrawalReviewedView,
} from '../../../../shared/schemas/backoffice/finance.ts';
import { BackofficeFinanceService } from './service.ts';
import {
  adjustmentBody, approveBody, callbacksQuery, cardAuditBody, cardsQuery, depositsQuery, orderParams, rejectBody, withdrawalsQuery,
} from './schemas.ts';
import { withdrawalContext } from './withdrawal-context.ts';

export const backofficeFinanceRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, cashier, wallet } = app.services;
  const service = new BackofficeFinanceService({ db, cashier, wallet });

  const staffOf = (request: FastifyRequest) => request.staff as StaffAuth;
  const op = (request: FastifyRequest): Operator => ({ staffId: staffOf(request).staffId, ip: request.ip });

  // Deposits.

  app.get('/deposits', {
    schema: { querystring: depositsQuery, response: { 200: okBody(depositQueueView) } },
    config: { staff: 'finance.read' },
  }, async (request) => {
    const q = request.query;
    return ok(await service.deposits({ ...q, method: q.method || undefined }));
  });

  app.post('/deposits/:id/confirm', {
    schema: { params: orderParams, response: { 200: okBody(depositReviewedView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.confirmDeposit(op(request), request.params.id)));

  app.post('/deposits/:id/reject', {
    schema: { params: orderParams, body: rejectBody, response: { 200: okBody(depositReviewedView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.rejectDeposit(op(request), request.params.id, request.body.reason)));

  // Withdrawals.

  app.get('/withdrawals', {
    schema: { querystring: withdrawalsQuery, response: { 200: okBody(withdrawalQueueView) } },
    config: { staff: 'finance.read' },
  }, async (request) => ok(await service.withdrawals(
    request.query, can(staffOf(request).role, 'finance.manage'),
  )));

  // The risk context beside a withdrawal under review (issue 10 item 23).
  app.get('/withdrawals/:id/context', { schema: { params: orderParams, response: { 200: okBody(withdrawalContextView) } }, config: { staff: 'finance.read' } },
    async (request) => ok(await withdrawalContext(app.services.db, app.services.cashier, request.params.id)));

  app.post('/withdrawals/:id/approve', { schema: { params: orderParams, body: approveBody, response: { 200: okBody(withdrawalReviewedView) } }, config: { staff: 'finance.manage' } },
    async (request) => ok(await service.approveWithdrawal(
      op(request), request.params.id, request.body.reason ?? '',
    )));

  app.post('/withdrawals/:id/reject', {
    schema: { params: orderParams, body: rejectBody, response: { 200: okBody(withdrawalReviewedView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.rejectWithdrawal(op(request), request.params.id, request.body.reason)));

  // Bank cards.

  app.get('/bank-cards', {
    schema: { querystring: cardsQuery, response: { 200: okBody(bankCardQueueView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.cards(request.query)));

  app.post('/bank-cards/:id/audit', {
    schema: { params: idParams, body: cardAuditBody, response: { 200: okBody(cardAuditedView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => {
    const body = request.body;
    return ok(await service.auditCard(op(request), request.params.id, body.approve, body.reason));
  });

  // Manual balance adjustments.

  app.post('/adjustments', {
    schema: { headers: idempotencyHeaders, body: adjustmentBody, response: { 200: okBody(adjustmentView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.adjust(
    op(request), request.body, commandKey(request, { params: request.params, body: request.body }),
  )));

  // The gateway callback log, forged ones included.

  app.get('/callbacks', {
    schema: { querystring: callbacksQuery, response: { 200: okBody(callbackLogView) } },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.callbacks(request.query)));
};
