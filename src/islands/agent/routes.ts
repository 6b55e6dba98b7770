// The partner portal's routes (relative to /api/agent) and what each resolves to. Imported by islands as a type
// only, so none of these schemas reaches a browser bundle.
import * as v from 'valibot';
import type { RouteMap } from '../../shared/api/contract.ts';
import {
  agentDashboardView,
  agentLinkView,
  agentLinksView,
  agentLoginView,
  agentMaterialsView,
  agentMeView,
  agentPayoutsPage,
  agentPlayersPage,
  agentStatementsPage,
  agentSubPartnerView,
  agentSubPartnersView,
  agentTotpSetupView,
  agentWalletView,
} from '../../shared/schemas/partners/portal.ts';
import { payoutView, statementView } from '../../shared/schemas/partners/common.ts';
import { partnerApplicationView, publicPlanView } from '../../shared/schemas/partners/site.ts';

export const agentRoutes = {
  'POST /login': agentLoginView,
  'POST /logout': v.null(),
  'GET /me': agentMeView,
  'PUT /password': v.null(),
  'POST /totp/setup': agentTotpSetupView,
  'POST /totp/enable': v.null(),
  'POST /totp/disable': v.null(),
  'GET /dashboard': agentDashboardView,
  'GET /links': agentLinksView,
  'POST /links': agentLinkView,
  'GET /players': agentPlayersPage,
  'GET /sub-partners': agentSubPartnersView,
  'POST /sub-partners': agentSubPartnerView,
  'GET /statements': agentStatementsPage,
  'GET /statements/:id': statementView,
  'GET /statements/:id/csv': v.string(),
  'GET /wallet': agentWalletView,
  'PUT /bank-card': agentWalletView,
  'PUT /sub-partners/:id/rate': agentSubPartnerView,
  'GET /payouts': agentPayoutsPage,
  'POST /payouts': payoutView,
  'GET /materials': agentMaterialsView,
} as const satisfies RouteMap;

export type AgentRoutes = typeof agentRoutes;

/** The public site's partner calls (relative to /api). */
export const publicPartnerRoutes = {
  'GET /partners/plan': publicPlanView,
  'POST /partners/applications': partnerApplicationView,
} as const satisfies RouteMap;
export type PublicPartnerRoutes = typeof publicPartnerRoutes;
