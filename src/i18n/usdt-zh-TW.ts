// Words of USDT on TRON on the player's side, spread into zh-TW.ts; usdt-en.ts holds the same keys.
import type { usdtEn } from './usdt-en.ts';

export const usdtZhTW: Record<keyof typeof usdtEn, string> = {
  'cashier.usdt.automatic': 'USDT 會自動入帳：請直接轉帳到您的專屬存款地址',
  'cashier.ui.usdt_title': '您的 USDT 專屬存款地址',
  'cashier.ui.usdt_only_trc20': '此地址僅接受 TRON 網路（TRC-20）的 USDT，其他幣種或網路轉入將無法入帳。',
  'cashier.ui.usdt_min': '最低 {usdt} USDT（約 {amount} 元）',
  'cashier.ui.usdt_rate': '匯率：1 USDT = {rate} 元',
  'cashier.ui.usdt_rule': '以首次偵測到轉帳時的匯率計算，達 {n} 個區塊確認後（約一分鐘）自動入帳。',
  'cashier.ui.usdt_qr_alt': '存款地址 QR 碼',
  'cashier.ui.usdt_transfers': '您的 USDT 轉帳',
  'cashier.ui.usdt_none': '尚無轉帳，轉帳上鏈後會立即顯示於此。',
  'cashier.ui.usdt_confirmations': '確認數 {n} / {total}',
  'cashier.ui.usdt_credit': '以匯率 {rate} 計 {amount} 元',
  'cashier.ui.usdt_tx': '交易',
  'cashier.usdt.outcome.confirming': '確認中',
  'cashier.usdt.outcome.credited': '已入帳',
  'cashier.usdt.outcome.below_minimum': '低於最低金額，未入帳',
  'cashier.usdt.outcome.unknown_contract': '非 USDT，未入帳',
  'cashier.usdt.outcome.reorged': '已自區塊鏈移除，未入帳',
};
