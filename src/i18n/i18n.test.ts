// The message catalogues and the locale helpers of SPEC.md section 1 (zh-TW default, /en prefix, English fallback).
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zhTW } from './zh-TW.ts';
import { boEn } from './backoffice-en.ts';
import { boZhTW } from './backoffice-zh-TW.ts';
import { canonicalPath, isLocale, localeFrom, localeOfPath, localizedPath, pick, translate, useTranslations } from './index.ts';
import type { Locale } from '../shared/constants.ts';

describe('catalogues', () => {
  it('Traditional Chinese has every English key and no key English lacks', () => {
    expect(Object.keys(zhTW).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in zhTW))).toEqual([]);
  });

  it('the back-office catalogues match the same way', () => {
    expect(Object.keys(boZhTW).filter((k) => !(k in boEn))).toEqual([]);
    expect(Object.keys(boEn).filter((k) => !(k in boZhTW))).toEqual([]);
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(boEn)) {
      const zh = (boZhTW as Record<string, string | undefined>)[key];
      expect(text.trim(), key).not.toBe('');
      if (zh !== undefined) expect(placeholders(zh), key).toEqual(placeholders(text));
    }
  });

  it('no text is empty, and both catalogues use the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      const zh = (zhTW as Record<string, string | undefined>)[key];
      if (zh === undefined) continue;
      expect(zh.trim(), key).not.toBe('');
      expect(placeholders(zh), key).toEqual(placeholders(text));
    }
  });

  it('every error code of the API has a message', async () => {
    const { ERROR_STATUS } = await import('../shared/errors.ts');
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(en, code).toHaveProperty([`error.${code}`]);
      expect(zhTW, code).toHaveProperty([`error.${code}`]);
    }
  });

  it('holds the translated messages SPEC.md section 8 names', () => {
    expect(zhTW['error.user_not_found']).toBe('找不到用戶');
    expect(zhTW['error.phone_wrong']).toBe('手機錯誤');
    expect(zhTW['error.code_wrong']).toBe('驗證碼錯誤');
    expect(zhTW['error.unauthorized']).toBe('請先登入');
    expect(en['error.unauthorized']).toBe('Please login first');
    expect(zhTW['error.double_login']).toBe('已在其他設備進行登入');
    expect(en['error.double_login']).toBe('Signed in on another device, you are logged out');
    expect(zhTW['error.ended']).toBe('此活動已結束');
    expect(zhTW['error.ask_service']).toBe('如有問題請洽客服');
    expect(zhTW['notice.empty']).toBe('暫無公告');
    expect(en['page.not_found']).toBe('This page could not be found');
  });
});

describe('translate', () => {
  it('reads the locale, then English, then answers the key itself', () => {
    expect(translate('zh-TW', 'v.account.required')).toBe('請輸入帳號');
    expect(translate('en', 'v.account.required')).toBe('Please enter an account');
    expect(translate('zh-TW', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });

  it('falls back to English when the Chinese catalogue lacks a key', () => {
    const key = 'v.account.required' as const;
    const saved = zhTW[key];
    delete (zhTW as Record<string, string>)[key];
    try {
      expect(translate('zh-TW', key)).toBe(en[key]);
    } finally {
      (zhTW as Record<string, string>)[key] = saved!;
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'register.resend_in', { s: 42 })).toBe('Resend in 42s');
    expect(translate('en', 'register.resend_in')).toBe('Resend in {s}s');
    expect(translate('en', 'register.resend_in', { other: 1 })).toBe('Resend in {s}s');
    expect(translate('zh-TW', 'mobile.mine.join_day', { n: 3 })).toContain('3');
  });

  it('useTranslations and pick use the same lookup', () => {
    const t = useTranslations('en');
    expect(t('header.login')).toBe('Login');
    expect(pick('zh-TW', ['header.login', 'header.deposit'])).toEqual({ 'header.login': '登入', 'header.deposit': '存款' });
  });
});

describe('locales', () => {
  it('isLocale knows exactly zh-TW and en', () => {
    expect(isLocale('zh-TW')).toBe(true);
    expect(isLocale('en')).toBe(true);
    for (const other of ['zh', 'EN', 'th', '', undefined, null, 1, ['en']]) expect(isLocale(other)).toBe(false);
  });

  it.each([
    ['en', 'zh-TW', 'en'],
    ['zh-TW', 'en-US', 'zh-TW'],
    ['xx', 'en-GB,en;q=0.9', 'en'],
    [undefined, 'EN', 'en'],
    [undefined, 'zh-CN,zh;q=0.9', 'zh-TW'],
    [undefined, 'fr-FR,en;q=0.5', 'zh-TW'],
    [undefined, '', 'zh-TW'],
    [undefined, undefined, 'zh-TW'],
  ])('localeFrom: the clang cookie, then the first Accept-Language, else zh-TW (%s, %s is %s)', (cookie, accept, locale) => {
    expect(localeFrom(cookie, accept)).toBe(locale);
  });

  it.each([
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/member/wallet', 'en'],
    ['/', 'zh-TW'],
    ['/english', 'zh-TW'],
    ['/enroll', 'zh-TW'],
    ['/mobile/en/x', 'zh-TW'],
  ])('localeOfPath: /en and /en/... are English, everything else Chinese (%s is %s)', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale);
  });

  it.each<[string, Locale, string]>([
    ['/about', 'en', '/en/about'],
    ['/', 'en', '/en/'],
    ['/en/about', 'zh-TW', '/about'],
    ['/en', 'zh-TW', '/'],
    ['/en/', 'zh-TW', '/'],
    ['/en/about', 'en', '/en/about'],
    ['/about', 'zh-TW', '/about'],
    ['/mobile/f-mine/mine', 'en', '/en/mobile/f-mine/mine'],
    ['/enroll', 'en', '/en/enroll'],
  ])('localizedPath switches the prefix both ways: %s in %s is %s', (path, locale, localized) => {
    expect(localizedPath(path, locale)).toBe(localized);
  });
  it.each<[string, Locale, string]>([
    ['/register/', 'zh-TW', '/register'],
    ['/register/', 'en', '/en/register'],
    ['/en/register/', 'zh-TW', '/register'],
    ['/mobile', 'en', '/en/mobile/'],
    ['/en/mobile', 'zh-TW', '/mobile/'],
    ['/egame/?group=slots', 'en', '/en/egame?group=slots'],
  ])('localizedPath links the canonical spelling, never a trailing-slash twin: %s in %s is %s', (path, locale, localized) => {
    expect(localizedPath(path, locale)).toBe(localized);
  });
  it.each([
    ['/', '/'],
    ['/register/', '/register'],
    ['/register//', '/register'],
    ['/en', '/en/'],
    ['/en/', '/en/'],
    ['/mobile', '/mobile/'],
    ['/en/mobile', '/en/mobile/'],
    ['/mobile/f-mine/mine/', '/mobile/f-mine/mine'],
    ['/backoffice/', '/backoffice'],
  ])('canonicalPath: %s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });
  it('localizedPath is idempotent', () => {
    for (const p of ['/', '/about', '/member/wallet', '/mobile/']) {
      expect(localeOfPath(localizedPath(p, 'en'))).toBe('en');
      expect(localizedPath(localizedPath(p, 'en'), 'zh-TW')).toBe(p);
    }
  });
});
