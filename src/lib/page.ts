// Helpers for the frontmatter of pages and layouts (server side only).
import type { AstroGlobal } from 'astro';
import { isLocale, localizedPath } from '../i18n/index.ts';
import type { Locale } from '../shared/constants.ts';

/** The page's language: Astro's i18n routing serves English under /en by rewriting to the same page. */
export function pageLocale(astro: Pick<AstroGlobal, 'currentLocale' | 'url' | 'originPathname'>): Locale {
  // After a rewrite Astro.url is the rewritten path; the path the reader asked for is the origin path.
  const asked = astro.originPathname || astro.url.pathname;
  const fromUrl = asked === '/en' || asked.startsWith('/en/') ? 'en' : undefined;
  const current = astro.currentLocale;
  return fromUrl ?? (isLocale(current) ? current : 'zh-TW');
}

/** Builds links that stay in the page's language. */
export function linker(locale: Locale) {
  return (path: string) => localizedPath(path, locale);
}
