// The partners server's words in Traditional Chinese; partners-server-en.ts holds the same keys.
import type { partnersServerEn } from './partners-server-en.ts';

export const partnersServerZhTW: Record<keyof typeof partnersServerEn, string> = {
  'ledger.kind.partner_commission': '合營佣金',
  'ledger.kind.partner_payout_hold': '合營提款（凍結）',
  'ledger.kind.partner_payout_paid': '合營提款（已出款）',
  'ledger.kind.partner_payout_release': '合營提款（退回）',
  'partners.rate_above_parent': '比例不可高於您自己的比例',
  'partners.too_deep': '合營夥伴最多三層',
  'partners.code_taken': '此代碼已被使用',
  'partners.links_max': '推廣連結已達上限（50 個）',
  'partners.below_min_payout': '金額低於最低提款金額',
  'partners.payout_above_balance': '金額超過您的餘額',
  'partners.login_locked': '錯誤次數過多，登入已鎖定 15 分鐘，請稍後再試或聯繫客服',
  'partners.no_bank_card': '請先新增銀行卡',
  'partners.payout_not_applying': '此提款已審核',
  'partners.payout_pending': '有提款待審核時無法更換銀行卡',
  'partners.password_same': '請設定與原密碼不同的新密碼',
  'partners.totp_wrong': '代碼錯誤或已使用過，請等下一組代碼',
  'partners.totp_enabled': '驗證器已啟用',
  'partners.application_reviewed': '此申請已審核',
  'partners.own_player_decided': '此會員已經審核過了',
  'partners.statement_final': '已核准的報表不可變更',
  'partners.adjust_below_zero': '佣金不可低於零',
  'partners.statement_not_pending': '只有待審核的報表可以暫緩',
  'partners.period_open': '此期間尚未結束',
  'partners.host_taken': '此網域已屬於其他合營夥伴',
};
