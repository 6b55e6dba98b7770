// The lobby's back-office routes: game platforms, games and their thumbnails, a player's bet records.
// Registered inside backofficeRoutes so its auth hook and error handler apply to them too.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import type { Operator, StaffAuth } from '../../staff/service.ts';
import { idParams } from '../../../../shared/schemas/paging.ts';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { staffBetsView, staffGameView, staffGamesView, staffPlatformView, thumbnailsView } from '../../../../shared/schemas/backoffice/catalogue.ts';
import { BackofficeCatalogueService } from './service.ts';
import { betsQuery, gameUpdateBody, gamesQuery, platformUpdateBody } from './schemas.ts';
import { MAINTAIN_STATUS } from '../../../../shared/statuses.ts';

export const backofficeCatalogueRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, realtime } = app.services;
  const service = new BackofficeCatalogueService({ db, publish: realtime.publisher });

  const op = (request: FastifyRequest): Operator => ({ staffId: (request.staff as StaffAuth).staffId, ip: request.ip });

  // Platforms: every role reads the list (the player page names platforms); admins change them.

  app.get('/platforms', { schema: { response: { 200: okBody(v.array(staffPlatformView)) } }, config: { staff: 'player.detail' } }, async () => ok(await service.platforms()));

  app.put('/platforms/:id', {
    schema: { params: idParams, body: platformUpdateBody, response: { 200: okBody(staffPlatformView) } },
    config: { staff: 'platforms.manage' },
  }, async (request) => {
    const body = request.body;
    const view = await service.updatePlatform(op(request), request.params.id, body);
    // The maintenance notice is its own message, written after the platform change committed.
    if (body.notify_players && (view.maintain_status === MAINTAIN_STATUS.maintenance || (view.maintain_start && view.maintain_end))) {
      await app.services.messages.platformMaintenanceNotice(op(request), {
        code: view.code, name: view.name, nameEn: view.name_en,
        start: view.maintain_status === MAINTAIN_STATUS.maintenance ? null : new Date(view.maintain_start!), end: view.maintain_status === MAINTAIN_STATUS.maintenance ? null : new Date(view.maintain_end!),
      });
    }
    return ok(view);
  });

  // Games.

  app.get('/games', {
    schema: { querystring: gamesQuery, response: { 200: okBody(staffGamesView) } },
    config: { staff: 'games.manage' },
  }, async (request) => {
    const q = request.query;
    return ok(await service.games({ ...q, code: q.code || undefined, group: q.group || undefined }));
  });

  app.get('/games/thumbnails', { schema: { response: { 200: okBody(thumbnailsView) } }, config: { staff: 'games.manage' } }, async () => ok(await service.thumbnails()));

  app.put('/games/:id', {
    schema: { params: idParams, body: gameUpdateBody, response: { 200: okBody(staffGameView) } },
    config: { staff: 'games.manage' },
  }, async (request) => ok(await service.updateGame(op(request), request.params.id, request.body)));

  // A player's bet records.

  app.get('/players/:id/bets', {
    schema: { params: idParams, querystring: betsQuery, response: { 200: okBody(staffBetsView) } },
    config: { staff: 'bets.read' },
  }, async (request) => ok(await service.playerBets(request.params.id, request.query)));
};
