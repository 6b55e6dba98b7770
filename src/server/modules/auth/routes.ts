// Account calls of SPEC.md section 7. Bodies are checked by the shared valibot schemas.
import * as v from 'valibot';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { loginSchema, sendPhoneSchema } from '../../../shared/schemas/auth.ts';
import { bearerToken } from './tokens.ts';
import type { Auth, RequestContext } from './service.ts';

/** Registration's rules depend on settings, so the route checks the shape and the service the rules. */
const registerShape = v.custom<Record<string, unknown>>(
  (body) => typeof body === 'object' && body !== null && !Array.isArray(body), 'v.type.object',
);

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), locale: request.locale };
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth } = app.services;

  /** The one place that turns a bearer token into a player; routes that need one list it first. */
  const requirePlayer = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const found = token ? await auth.authenticate(token) : undefined;
    if (!found) throw new ApiError('unauthorized');
    request.auth = found;
  };
  app.decorate('requirePlayer', requirePlayer);

  app.post('/auth/login', {
    schema: { body: loginSchema },
  }, async (request) => ok(await auth.login(request.body as v.InferOutput<typeof loginSchema>, requestContext(request))));

  app.post('/auth/register', {
    schema: { body: registerShape },
  }, async (request) => ok(await auth.register(request.body, requestContext(request)), 'Registered'));

  app.get('/auth/me', { preHandler: requirePlayer }, async (request) => ok(await auth.me(request.auth as Auth, request.locale)));

  app.get('/auth/logout', { preHandler: requirePlayer }, async (request) => {
    await auth.logout(request.auth as Auth);
    return ok(null, 'Logged out');
  });

  app.put('/send/phone', {
    schema: { body: sendPhoneSchema },
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (request) => {
    await auth.sendRegisterCode((request.body as v.InferOutput<typeof sendPhoneSchema>).phone, requestContext(request));
    return ok(null, 'success');
  });
};
