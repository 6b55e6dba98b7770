// The back office's messages and popups desk: compose (system, personal to a segment with a count preview of
// its recipients, platform) with a sanitized preview in both languages, the sent list with read counts,
// withdrawing a message, and the popups editor. Registered inside backofficeRoutes, whose hook checks each
// route's `config.staff` permission; every change is audited in the service, in the change's transaction.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  boMessageListView,
  boMessageQuery,
  boPopupListView,
  boPopupView,
  composeBody,
  composeView,
  htmlPreviewBody,
  htmlPreviewView,
  messageStatusBody,
  popupBody,
  recipientPreviewBody,
  recipientPreviewView,
} from '../../../shared/schemas/messages.ts';
import { operatorOf } from '../staff/request.ts';
import { idParams } from '../../../shared/schemas/paging.ts';

const done = v.object({ done: v.literal(true) });

export const backofficeMessageRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { messages } = app.services;

  app.get(
    '/player-messages',
    { schema: { querystring: boMessageQuery, response: { 200: okBody(boMessageListView) } }, config: { staff: 'player_messages.read' } },
    async (request) => {
      const q = request.query;
      return ok(await messages.listForStaff(q.kind, q.page, q.pageSize));
    },
  );

  app.post(
    '/player-messages/recipients',
    { schema: { body: recipientPreviewBody, response: { 200: okBody(recipientPreviewView) } }, config: { staff: 'player_messages.send' } },
    async (request) => {
      const { ids: _ids, ...preview } = await messages.previewRecipients(request.body.segment, request.body.marketing);
      return ok(preview);
    },
  );

  // What will be stored, in both languages: the same sanitizer as saving, so the preview is the message.
  app.post(
    '/player-messages/preview',
    { schema: { body: htmlPreviewBody, response: { 200: okBody(htmlPreviewView) } }, config: { staff: 'player_messages.send' } },
    async (request) => ok({ body: sanitizeOperatorHtml(request.body.body), body_en: sanitizeOperatorHtml(request.body.body_en) }),
  );

  app.post(
    '/player-messages',
    {
      schema: { body: composeBody, response: { 200: okBody(composeView) } },
      config: { staff: 'player_messages.send', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ok(await messages.compose(operatorOf(request), request.body)),
  );

  app.put(
    '/player-messages/:id/status',
    { schema: { params: idParams, body: messageStatusBody, response: { 200: okBody(done) } }, config: { staff: 'player_messages.send' } },
    async (request) => {
      await messages.setStatus(operatorOf(request), request.params.id, request.body.status);
      return ok({ done: true as const });
    },
  );

  app.get('/popups', { schema: { response: { 200: okBody(boPopupListView) } }, config: { staff: 'popups.manage' } }, async () =>
    ok(await messages.popupsForStaff()),
  );

  app.post('/popups', { schema: { body: popupBody, response: { 200: okBody(boPopupView) } }, config: { staff: 'popups.manage' } }, async (request) =>
    ok(await messages.savePopup(operatorOf(request), null, request.body)),
  );

  app.put(
    '/popups/:id',
    { schema: { params: idParams, body: popupBody, response: { 200: okBody(boPopupView) } }, config: { staff: 'popups.manage' } },
    async (request) => ok(await messages.savePopup(operatorOf(request), request.params.id, request.body)),
  );

  app.delete('/popups/:id', { schema: { params: idParams, response: { 200: okBody(done) } }, config: { staff: 'popups.manage' } }, async (request) => {
    await messages.deletePopup(operatorOf(request), request.params.id);
    return ok({ done: true as const });
  });
};
