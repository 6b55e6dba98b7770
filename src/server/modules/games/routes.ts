// The lobby's game list (games per platform and group) and the links that open a game, for real money or as a
// free demo (SPEC.md section 7).
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { gameListQuery, gameView } from '../../../shared/schemas/games.ts';
import { codeParam, gameLinkQuery, gameLinkView } from '../../../shared/schemas/wallet.ts';
import { playerOf } from '../auth/request.ts';

export const gameListRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { games } = app.services;
  app.get('/games/list', { schema: { querystring: gameListQuery, response: { 200: okBody(v.array(gameView)) } } }, async (request) =>
    ok(await games.list({ ...request.query, locale: request.locale })),
  );

  // onRequest rather than preHandler: an anonymous caller gets 401 before its query is read or validated.
  const player = { onRequest: app.requirePlayer };

  app.get(
    '/games/link/:code',
    { ...player, schema: { params: codeParam, querystring: gameLinkQuery, response: { 200: okBody(gameLinkView) } } },
    async (request) => ok(await games.launch(playerOf(request).playerId, request.params.code, request.query.productId ?? 'lobby', request.locale)),
  );

  app.get(
    '/demo/link/:code',
    { schema: { params: codeParam, querystring: gameLinkQuery, response: { 200: okBody(v.array(v.string())) } } },
    async (request) => {
      const url = await games.demo(request.params.code, request.query.productId ?? 'lobby', request.locale);
      return ok(url ? [url] : [], 'success');
    },
  );
};
