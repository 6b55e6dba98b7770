// The player's message calls (SPEC.md section 7): the three lists, which without page and pageSize answer
// only the unread totals; a message's detail (marks it read); marking read. And the public popup settings.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  MESSAGE_PAGE_SIZE_DEFAULT,
  alertSettingsView,
  markReadBody,
  markReadView,
  messageDetailQuery,
  messageDetailView,
  messageListQuery,
  messageListView,
  type MessageKind,
  type MessageListQuery,
} from '../../../shared/schemas/messages.ts';
import { playerOf } from '../auth/request.ts';

/** SPEC.md names the system list 'player': it is the list every player has. */
const LISTS: Array<[string, MessageKind]> = [
  ['player', 'system'],
  ['personal', 'personal'],
  ['platform', 'platform'],
];

export const messageRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { messages } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before its query is validated.
  const player = { onRequest: app.requirePlayer };
  const me = (request: FastifyRequest) => playerOf(request).playerId;

  for (const [path, kind] of LISTS) {
    app.get(`/messages/${path}/list`, { ...player, schema: { querystring: messageListQuery, response: { 200: okBody(messageListView) } } }, async (request) => {
      const q: MessageListQuery = request.query;
      if (q.page === undefined && q.pageSize === undefined) return ok({ totals: await messages.totals(me(request)) });
      return ok(await messages.list(me(request), kind, request.locale, q.page ?? 1, q.pageSize ?? MESSAGE_PAGE_SIZE_DEFAULT));
    });
  }

  app.get('/messages/detail', { ...player, schema: { querystring: messageDetailQuery, response: { 200: okBody(messageDetailView) } } }, async (request) =>
    ok(await messages.detail(me(request), request.query.id, request.locale)),
  );

  app.post(
    '/messages/read',
    {
      ...player,
      schema: { body: markReadBody, response: { 200: okBody(markReadView) } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ok(await messages.markRead(me(request), request.body)),
  );

  // Public: popups are shown to visitors too (SPEC.md section 2), and hold nothing about any player.
  app.get('/system/alert/settings', { schema: { response: { 200: okBody(alertSettingsView) } } }, async (request) =>
    ok(await messages.alertSettings(request.locale)),
  );
};
