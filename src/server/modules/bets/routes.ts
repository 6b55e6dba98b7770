// A player's bets (GET /api/players/bet/records, SPEC.md section 7) in a date range of the last 30 days, paged,
// with totals, and the turnover record built on them.
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { betRecordsQuery, betRecordsView } from '../../../shared/schemas/bets.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { turnoverQuery, turnoverResponse } from '../../../shared/schemas/turnover.ts';
import { playerOf } from '../auth/request.ts';

export const betRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { bets, cashier } = app.services;
  const player = { onRequest: app.requirePlayer };

  app.get('/players/bet/records', { ...player, schema: { querystring: betRecordsQuery, response: { 200: okBody(betRecordsView) } } }, async (request) =>
    ok(await bets.records(playerOf(request).playerId, request.query)),
  );

  // The withdrawal requirement is the cashier's allocation of valid bet to deposits; the bets domain adds its days
  // and the activity wallets' targets.
  app.get('/players/turnover', { ...player, schema: { querystring: turnoverQuery, response: { 200: okBody(turnoverResponse) } } }, async (request) => {
    const playerId = playerOf(request).playerId;
    return ok(await bets.turnover(playerId, request.query, await cashier.requirements(playerId)));
  });
};
