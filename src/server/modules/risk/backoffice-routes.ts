// The risk desk's back-office routes. Registered inside backofficeRoutes, so its auth hook and error
// handler apply; every route declares its permission: reading links, groups, decisions and rule hits ('risk.read'),
// confirming or clearing a link ('risk.manage'), and the rules and thresholds ('risk.settings').
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import {
  groupsPageView,
  groupsQuery,
  linkParams,
  linkReviewBody,
  linkedAccountsView,
  riskSettingsView,
  ruleHitsQuery,
  ruleHitsView,
  withdrawalIdParams,
  withdrawalRiskView,
} from '../../../shared/schemas/risk/backoffice.ts';
import { riskSettingsBody } from '../../../shared/schemas/risk/settings.ts';
import { operatorOf } from '../staff/request.ts';
import { RiskBackofficeService } from './backoffice-service.ts';

export const backofficeRiskRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const service = new RiskBackofficeService({ db: app.services.db, risk: app.services.risk });

  app.get(
    '/risk/players/:id/links',
    { schema: { params: idParams, response: { 200: okBody(linkedAccountsView) } }, config: { staff: 'risk.read' } },
    async (request) => ok(await service.playerLinks(request.params.id)),
  );

  app.post(
    '/risk/players/:id/links/:other',
    {
      schema: { params: linkParams, body: linkReviewBody, response: { 200: okBody(linkedAccountsView) } },
      config: { staff: 'risk.manage' },
    },
    async (request) => ok(await service.reviewLink(operatorOf(request), request.params.id, request.params.other, request.body)),
  );

  staffQueryRoute(app, '/risk/groups', { permission: 'risk.read', query: groupsQuery, view: groupsPageView }, (q) => service.groups(q));

  app.get(
    '/risk/withdrawals/:id',
    { schema: { params: withdrawalIdParams, response: { 200: okBody(withdrawalRiskView) } }, config: { staff: 'risk.read' } },
    async (request) => ok(await service.decision(request.params.id)),
  );

  staffQueryRoute(app, '/risk/rule-hits', { permission: 'risk.read', query: ruleHitsQuery, view: ruleHitsView }, (q) => service.ruleHits(q));

  app.get('/risk/settings', { schema: { response: { 200: okBody(riskSettingsView) } }, config: { staff: 'risk.read' } }, async () =>
    ok(await service.settingsView()),
  );

  app.put(
    '/risk/settings',
    { schema: { body: riskSettingsBody, response: { 200: okBody(riskSettingsView) } }, config: { staff: 'risk.settings' } },
    async (request) => ok(await service.saveSettings(operatorOf(request), request.body)),
  );
};
