// Business constants of SPEC.md section 9 that both the server and the islands use.
export const LOCALES = ['zh-TW', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
export const LOCALE_COOKIE = 'clang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const TIME_ZONE = 'Asia/Taipei';

export const USER_POLL_MS = 10_000;
export const CLOCK_TICK_MS = 200;
export const LOGIN_REDIRECT_HEADER_MS = 2000;
export const ERROR_REDIRECT_MS = 1000;
export const MIN_AGE_YEARS = 18;

/** Storage keys in the browser, named as SPEC.md section 3 lists them. */
export const STORAGE = {
  token: 'token',
  user: 'user',
  account: 'account',
  rememberedAccount: 'remembered_account',
  referralCode: 'referral_code',
} as const;

export const GAME_GROUPS = ['slots', 'fish', 'sports', 'casino', 'lottery', 'cards', 'esports'] as const;

/** Rows a record page asks for unless it says otherwise, and the most any page may ask for (SPEC.md section 9). */
export const RECORD_PAGE_SIZE = 10;
export const RECORD_PAGE_SIZE_MAX = 100;
