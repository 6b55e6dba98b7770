// The back office's player list and the kick of a player's sessions; the player page's own calls are in the
// files beside this one. Mounted by the staff-auth plugin, whose hook checks each route's permission.
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { ok } from '../../../lib/reply.ts';
import { staffQueryRoute } from '../../../lib/staff-routes.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import { revokedView } from '../../../../shared/schemas/backoffice/players.ts';
import { filteredPlayerListView, playerFilterQuery } from '../../../../shared/schemas/backoffice/desk.ts';
import { operatorOf, readsPersonalWhole } from '../../staff/request.ts';
import { PlayerListService } from './players-service.ts';

export const backofficePlayerListRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, reader, realtime } = app.services;
  // The list reads through the read replica when it may serve; the kick writes through the primary.
  const service = new PlayerListService({ db, reader, publish: realtime.publisher, facts: app.services.playerListFacts });

  staffQueryRoute(app, '/players', { permission: 'players.read', query: playerFilterQuery, view: filteredPlayerListView }, (query, request) =>
    service.listPlayers(query, readsPersonalWhole(request)),
  );

  app.post(
    '/players/:id/kick',
    {
      schema: { params: idParams, response: { 200: okBody(revokedView) } },
      config: { staff: 'players.kick' },
    },
    async (request) => ok(await service.kickPlayer(operatorOf(request), request.params.id)),
  );
};
