// A player's account security in the back office, mounted by the staff-auth plugin so its auth hook (each route's
// `config.staff` permission) and error handler apply.
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import { forcePasswordSchema, operatorReasonSchema } from '../../../../shared/schemas/account.ts';
import { BackofficeAccountService } from './account-service.ts';
import { idParams, pageQuery } from '../../../../shared/schemas/paging.ts';
import type { TypedApp, ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import {
  forcePasswordView,
  loginRecordsView,
  securityView,
  sessionRevokedView,
  sessionView,
  temporaryPasswordView,
  unlockedLoginView,
} from '../../../../shared/schemas/backoffice/players.ts';
import { operatorOf } from '../../staff/request.ts';

const sessionParams = v.object({ ...idParams.entries, sessionId: idParams.entries.id });
const historyQuery = v.object(pageQuery);

export const backofficeAccountRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, limiter, realtime, sessionCache } = app.services;
  const service = new BackofficeAccountService({ db, limiter, publish: realtime.publisher, sessionCache });
  securityAndSessionRoutes(app, service);
  passwordRoutes(app, service);
};

/** What the desk shows of a player's sign-ins and sessions, and the revocation of one session. */
function securityAndSessionRoutes(app: TypedApp, service: BackofficeAccountService): void {
  app.get(
    '/players/:id/security',
    {
      schema: { params: idParams, response: { 200: okBody(securityView) } },
      config: { staff: 'players.security' },
    },
    async (request) => ok(await service.security(request.params.id)),
  );

  app.get(
    '/players/:id/logins',
    {
      schema: { params: idParams, querystring: historyQuery, response: { 200: okBody(loginRecordsView) } },
      config: { staff: 'players.security' },
    },
    async (request) => ok(await service.loginHistory(request.params.id, request.query)),
  );

  app.get(
    '/players/:id/sessions',
    {
      schema: { params: idParams, response: { 200: okBody(v.array(sessionView)) } },
      config: { staff: 'players.security' },
    },
    async (request) => ok(await service.sessions(request.params.id)),
  );

  app.post(
    '/players/:id/sessions/:sessionId/revoke',
    {
      schema: { params: sessionParams, body: operatorReasonSchema, response: { 200: okBody(sessionRevokedView) } },
      config: { staff: 'players.security' },
    },
    async (request) => {
      const params = request.params;
      return ok(await service.revokeSession(operatorOf(request), params.id, params.sessionId, request.body.reason));
    },
  );
}

/** The operator's password actions: a temporary password, a forced change on next sign-in, a lifted sign-in lock. */
function passwordRoutes(app: TypedApp, service: BackofficeAccountService): void {
  app.post(
    '/players/:id/reset-password',
    {
      schema: { params: idParams, body: operatorReasonSchema, response: { 200: okBody(temporaryPasswordView) } },
      config: { staff: 'players.security' },
    },
    async (request) => ok(await service.resetPassword(operatorOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/players/:id/force-password',
    {
      schema: { params: idParams, body: forcePasswordSchema, response: { 200: okBody(forcePasswordView) } },
      config: { staff: 'players.security' },
    },
    async (request) => {
      const body = request.body;
      return ok(await service.setForcePassword(operatorOf(request), request.params.id, body.force, body.reason));
    },
  );

  app.post(
    '/players/:id/unlock-login',
    {
      schema: { params: idParams, body: operatorReasonSchema, response: { 200: okBody(unlockedLoginView) } },
      config: { staff: 'players.security' },
    },
    async (request) => ok(await service.unlockLogin(operatorOf(request), request.params.id, request.body.reason)),
  );
}
