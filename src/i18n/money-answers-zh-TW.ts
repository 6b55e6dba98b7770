// Traditional Chinese messages the wallet and cashier calls answer with (the envelope's message).
import type { moneyAnswersEn } from './money-answers-en.ts';

export const moneyAnswersZhTW: Record<keyof typeof moneyAnswersEn, string> = {
  'wallet.answer.applied': '轉帳成功',
  'wallet.answer.pending': '轉帳確認中',
  'wallet.answer.refunded': '平台拒絕此轉帳，金額已退回',
  'wallet.answer.auto_applied': '自動轉帳成功!',
  'wallet.answer.unlocked': '解鎖成功',
  'wallet.answer.given_up': '已放棄',
  'cashier.answer.card_submitted': '已送出審核',
  'cashier.answer.info_saved': '修改成功',
  'cashier.answer.withdraw_submitted': '提款申請已送出',
  'cashier.answer.withdraw_cancelled': '已取消提款',
};
