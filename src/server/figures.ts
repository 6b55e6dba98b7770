// Where the system domain's dashboard and /metrics get the other domains' figures: each domain answers for its own
// tables, and this composition root hands those functions to the system, which cannot import the domains that read
// its settings (the cashier, auth).
import type { DashboardSources } from './modules/system/service.ts';
import type { MetricsSources } from './modules/system/metrics.ts';
import { cashierDeskCounts, depositsLastDay, withdrawalsLastDay } from './modules/cashier/counts.ts';
import { openReconciliationFindings, pendingAdjustments, pendingPlatformTransfers } from './modules/wallet/counts.ts';
import { applicationsToReview } from './modules/promotions/counts.ts';
import { claimsToReview } from './modules/redpacket/counts.ts';
import { openConsultations } from './modules/consultations/counts.ts';
import { waitingChats } from './modules/chat/counts.ts';
import { giftOrdersToShip } from './modules/vip/counts.ts';
import { documentsToReview } from './modules/kyc/counts.ts';
import { ingestionLagSeconds } from './modules/bets/counts.ts';
import { playerCounts } from './modules/auth/backoffice/players-service.ts';
import { activePlayersSince } from './ledger/read.ts';

export const dashboardSources: DashboardSources = {
  players: playerCounts,
  cashierDesk: cashierDeskCounts,
  openFindings: openReconciliationFindings,
  activePlayers: activePlayersSince,
  queues: {
    adjustments: pendingAdjustments,
    applications: applicationsToReview,
    red_packets: claimsToReview,
    consultations: openConsultations,
    chats: waitingChats,
    gift_orders: giftOrdersToShip,
    kyc_documents: documentsToReview,
  },
};

export const metricsSources: MetricsSources = {
  depositsLastDay,
  withdrawalsLastDay,
  pendingTransfers: pendingPlatformTransfers,
  openFindings: openReconciliationFindings,
  ingestionLag: ingestionLagSeconds,
};
