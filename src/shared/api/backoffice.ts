// The back office's API routes (relative to /api/backoffice) and what each resolves to. Imported by islands as a
// type only, so none of these schemas reaches a browser bundle; the route-map test imports it whole.
import type { RouteMap } from './contract.ts';
import { staffMeView } from '../schemas/backoffice/staff.ts';

export const backofficeRoutes = {
  'GET /auth/me': staffMeView,
} as const satisfies RouteMap;

export type BackofficeRoutes = typeof backofficeRoutes;
