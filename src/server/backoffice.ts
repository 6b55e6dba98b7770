// The back office under /api/backoffice: every domain's back-office routes, in the order they are registered, each
// with its options. app.ts hands this list to the staff-auth plugin, which signs every call in and checks the
// permission each route declares.
import type { Config } from './config.ts';
import { backofficeMount, type BackofficeMount } from './modules/staff/plugin.ts';
import { backofficeStaffRoutes } from './modules/staff/backoffice-routes.ts';
import { backofficeAuditLogRoutes } from './modules/staff/audit-log-routes.ts';
import { accountNames, playersByAccounts } from './modules/auth/player-facts.ts';
import { backofficeSystemRoutes } from './modules/system/backoffice-routes.ts';
import { backofficePlayerListRoutes } from './modules/auth/backoffice/list-routes.ts';
import { backofficePlayerDeskRoutes } from './modules/auth/backoffice/desk-routes.ts';
import { backofficeAccountRoutes } from './modules/auth/backoffice/account-routes.ts';
import { backofficePlayerProfileRoutes } from './modules/auth/backoffice/profile-routes.ts';
import { backofficeWalletRoutes } from './modules/wallet/backoffice/routes.ts';
import { backofficeFinanceRoutes } from './modules/cashier/backoffice/routes.ts';
import { backofficeUsdtRoutes } from './modules/cashier/usdt/backoffice-routes.ts';
import { backofficeCatalogueRoutes } from './modules/games/backoffice/routes.ts';
import { backofficeProtectionRoutes } from './modules/protection/backoffice-routes.ts';
import { backofficePromotionRoutes } from './modules/promotions/backoffice-routes.ts';
import { backofficeVipRoutes } from './modules/vip/backoffice-routes.ts';
import { backofficeConsultationRoutes } from './modules/consultations/backoffice-routes.ts';
import { backofficeChatRoutes } from './modules/chat/backoffice-routes.ts';
import { backofficeMessageRoutes } from './modules/messages/backoffice-routes.ts';
import { backofficeRedPacketRoutes } from './modules/redpacket/backoffice-routes.ts';
import { backofficeUploadRoutes } from './modules/uploads/routes.ts';
import { backofficeSeamlessRoutes } from './modules/seamless/backoffice-routes.ts';
import { backofficeReportRoutes } from './modules/reports/backoffice-routes.ts';
import { backofficeKycRoutes } from './modules/kyc/backoffice-routes.ts';
import { backofficeRiskRoutes } from './modules/risk/backoffice-routes.ts';
import { backofficePartnerRoutes } from './modules/partners/backoffice-routes.ts';
import { backofficeVitalsRoutes } from './modules/vitals/backoffice-routes.ts';
import { dashboardSources } from './figures.ts';
import { backofficeExportRoutes } from './modules/reports/export-centre/routes.ts';
import { exportGrids } from './export-grids.ts';

export function backofficePlugins(config: Config): BackofficeMount[] {
  return [
    // Sign-in, staff accounts and two-factor enrolment.
    backofficeMount(backofficeStaffRoutes, { totpKey: config.staffTotpKey, totpRequired: config.staffTotpRequired }),
    // The audit log, which names players through the players' domain.
    backofficeMount(backofficeAuditLogRoutes, { players: { playersByAccounts, accountNames } }),
    // The overview, website status, settings, system messages and the SMS outbox.
    backofficeMount(backofficeSystemRoutes, { dashboard: dashboardSources }),
    backofficeMount(backofficePlayerListRoutes),
    // Tags and notes on players, and bulk actions on a selection of the player list.
    backofficeMount(backofficePlayerDeskRoutes),
    // A player's wallets and ledger, activity wallets, the blacklist, reconciliation, provider fault switches.
    backofficeMount(backofficeWalletRoutes, { providerBaseUrl: config.provider.baseUrl, production: config.nodeEnv === 'production' }),
    // The finance desk: deposit and withdrawal queues, bank-card audits, adjustments, the gateway callback log.
    backofficeMount(backofficeFinanceRoutes, { prefix: '/finance' }),
    // The finance desk's USDT tab: the rate and minimum, the chain watcher's state and the transfers it saw.
    backofficeMount(backofficeUsdtRoutes, { prefix: '/finance' }),
    // Game platforms, games and a player's bet records.
    backofficeMount(backofficeCatalogueRoutes),
    backofficeMount(backofficeProtectionRoutes),
    backofficeMount(backofficePromotionRoutes),
    // A player's account security: temporary password, forced change, login unlock, login history, sessions.
    backofficeMount(backofficeAccountRoutes),
    backofficeMount(backofficeVipRoutes),
    backofficeMount(backofficePlayerProfileRoutes),
    backofficeMount(backofficeConsultationRoutes),
    backofficeMount(backofficeChatRoutes),
    backofficeMount(backofficeMessageRoutes),
    backofficeMount(backofficeRedPacketRoutes),
    backofficeMount(backofficeUploadRoutes),
    // Seamless platforms: wallet model, transaction log, open rounds, reconciliation findings, daily totals.
    backofficeMount(backofficeSeamlessRoutes, { config: config.seamless }),
    // The operator reports and their CSV exports.
    backofficeMount(backofficeReportRoutes),
    // Identity verification: the review queue, documents (every view audited), decisions and settings.
    backofficeMount(backofficeKycRoutes),
    // Duplicate accounts (links, groups) and withdrawal risk (decisions, rule hits, settings).
    backofficeMount(backofficeRiskRoutes),
    // Partners: applications, the tree, plans, domains, bindings, statements, payouts, the partner report.
    backofficeMount(backofficePartnerRoutes),
    // The field web vitals: each template and device's 75th percentiles over the last day and week.
    backofficeMount(backofficeVitalsRoutes),
    // The export centre: exports of the grids above as CSV or XLSX, written in the background and downloaded again.
    backofficeMount(backofficeExportRoutes, { grids: exportGrids }),
  ];
}
