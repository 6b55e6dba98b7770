// The partners domain's back-office routes, under /api/backoffice/partners. Registered inside
// backofficeRoutes, so the staff sign-in hook and error handler apply; every route names its permission.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import { materialView, payoutView, statementView } from '../../../shared/schemas/partners/common.ts';
import { agentMaterialsView } from '../../../shared/schemas/partners/portal.ts';
import {
  boAdjustBody,
  boApplicationApproveBody,
  boApplicationApprovedView,
  boApplicationView,
  boApplicationsPage,
  boApplicationsQuery,
  boApproveBody,
  boBindingView,
  boBindingsPage,
  boBindingsQuery,
  boBulkApproveBody,
  boBulkApproveView,
  boDomainBody,
  boDomainView,
  boDomainsView,
  boHoldBody,
  boMaterialBody,
  boMoveBody,
  boOwnPlayerDecisionBody,
  boOwnPlayerView,
  boOwnPlayersPage,
  boOwnPlayersQuery,
  boAttributionsView,
  boPartnerCreateBody,
  boPartnerCreatedView,
  boPartnerDetailView,
  boPartnerPatchBody,
  boPartnersPage,
  boPartnersQuery,
  boPasswordResetView,
  boPayoutPayBody,
  boPayoutsPage,
  boPayoutsQuery,
  boPlanBody,
  boPlanView,
  boPlansView,
  boRejectBody,
  boReportPage,
  boReportPlayersPage,
  boReportPlayersQuery,
  boReportQuery,
  boSettleBody,
  boSettleView,
  boStatementDetailView,
  boStatementsPage,
  boStatementsQuery,
  boTreeQuery,
  boTreeView,
} from '../../../shared/schemas/partners/backoffice.ts';
import { operatorOf, readsPersonalWhole } from '../staff/request.ts';

export const backofficePartnerRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const bo = app.services.partners.backoffice;
  const P = '/partners';

  staffQueryRoute(app, `${P}/applications`, { permission: 'partners.read', query: boApplicationsQuery, view: boApplicationsPage }, (q) => bo.applications(q));
  app.post(
    `${P}/applications/:id/approve`,
    {
      schema: { params: idParams, body: boApplicationApproveBody, response: { 200: okBody(boApplicationApprovedView) } },
      config: { staff: 'partners.manage' },
    },
    async (request) => ok(await bo.approveApplication(operatorOf(request), request.params.id, request.body)),
  );
  app.post(
    `${P}/applications/:id/reject`,
    { schema: { params: idParams, body: boRejectBody, response: { 200: okBody(boApplicationView) } }, config: { staff: 'partners.manage' } },
    async (request) => ok(await bo.rejectApplication(operatorOf(request), request.params.id, request.body.reason)),
  );

  staffQueryRoute(app, `${P}/partners`, { permission: 'partners.read', query: boPartnersQuery, view: boPartnersPage }, (q) => bo.partners(q));
  staffQueryRoute(app, `${P}/partners/tree`, { permission: 'partners.read', query: boTreeQuery, view: boTreeView }, (q) => bo.tree(q.root_id || undefined));
  app.post(
    `${P}/partners`,
    { schema: { body: boPartnerCreateBody, response: { 200: okBody(boPartnerCreatedView) } }, config: { staff: 'partners.manage' } },
    async (request) => ok(await bo.createPartner(operatorOf(request), request.body)),
  );
  app.get(
    `${P}/partners/:id`,
    { schema: { params: idParams, response: { 200: okBody(boPartnerDetailView) } }, config: { staff: 'partners.read' } },
    async (request) => ok(await bo.detail(request.params.id)),
  );
  app.patch(
    `${P}/partners/:id`,
    { schema: { params: idParams, body: boPartnerPatchBody, response: { 200: okBody(boPartnerDetailView) } }, config: { staff: 'partners.manage' } },
    async (request) => ok(await bo.patch(operatorOf(request), request.params.id, request.body)),
  );
  app.post(
    `${P}/partners/:id/reset-password`,
    { schema: { params: idParams, body: boHoldBody, response: { 200: okBody(boPasswordResetView) } }, config: { staff: 'partners.manage' } },
    async (request) => ok(await bo.resetPassword(operatorOf(request), request.params.id, request.body.reason)),
  );

  app.get(`${P}/plans`, { schema: { response: { 200: okBody(boPlansView) } }, config: { staff: 'partners.read' } }, async () => ok(await bo.plans()));
  app.post(`${P}/plans`, { schema: { body: boPlanBody, response: { 200: okBody(boPlanView) } }, config: { staff: 'partners.manage' } }, async (request) =>
    ok(await bo.savePlan(operatorOf(request), undefined, request.body)),
  );
  app.put(
    `${P}/plans/:id`,
    { schema: { params: idParams, body: boPlanBody, response: { 200: okBody(boPlanView) } }, config: { staff: 'partners.manage' } },
    async (request) => ok(await bo.savePlan(operatorOf(request), request.params.id, request.body)),
  );

  app.get(`${P}/domains`, { schema: { response: { 200: okBody(boDomainsView) } }, config: { staff: 'partners.read' } }, async () => ok(await bo.domains()));
  app.post(`${P}/domains`, { schema: { body: boDomainBody, response: { 200: okBody(boDomainView) } }, config: { staff: 'partners.manage' } }, async (request) =>
    ok(await bo.addDomain(operatorOf(request), request.body.host, request.body.partner_id)),
  );
  app.delete(`${P}/domains/:id`, { schema: { params: idParams, response: { 200: okEmpty } }, config: { staff: 'partners.manage' } }, async (request) =>
    ok(await bo.removeDomain(operatorOf(request), request.params.id)),
  );

  bindingRoutes(app);
  ownPlayerRoutes(app);
  statementRoutes(app);
  payoutAndMaterialRoutes(app);
};

