// Words of the seamless wallet, spread into zh-TW.ts; seamless-en.ts holds the same keys.
import type { seamlessEn } from './seamless-en.ts';

export const seamlessZhTW: Record<keyof typeof seamlessEn, string> = {
  'ledger.kind.seamless_debit': '下注（單一錢包遊戲）',
  'ledger.kind.seamless_credit': '派彩（單一錢包遊戲）',
  'bo.seamless.v.id': '只能使用英數字與 _.:-',
  'bo.seamless.v.player': '請輸入玩家編號',
  'bo.seamless.v.model': '請選擇單一錢包或轉帳錢包',
  'bo.seamless.v.limit': '請輸入 1 到 10080 的整數分鐘',
  'bo.seamless.v.resolution': '請選擇補派彩或結束牌局',
  'bo.seamless.v.note': '請填寫原因',
  'bo.seamless.v.nothing_owed': '供應商未回報未派發的彩金，請改為結束牌局',
  'bo.seamless.v.already_resolved': '此差異已處理',
  'bo.seamless.v.status': '請選擇未處理或已處理',
  'seamless.tile.badge': '中心錢包直玩',
  'seamless.tile.note': '直接使用中心錢包遊玩；活動錢包僅適用於轉帳平台。',
};
