// The page's language and the helpers that follow from it, decided once per request by src/middleware.ts and read
// by pages, layouts and components from Astro.locals (server side only).
import type { AstroGlobal } from 'astro';
import { isLocale, localizedPath, pick, translate } from '../i18n/index.ts';
import { boPick, boPickPrefix, boTranslate } from '../i18n/backoffice.ts';
import type { Locale } from '../shared/constants.ts';
import type { PageHelpers } from '../shared/page-locals.ts';

/** The page's language: Astro's i18n routing serves English under /en by rewriting to the same page. */
export function pageLocale(astro: Pick<AstroGlobal, 'currentLocale' | 'url' | 'originPathname'>): Locale {
  // After a rewrite Astro.url is the rewritten path; the path the reader asked for is the origin path.
  const asked = astro.originPathname || astro.url.pathname;
  const fromUrl = asked === '/en' || asked.startsWith('/en/') ? 'en' : undefined;
  const current = astro.currentLocale;
  return fromUrl ?? (isLocale(current) ? current : 'zh-TW');
}

/**
 * The language helpers of a page in `locale`: its strings, the strings an island is handed, and its links; the
 * back-office ones read the operators' catalogue, which only back-office pages use.
 */
export function pageHelpers(locale: Locale): PageHelpers {
  return {
    locale,
    t: (key, vars) => translate(locale, key, vars),
    pick: (keys) => pick(locale, keys),
    path: (path) => localizedPath(path, locale),
    boT: (key, vars) => boTranslate(locale, key, vars),
    boPick: (keys) => boPick(locale, keys),
    boPickPrefix: (prefix) => boPickPrefix(locale, prefix),
  };
}
