// The player's consultation calls (SPEC.md section 7: /messages/player/consultation). Without page and pageSize
// the list call answers only the counter the header badge sums; with them, a page of the player's threads.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  consultationCountView,
  consultationCreatedView,
  consultationDetailView,
  consultationIdParams,
  consultationListQuery,
  consultationListView,
  createConsultationBody,
  replyConsultationBody,
} from '../../../shared/schemas/consultations.ts';
import * as v from 'valibot';
import { playerOf } from '../auth/request.ts';

const PAGE_SIZE_DEFAULT = 10;
/** Writes per client address and minute: far above a person typing, low enough to stop a script filling the desk. */
const CREATE_PER_MINUTE = 30;
const REPLY_PER_MINUTE = 60;

export const consultationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { consultations, system } = app.services;
  const me = (request: FastifyRequest) => playerOf(request).playerId;
  // onRequest: an anonymous caller gets 401 before its body is read or validated.
  const player = { onRequest: app.requirePlayer };

  app.get(
    '/messages/player/consultation',
    {
      ...player,
      schema: { querystring: consultationListQuery, response: { 200: okBody(v.union([consultationListView, consultationCountView])) } },
    },
    async (request) => {
      const q = request.query;
      const playerId = me(request);
      if (q.page === undefined && q.pageSize === undefined) return ok({ PlayerConsultationCount: await consultations.count(playerId) });
      return ok(await consultations.list(playerId, { state: q.state, page: q.page ?? 1, pageSize: q.pageSize ?? PAGE_SIZE_DEFAULT }));
    },
  );

  app.post(
    '/messages/player/consultation',
    {
      ...player,
      schema: { body: createConsultationBody, response: { 200: okBody(consultationCreatedView) } },
      config: { rateLimit: { max: CREATE_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (!(await system.settings()).enable_player_consultation) throw new ApiError('consultation_disabled');
      const b = request.body;
      return ok(await consultations.create({ playerId: me(request), title: b.title, information: b.information, imageIds: b.image_ids, source: 'feedback' }));
    },
  );

  app.get(
    '/messages/player/consultation/:id',
    {
      ...player,
      schema: { params: consultationIdParams, response: { 200: okBody(consultationDetailView) } },
    },
    async (request) => ok(await consultations.playerDetail(me(request), request.params.id)),
  );

  app.post(
    '/messages/player/consultation/:id/reply',
    {
      ...player,
      schema: { params: consultationIdParams, body: replyConsultationBody, response: { 200: okBody(v.object({ id: v.number() })) } },
      config: { rateLimit: { max: REPLY_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => {
      const id = request.params.id;
      await consultations.playerReply(me(request), id, request.body.content, request.body.image_ids);
      return ok({ id });
    },
  );
};
