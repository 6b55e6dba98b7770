import type { boHardeningEn } from './backoffice-staff-security-en.ts';

export const boHardeningZhTW: Record<keyof typeof boHardeningEn, string> = {
  'bo.err.totp_self_only': '驗證器須由本人設定，您只能重設他人的驗證器',
  'bo.staff.totp_code': 'App 顯示的代碼',
  'bo.staff.totp_confirm_code': '確認並啟用',
  'bo.staff.totp_on': '已啟用驗證器登入',
  'bo.err.password_same': '請設定與原密碼不同的新密碼',
  'bo.login.new_password': '新密碼',
  'bo.login.new_password_hint': '這是您第一次登入，請設定自己的密碼（至少 8 個字元）。',
  'bo.login.totp_setup_hint': '管理員與財務帳號須以驗證器 App 登入。請將此金鑰加入 App，再輸入 App 顯示的代碼。',
  'bo.login.totp_setup_key': '驗證器金鑰',
};
