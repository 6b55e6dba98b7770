// English strings of the VIP levels and the points mall (issue 13).
export const vipEn = {
  'error.exchange_points_short': 'Not enough points for this exchange',
  'error.exchange_sold_out': 'This gift is out of stock',
  'error.exchange_limit': 'You have reached the exchange limit for this gift',
  'error.exchange_unavailable': 'This gift is not available',
  'error.vip_reward_not_claimable': 'This reward cannot be claimed',
  'vip.phone.invalid': 'Please enter a valid phone number',
  'vip.field.required': 'Required',
  'vip.reward.upgrade': 'VIP upgrade reward Lv.{level}',
  'vip.reward.monthly': 'VIP monthly reward {period}',
  'vip.reward.birthday': 'VIP birthday reward {period}',
  'vip.exchange.bonus_wallet': 'Points mall: {name}',
} as const;
