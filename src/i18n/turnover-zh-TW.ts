// Traditional Chinese strings of the turnover record: /member/actions-record and its mobile page.
import type { turnoverEn } from './turnover-en.ts';

export const turnoverZhTW: Record<keyof typeof turnoverEn, string> = {
  'turnover.intro': '每日各遊戲類別的有效投注，以及提款與活動錢包還需多少流水。',
  'turnover.login': '登入後查看流水紀錄：每日有效投注，以及提款與紅利流水要求的進度。',
  'turnover.progress': '進度',
  'turnover.withdraw.title': '提款流水要求',
  'turnover.withdraw.none': '上次提款後尚無存款，目前沒有需要達成的流水。',
  'turnover.withdraw.done': '已達成：提款不受流水限制。',
  'turnover.withdraw.deposits': '依上次提款後的 {n} 筆存款計算',
  'turnover.required': '需求流水',
  'turnover.achieved': '已完成',
  'turnover.remaining': '尚需投注',
  'turnover.wallets.title': '活動錢包流水目標',
  'turnover.wallets.none': '目前沒有進行中的活動錢包。',
  'turnover.wallet.done': '已達成目標',
  'turnover.col.date': '日期',
  'turnover.col.group': '遊戲類別',
  'turnover.col.bets': '已結算注單',
  'turnover.col.valid': '有效投注',
  'turnover.total_valid': '此期間有效投注',
  'turnover.rows': '共 {n} 筆',
  'turnover.empty': '此期間沒有已結算的注單',
  'turnover.note': '日期以台北時間的結算日計算：注單結算後才計入流水。可查詢最近 30 天的注單。',
};
