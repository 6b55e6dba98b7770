// Issue 10's player-side words in Traditional Chinese, spread into zh-TW.ts.
import type { uxEn } from './ux-en.ts';

export const uxZhTW: Partial<Record<keyof typeof uxEn, string>> = {
  'v.money.over_balance': '請輸入有效的金額：超過錢包餘額',
};
