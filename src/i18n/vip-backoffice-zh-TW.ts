// Traditional Chinese back-office strings of the VIP levels and the points mall (issue 13).
import type { vipBoEn } from './vip-backoffice-en.ts';

export const vipBoZhTW: Partial<Record<keyof typeof vipBoEn, string>> = {
  'bo.nav.vip': 'VIP 與積分商城',
};
