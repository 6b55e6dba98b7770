// The back-office player profile (issue 10 item 21), registered inside backofficeRoutes so its auth hook (each
// route's `config.staff` permission) and error handler apply.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { playerProfileBody, playerStatusBody } from '../../../shared/schemas/player-profile.ts';
import { PlayerProfileService } from './player-profile-service.ts';
import { idParams, type Input } from './schemas.ts';
import type { Operator, StaffAuth } from './service.ts';

export const backofficePlayerProfileRoutes: FastifyPluginAsync = async (app) => {
  const { db, realtime } = app.services;
  const service = new PlayerProfileService({ db, publish: realtime.publisher });
  const op = (request: FastifyRequest): Operator => ({ staffId: (request.staff as StaffAuth).staffId, ip: request.ip });
  const id = (request: FastifyRequest) => (request.params as Input<typeof idParams>).id;

  app.get('/players/:id/profile', {
    schema: { params: idParams }, config: { staff: 'players.read' },
  }, async (request) => ok(await service.profile(id(request))));

  app.post('/players/:id/status', {
    schema: { params: idParams, body: playerStatusBody }, config: { staff: 'players.manage' },
  }, async (request) => {
    const body = request.body as Input<typeof playerStatusBody>;
    return ok(await service.setStatus(op(request), id(request), body.enabled, body.reason));
  });

  app.put('/players/:id/profile', {
    schema: { params: idParams, body: playerProfileBody }, config: { staff: 'players.manage' },
  }, async (request) => ok(await service.updateProfile(op(request), id(request), request.body as Input<typeof playerProfileBody>)));
};
