// The live chat console's calls under /api/backoffice/chat (registered inside backofficeRoutes, whose hook checks
// each route's permission): a conversation's messages, the player beside it, and the canned replies, which
// operators edit (audited). Taking, answering, transferring and closing go over the chat socket.
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { idText } from '../../../shared/schemas/ids.ts';
import { cannedReplyBody, cannedReplyView, chatPlayerView, conversationMessagesView, conversationParams } from '../../../shared/schemas/chat.ts';
import { staffOf } from '../staff/request.ts';

const idParams = v.object({ id: idText() });

export const backofficeChatRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { chat } = app.services;

  app.get(
    '/chat/conversations/:id',
    {
      schema: { params: conversationParams, response: { 200: okBody(conversationMessagesView) } },
      config: { staff: 'chat.agent' },
    },
    async (request) => ok(await chat.conversationMessages(request.params.id)),
  );

  app.get(
    '/chat/players/:id',
    {
      schema: { params: idParams, response: { 200: okBody(chatPlayerView) } },
      config: { staff: 'chat.agent' },
    },
    async (request) => ok(await chat.playerCard(request.params.id)),
  );

  app.get(
    '/chat/canned',
    {
      schema: { response: { 200: okBody(v.array(cannedReplyView)) } },
      config: { staff: 'chat.agent' },
    },
    async () => ok(await chat.canned()),
  );

  app.post(
    '/chat/canned',
    {
      schema: { body: cannedReplyBody, response: { 200: okBody(cannedReplyView) } },
      config: { staff: 'chat.manage' },
    },
    async (request) => ok(await chat.createCanned(staffOf(request).staffId, request.body, request.ip)),
  );

  app.put(
    '/chat/canned/:id',
    {
      schema: { params: idParams, body: cannedReplyBody, response: { 200: okBody(cannedReplyView) } },
      config: { staff: 'chat.manage' },
    },
    async (request) => ok(await chat.updateCanned(staffOf(request).staffId, request.params.id, request.body, request.ip)),
  );

  app.delete(
    '/chat/canned/:id',
    {
      schema: { params: idParams, response: { 200: okBody(v.null()) } },
      config: { staff: 'chat.manage' },
    },
    async (request) => {
      await chat.deleteCanned(staffOf(request).staffId, request.params.id, request.ip);
      return ok(null);
    },
  );
};
