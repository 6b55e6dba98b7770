// The back office's red-packet desk, registered inside backofficeRoutes (its auth hook checks each route's
// `config.staff` permission): rounds with live claimed and remaining counts, the round editor (only before a
// round starts and while nobody has claimed), cancelling, and the claims queue (approve, or reject with a
// reason). Every change is audited in the same transaction as the change (see the service).
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import * as v from 'valibot';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { claimListView, claimsQuery, rejectBody, reviewView, roundBody, roundListView, roundsQuery } from '../../../shared/schemas/redpacket.ts';
import { operatorOf } from '../staff/request.ts';
import { idParams } from '../../../shared/schemas/paging.ts';

const createdView = v.object({ id: v.number() });

export const backofficeRedPacketRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { redpacket } = app.services;
  const perm = { staff: 'redpacket.manage' as const };

  app.get('/red-packets/rounds', { schema: { querystring: roundsQuery, response: { 200: okBody(roundListView) } }, config: perm }, async (request) => {
    return ok(await redpacket.rounds(request.query.page ?? 1, request.query.pageSize ?? 10));
  });

  app.post('/red-packets/rounds', { schema: { body: roundBody, response: { 200: okBody(createdView) } }, config: perm }, async (request) => {
    return ok({ id: await redpacket.create(request.body, operatorOf(request)) });
  });

  app.put('/red-packets/rounds/:id', { schema: { params: idParams, body: roundBody, response: { 200: okBody(v.null()) } }, config: perm }, async (request) => {
    await redpacket.update(request.params.id, request.body, operatorOf(request));
    return ok(null);
  });

  app.post('/red-packets/rounds/:id/cancel', { schema: { params: idParams, response: { 200: okBody(v.null()) } }, config: perm }, async (request) => {
    await redpacket.cancel(request.params.id, operatorOf(request));
    return ok(null);
  });

  app.get('/red-packets/claims', { schema: { querystring: claimsQuery, response: { 200: okBody(claimListView) } }, config: perm }, async (request) => {
    const q = request.query;
    return ok(await redpacket.claims({ status: q.status, roundId: q.round_id }, q.page ?? 1, q.pageSize ?? 10));
  });

  app.post('/red-packets/claims/:id/approve', { schema: { params: idParams, response: { 200: okBody(reviewView) } }, config: perm }, async (request) => {
    const { replayed } = await redpacket.approve(request.params.id, operatorOf(request));
    return ok({ id: request.params.id, status: 'approved' as const, replayed });
  });

  app.post(
    '/red-packets/claims/:id/reject',
    { schema: { params: idParams, body: rejectBody, response: { 200: okBody(reviewView) } }, config: perm },
    async (request) => {
      await redpacket.reject(request.params.id, request.body.reason, operatorOf(request));
      return ok({ id: request.params.id, status: 'rejected' as const, replayed: false });
    },
  );
};
