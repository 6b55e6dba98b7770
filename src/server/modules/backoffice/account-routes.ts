// A player's account security in the back office (issue 11), registered inside backofficeRoutes so its
// auth hook (each route's `config.staff` permission) and error handler apply.
import * as v from 'valibot';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { forcePasswordSchema, operatorReasonSchema } from '../../../shared/schemas/account.ts';
import { BackofficeAccountService } from './account-service.ts';
import { idParams, pageQuery, type Input } from './schemas.ts';
import type { Operator, StaffAuth } from './service.ts';

const sessionParams = v.object({ ...idParams.entries, sessionId: idParams.entries.id });
const historyQuery = v.object(pageQuery);

export const backofficeAccountRoutes: FastifyPluginAsync = async (app) => {
  const { db, limiter, realtime } = app.services;
  const service = new BackofficeAccountService({ db, limiter, publish: realtime.publisher });
  const op = (request: FastifyRequest): Operator => ({ staffId: (request.staff as StaffAuth).staffId, ip: request.ip });
  const id = (request: FastifyRequest) => (request.params as Input<typeof idParams>).id;
  const reason = (request: FastifyRequest) => (request.body as Input<typeof operatorReasonSchema>).reason;

  app.get('/players/:id/security', {
    schema: { params: idParams }, config: { staff: 'players.security' },
  }, async (request) => ok(await service.security(id(request))));

  app.get('/players/:id/logins', {
    schema: { params: idParams, querystring: historyQuery }, config: { staff: 'players.security' },
  }, async (request) => ok(await service.loginHistory(id(request), request.query as Input<typeof historyQuery>)));

  app.get('/players/:id/sessions', {
    schema: { params: idParams }, config: { staff: 'players.security' },
  }, async (request) => ok(await service.sessions(id(request))));

  app.post('/players/:id/sessions/:sessionId/revoke', {
    schema: { params: sessionParams, body: operatorReasonSchema }, config: { staff: 'players.security' },
  }, async (request) => {
    const params = request.params as Input<typeof sessionParams>;
    return ok(await service.revokeSession(op(request), params.id, params.sessionId, reason(request)));
  });

  app.post('/players/:id/reset-password', {
    schema: { params: idParams, body: operatorReasonSchema }, config: { staff: 'players.security' },
  }, async (request) => ok(await service.resetPassword(op(request), id(request), reason(request))));

  app.post('/players/:id/force-password', {
    schema: { params: idParams, body: forcePasswordSchema }, config: { staff: 'players.security' },
  }, async (request) => {
    const body = request.body as Input<typeof forcePasswordSchema>;
    return ok(await service.setForcePassword(op(request), id(request), body.force, body.reason));
  });

  app.post('/players/:id/unlock-login', {
    schema: { params: idParams, body: operatorReasonSchema }, config: { staff: 'players.security' },
  }, async (request) => ok(await service.unlockLogin(op(request), id(request), reason(request))));
};
