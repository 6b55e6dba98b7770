// Every grid of the back office the export centre writes, from the app's services: each domain's entries read
// through that domain's own service (on the read replica where the grid's page reads there too), so the centre, which
// belongs to the reports domain, reaches no other domain's tables. A new grid is one entry here and its key in
// EXPORT_GRIDS (src/shared/schemas/backoffice/exports.ts).
import type { FastifyInstance } from 'fastify';
import { gridRegistry, type ExportGrids } from './lib/export-grid.ts';
import { financeExportGrids } from './modules/cashier/backoffice/export-grids.ts';
import { auditExportGrid } from './modules/staff/audit-export-grid.ts';
import { ledgerExportGrid } from './modules/wallet/backoffice/export-grid.ts';
import { betsExportGrid } from './modules/bets/export-grid.ts';
import { accountNames, playersByAccounts } from './modules/auth/player-facts.ts';

export function exportGrids(services: FastifyInstance['services']): ExportGrids {
  return gridRegistry([
    ...financeExportGrids({ db: services.reader, cashier: services.cashier, bets: services.bets }),
    auditExportGrid(services.reader, { playersByAccounts, accountNames }),
    ledgerExportGrid(services.reader),
    betsExportGrid(services.bets, (id) => services.auth.playerAccount(id)),
  ]);
}
