// The player's USDT on TRON screen: their own deposit address with its QR code, the minimum, the rate, and the
// transfers the chain watcher saw reach it.
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { ok } from '../../../lib/reply.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { usdtDepositInfoView } from '../../../../shared/schemas/usdt.ts';
import { playerOf } from '../../auth/request.ts';

export const usdtRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { usdt } = app.services;
  // onRequest rather than preHandler: an anonymous caller gets 401 before anything else.
  app.get('/finance/deposit/usdt', { onRequest: app.requirePlayer, schema: { response: { 200: okBody(usdtDepositInfoView) } } }, async (request) =>
    ok(await usdt.depositInfo(playerOf(request).playerId)),
  );
};
