// The back-office API under /api/backoffice: the index of its folders by domain (staff: sign-in, staff, two-factor and
// audit; players; finance; catalogue; operations). One hook signs in every route of this folder from its
// bearer token and checks the permission the route names in its config; only login is open.
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { ApiError, ValidationFailed, sendError } from '../../lib/errors.ts';
import { bearerToken } from '../auth/tokens.ts';
import { boTranslate } from '../../../i18n/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { backofficeVipRoutes } from '../vip/backoffice-routes.ts';
import { BackofficeService, type StaffAuth } from './service.ts';
import { can, type Permission } from './roles.ts';
import { backofficeWalletRoutes, type WalletRoutesOptions } from '../wallet/backoffice/routes.ts';
import { backofficeFinanceRoutes } from '../cashier/backoffice/routes.ts';
import { backofficeCatalogueRoutes } from '../games/backoffice/routes.ts';
import { backofficeAccountRoutes } from '../auth/backoffice/account-routes.ts';
import { backofficeProtectionRoutes } from '../protection/backoffice-routes.ts';
import { backofficePlayerProfileRoutes } from '../auth/backoffice/profile-routes.ts';
import { backofficeStaffRoutes } from './backoffice-routes.ts';
import { backofficeContentRoutes } from '../system/backoffice-routes.ts';
import { backofficePlayerListRoutes } from '../auth/backoffice/list-routes.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { backofficePromotionRoutes } from '../promotions/backoffice-routes.ts';
import { backofficeConsultationRoutes } from '../consultations/backoffice-routes.ts';
import { backofficeChatRoutes } from '../chat/backoffice-routes.ts';
import { backofficeMessageRoutes } from '../messages/backoffice-routes.ts';
import { backofficeRedPacketRoutes } from '../redpacket/backoffice-routes.ts';
import { backofficeUploadRoutes } from '../uploads/routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes: the permission a staff member needs, or 'public' for the login call. */
    staff?: Permission | 'public';
  }
  interface FastifyRequest {
    staff: StaffAuth | undefined;
  }
}

/** Back-office message keys ('bo.*') are translated here; the shared error writer translates the rest. */
function localize(err: Error, locale: Locale): Error {
  const map = (fields: Record<string, string[]> | undefined) => fields && Object.fromEntries(
    Object.entries(fields).map(([field, keys]) => [field, keys.map((k) => (k.startsWith('bo.') ? boTranslate(locale, k) : k))]),
  );
  if (err instanceof ApiError && err.fields) return new ApiError(err.code, map(err.fields), err.extra);
  if (err instanceof ValidationFailed) return new ValidationFailed(map(err.fields)!);
  return err;
}

export const backofficeRoutes: FastifyPluginAsync<WalletRoutesOptions & { totpKey?: Buffer; totpRequired?: boolean; idleTimeoutMs?: number }> = async (plugin, opts) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, system, limiter, realtime } = app.services;
  const service = new BackofficeService({ db, system, limiter, publish: realtime.publisher, totpKey: opts.totpKey ?? Buffer.alloc(32), totpRequired: opts.totpRequired, idleTimeoutMs: opts.idleTimeoutMs });

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

  // Sign-in, staff accounts, two-factor enrolment and the audit log.

  await app.register(backofficeStaffRoutes, { service });

  // The overview, website status, settings, system messages and the SMS outbox.

  await app.register(backofficeContentRoutes, { service });

  // The player list.

  await app.register(backofficePlayerListRoutes, { service });

  // A player's wallets and ledger, activity wallets, the blacklist, reconciliation, provider fault switches.

  await app.register(backofficeWalletRoutes, { providerBaseUrl: opts.providerBaseUrl });

  // The finance desk: deposit and withdrawal queues, bank-card audits, adjustments, the gateway callback log.

  await app.register(backofficeFinanceRoutes, { prefix: '/finance' });

  // Game platforms, games and a player's bet records.

  await app.register(backofficeCatalogueRoutes);
  await app.register(backofficeProtectionRoutes);
  await app.register(backofficePromotionRoutes);

  // A player's account security: temporary password, forced change, login unlock, login history, sessions.

  await app.register(backofficeAccountRoutes);
  await app.register(backofficeVipRoutes);
  await app.register(backofficePlayerProfileRoutes);
  await app.register(backofficeConsultationRoutes);
  await app.register(backofficeChatRoutes);
  await app.register(backofficeMessageRoutes);
  await app.register(backofficeRedPacketRoutes);
  await app.register(backofficeUploadRoutes);
};
