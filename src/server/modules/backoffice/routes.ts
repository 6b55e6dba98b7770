// The back-office API under /api/backoffice. One hook signs in every route of this folder from its
// bearer token and checks the permission the route names in its config; only login is open.
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError, ValidationFailed, sendError } from '../../lib/errors.ts';
import { bearerToken } from '../auth/tokens.ts';
import { boTranslate } from '../../../i18n/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import type { SystemSettings, WebsiteStatus } from '../../../shared/settings.ts';
import { backofficeVipRoutes } from '../vip/backoffice.ts';
import { BackofficeService, type Operator, type StaffAuth } from './service.ts';
import { can, type Permission } from './roles.ts';
import { backofficeWalletRoutes, type WalletRoutesOptions } from './wallet-routes.ts';
import { backofficeFinanceRoutes } from './finance-routes.ts';
import { backofficeCatalogueRoutes } from './catalogue-routes.ts';
import { backofficeAccountRoutes } from './account-routes.ts';
import { backofficeProtectionRoutes } from '../protection/backoffice-routes.ts';
import { backofficePlayerProfileRoutes } from './player-profile-routes.ts';
import {
  auditQuery, idParams, loginBody, messageCreateBody, messageUpdateBody, pageQuery, playersQuery, settingsBody, smsQuery,
  staffCreateBody, staffUpdateBody, totpConfirmBody, websiteStatusBody, type Input, type Paging,
} from './schemas.ts';
import * as v from 'valibot';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes: the permission a staff member needs, or 'public' for the login call. */
    staff?: Permission | 'public';
  }
  interface FastifyRequest {
    staff: StaffAuth | undefined;
  }
}

const pageOnly = v.object(pageQuery);

/** Back-office message keys ('bo.*') are translated here; the shared error writer translates the rest. */
function localize(err: Error, locale: Locale): Error {
  const map = (fields: Record<string, string[]> | undefined) => fields && Object.fromEntries(
    Object.entries(fields).map(([field, keys]) => [field, keys.map((k) => (k.startsWith('bo.') ? boTranslate(locale, k) : k))]),
  );
  if (err instanceof ApiError && err.fields) return new ApiError(err.code, map(err.fields), err.extra);
  if (err instanceof ValidationFailed) return new ValidationFailed(map(err.fields)!);
  return err;
}

