// The audit log's routes: the filtered, paged log and the staff members its filter offers (permission audit.read).
import type { FastifyPluginAsync } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { staffQueryRoute } from '../../lib/staff-routes.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import { auditListView, auditQuery, auditStaffView } from '../../../shared/schemas/backoffice/audit.ts';
import { AuditLogService, noPlayerLookup, type AuditPlayerLookup } from './audit-log-service.ts';

export interface AuditLogRoutesOptions {
  /** The players' domain's account lookups, for the player filter and the accounts shown. */
  players?: AuditPlayerLookup;
}

export const backofficeAuditLogRoutes: FastifyPluginAsync<AuditLogRoutesOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const service = new AuditLogService(app.services.db, opts.players ?? noPlayerLookup);

  staffQueryRoute(app, '/audit', { permission: 'audit.read', query: auditQuery, view: auditListView }, (query) => service.list(query));

  app.get('/audit/staff', { schema: { response: { 200: okBody(auditStaffView) } }, config: { staff: 'audit.read' } }, async () => ok(await service.staff()));
};
