// The consultation desk, registered inside backofficeRoutes so its auth hook (each route's `config.staff`
// permission) and error handler apply: the queue by state and assignee, a thread with the player's account,
// level and wallet beside it, replies, assignment and ending. Every action is audited in its transaction.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  consultationIdParams, deskAssignBody, deskDetailView, deskListQuery, deskListView, deskReplyBody, type ConsultationState,
} from '../../../shared/schemas/consultations.ts';
import type { StaffAuth } from '../staff/service.ts';
import { recordAudit } from '../staff/audit.ts';
import * as repo from './repository.ts';

const done = okBody(v.object({ id: v.number() }));

export const backofficeConsultationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, consultations } = app.services;
  const staffOf = (request: FastifyRequest) => request.staff as StaffAuth;

  app.get('/consultations', { schema: { querystring: deskListQuery, response: { 200: okBody(deskListView) } }, config: { staff: 'consultations.read' } }, async (request) => {
    const q = request.query;
    const assignee = q.assignee === undefined ? 'any' : q.assignee === 'me' ? staffOf(request).staffId : q.assignee;
    const [{ rows, total }, staff] = await Promise.all([
      repo.deskList(db, { state: q.state, assignee, account: q.account || undefined, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      repo.assignableStaff(db),
    ]);
    return ok({
      data: rows.map((r) => ({
        id: r.c.id, title: r.c.title, state: r.c.state as ConsultationState, source: r.c.source === 'chat' ? 'chat' as const : 'feedback' as const,
        watch_count: r.c.watchCount, image_count: r.images, created_at: r.c.createdAt.toISOString(), last_message_at: r.c.lastMessageAt.toISOString(),
        ended_at: r.c.endedAt?.toISOString() ?? null, player_id: r.c.playerId, account: r.account, staff_unread: r.c.staffUnread,
        assignee_id: r.c.assigneeStaffId, assignee_name: r.assigneeName,
      })),
      total,
      staff,
    });
  });

  app.get('/consultations/:id', { schema: { params: consultationIdParams, response: { 200: okBody(deskDetailView) } }, config: { staff: 'consultations.read' } }, async (request) => {
    const { consultation, row, player } = await consultations.staffDetail(request.params.id);
    if (!player) throw new ApiError('not_found');
    return ok({
      consultation,
      assignee_id: row.assigneeStaffId,
      player: {
        id: player.id, account: player.account, status: player.status, level_id: player.levelId,
        level_name: request.locale === 'en' ? player.levelNameEn : player.levelName, central: minorToDecimal(player.centralMinor),
        created_at: player.createdAt.toISOString(), last_login_at: player.lastLoginAt?.toISOString() ?? null,
      },
    });
  });

  app.post('/consultations/:id/reply', { schema: { params: consultationIdParams, body: deskReplyBody, response: { 200: done } }, config: { staff: 'consultations.manage' } }, async (request) => {
    const staff = staffOf(request);
    const id = request.params.id;
    const body = request.body;
    await consultations.staffReply(staff.staffId, id, body.content, body.image_ids, (tx, c) => recordAudit(tx, {
      staffId: staff.staffId, action: 'consultation.reply', target: `player:${c.playerId}`, detail: { consultation: id, length: body.content.length, images: body.image_ids.length }, ip: request.ip,
    }));
    return ok({ id });
  });

  app.post('/consultations/:id/assign', { schema: { params: consultationIdParams, body: deskAssignBody, response: { 200: done } }, config: { staff: 'consultations.manage' } }, async (request) => {
    const staff = staffOf(request);
    const id = request.params.id;
    const to = request.body.staff_id;
    await consultations.assign(id, to, (tx, c) => recordAudit(tx, {
      staffId: staff.staffId, action: 'consultation.assign', target: `player:${c.playerId}`, detail: { consultation: id, staff_id: to }, ip: request.ip,
    }));
    return ok({ id });
  });

  app.post('/consultations/:id/end', { schema: { params: consultationIdParams, response: { 200: done } }, config: { staff: 'consultations.manage' } }, async (request) => {
    const staff = staffOf(request);
    const id = request.params.id;
    await consultations.end(id, (tx, c) => recordAudit(tx, {
      staffId: staff.staffId, action: 'consultation.end', target: `player:${c.playerId}`, detail: { consultation: id }, ip: request.ip,
    }));
    return ok({ id });
  });
};
