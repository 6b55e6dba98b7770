// The back office's system calls: the landing page's overview, website status, system settings, system messages,
// every instance's circuit breakers, the system desk (outbox and scheduled jobs) and the SMS outbox. Mounted by the staff-auth plugin, whose hook checks each route's permission.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { idParams, pageQuery } from '../../../shared/schemas/paging.ts';
import {
  overviewView,
  settingsSavedView,
  smsListView,
  staffSettingsView,
  staffWebsiteStatusView,
  systemMessageView,
  systemMessagesView,
} from '../../../shared/schemas/backoffice/content.ts';
import { messageCreateBody, messageUpdateBody, settingsBody, smsQuery, websiteStatusBody } from '../../../shared/schemas/backoffice/system.ts';
import { breakerBoardView } from '../../../shared/schemas/backoffice/operations.ts';
import { deskRoutes } from './desk-routes.ts';
import { operatorOf } from '../staff/request.ts';
import type { DashboardSources } from './service.ts';

const pageOnly = v.object(pageQuery);

export interface SystemBackofficeOptions {
  /** The other domains' figures on the overview, handed in by the composition root. */
  dashboard: DashboardSources;
}

export const backofficeSystemRoutes: FastifyPluginAsync<SystemBackofficeOptions> = async (plugin, opts) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { system } = app.services;

  app.get('/overview', { schema: { response: { 200: okBody(overviewView) } }, config: { staff: 'overview.read' } }, async () =>
    ok(await system.dashboard(opts.dashboard)),
  );

  // Website status and settings.

  app.get('/website-status', { schema: { response: { 200: okBody(staffWebsiteStatusView) } }, config: { staff: 'website.manage' } }, async () =>
    ok(await system.websiteStatus()),
  );

  app.put(
    '/website-status',
    {
      schema: { body: websiteStatusBody, response: { 200: okBody(staffWebsiteStatusView) } },
      config: { staff: 'website.manage' },
    },
    async (request) => ok(await system.changeWebsiteStatus(operatorOf(request), request.body)),
  );

  app.get('/settings', { schema: { response: { 200: okBody(staffSettingsView) } }, config: { staff: 'settings.manage' } }, async () =>
    ok(await system.settingsForm()),
  );

  app.put(
    '/settings',
    {
      schema: { body: settingsBody, response: { 200: okBody(settingsSavedView) } },
      config: { staff: 'settings.manage' },
    },
    async (request) => ok(await system.changeSettings(operatorOf(request), request.body)),
  );

  // System messages.

  staffQueryRoute(app, '/messages', { permission: 'messages.manage', query: pageOnly, view: systemMessagesView }, (query) => system.listMessages(query));

  app.post(
    '/messages',
    {
      schema: { body: messageCreateBody, response: { 200: okBody(systemMessageView) } },
      config: { staff: 'messages.manage' },
    },
    async (request) => ok(await system.createMessage(operatorOf(request), request.body)),
  );

  app.put(
    '/messages/:id',
    {
      schema: { params: idParams, body: messageUpdateBody, response: { 200: okBody(systemMessageView) } },
      config: { staff: 'messages.manage' },
    },
    async (request) => ok(await system.updateMessage(operatorOf(request), request.params.id, request.body)),
  );

  // Every instance's circuit breakers (breaker-board.ts).

  app.get('/breakers', { schema: { response: { 200: okBody(breakerBoardView) } }, config: { staff: 'breakers.read' } }, async () =>
    ok(await app.services.breakerBoard.read()),
  );

  // The system desk (desk-routes.ts) and the SMS outbox.
  deskRoutes(app);

  staffQueryRoute(app, '/sms', { permission: 'sms.read', query: smsQuery, view: smsListView }, (query) => system.listSms(query));
};
