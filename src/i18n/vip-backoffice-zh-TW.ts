// Traditional Chinese back-office strings of the VIP levels and the points mall (issue 13).
import type { vipBoEn } from './vip-backoffice-en.ts';

export const vipBoZhTW: Partial<Record<keyof typeof vipBoEn, string>> = {
  'bo.nav.vip': 'VIP 與積分商城',
  'bo.vip.image_too_large': '圖片超過 512 KB',
  'bo.vip.image_type': '請上傳 PNG、JPEG、WebP 或 GIF 圖片',
  'bo.vip.gift.window': '顯示期間的結束早於開始',
  'bo.vip.order.bad_status': '此訂單目前的狀態不允許此操作',
  'bo.vip.order.tracking_required': '請輸入物流單號',
  'bo.vip.order.reason_required': '請輸入原因',
};
