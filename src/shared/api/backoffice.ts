// The back office's API routes (relative to /api/backoffice) and what each resolves to: the data of the success
// envelope each route declares on the server. Imported by islands as a type only, so none of these schemas reaches a
// browser bundle; the route-map test imports it whole and holds every entry to the route the server registers.
import * as v from 'valibot';
import type { RouteMap } from './contract.ts';
import {
  staffBetsView, staffGameView, staffGamesView, staffPlatformView, thumbnailsView,
} from '../schemas/backoffice/catalogue.ts';
import {
  overviewView, settingsSavedView, smsListView, staffSettingsView, staffWebsiteStatusView, systemMessageView, systemMessagesView,
} from '../schemas/backoffice/content.ts';
import {
  adjustmentView, bankCardQueueView, callbackLogView, cardAuditedView, depositQueueView, depositReviewedView, withdrawalContextView, withdrawalQueueView, withdrawalReviewedView,
} from '../schemas/backoffice/finance.ts';
import {
  allFaultsView, findingsView, platformFaultsView, recheckView, reconcileRunView,
} from '../schemas/backoffice/operations.ts';
import {
  blacklistView, bonusGrantedView, forcePasswordView, ledgerPageView, loginRecordsView, playerProfileView, playerStatusView, playerSummaryView, playerWalletsView, revokedView, securityView, sessionRevokedView, sessionView, staffTransfersView, temporaryPasswordView, unlockedLoginView,
} from '../schemas/backoffice/players.ts';
import {
  staffIdView, staffListView, staffLoginView, staffMeView, staffUpdatedView, staffView, totpConfirmedView, totpSecretView,
} from '../schemas/backoffice/staff.ts';
import { auditListView, auditStaffView } from '../schemas/backoffice/audit.ts';
import { cannedReplyView, chatPlayerView, conversationMessagesView } from '../schemas/chat.ts';
import { deskDetailView, deskListView } from '../schemas/consultations.ts';
import {
  boMessageListView, boPopupListView, boPopupView, composeView, htmlPreviewView, recipientPreviewView,
} from '../schemas/messages.ts';
import {
  ApplicationAdminListView, CategoryAdminListView, CategoryAdminView, GiftResultView, JobRunView, ModeEntryAdminListView, PromotionAdminListView, PromotionAdminView, PromotionReportView, ReviewResultView,
} from '../schemas/promotions.ts';
import { exclusionRowView, exclusionView, limitOutcomeView, staffProtectionView } from '../schemas/protection.ts';
import { claimListView, reviewView, roundListView } from '../schemas/redpacket.ts';
import { csvView, dailyReportView, gamesReportView, playersReportView, rebuiltView } from '../schemas/backoffice/reports.ts';
import { uploadedFilesView } from '../schemas/uploads.ts';
import {
  bulkResultView, filteredPlayerListView, notesView, pendingAdjustmentView, pendingAdjustmentsView, playerTagsView, tagView, tagsView,
} from '../schemas/backoffice/desk.ts';
import {
  seamlessDailyView, seamlessFindingView, seamlessFindingsPage, seamlessPlatformView, seamlessReconcileView, seamlessRoundView, seamlessTxPage,
} from '../schemas/backoffice/seamless.ts';
import {
  groupsPageView, linkedAccountsView, riskSettingsView, ruleHitsView, withdrawalRiskView,
} from '../schemas/risk/backoffice.ts';
import {
  exchangeOrderView, giftAdminView, giftImageView, levelAdminView, levelPreviewView, orderQueueView, playerVipView, pointsBalanceView,
} from '../schemas/vip.ts';

