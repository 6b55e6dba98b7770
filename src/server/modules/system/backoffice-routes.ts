// The back office's site content: the landing page's overview, website status, system settings, system messages
// and the SMS outbox. Registered by the back-office index (../routes.ts), whose hook checks each route's permission.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import type { BackofficeService, Operator, StaffAuth } from '../staff/service.ts';
import * as v from 'valibot';
import { messageCreateBody, messageUpdateBody, settingsBody, smsQuery, websiteStatusBody } from '../staff/schemas.ts';
import { idParams, pageQuery } from '../../../shared/schemas/paging.ts';
import {
  overviewView, settingsSavedView, smsListView, staffSettingsView, staffWebsiteStatusView, systemMessageView, systemMessagesView,
} from '../../../shared/schemas/backoffice/content.ts';

const pageOnly = v.object(pageQuery);

export const backofficeContentRoutes: FastifyPluginAsync<{ service: BackofficeService }> = async (plugin, { service }) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const staffOf = (request: FastifyRequest) => request.staff as StaffAuth;
  const op = (request: FastifyRequest): Operator => ({ staffId: staffOf(request).staffId, ip: request.ip });

  app.get('/overview', { schema: { response: { 200: okBody(overviewView) } }, config: { staff: 'overview.read' } }, async () => ok(await service.overview()));

  // Website status and settings.

  app.get('/website-status', { schema: { response: { 200: okBody(staffWebsiteStatusView) } }, config: { staff: 'website.manage' } }, async () => ok(await service.websiteStatus()));

  app.put('/website-status', {
    schema: { body: websiteStatusBody, response: { 200: okBody(staffWebsiteStatusView) } },
    config: { staff: 'website.manage' },
  }, async (request) => ok(await service.setWebsiteStatus(op(request), request.body)));

  app.get('/settings', { schema: { response: { 200: okBody(staffSettingsView) } }, config: { staff: 'settings.manage' } }, async () => ok(await service.settings()));

  app.put('/settings', {
    schema: { body: settingsBody, response: { 200: okBody(settingsSavedView) } },
    config: { staff: 'settings.manage' },
  }, async (request) => ok(await service.updateSettings(op(request), request.body)));

  // System messages.

  app.get('/messages', {
    schema: { querystring: pageOnly, response: { 200: okBody(systemMessagesView) } },
    config: { staff: 'messages.manage' },
  }, async (request) => ok(await service.listMessages(request.query)));

  app.post('/messages', {
    schema: { body: messageCreateBody, response: { 200: okBody(systemMessageView) } },
    config: { staff: 'messages.manage' },
  }, async (request) => ok(await service.createMessage(op(request), request.body)));

  app.put('/messages/:id', {
    schema: { params: idParams, body: messageUpdateBody, response: { 200: okBody(systemMessageView) } },
    config: { staff: 'messages.manage' },
  }, async (request) => ok(await service.updateMessage(
    op(request), request.params.id, request.body,
  )));

  // The SMS outbox.

  app.get('/sms', {
    schema: { querystring: smsQuery, response: { 200: okBody(smsListView) } },
    config: { staff: 'sms.read' },
  }, async (request) => ok(await service.listSms(request.query)));
};
