// The export centre's routes under /api/backoffice/exports: queue an export of a grid, list one's exports with their
// progress, cancel one, download a finished file. Every staff member may open the centre; queueing asks the grid's
// own read permission, and the service lets only the requester (or an admin) cancel or download.
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/reply.ts';
import type { ValibotTypeProvider } from '../../../lib/validation.ts';
import { operatorOf, staffOf } from '../../staff/request.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import { exportFileView, exportJobView, exportListView, exportParams, exportRequestBody } from '../../../../shared/schemas/backoffice/exports.ts';
import type { ExportGrids } from '../../../lib/export-grid.ts';
import type { ExportLimits } from './limits.ts';
import { ExportCentreService } from './service.ts';

export interface ExportRoutesOptions {
  /** Every grid the centre exports, built from the app's services by the composition root. */
  grids: (services: Parameters<FastifyPluginAsync>[0]['services']) => ExportGrids;
  limits?: Partial<ExportLimits>;
}

export const backofficeExportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const service = new ExportCentreService({ db: app.services.db, grids: opts.grids(app.services), limits: opts.limits });

  app.post('/exports', { schema: { body: exportRequestBody, response: { 200: okBody(exportJobView) } }, config: { staff: 'overview.read' } }, async (request) =>
    ok(await service.request(operatorOf(request), staffOf(request), request.body, request.locale)),
  );

  app.get('/exports', { schema: { response: { 200: okBody(exportListView) } }, config: { staff: 'overview.read' } }, async (request) =>
    ok(await service.list(staffOf(request))),
  );

  app.post(
    '/exports/:id/cancel',
    { schema: { params: exportParams, response: { 200: okBody(exportJobView) } }, config: { staff: 'overview.read' } },
    async (request) => ok(await service.cancel(operatorOf(request), staffOf(request), request.params.id)),
  );

  app.get(
    '/exports/:id/download',
    { schema: { params: exportParams, response: { 200: exportFileView } }, config: { staff: 'overview.read' } },
    async (request, reply) => {
      const file = await service.download(operatorOf(request), staffOf(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.bytes))
        .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
