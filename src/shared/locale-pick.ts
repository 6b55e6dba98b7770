// Stored texts come in two columns, the zh-TW one and the English one; this picks the one a reader's locale
// asks for, on the server and in the islands alike. Every locale but English reads the zh-TW column, the
// site's default language.
import type { Locale } from './constants.ts';

/** The English value for the 'en' locale, the zh-TW value for any other. */
export function byLocale<T>(locale: Locale | string, zh: T, en: T): T {
  return locale === 'en' ? en : zh;
}