/** Players who registered from their partner's own sign-in address or device, and the operator's decision on each. */
function ownPlayerRoutes(plugin: Parameters<FastifyPluginAsync>[0]): void {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const bo = app.services.partners.backoffice;
  const P = '/partners';
  staffQueryRoute(app, `${P}/own-players`, { permission: 'partners.read', query: boOwnPlayersQuery, view: boOwnPlayersPage }, (q) => bo.ownPlayers(q));
  for (const [path, status] of [
    ['approve', 'approved'],
    ['deny', 'denied'],
  ] as const)
    app.post(
      `${P}/own-players/:id/${path}`,
      { schema: { params: idParams, body: boOwnPlayerDecisionBody, response: { 200: okBody(boOwnPlayerView) } }, config: { staff: 'partners.bindings' } },
      async (request) => ok(await bo.decideOwnPlayer(operatorOf(request), request.params.id, status, request.body.reason)),
    );
}

/** A player's binding: the list, the operator's move and the player's partner history. */
function bindingRoutes(plugin: Parameters<FastifyPluginAsync>[0]): void {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const bo = app.services.partners.backoffice;
  const P = '/partners';
  staffQueryRoute(app, `${P}/bindings`, { permission: 'partners.read', query: boBindingsQuery, view: boBindingsPage }, (q) => bo.bindings(q));
  app.post(
    `${P}/bindings/move`,
    { schema: { body: boMoveBody, response: { 200: okBody(v.nullable(boBindingView)) } }, config: { staff: 'partners.bindings' } },
    async (request) => ok(await bo.move(operatorOf(request), request.body)),
  );
  app.get(
    `${P}/bindings/:id/history`,
    { schema: { params: idParams, response: { 200: okBody(boAttributionsView) } }, config: { staff: 'partners.read' } },
    async (request) => ok(await bo.history(request.params.id)),
  );
}

