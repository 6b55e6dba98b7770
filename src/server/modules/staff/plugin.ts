// The staff-auth plugin: every back-office route under /api/backoffice, whichever domain owns it, is mounted inside
// it. One hook signs each call in from its bearer token and checks the permission the route names in its config;
// only sign-in is open, and a route that names no permission is refused. The domains' back-office plugins come from
// the composition root as a list, so the staff domain imports none of the domains it guards.
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { ApiError, ValidationFailed, sendError } from '../../lib/errors.ts';
import { boTranslate } from '../../../i18n/backoffice.ts';
import type { Locale } from '../../../shared/constants.ts';
import { READ_ONLY_ROLES, can, type Permission } from './roles.ts';
import { staffBearerToken } from './credentials.ts';
import { authenticateStaffCall, type StaffAuth } from './sessions.ts';
import { STAFF_IDLE_TIMEOUT_MS } from './idle-timeout.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes: the permission a staff member needs, or 'public' for the login call. */
    staff?: Permission | 'public';
    /**
     * A call a staff member makes on their own session (signing out, enrolling an authenticator): open to a
     * read-only role although it is not a read.
     */
    staffOwnSession?: true;
  }
  interface FastifyRequest {
    staff: StaffAuth | undefined;
  }
}

/** The methods that only read; everything else is a write a read-only role may not make. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** One domain's back-office plugin with the options it is registered with. */
export interface BackofficeMount {
  readonly plugin: FastifyPluginAsync<never>;
  readonly options: { prefix?: string };
}

/**
 * Pairs a back-office plugin with its options, checked against the options the plugin declares, for the list the
 * composition root hands to the staff-auth plugin.
 */
export function backofficeMount<O extends object>(
  plugin: FastifyPluginAsync<O>,
  ...options: Record<string, never> extends O ? [options?: O & { prefix?: string }] : [options: O & { prefix?: string }]
): BackofficeMount {
  return { plugin: plugin as FastifyPluginAsync<never>, options: options[0] ?? {} };
}

export interface StaffAuthOptions {
  /** A back-office session left unused this long ends (config.staffIdleTimeoutMs). */
  idleTimeoutMs?: number;
  /** Every domain's back-office routes, in the order they are registered. */
  plugins: readonly BackofficeMount[];
}

/** Back-office message keys ('bo.*') are translated here; the shared error writer translates the rest. */
function localize(err: Error, locale: Locale): Error {
  const map = (fields: Record<string, string[]> | undefined) =>
    fields && Object.fromEntries(Object.entries(fields).map(([field, keys]) => [field, keys.map((k) => (k.startsWith('bo.') ? boTranslate(locale, k) : k))]));
  if (err instanceof ApiError && err.fields) return new ApiError(err.code, map(err.fields), err.extra);
  if (err instanceof ValidationFailed) return new ValidationFailed(map(err.fields)!);
  return err;
}

export const backofficeRoutes: FastifyPluginAsync<StaffAuthOptions> = async (app, opts) => {
  const { db } = app.services;
  const idleTimeoutMs = opts.idleTimeoutMs ?? STAFF_IDLE_TIMEOUT_MS;

  app.decorateRequest('staff', undefined);
  app.setErrorHandler((err: FastifyError, request, reply) => sendError(request, reply, localize(err, request.locale)));

  // Sign-in is the one call open without a session; any other route declaring 'public' stops the server at start.
  const signIn = `${app.prefix}/auth/login`;
  app.addHook('onRoute', (route) => {
    if (route.config?.staff === 'public' && (route.url !== signIn || route.method !== 'POST')) {
      throw new Error(`back-office route ${String(route.method)} ${route.url} is declared public; only POST ${signIn} may be`);
    }
  });

  // onRequest rather than preHandler: a caller without a live session is turned away before its body is read.
  app.addHook('onRequest', async (request) => {
    const needs = request.routeOptions.config?.staff;
    if (needs === 'public') return;
    const token = staffBearerToken(request.headers.authorization);
    const found = token ? await authenticateStaffCall(db, token, idleTimeoutMs) : undefined;
    if (!found) throw new ApiError('unauthorized');
    request.staff = found;
    // A route without a declared permission is a programming error, refused rather than left open.
    if (!needs || !can(found.role, needs)) throw new ApiError('forbidden');
    // A read-only role is refused every write whatever permission the route names, so one given by mistake opens nothing.
    if (READ_ONLY_ROLES.has(found.role) && !READ_METHODS.has(request.method) && !request.routeOptions.config?.staffOwnSession) throw new ApiError('forbidden');
  });

  for (const mount of opts.plugins) await app.register(mount.plugin, mount.options as never);
};
