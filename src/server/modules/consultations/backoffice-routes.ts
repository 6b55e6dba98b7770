// The consultation desk, registered by the staff-auth plugin so its hook (each route's `config.staff`
// permission) and error handler apply: the queue by state and assignee, a thread with the player's account,
// level and wallet beside it, replies, assignment and ending. Each route parses, calls one ConsultationService
// method and shapes the answer; the service audits every action in its transaction.
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { consultationIdParams, deskAssignBody, deskDetailView, deskListQuery, deskListView, deskReplyBody } from '../../../shared/schemas/consultations.ts';
import { operatorOf, staffOf } from '../staff/request.ts';

const done = okBody(v.object({ id: v.number() }));

export const backofficeConsultationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { consultations } = app.services;

  app.get(
    '/consultations',
    { schema: { querystring: deskListQuery, response: { 200: okBody(deskListView) } }, config: { staff: 'consultations.read' } },
    async (request) => {
      return ok(await consultations.deskList(staffOf(request).staffId, request.query));
    },
  );

  app.get(
    '/consultations/:id',
    { schema: { params: consultationIdParams, response: { 200: okBody(deskDetailView) } }, config: { staff: 'consultations.read' } },
    async (request) => {
      return ok(await consultations.deskDetail(request.params.id, request.locale));
    },
  );

  app.post(
    '/consultations/:id/reply',
    { schema: { params: consultationIdParams, body: deskReplyBody, response: { 200: done } }, config: { staff: 'consultations.manage' } },
    async (request) => {
      const id = request.params.id;
      await consultations.staffReply(operatorOf(request), id, request.body.content, request.body.image_ids);
      return ok({ id });
    },
  );

  app.post(
    '/consultations/:id/assign',
    { schema: { params: consultationIdParams, body: deskAssignBody, response: { 200: done } }, config: { staff: 'consultations.manage' } },
    async (request) => {
      const id = request.params.id;
      await consultations.assign(operatorOf(request), id, request.body.staff_id);
      return ok({ id });
    },
  );

  app.post(
    '/consultations/:id/end',
    { schema: { params: consultationIdParams, response: { 200: done } }, config: { staff: 'consultations.manage' } },
    async (request) => {
      const id = request.params.id;
      await consultations.end(operatorOf(request), id);
      return ok({ id });
    },
  );
};
