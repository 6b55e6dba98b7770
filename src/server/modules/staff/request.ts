// The signed-in staff member of a back-office request, as the staff-auth plugin's hook left it. Routes read it
// through staffOf and operatorOf instead of casting request.staff, so a route outside the plugin fails closed.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import type { Operator, StaffAuth } from './service.ts';

export function staffOf(request: FastifyRequest): StaffAuth {
  const staff = request.staff;
  if (!staff) throw new ApiError('unauthorized');
  return staff;
}

/** Who acts and from where, for the audit row of an operator action. */
export function operatorOf(request: FastifyRequest): Operator {
  return { staffId: staffOf(request).staffId, ip: request.ip };
}
