// The signed-in staff member of a back-office request, as the staff-auth plugin's hook left it. Routes read it
// through staffOf and operatorOf instead of casting request.staff, so a route outside the plugin fails closed.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import type { Operator, StaffAuth } from './service.ts';
import { can } from './roles.ts';

export function staffOf(request: FastifyRequest): StaffAuth {
  const staff = request.staff;
  if (!staff) throw new ApiError('unauthorized');
  return staff;
}

/** Who acts and from where, for the audit row of an operator action. */
export function operatorOf(request: FastifyRequest): Operator {
  return { staffId: staffOf(request).staffId, ip: request.ip };
}

/**
 * Whether the caller may read card numbers and phones whole ('personal.unmasked'); without it the answer carries them
 * masked through lib/mask.ts, so the full number never leaves the server for a customer-service role.
 */
export function readsPersonalWhole(request: FastifyRequest): boolean {
  return can(staffOf(request).role, 'personal.unmasked');
}
