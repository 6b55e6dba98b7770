import type { boHardeningEn } from './backoffice-hardening-en.ts';

export const boHardeningZhTW: Partial<Record<keyof typeof boHardeningEn, string>> = {
  'bo.err.totp_self_only': '驗證器須由本人設定，您只能重設他人的驗證器',
  'bo.staff.totp_code': 'App 顯示的代碼',
  'bo.staff.totp_confirm_code': '確認並啟用',
  'bo.staff.totp_on': '已啟用驗證器登入',
};
