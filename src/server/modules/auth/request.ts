// The signed-in player of a request, as the requirePlayer hook left it. Routes read it through playerOf instead of
// casting request.auth, so a route registered without the hook fails closed (401) rather than reading undefined.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import type { Auth } from './service.ts';

export function playerOf(request: FastifyRequest): Auth {
  const auth = request.auth;
  if (!auth) throw new ApiError('unauthorized');
  return auth;
}
