// The player side's API routes (relative to /api) and what each resolves to. Imported by islands as a type only,
// so none of these schemas reaches a browser bundle; the route-map test imports it whole.
import * as v from 'valibot';
import { platformStatusView, platformView } from '../schemas/games.ts';
import type { RouteMap } from './contract.ts';

export const playerRoutes = {
  'GET /games/platform/all': v.array(platformView),
  'GET /platforms/status': v.array(platformStatusView),
} as const satisfies RouteMap;

export type PlayerRoutes = typeof playerRoutes;
