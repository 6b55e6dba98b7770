// Words of the seamless wallet (issue 22), spread into zh-TW.ts; seamless-en.ts holds the same keys.
import type { seamlessEn } from './seamless-en.ts';

export const seamlessZhTW: Record<keyof typeof seamlessEn, string> = {
  'ledger.kind.seamless_debit': '下注（單一錢包遊戲）',
  'ledger.kind.seamless_credit': '派彩（單一錢包遊戲）',
  'bo.kind.seamless_debit': '單一錢包下注',
  'bo.kind.seamless_credit': '單一錢包派彩',
  'seamless.tile.note': '直接使用中心錢包遊玩；活動錢包僅適用於轉帳平台。',
};
