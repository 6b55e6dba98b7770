// The lobby's back-office routes: game platforms, games and their thumbnails, a player's bet records.
// Registered inside backofficeRoutes so its auth hook and error handler apply to them too.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply.ts';
import type { Operator, StaffAuth } from './service.ts';
import { idParams, type Input } from './schemas.ts';
import { BackofficeCatalogueService } from './catalogue-service.ts';
import { betsQuery, gameUpdateBody, gamesQuery, platformUpdateBody } from './catalogue-schemas.ts';

export const backofficeCatalogueRoutes: FastifyPluginAsync = async (app) => {
  const { db, realtime } = app.services;
  const service = new BackofficeCatalogueService({ db, publish: realtime.publisher });

  const op = (request: FastifyRequest): Operator => ({ staffId: (request.staff as StaffAuth).staffId, ip: request.ip });
  const id = (request: FastifyRequest) => (request.params as Input<typeof idParams>).id;

  // Platforms: every role reads the list (the player page names platforms); admins change them.

  app.get('/platforms', { config: { staff: 'player.detail' } }, async () => ok(await service.platforms()));

  app.put('/platforms/:id', {
    schema: { params: idParams, body: platformUpdateBody },
    config: { staff: 'platforms.manage' },
  }, async (request) => ok(await service.updatePlatform(op(request), id(request), request.body as Input<typeof platformUpdateBody>)));

  // Games.

  app.get('/games', {
    schema: { querystring: gamesQuery },
    config: { staff: 'games.manage' },
  }, async (request) => {
    const q = request.query as Input<typeof gamesQuery>;
    return ok(await service.games({ ...q, code: q.code || undefined, group: q.group || undefined }));
  });

  app.get('/games/thumbnails', { config: { staff: 'games.manage' } }, async () => ok(await service.thumbnails()));

  app.put('/games/:id', {
    schema: { params: idParams, body: gameUpdateBody },
    config: { staff: 'games.manage' },
  }, async (request) => ok(await service.updateGame(op(request), id(request), request.body as Input<typeof gameUpdateBody>)));

  // A player's bet records.

  app.get('/players/:id/bets', {
    schema: { params: idParams, querystring: betsQuery },
    config: { staff: 'bets.read' },
  }, async (request) => ok(await service.playerBets(id(request), request.query as Input<typeof betsQuery>)));
};
