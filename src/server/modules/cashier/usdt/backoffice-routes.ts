// The finance desk's USDT tab under /api/backoffice/finance/usdt: the rate and minimum (set by finance, audited), the
// watcher's state and the transfers it saw with their outcomes (credited, below the minimum, another token, reorged).
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { ok } from '../../../lib/reply.ts';
import { staffQueryRoute } from '../../../lib/staff-routes.ts';
import { operatorOf } from '../../staff/request.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { usdtDeskView, usdtRateBody, usdtRateSetView, usdtTransferPageView, usdtTransfersQuery } from '../../../../shared/schemas/usdt.ts';
import { UsdtDesk } from './desk.ts';

export const backofficeUsdtRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, usdt } = app.services;
  const desk = new UsdtDesk({ db, usdt });

  app.get('/usdt', { schema: { response: { 200: okBody(usdtDeskView) } }, config: { staff: 'finance.read' } }, async () => ok(await desk.status()));

  staffQueryRoute(app, '/usdt/transfers', { permission: 'finance.read', query: usdtTransfersQuery, view: usdtTransferPageView }, (query) =>
    desk.transfers({ ...query, outcome: query.outcome || undefined }),
  );

  app.put('/usdt/rate', { schema: { body: usdtRateBody, response: { 200: okBody(usdtRateSetView) } }, config: { staff: 'finance.manage' } }, async (request) =>
    ok(await desk.setRate(operatorOf(request), request.body)),
  );
};
