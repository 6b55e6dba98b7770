// Issue 10's player-side words in Traditional Chinese, spread into zh-TW.ts.
import type { uxEn } from './ux-en.ts';

export const uxZhTW: Partial<Record<keyof typeof uxEn, string>> = {
  'v.money.over_balance': '請輸入有效的金額：超過錢包餘額',
  'ux.entry.play': '立即進入遊戲',
  'ux.entry.play_hint': '直接使用此平台上的餘額進行遊戲。',
  'ux.entry.transfer_optional': '或先轉入點數（可選）',
  'ux.entry.transfer_and_play': '轉入並進入遊戲',
  'ux.transfer.done_in': '已轉入 {amount} 至 {name}',
  'ux.transfer.done_out': '已從 {name} 轉出 {amount} 至中心錢包',
  'ux.transfer.pending': '轉帳確認中，平台確認後即入帳',
  'ux.transfer.recovered': '已回收 {amount} 至中心錢包',
  'ux.transfer.recovered_pending': '已回收 {amount} 至中心錢包；另有 {count} 筆轉帳確認中',
  'ux.transfer.recovered_none': '遊戲平台沒有可回收的餘額',
  'session.ended_title': '登入狀態已結束',
  'ux.withdraw.on_platforms': '遊戲平台上還有 {amount}。提款只能從中心錢包提出，請先回收。',
  'ux.withdraw.recover': '回收至中心錢包',
  'nav.cards': '棋牌遊戲',
  'nav.lottery': '彩票遊戲',
  'ux.login.bets': '請先登入以查看您的投注紀錄。',
  'ux.login.records': '請先登入以查看您的交易紀錄。',
  'ux.login.info': '請先登入以查看及編輯您的個人資料。',
  'ux.login.cards': '請先登入以管理您的銀行卡。',
};
