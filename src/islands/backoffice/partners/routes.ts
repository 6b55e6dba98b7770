// The partners domain's back-office routes (relative to /api/backoffice/partners) and what each resolves to, as
// src/shared/schemas/partners/index.ts lists them. Islands import it as a type only.
import * as v from 'valibot';
import {
  boApplicationApprovedView, boApplicationView, boApplicationsPage, boBindingView, boBindingsPage, boBulkApproveView, boDomainView, boDomainsView,
  boPartnerCreatedView, boPartnerDetailView, boPartnersPage, boPasswordResetView, boPayoutsPage, boPlanView, boPlansView, boReportPage,
  boReportPlayersPage, boSettleView, boStatementDetailView, boStatementsPage, boTreeView,
} from '../../../shared/schemas/partners/backoffice.ts';
import { agentMaterialsView } from '../../../shared/schemas/partners/portal.ts';
import { materialView, payoutView, statementView } from '../../../shared/schemas/partners/common.ts';

export const partnerRoutes = {
  'GET /applications': boApplicationsPage,
  'POST /applications/:id/approve': boApplicationApprovedView,
  'POST /applications/:id/reject': boApplicationView,
  'GET /partners': boPartnersPage,
  'GET /partners/tree': boTreeView,
  'POST /partners': boPartnerCreatedView,
  'GET /partners/:id': boPartnerDetailView,
  'PATCH /partners/:id': boPartnerDetailView,
  'POST /partners/:id/reset-password': boPasswordResetView,
  'GET /plans': boPlansView,
  'POST /plans': boPlanView,
  'PUT /plans/:id': boPlanView,
  'GET /domains': boDomainsView,
  'POST /domains': boDomainView,
  'DELETE /domains/:id': v.null(),
  'GET /bindings': boBindingsPage,
  'POST /bindings/move': v.nullable(boBindingView),
  'GET /statements': boStatementsPage,
  'GET /statements/:id': boStatementDetailView,
  'POST /statements/:id/adjust': statementView,
  'POST /statements/:id/hold': statementView,
  'POST /statements/:id/approve': statementView,
  'POST /statements/bulk-approve': boBulkApproveView,
  'POST /settlement/run': boSettleView,
  'GET /payouts': boPayoutsPage,
  'POST /payouts/:id/pay': payoutView,
  'POST /payouts/:id/reject': payoutView,
  'GET /report': boReportPage,
  'GET /report/:id/players': boReportPlayersPage,
  'GET /materials': agentMaterialsView,
  'POST /materials': materialView,
  'DELETE /materials/:id': v.null(),
} as const;
export type PartnerRoutes = typeof partnerRoutes;
