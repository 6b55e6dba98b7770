// Traditional Chinese strings of the VIP levels and the points mall (issue 13).
import type { vipEn } from './vip-en.ts';

export const vipZhTW: Partial<Record<keyof typeof vipEn, string>> = {
  'error.exchange_points_short': '兌換金額不夠',
  'error.exchange_sold_out': '此禮品已兌換完畢',
  'error.exchange_limit': '已達此禮品的兌換上限',
  'error.exchange_unavailable': '此禮品目前無法兌換',
  'error.vip_reward_not_claimable': '此獎勵無法領取',
  'vip.phone.invalid': '請輸入正確的電話號碼',
  'vip.field.required': '必填',
  'vip.reward.upgrade': 'VIP 晉級禮金 Lv.{level}',
  'vip.reward.monthly': 'VIP 每月禮金 {period}',
  'vip.reward.birthday': 'VIP 生日禮金 {period}',
  'vip.exchange.bonus_wallet': '積分商城：{name}',
};
