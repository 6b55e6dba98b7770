// The lobby's game list: games per platform and group (SPEC.md section 7).
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { gameListQuery, gameView } from '../../../shared/schemas/games.ts';

export const gameListRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { games } = app.services;
  app.get('/games/list', { schema: { querystring: gameListQuery, response: { 200: okBody(v.array(gameView)) } } }, async (request) =>
    ok(await games.list({ ...request.query, locale: request.locale })));
};
