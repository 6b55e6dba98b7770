// The back-office player profile, mounted by the staff-auth plugin so its auth hook (each route's `config.staff`
// permission) and error handler apply.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import { playerProfileBody, playerStatusBody } from '../../../../shared/schemas/player-profile.ts';
import { PlayerProfileService } from './profile-service.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { playerProfileView, playerStatusView } from '../../../../shared/schemas/backoffice/players.ts';
import { operatorOf, readsPersonalWhole } from '../../staff/request.ts';

export const backofficePlayerProfileRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, realtime, cashier } = app.services;
  const service = new PlayerProfileService({
    db,
    publish: realtime.publisher,
    cardsOnFile: (playerId, limit) => cashier.cardsOnFile(playerId, limit),
    events: app.services.events,
  });

  app.get(
    '/players/:id/profile',
    {
      schema: { params: idParams, response: { 200: okBody(playerProfileView) } },
      config: { staff: 'players.read' },
    },
    async (request) => ok(await service.profile(request.params.id, readsPersonalWhole(request))),
  );

  app.post(
    '/players/:id/status',
    {
      schema: { params: idParams, body: playerStatusBody, response: { 200: okBody(playerStatusView) } },
      config: { staff: 'players.manage' },
    },
    async (request) => {
      const body = request.body;
      return ok(await service.setStatus(operatorOf(request), request.params.id, body.enabled, body.reason));
    },
  );

  app.put(
    '/players/:id/profile',
    {
      schema: { params: idParams, body: playerProfileBody, response: { 200: okBody(playerProfileView) } },
      config: { staff: 'players.manage' },
    },
    async (request) => ok(await service.updateProfile(operatorOf(request), request.params.id, request.body, readsPersonalWhole(request))),
  );
};
