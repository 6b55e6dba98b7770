// The player side's API routes (relative to /api) and what each resolves to. Imported by islands as a type only,
// so none of these schemas reaches a browser bundle; the route-map test imports it whole.
import * as v from 'valibot';
import { recoveryTicketView, sendCodeView } from '../schemas/account.ts';
import { registeredView, tokenView } from '../schemas/auth.ts';
import { betRecordsView } from '../schemas/bets.ts';
import {
  bankCardsView,
  depositMethodsView,
  depositView,
  requirementView,
  withdrawalRecordView,
  withdrawCreatedView,
  withdrawTermsView,
} from '../schemas/cashier.ts';
import { usdtDepositInfoView } from '../schemas/usdt.ts';
import { consultationCountView, consultationCreatedView, consultationDetailView, consultationListView } from '../schemas/consultations.ts';
import { pageOf } from '../schemas/envelope.ts';
import { gameView, platformStatusView, platformView } from '../schemas/games.ts';
import { markReadView, messageDetailView, messageListView } from '../schemas/messages.ts';
import { ApplyResultView, MyPromotionsView, PromotionDetailView } from '../schemas/promotions.ts';
import { exclusionView, limitOutcomeView, outcomeView, protectionStatusView } from '../schemas/protection.ts';
import { addAuditView, redEnvelopeView } from '../schemas/redpacket.ts';
import { seamlessLaunchView } from '../schemas/seamless.ts';
import { settingsView } from '../schemas/system.ts';
import { turnoverResponse } from '../schemas/turnover.ts';
import { uploadedFilesView } from '../schemas/uploads.ts';
import { kycDocumentView, kycStatusView } from '../schemas/kyc/player.ts';
import { bonusWalletView, userView } from '../schemas/user.ts';
import { exchangeListView, exchangeOrderView, exchangeRecordsView, rewardView, vipInfoView } from '../schemas/vip.ts';
import {
  autoTransferSwitchView,
  gameLinkView,
  moneyRecordView,
  platformWalletView,
  transferRecordView,
  transferResultView,
  unlockedView,
} from '../schemas/wallet.ts';
import type { RouteMap } from './contract.ts';

/** A command that answers with its message only. */
const nothing = v.null();

export const playerRoutes = {
  // Sign-in, registration and the account.
  'POST /auth/login': tokenView,
  'POST /auth/register': registeredView,
  'GET /auth/me': userView,
  'GET /auth/logout': nothing,
  'PUT /send/phone': nothing,
  'POST /auth/sendPhoneVerification': sendCodeView,
  'POST /auth/ifPlayerExist': nothing,
  'POST /auth/verifyPhoneCode': recoveryTicketView,
  'PUT /auth/updatePasswordByForget': nothing,
  'POST /auth/phoneLogin': tokenView,
  'PUT /auth/password': nothing,
  'PUT /auth/update': nothing,
  'PUT /auth/info': nothing,
  'GET /system/settings': settingsView,

  // Games and the wallets of their platforms.
  'GET /games/list': v.array(gameView),
  'GET /games/platform/all': v.array(platformView),
  'GET /platforms/status': v.array(platformStatusView),
  'GET /games/link/:code': gameLinkView,
  'GET /demo/link/:code': v.array(v.string()),
  'GET /games/seamless/link/:code': seamlessLaunchView,
  'POST /games/wallet': v.array(platformWalletView),
  'GET /auth/autoTransfer/get/:code': v.array(bonusWalletView),
  'PUT /auth/autoTransfer': autoTransferSwitchView,
  'POST /players/autoTransFer/:code': transferResultView,
  'POST /players/deposit/:code': transferResultView,
  'POST /players/withdraw/:code': transferResultView,
  'POST /players/withdrawAll': v.array(transferResultView),
  'POST /players/bonusTransfer': unlockedView,
  'POST /auth/giveUpBonusWallet': nothing,
  'GET /players/money/:category': pageOf(moneyRecordView),
  'GET /auth/transactionRecordList': v.union([pageOf(depositView), pageOf(withdrawalRecordView), pageOf(transferRecordView)]),

  // Records.
  'GET /players/bet/records': betRecordsView,
  'GET /players/turnover': turnoverResponse,

  // The cashier.
  'GET /finance/deposit/methods': depositMethodsView,
  'POST /finance/deposit/create': depositView,
  'GET /finance/deposit/:id': depositView,
  'GET /finance/deposit/usdt': usdtDepositInfoView,
  'GET /players/debit-card/list': bankCardsView,
  'POST /players/debit-card/store': nothing,
  'POST /players/debit-card/delete': nothing,
  'GET /finance/withdraw/terms': withdrawTermsView,
  'POST /finance/withdraw/create': withdrawCreatedView,
  'POST /finance/withdraw/cancel': nothing,
  'GET /finance/withdraw/limit/records': pageOf(requirementView),

  // Messages, consultations and chat.
  'GET /messages/player/list': messageListView,
  'GET /messages/personal/list': messageListView,
  'GET /messages/platform/list': messageListView,
  'GET /messages/detail': messageDetailView,
  'POST /messages/read': markReadView,
  'GET /messages/player/consultation': v.union([consultationListView, consultationCountView]),
  'POST /messages/player/consultation': consultationCreatedView,
  'GET /messages/player/consultation/:id': consultationDetailView,
  'POST /messages/player/consultation/:id/reply': v.object({ id: v.number() }),
  'POST /chat/leave-message': v.object({ consultation_id: v.number() }),
  'POST /uploads/images': uploadedFilesView,
  'GET /kyc/status': kycStatusView,
  'POST /kyc/documents': kycDocumentView,

  // Promotions, red packets, VIP and the points mall.
  'GET /activity/detail': PromotionDetailView,
  'POST /activity/apply': ApplyResultView,
  'GET /activity/mine': MyPromotionsView,
  'GET /activity/redEnvelope': redEnvelopeView,
  'POST /activity/addAudit/:redEnvelopeId': addAuditView,
  'GET /vip/info': vipInfoView,
  'POST /vip/rewards/claim': rewardView,
  'GET /exchange/list': exchangeListView,
  'POST /exchange/buy': exchangeOrderView,
  'GET /exchange/record': exchangeRecordsView,

  // Responsible gaming.
  'GET /protection/status': protectionStatusView,
  'PUT /protection/limits': limitOutcomeView,
  'PUT /protection/session-limit': limitOutcomeView,
  'PUT /protection/reality-check': outcomeView,
  'POST /protection/limits/confirm': outcomeView,
  'POST /protection/timeout': exclusionView,
  'POST /protection/self-exclusion': exclusionView,
} as const satisfies RouteMap;

export type PlayerRoutes = typeof playerRoutes;