function statementRoutes(plugin: Parameters<FastifyPluginAsync>[0]): void {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const bo = app.services.partners.backoffice;
  const P = '/partners';
  staffQueryRoute(app, `${P}/statements`, { permission: 'partners.read', query: boStatementsQuery, view: boStatementsPage }, (q) => bo.statements(q));
  app.get(
    `${P}/statements/:id`,
    { schema: { params: idParams, response: { 200: okBody(boStatementDetailView) } }, config: { staff: 'partners.read' } },
    async (request) => ok(await bo.statement(request.params.id)),
  );
  app.post(
    `${P}/statements/:id/adjust`,
    { schema: { params: idParams, body: boAdjustBody, response: { 200: okBody(statementView) } }, config: { staff: 'partners.settle' } },
    async (request) => ok(await bo.adjust(operatorOf(request), request.params.id, request.body.amount, request.body.reason)),
  );
  app.post(
    `${P}/statements/:id/hold`,
    { schema: { params: idParams, body: boHoldBody, response: { 200: okBody(statementView) } }, config: { staff: 'partners.settle' } },
    async (request) => ok(await bo.hold(operatorOf(request), request.params.id, request.body.reason)),
  );
  app.post(
    `${P}/statements/:id/approve`,
    { schema: { params: idParams, body: boApproveBody, response: { 200: okBody(statementView) } }, config: { staff: 'partners.settle' } },
    async (request) => ok(await bo.approve(operatorOf(request), request.params.id, request.body.note)),
  );
  app.post(
    `${P}/statements/bulk-approve`,
    { schema: { body: boBulkApproveBody, response: { 200: okBody(boBulkApproveView) } }, config: { staff: 'partners.settle' } },
    async (request) => ok(await bo.bulkApprove(operatorOf(request), request.body.ids)),
  );
  app.post(
    `${P}/settlement/run`,
    { schema: { body: boSettleBody, response: { 200: okBody(boSettleView) } }, config: { staff: 'partners.settle' } },
    async (request) => {
      const r = await bo.settle(operatorOf(request), request.body.period);
      return ok({ period: r.period, built: r.built, unchanged: r.unchanged, skipped_final: r.skippedFinal });
    },
  );
}

/** Partners' payouts, the partner report and the marketing material. */
function payoutAndMaterialRoutes(plugin: Parameters<FastifyPluginAsync>[0]): void {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const bo = app.services.partners.backoffice;
  const P = '/partners';
  staffQueryRoute(app, `${P}/payouts`, { permission: 'finance.read', query: boPayoutsQuery, view: boPayoutsPage }, (q, request) =>
    bo.payouts(q, readsPersonalWhole(request)),
  );
  app.post(
    `${P}/payouts/:id/pay`,
    { schema: { params: idParams, body: boPayoutPayBody, response: { 200: okBody(payoutView) } }, config: { staff: 'finance.manage' } },
    async (request) => ok(await bo.closePayout(operatorOf(request), request.params.id, 'pay', request.body.note)),
  );
  app.post(
    `${P}/payouts/:id/reject`,
    { schema: { params: idParams, body: boRejectBody, response: { 200: okBody(payoutView) } }, config: { staff: 'finance.manage' } },
    async (request) => ok(await bo.closePayout(operatorOf(request), request.params.id, 'reject', request.body.reason)),
  );

  staffQueryRoute(app, `${P}/report`, { permission: 'partners.read', query: boReportQuery, view: boReportPage }, (q) => bo.report(q));
  app.get(
    `${P}/report/:id/players`,
    { schema: { params: idParams, querystring: boReportPlayersQuery, response: { 200: okBody(boReportPlayersPage) } }, config: { staff: 'partners.read' } },
    async (request) => ok(await bo.reportPlayers(request.params.id, request.query)),
  );

  app.get(`${P}/materials`, { schema: { response: { 200: okBody(agentMaterialsView) } }, config: { staff: 'partners.read' } }, async () =>
    ok(await app.services.partners.portal.materials()),
  );
  app.post(
    `${P}/materials`,
    { schema: { body: boMaterialBody, response: { 200: okBody(materialView) } }, config: { staff: 'partners.manage' } },
    async (request) => ok(await bo.addMaterial(operatorOf(request), request.body)),
  );
  app.delete(`${P}/materials/:id`, { schema: { params: idParams, response: { 200: okEmpty } }, config: { staff: 'partners.manage' } }, async (request) =>
    ok(await bo.removeMaterial(operatorOf(request), request.params.id)),
  );
}
