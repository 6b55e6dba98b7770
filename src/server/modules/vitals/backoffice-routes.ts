// The back office's field web vitals (system area): each template and device's 75th percentiles over the last day
// and week. Read only, so nothing is audited.
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { vitalsSummaryView } from '../../../shared/schemas/backoffice/vitals.ts';

export const backofficeVitalsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { vitals } = app.services;
  app.get('/vitals', { schema: { response: { 200: okBody(vitalsSummaryView) } }, config: { staff: 'vitals.read' } }, async () => ok(await vitals.summary()));
};
