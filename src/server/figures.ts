// Where the system domain's dashboard and /metrics get the other domains' figures: each domain answers for its own
// tables, and this composition root hands those functions to the system, which cannot import the domains that read
// its settings (the cashier, auth).
import type { DashboardSources } from './modules/system/service.ts';
import type { MetricsSources } from './modules/system/metrics.ts';
import { cashierDeskCounts, depositsLastDay, withdrawalsLastDay } from './modules/cashier/counts.ts';
import { openReconciliationFindings, pendingPlatformTransfers } from './modules/wallet/counts.ts';
import { ingestionLagSeconds } from './modules/bets/counts.ts';
import { playerCounts } from './modules/auth/backoffice/players-service.ts';
import { activePlayersSince } from './ledger/read.ts';

export const dashboardSources: DashboardSources = {
  players: playerCounts,
  cashierDesk: cashierDeskCounts,
  openFindings: openReconciliationFindings,
  activePlayers: activePlayersSince,
};

export const metricsSources: MetricsSources = {
  depositsLastDay,
  withdrawalsLastDay,
  pendingTransfers: pendingPlatformTransfers,
  openFindings: openReconciliationFindings,
  ingestionLag: ingestionLagSeconds,
};