export const backofficeRoutes: FastifyPluginAsync<WalletRoutesOptions & { totpKey?: Buffer; totpRequired?: boolean }> = async (app, opts) => {
  const { db, system, limiter, realtime } = app.services;
  const service = new BackofficeService({ db, system, limiter, publish: realtime.publisher, totpKey: opts.totpKey ?? Buffer.alloc(32), totpRequired: opts.totpRequired });

  app.decorateRequest('staff', undefined);
  app.setErrorHandler((err: FastifyError, request, reply) => sendError(request, reply, localize(err, request.locale)));

  // onRequest rather than preHandler: a caller without a live session is turned away before its body is read.
  app.addHook('onRequest', async (request) => {
    const needs = request.routeOptions.config?.staff;
    if (needs === 'public') return;
    const token = bearerToken(request.headers.authorization);
    const found = token ? await service.authenticate(token) : undefined;
    if (!found) throw new ApiError('unauthorized');
    request.staff = found;
    // A route without a declared permission is a programming error, refused rather than left open.
    if (!needs || !can(found.role, needs)) throw new ApiError('forbidden');
  });

  const staffOf = (request: FastifyRequest) => request.staff as StaffAuth;
  const op = (request: FastifyRequest): Operator => ({ staffId: staffOf(request).staffId, ip: request.ip });

  // Sign-in.

  app.post('/auth/login', {
    schema: { body: loginBody },
    // Limited per address and per username by the service, with counters every instance shares.
    config: { staff: 'public' },
  }, async (request) => ok(await service.login(request.body as Input<typeof loginBody>, { ip: request.ip })));

  app.get('/auth/me', { config: { staff: 'overview.read' } }, async (request) => ok(service.view(staffOf(request))));

  app.post('/auth/logout', { config: { staff: 'overview.read' } }, async (request) => {
    await service.logout(staffOf(request), request.ip);
    return ok(null, 'Logged out');
  });

  app.get('/overview', { config: { staff: 'overview.read' } }, async () => ok(await service.overview()));

  // Website status and settings.

  app.get('/website-status', { config: { staff: 'website.manage' } }, async () => ok(await service.websiteStatus()));

  app.put('/website-status', {
    schema: { body: websiteStatusBody },
    config: { staff: 'website.manage' },
  }, async (request) => ok(await service.setWebsiteStatus(op(request), request.body as WebsiteStatus)));

  app.get('/settings', { config: { staff: 'settings.manage' } }, async () => ok(await service.settings()));

  app.put('/settings', {
    schema: { body: settingsBody },
    config: { staff: 'settings.manage' },
  }, async (request) => ok(await service.updateSettings(op(request), request.body as Partial<SystemSettings>)));

  // System messages.

  app.get('/messages', {
    schema: { querystring: pageOnly },
    config: { staff: 'messages.manage' },
  }, async (request) => ok(await service.listMessages(request.query as Paging)));

  app.post('/messages', {
    schema: { body: messageCreateBody },
    config: { staff: 'messages.manage' },
  }, async (request) => ok(await service.createMessage(op(request), request.body as Input<typeof messageCreateBody>)));

  app.put('/messages/:id', {
    schema: { params: idParams, body: messageUpdateBody },
    config: { staff: 'messages.manage' },
  }, async (request) => ok(await service.updateMessage(
    op(request), (request.params as Input<typeof idParams>).id, request.body as Input<typeof messageUpdateBody>,
  )));

  // SMS outbox and players.

  app.get('/sms', {
    schema: { querystring: smsQuery },
    config: { staff: 'sms.read' },
  }, async (request) => ok(await service.listSms(request.query as Input<typeof smsQuery>)));

  app.get('/players', {
    schema: { querystring: playersQuery },
    config: { staff: 'players.read' },
  }, async (request) => ok(await service.listPlayers(request.query as Input<typeof playersQuery>)));

  app.post('/players/:id/kick', {
    schema: { params: idParams },
    config: { staff: 'players.kick' },
  }, async (request) => ok(await service.kickPlayer(op(request), (request.params as Input<typeof idParams>).id)));

  // A player's wallets and ledger, activity wallets, the blacklist, reconciliation, provider fault switches.

  await app.register(backofficeWalletRoutes, { providerBaseUrl: opts.providerBaseUrl });

  // The finance desk: deposit and withdrawal queues, bank-card audits, adjustments, the gateway callback log.

  await app.register(backofficeFinanceRoutes, { prefix: '/finance' });

  // Game platforms, games and a player's bet records.

  await app.register(backofficeCatalogueRoutes);
  await app.register(backofficeProtectionRoutes);

  // A player's account security: temporary password, forced change, login unlock, login history, sessions.

  await app.register(backofficeAccountRoutes);
  await app.register(backofficeVipRoutes);
  await app.register(backofficePlayerProfileRoutes);

  // The audit log.

  app.get('/audit', {
    schema: { querystring: auditQuery },
    config: { staff: 'audit.read' },
  }, async (request) => ok(await service.listAudit(request.query as Input<typeof auditQuery>)));

  // Staff accounts.

  app.get('/staff', {
    schema: { querystring: pageOnly },
    config: { staff: 'staff.manage' },
  }, async (request) => ok(await service.listStaff(request.query as Paging)));

  app.post('/staff', {
    schema: { body: staffCreateBody },
    config: { staff: 'staff.manage' },
  }, async (request) => ok(await service.createStaff(op(request), request.body as Input<typeof staffCreateBody>)));

  app.put('/staff/:id', {
    schema: { params: idParams, body: staffUpdateBody },
    config: { staff: 'staff.manage' },
  }, async (request) => ok(await service.updateStaff(
    op(request), (request.params as Input<typeof idParams>).id, request.body as Input<typeof staffUpdateBody>,
  )));

  app.post('/staff/:id/totp', {
    schema: { params: idParams },
    config: { staff: 'staff.manage' },
  }, async (request) => ok(await service.enableTotp(op(request), (request.params as Input<typeof idParams>).id)));

  // A staff member's own enrolment, whatever their role: a secret shown once, then a code from it confirms it.
  app.post('/auth/totp', { config: { staff: 'overview.read' } }, async (request) => ok(await service.enableTotp(op(request), staffOf(request).staffId)));

  app.post('/auth/totp/confirm', {
    schema: { body: totpConfirmBody },
    config: { staff: 'overview.read' },
  }, async (request) => ok(await service.confirmTotp(op(request), (request.body as Input<typeof totpConfirmBody>).code)));

  app.delete('/staff/:id/totp', {
    schema: { params: idParams },
    config: { staff: 'staff.manage' },
  }, async (request) => ok(await service.disableTotp(op(request), (request.params as Input<typeof idParams>).id)));
};