export const backofficeRoutes = {
  // The operator reports (issue 23) and their CSV exports.
  'GET /reports/daily': dailyReportView,
  'GET /reports/games': gamesReportView,
  'GET /reports/players': playersReportView,
  'GET /reports/daily/export': csvView,
  'GET /reports/games/export': csvView,
  'GET /reports/players/export': csvView,
  'GET /reports/player-list/export': csvView,
  'POST /reports/rebuild': rebuiltView,
  'POST /auth/login': staffLoginView,
  'GET /auth/me': staffMeView,
  'POST /auth/logout': v.null(),
  'GET /audit': auditListView,
  'GET /audit/staff': auditStaffView,
  'GET /staff': staffListView,
  'POST /staff': staffView,
  'PUT /staff/:id': staffUpdatedView,
  'POST /staff/:id/totp': totpSecretView,
  'POST /auth/totp': totpSecretView,
  'POST /auth/totp/confirm': totpConfirmedView,
  'DELETE /staff/:id/totp': staffIdView,
  'GET /overview': overviewView,
  'GET /website-status': staffWebsiteStatusView,
  'PUT /website-status': staffWebsiteStatusView,
  'GET /settings': staffSettingsView,
  'PUT /settings': settingsSavedView,
  'GET /messages': systemMessagesView,
  'POST /messages': systemMessageView,
  'PUT /messages/:id': systemMessageView,
  'GET /sms': smsListView,
  'GET /players': filteredPlayerListView,
  'GET /player-tags': tagsView,
  'POST /player-tags': tagView,
  'GET /players/:id/tags': playerTagsView,
  'GET /players/:id/notes': notesView,
  'POST /players/:id/notes': notesView,
  'POST /players/bulk/message': bulkResultView,
  'POST /players/bulk/level': bulkResultView,
  'POST /players/bulk/tag': bulkResultView,
  'POST /players/bulk/disable': bulkResultView,
  'POST /players/:id/kick': revokedView,
  'GET /players/lookup': playerSummaryView,
  'GET /players/:id': playerSummaryView,
  'GET /players/:id/wallets': playerWalletsView,
  'GET /players/:id/ledger': ledgerPageView,
  'GET /players/:id/transfers': staffTransfersView,
  'POST /players/:id/bonus-wallets': bonusGrantedView,
  'PUT /players/:id/blacklist': blacklistView,
  'GET /reconciliation/findings': findingsView,
  'GET /reconciliation/pending': staffTransfersView,
  'POST /reconciliation/run': reconcileRunView,
  'POST /reconciliation/transfers/:id/recheck': recheckView,
  'GET /provider-faults': allFaultsView,
  'GET /provider-faults/:code': platformFaultsView,
  'PUT /provider-faults/:code': platformFaultsView,
  'DELETE /provider-faults': allFaultsView,
  'GET /finance/deposits': depositQueueView,
  'POST /finance/deposits/:id/confirm': depositReviewedView,
  'POST /finance/deposits/:id/reject': depositReviewedView,
  'GET /finance/withdrawals': withdrawalQueueView,
  'GET /finance/withdrawals/:id/context': withdrawalContextView,
  'POST /finance/withdrawals/:id/approve': withdrawalReviewedView,
  'POST /finance/withdrawals/:id/reject': withdrawalReviewedView,
  'GET /finance/bank-cards': bankCardQueueView,
  'POST /finance/bank-cards/:id/audit': cardAuditedView,
  'POST /finance/adjustments': adjustmentView,
  'GET /finance/adjustments': pendingAdjustmentsView,
  'POST /finance/adjustments/:id/decision': pendingAdjustmentView,
  'GET /finance/callbacks': callbackLogView,
  'GET /platforms': v.array(staffPlatformView),
  'PUT /platforms/:id': staffPlatformView,
  'GET /games': staffGamesView,
  'GET /games/thumbnails': thumbnailsView,
  'PUT /games/:id': staffGameView,
  'GET /players/:id/bets': staffBetsView,
  'GET /players/:id/protection': staffProtectionView,
  'POST /players/:id/protection/limits': limitOutcomeView,
  'POST /players/:id/protection/exclusions': exclusionView,
  'GET /protection/exclusions': v.object({ data: v.array(exclusionRowView), total: v.number() }),
  'GET /promotions': PromotionAdminListView,
  'GET /promotions/:id': PromotionAdminView,
  'POST /promotions': PromotionAdminView,
  'PUT /promotions/:id': PromotionAdminView,
  'GET /promotions/:id/report': PromotionReportView,
  'GET /promotion-categories': CategoryAdminListView,
  'POST /promotion-categories': CategoryAdminView,
  'PUT /promotion-categories/:id': CategoryAdminView,
  'GET /promotion-modes': ModeEntryAdminListView,
  'PUT /promotion-modes/:mode': ModeEntryAdminListView,
  'GET /promotion-applications': ApplicationAdminListView,
  'POST /promotion-applications/review': ReviewResultView,
  'POST /promotion-gifts': GiftResultView,
  'POST /promotion-jobs/:job': JobRunView,
  'GET /players/:id/security': securityView,
  'GET /players/:id/logins': loginRecordsView,
  'GET /players/:id/sessions': v.array(sessionView),
  'POST /players/:id/sessions/:sessionId/revoke': sessionRevokedView,
  'POST /players/:id/reset-password': temporaryPasswordView,
  'POST /players/:id/force-password': forcePasswordView,
  'POST /players/:id/unlock-login': unlockedLoginView,
  'GET /vip/levels': v.array(levelAdminView),
  'POST /vip/levels/:id/preview': levelPreviewView,
  'PUT /vip/levels/:id': v.null(),
  'GET /vip/players/:id': playerVipView,
  'POST /vip/players/:id/level': v.null(),
  'POST /vip/players/:id/points': pointsBalanceView,
  'GET /vip/gifts': v.array(giftAdminView),
  'POST /vip/gifts': giftAdminView,
  'PUT /vip/gifts/:id': giftAdminView,
  'POST /vip/gifts/image': giftImageView,
  'GET /vip/orders': orderQueueView,
  'POST /vip/orders/:id': exchangeOrderView,
  'GET /players/:id/profile': playerProfileView,
  'POST /players/:id/status': playerStatusView,
  'PUT /players/:id/profile': playerProfileView,
  'GET /consultations': deskListView,
  'GET /consultations/:id': deskDetailView,
  'POST /consultations/:id/reply': v.object({ id: v.number() }),
  'POST /consultations/:id/assign': v.object({ id: v.number() }),
  'POST /consultations/:id/end': v.object({ id: v.number() }),
  'GET /chat/conversations/:id': conversationMessagesView,
  'GET /chat/players/:id': chatPlayerView,
  'GET /chat/canned': v.array(cannedReplyView),
  'POST /chat/canned': cannedReplyView,
  'PUT /chat/canned/:id': cannedReplyView,
  'DELETE /chat/canned/:id': v.null(),
  'GET /player-messages': boMessageListView,
  'POST /player-messages/recipients': recipientPreviewView,
  'POST /player-messages/preview': htmlPreviewView,
  'POST /player-messages': composeView,
  'PUT /player-messages/:id/status': v.object({ done: v.literal(true) }),
  'GET /popups': boPopupListView,
  'POST /popups': boPopupView,
  'PUT /popups/:id': boPopupView,
  'DELETE /popups/:id': v.object({ done: v.literal(true) }),
  'GET /red-packets/rounds': roundListView,
  'POST /red-packets/rounds': v.object({ id: v.number() }),
  'PUT /red-packets/rounds/:id': v.null(),
  'POST /red-packets/rounds/:id/cancel': v.null(),
  'GET /red-packets/claims': claimListView,
  'POST /red-packets/claims/:id/approve': reviewView,
  'POST /red-packets/claims/:id/reject': reviewView,
  'POST /uploads/images': uploadedFilesView,
  'GET /seamless/platforms': v.array(seamlessPlatformView),
  'PUT /seamless/platforms/:code': seamlessPlatformView,
  'GET /seamless/transactions': seamlessTxPage,
  'GET /seamless/:code/open-rounds': v.array(seamlessRoundView),
  'POST /seamless/:code/reconcile': seamlessReconcileView,
  'GET /seamless/findings': seamlessFindingsPage,
  'POST /seamless/findings/:id/resolve': seamlessFindingView,
  'GET /seamless/:code/daily': seamlessDailyView,
  'GET /risk/players/:id/links': linkedAccountsView,
  'POST /risk/players/:id/links/:other': linkedAccountsView,
  'GET /risk/groups': groupsPageView,
  'GET /risk/withdrawals/:id': withdrawalRiskView,
  'GET /risk/rule-hits': ruleHitsView,
  'GET /risk/settings': riskSettingsView,
  'PUT /risk/settings': riskSettingsView,
} as const satisfies RouteMap;

export type BackofficeRoutes = typeof backofficeRoutes;
