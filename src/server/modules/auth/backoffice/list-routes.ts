// The back office's player list and the kick of a player's sessions; the player page's own calls are in the
// files beside this one. Registered by the back-office index (../routes.ts), whose hook checks each route's permission.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { ok } from '../../../lib/reply.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import type { BackofficeService, Operator, StaffAuth } from '../../staff/service.ts';
import { playersQuery } from '../../staff/schemas.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import { playerListView, revokedView } from '../../../../shared/schemas/backoffice/players.ts';

export const backofficePlayerListRoutes: FastifyPluginAsync<{ service: BackofficeService }> = async (plugin, { service }) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const staffOf = (request: FastifyRequest) => request.staff as StaffAuth;
  const op = (request: FastifyRequest): Operator => ({ staffId: staffOf(request).staffId, ip: request.ip });

  app.get('/players', {
    schema: { querystring: playersQuery, response: { 200: okBody(playerListView) } },
    config: { staff: 'players.read' },
  }, async (request) => ok(await service.listPlayers(request.query)));

  app.post('/players/:id/kick', {
    schema: { params: idParams, response: { 200: okBody(revokedView) } },
    config: { staff: 'players.kick' },
  }, async (request) => ok(await service.kickPlayer(op(request), request.params.id)));
};
