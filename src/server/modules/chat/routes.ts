// The player's chat calls under /api/chat: the widget's first paint (open conversation, 30 days of history,
// whether an agent is online) and leaving a message when nobody is. Messages themselves go over the socket.
import * as v from 'valibot';
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { leaveMessageBody, playerChatView } from '../../../shared/schemas/chat.ts';
import { translate } from '../../../i18n/index.ts';
import { playerOf } from '../auth/request.ts';

const leftView = v.object({ consultation_id: v.number() });

export const chatRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { chat } = app.services;
  const player = { onRequest: app.requirePlayer };

  app.get('/chat/history', { ...player, schema: { response: { 200: okBody(playerChatView) } } }, async (request) =>
    ok(await chat.playerState(playerOf(request).playerId)),
  );

  app.post('/chat/leave-message', { ...player, schema: { body: leaveMessageBody, response: { 200: okBody(leftView) } } }, async (request) =>
    ok(await chat.leaveMessage(playerOf(request).playerId, request.body), translate(request.locale, 'chat.left')),
  );
};
