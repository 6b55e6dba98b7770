// The back office's own accounts: sign-in, staff accounts and their two-factor enrolment, and the audit log.
// Mounted by the staff-auth plugin (plugin.ts), whose hook checks each route's `config.staff` permission.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { TypedApp, ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import { idParams, pageQuery } from '../../../shared/schemas/paging.ts';
import {
  loginBody,
  staffCreateBody,
  staffIdView,
  staffListView,
  staffLoginView,
  staffMeView,
  staffUpdateBody,
  staffUpdatedView,
  staffView,
  totpConfirmBody,
  totpConfirmedView,
  totpSecretView,
} from '../../../shared/schemas/backoffice/staff.ts';
import { StaffService } from './service.ts';
import { operatorOf, staffOf } from './request.ts';

const pageOnly = v.object(pageQuery);

export interface StaffRoutesOptions {
  /** Seals staff TOTP secrets at rest (config.staffTotpKey). */
  totpKey?: Buffer;
  /** Admin and finance staff enrol an authenticator before their first session (config.staffTotpRequired). */
  totpRequired?: boolean;
}

export const backofficeStaffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (plugin, opts) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, limiter } = app.services;
  const service = new StaffService({ db, limiter, totpKey: opts.totpKey ?? Buffer.alloc(32), totpRequired: opts.totpRequired });
  signInRoutes(app, service);
  staffAccountRoutes(app, service);
};

function signInRoutes(app: TypedApp, service: StaffService): void {
  app.post(
    '/auth/login',
    {
      schema: { body: loginBody, response: { 200: okBody(staffLoginView) } },
      // Limited per address and per username by the service, with counters every instance shares.
      config: { staff: 'public' },
    },
    async (request) => ok(await service.login(request.body, { ip: request.ip })),
  );

  app.get('/auth/me', { schema: { response: { 200: okBody(staffMeView) } }, config: { staff: 'overview.read' } }, async (request) =>
    ok(service.view(staffOf(request))),
  );

  app.post('/auth/logout', { schema: { response: { 200: okEmpty } }, config: { staff: 'overview.read', staffOwnSession: true } }, async (request) => {
    await service.logout(staffOf(request), request.ip);
    return ok(null, 'Logged out');
  });
}

/** Staff accounts and their two-factor enrolment. */
function staffAccountRoutes(app: TypedApp, service: StaffService): void {
  staffQueryRoute(app, '/staff', { permission: 'staff.manage', query: pageOnly, view: staffListView }, (query) => service.listStaff(query));

  app.post(
    '/staff',
    {
      schema: { body: staffCreateBody, response: { 200: okBody(staffView) } },
      config: { staff: 'staff.manage' },
    },
    async (request) => ok(await service.createStaff(operatorOf(request), request.body)),
  );

  app.put(
    '/staff/:id',
    {
      schema: { params: idParams, body: staffUpdateBody, response: { 200: okBody(staffUpdatedView) } },
      config: { staff: 'staff.manage' },
    },
    async (request) => ok(await service.updateStaff(operatorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/staff/:id/totp',
    {
      schema: { params: idParams, response: { 200: okBody(totpSecretView) } },
      config: { staff: 'staff.manage' },
    },
    async (request) => ok(await service.enableTotp(operatorOf(request), request.params.id)),
  );

  // A staff member's own enrolment, whatever their role: a secret shown once, then a code from it confirms it.
  app.post(
    '/auth/totp',
    { schema: { response: { 200: okBody(totpSecretView) } }, config: { staff: 'overview.read', staffOwnSession: true } },
    async (request) => ok(await service.enableTotp(operatorOf(request), staffOf(request).staffId)),
  );

  app.post(
    '/auth/totp/confirm',
    {
      schema: { body: totpConfirmBody, response: { 200: okBody(totpConfirmedView) } },
      config: { staff: 'overview.read', staffOwnSession: true },
    },
    async (request) => ok(await service.confirmTotp(operatorOf(request), request.body.code)),
  );

  app.delete(
    '/staff/:id/totp',
    {
      schema: { params: idParams, response: { 200: okBody(staffIdView) } },
      config: { staff: 'staff.manage' },
    },
    async (request) => ok(await service.disableTotp(operatorOf(request), request.params.id)),
  );
}
