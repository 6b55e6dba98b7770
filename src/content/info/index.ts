// The info pages (about, help, disclaimer, responsible gaming) as plain typed data in both languages.
// The text is plain strings, never HTML, so pages render it with Astro's escaping and nothing needs
// sanitizing. English is the complete catalogue; any piece missing in another language falls back to it.
import type { Locale } from '../../shared/constants.ts';
import { infoEn, infoUiEn } from './en.ts';
import { infoUiZhTW, infoZhTW } from './zh-TW.ts';

import { INFO_SLUGS, type InfoCatalogue, type InfoSlug, type InfoUi, type InfoPage } from './types.ts';

export * from './types.ts';

const catalogues: Record<Locale, InfoCatalogue> = { 'zh-TW': infoZhTW, en: infoEn };

export function isInfoSlug(value: unknown): value is InfoSlug {
  return typeof value === 'string' && (INFO_SLUGS as readonly string[]).includes(value);
}

/** The bare path of an info page, e.g. '/vip-help'. */
export function infoPath(slug: InfoSlug): string {
  return `/${slug}`;
}

const uis: Record<Locale, Partial<InfoUi>> = { 'zh-TW': infoUiZhTW, en: infoUiEn };

/** The frame labels in the locale, each missing one taken from English. */
export function getInfoUi(locale: Locale): InfoUi {
  const ui = uis[locale];
  return { menu: ui.menu || infoUiEn.menu, related: ui.related || infoUiEn.related };
}

const nonEmpty = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** One page in the locale, each missing or empty piece taken from English. */
export function getInfo(locale: Locale, slug: InfoSlug): InfoPage {
  const base = infoEn[slug];
  const page = catalogues[locale][slug] ?? {};
  return {
    title: nonEmpty(page.title) ? page.title : base.title,
    description: nonEmpty(page.description) ? page.description : base.description,
    intro: nonEmpty(page.intro) ? page.intro : base.intro,
    sections: page.sections && page.sections.length > 0 ? page.sections : base.sections,
    related: page.related && page.related.length > 0 ? page.related : base.related,
  };
}
