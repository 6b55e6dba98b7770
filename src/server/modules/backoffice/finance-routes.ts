// The finance desk's routes under /api/backoffice/finance, registered inside backofficeRoutes so its auth hook
// (each route's `config.staff` permission) and error handler apply to them too.
import { commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import type { Operator, StaffAuth } from './service.ts';
import { can } from './roles.ts';
import { idParams, type Input } from './schemas.ts';
import { BackofficeFinanceService } from './finance-service.ts';
import {
  adjustmentBody, approveBody, callbacksQuery, cardAuditBody, cardsQuery, depositsQuery, orderParams, rejectBody, withdrawalsQuery,
} from './finance-schemas.ts';
import { withdrawalContext } from './withdrawal-context.ts';

export const backofficeFinanceRoutes: FastifyPluginAsync = async (app) => {
  const { db, cashier, wallet } = app.services;
  const service = new BackofficeFinanceService({ db, cashier, wallet });

  const staffOf = (request: FastifyRequest) => request.staff as StaffAuth;
  const op = (request: FastifyRequest): Operator => ({ staffId: staffOf(request).staffId, ip: request.ip });
  const orderId = (request: FastifyRequest) => (request.params as Input<typeof orderParams>).id;

  // Deposits.

  app.get('/deposits', {
    schema: { querystring: depositsQuery },
    config: { staff: 'finance.read' },
  }, async (request) => {
    const q = request.query as Input<typeof depositsQuery>;
    return ok(await service.deposits({ ...q, method: q.method || undefined }));
  });

  app.post('/deposits/:id/confirm', {
    schema: { params: orderParams },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.confirmDeposit(op(request), orderId(request))));

  app.post('/deposits/:id/reject', {
    schema: { params: orderParams, body: rejectBody },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.rejectDeposit(op(request), orderId(request), (request.body as Input<typeof rejectBody>).reason)));

  // Withdrawals.

  app.get('/withdrawals', {
    schema: { querystring: withdrawalsQuery },
    config: { staff: 'finance.read' },
  }, async (request) => ok(await service.withdrawals(
    request.query as Input<typeof withdrawalsQuery>, can(staffOf(request).role, 'finance.manage'),
  )));

  // The risk context beside a withdrawal under review (issue 10 item 23).
  app.get('/withdrawals/:id/context', { schema: { params: orderParams }, config: { staff: 'finance.read' } },
    async (request: FastifyRequest) => ok(await withdrawalContext(app.services.db, app.services.cashier, orderId(request))));

  app.post('/withdrawals/:id/approve', { schema: { params: orderParams, body: approveBody }, config: { staff: 'finance.manage' } },
    async (request: FastifyRequest) => ok(await service.approveWithdrawal(
      op(request), orderId(request), (request.body as Input<typeof approveBody>).reason ?? '',
    )));

  app.post('/withdrawals/:id/reject', {
    schema: { params: orderParams, body: rejectBody },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.rejectWithdrawal(op(request), orderId(request), (request.body as Input<typeof rejectBody>).reason)));

  // Bank cards.

  app.get('/bank-cards', {
    schema: { querystring: cardsQuery },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.cards(request.query as Input<typeof cardsQuery>)));

  app.post('/bank-cards/:id/audit', {
    schema: { params: idParams, body: cardAuditBody },
    config: { staff: 'finance.manage' },
  }, async (request) => {
    const body = request.body as Input<typeof cardAuditBody>;
    return ok(await service.auditCard(op(request), (request.params as Input<typeof idParams>).id, body.approve, body.reason));
  });

  // Manual balance adjustments.

  app.post('/adjustments', {
    schema: { headers: idempotencyHeaders, body: adjustmentBody },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.adjust(
    op(request), request.body as Input<typeof adjustmentBody>, commandKey(request, { params: request.params, body: request.body }),
  )));

  // The gateway callback log, forged ones included.

  app.get('/callbacks', {
    schema: { querystring: callbacksQuery },
    config: { staff: 'finance.manage' },
  }, async (request) => ok(await service.callbacks(request.query as Input<typeof callbacksQuery>)));
};
