// The info pages (about, help, disclaimer, responsible gaming) as plain typed data in both languages.
// The text is plain strings, never HTML, so pages render it with Astro's escaping and nothing needs
// sanitizing. English is the complete catalogue; any piece missing in another language falls back to it.
import type { Locale } from '../../shared/constants.ts';
import { infoEn, infoUiEn } from './en.ts';
import { infoUiZhTW, infoZhTW } from './zh-TW.ts';

/** The routes of the info pages, spelled as the product spells them (misspellings included). */
export const INFO_SLUGS = [
  'about',
  'beginner-s-guide',
  'contact-us',
  'cooperrative-alliance',
  'declaration-clause',
  'deposit-help',
  'withdrawls-help',
  'walllet-help',
  'vip-help',
  'task-help',
  'responsible-gaming',
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

export interface InfoSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Render the list as numbered steps. */
  ordered?: boolean;
  /** A closing paragraph shown after the list. */
  after?: string;
}

/** A link to another page of the site; href is the bare (zh-TW) path and is localized when rendered. */
export interface InfoLink {
  label: string;
  href: string;
}

export interface InfoPage {
  title: string;
  /** One sentence for the meta description. */
  description: string;
  intro: string;
  sections: InfoSection[];
  related?: InfoLink[];
}

/** The few labels of the info page frame itself (side menu, related links). */
export interface InfoUi {
  /** Name of the side menu listing every info page. */
  menu: string;
  /** Heading above the related links at the end of a page. */
  related: string;
}

/** A catalogue may miss pages or parts of a page; getInfo fills them from English. */
export type InfoCatalogue = Partial<Record<InfoSlug, Partial<InfoPage>>>;

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
