// The lobby's back-office routes: game platforms, games and their thumbnails, a player's bet records.
// Registered inside backofficeRoutes so its auth hook and error handler apply to them too.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import { staffQueryRoute } from '../../../lib/staff-routes.ts';
import { operatorOf } from '../../staff/request.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { staffBetsView, staffGameView, staffGamesView, staffPlatformView, thumbnailsView } from '../../../../shared/schemas/backoffice/catalogue.ts';
import { BackofficeCatalogueService } from './service.ts';
import { betsQuery, gameUpdateBody, gamesQuery, platformUpdateBody } from '../../../../shared/schemas/backoffice/catalogue-requests.ts';

export const backofficeCatalogueRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, realtime, bets, auth, messages } = app.services;
  const service = new BackofficeCatalogueService({ db, publish: realtime.publisher, bets, auth, messages });

  // Platforms: every role reads the list (the player page names platforms); admins change them.

  app.get('/platforms', { schema: { response: { 200: okBody(v.array(staffPlatformView)) } }, config: { staff: 'player.detail' } }, async () =>
    ok(await service.platforms()),
  );

  app.put(
    '/platforms/:id',
    {
      schema: { params: idParams, body: platformUpdateBody, response: { 200: okBody(staffPlatformView) } },
      config: { staff: 'platforms.manage' },
    },
    async (request) => ok(await service.updatePlatform(operatorOf(request), request.params.id, request.body)),
  );

  // Games.

  staffQueryRoute(app, '/games', { permission: 'games.manage', query: gamesQuery, view: staffGamesView }, (q) =>
    service.games({ ...q, code: q.code || undefined, group: q.group || undefined }),
  );

  app.get('/games/thumbnails', { schema: { response: { 200: okBody(thumbnailsView) } }, config: { staff: 'games.manage' } }, async () =>
    ok(await service.thumbnails()),
  );

  app.put(
    '/games/:id',
    {
      schema: { params: idParams, body: gameUpdateBody, response: { 200: okBody(staffGameView) } },
      config: { staff: 'games.manage' },
    },
    async (request) => ok(await service.updateGame(operatorOf(request), request.params.id, request.body)),
  );

  // A player's bet records.

  app.get(
    '/players/:id/bets',
    {
      schema: { params: idParams, querystring: betsQuery, response: { 200: okBody(staffBetsView) } },
      config: { staff: 'bets.read' },
    },
    async (request) => ok(await service.playerBets(request.params.id, request.query)),
  );
};
