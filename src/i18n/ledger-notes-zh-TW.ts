// The system's ledger notes in Traditional Chinese, shared by the player site and the back office.
import type { ledgerNotesEn } from './ledger-notes-en.ts';

export const ledgerNotesZhTW: Record<keyof typeof ledgerNotesEn, string> = {
  'ledger.note.applied': '遊戲平台已入帳',
  'ledger.note.applied_reconciled': '遊戲平台已入帳（事後確認）',
  'ledger.note.never_reached': '未送達遊戲平台，已退回',
  'ledger.note.sending': '正在送往遊戲平台',
  'ledger.note.rejected': '遊戲平台拒絕（{code}），已退回',
  'ledger.note.rejected_reconciled': '遊戲平台拒絕（{code}，事後確認），已退回',
  'ledger.note.player_cancels': '玩家取消',
  'ledger.note.gateway_refused': '支付平台拒絕此訂單',
  'ledger.note.expired_unpaid': '逾時未付款',
  'ledger.note.method.bank_transfer': '銀行轉帳',
  'ledger.note.method.card': '信用卡付款',
  'ledger.note.method.cvs': '超商代碼繳費',
  'ledger.note.method.online_banking': '網路銀行',
  'ledger.note.method.atm': 'ATM 虛擬帳號轉帳',
  'ledger.note.method.barcode': '超商條碼繳費',
  'ledger.note.method.usdt': 'USDT',
  'ledger.note.gateway.PAYMENT_FAILED': '付款失敗',
  'ledger.note.gateway.CARD_DECLINED': '信用卡遭拒',
  'ledger.note.gateway.INSUFFICIENT_BALANCE': '付款帳戶餘額不足',
  'ledger.note.gateway.BANK_REVERSED': '銀行已撤銷此筆付款',
  'ledger.note.gateway.other': '付款未完成（代碼 {code}）',
  'ledger.note.usdt_chain': 'USDT {usdt}，匯率 1 USDT = {rate} TWD',
  'ledger.note.usdt_reorged': '該筆轉帳在確認前已從區塊鏈上消失',
};
