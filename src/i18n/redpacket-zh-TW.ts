// Traditional Chinese strings of the red-packet rain (promotion mode 11).
import type { redpacketEn } from './redpacket-en.ts';

export const redpacketZhTW: Record<keyof typeof redpacketEn, string> = {
  'error.red_packet_not_found': '此紅包活動不存在',
  'error.red_packet_not_started': '紅包雨尚未開始',
  'error.red_packet_ended': '此活動已結束',
  'error.red_packet_claimed': '您已領取過本輪紅包',
  'error.red_packet_empty': '本輪紅包已被搶完',
  'error.red_packet_ineligible': '您未符合本次紅包雨的參加條件，如有問題請洽客服',
  'error.red_packet_not_pending': '此申請已審核',
  'error.red_packet_locked': '此輪已開始或已有人領取，無法再修改',
  'redpacket.claim.paid': '恭喜您搶到紅包 {amount} 元，已存入活動錢包！',
  'redpacket.claim.pending': '恭喜您搶到紅包 {amount} 元，審核通過後將存入活動錢包。',
  'redpacket.rain': '紅包雨',
  'redpacket.close': '關閉',
  'redpacket.grab': '搶紅包',
  'redpacket.grabbing': '開啟中...',
  'redpacket.open_hint': '點擊落下的紅包或下方按鈕',
  'redpacket.remaining': '剩餘 {n} 個紅包',
  'redpacket.ends': '{time} 結束',
  'redpacket.result': '紅包',
  'redpacket.ok': '確定',
  'redpacket.login_first': '請先登入',
  'redpacket.mini': '紅包雨開始了！',
};
