// Server-side translation and the helper that hands islands only the strings they use.
import { en, type MessageKey } from './en.ts';
import { zhTW } from './zh-TW.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/constants.ts';
import { fill } from '../shared/text.ts';

export type { MessageKey };
const catalogues: Record<Locale, Partial<Record<MessageKey, string>>> = { 'zh-TW': zhTW, en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Looks a key up in the locale, then English; an unknown key is returned as it is. */
export function translate(locale: Locale, key: string, vars?: Record<string, string | number>): string {
  const raw = catalogues[locale][key as MessageKey] ?? en[key as MessageKey] ?? key;
  return vars ? fill(raw, vars) : raw;
}

/** Whether a catalogue (either language) has the key. */
export function hasMessage(key: string): boolean {
  return key in en || key in catalogues['zh-TW'];
}

export function useTranslations(locale: Locale) {
  return (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars);
}

/** The subset of a catalogue an island needs, so it ships only those strings. */
export function pick<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = translate(locale, key);
  return out;
}

/** Chooses a locale from the `clang` cookie or an Accept-Language header. */
export function localeFrom(clang: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(clang)) return clang;
  if (acceptLanguage) {
    const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('en')) return 'en';
    if (first.startsWith('zh')) return 'zh-TW';
  }
  return DEFAULT_LOCALE;
}

export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'zh-TW';
}

/** The section homes, whose one address ends in a slash; every other page's address ends without one. */
const SECTION_HOMES = new Set(['/en/', '/mobile/', '/en/mobile/']);

/**
 * The one address of a page (without its query): '/register/' is '/register', '/mobile' is '/mobile/'. The server
 * sends the other spelling there with a 301 and pages name it in <link rel="canonical">.
 */
export function canonicalPath(pathname: string): string {
  if (pathname === '/' || SECTION_HOMES.has(pathname)) return pathname;
  const bare = pathname.replace(/\/+$/, '') || '/';
  return SECTION_HOMES.has(`${bare}/`) ? `${bare}/` : bare;
}

/** The same page in the other language: '/en/about' <-> '/about', in its canonical spelling; a query stays as it is. */
export function localizedPath(pathname: string, locale: Locale): string {
  const cut = pathname.search(/[?#]/);
  const path = cut < 0 ? pathname : pathname.slice(0, cut);
  const rest = cut < 0 ? '' : pathname.slice(cut);
  const bare = path === '/en' ? '/' : path.startsWith('/en/') ? path.slice(3) : path;
  return canonicalPath(locale === 'en' ? (bare === '/' ? '/en/' : `/en${bare}`) : bare) + rest;
}
