import { describe, expect, it } from 'vitest';
import { getInfo, getInfoUi, INFO_SLUGS, isInfoSlug, type InfoPage } from './index.ts';
import { infoEn } from './en.ts';
import { infoZhTW } from './zh-TW.ts';
import { LOCALES } from '../../shared/constants.ts';

/** All the text of a page in one string, for fact checks. */
function textOf(page: InfoPage): string {
  return [
    page.title,
    page.description,
    page.intro,
    ...page.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.list ?? []), s.after ?? '']),
  ].join('\n');
}

describe('info pages', () => {
  const catalogues = { en: infoEn, 'zh-TW': infoZhTW } as const;

  it.each(LOCALES)('every slug has its own complete content in %s', (locale) => {
    const catalogue = catalogues[locale];
    expect(Object.keys(catalogue).sort()).toEqual([...INFO_SLUGS].sort());
    for (const slug of INFO_SLUGS) {
      const page = catalogue[slug];
      expect(page.title.trim(), slug).not.toBe('');
      expect(page.description.trim(), slug).not.toBe('');
      expect(page.intro.trim(), slug).not.toBe('');
      expect(page.sections.length, slug).toBeGreaterThan(0);
      for (const section of page.sections) {
        expect(section.heading.trim(), slug).not.toBe('');
        expect((section.paragraphs?.length ?? 0) + (section.list?.length ?? 0), `${slug}: ${section.heading}`).toBeGreaterThan(0);
      }
    }
  });

  it('the Chinese text is not a copy of the English', () => {
    for (const slug of INFO_SLUGS) {
      expect(infoZhTW[slug].title).not.toBe(infoEn[slug].title);
      expect(textOf(infoZhTW[slug])).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('titles are distinct within a language', () => {
    for (const locale of LOCALES) {
      const titles = INFO_SLUGS.map((slug) => getInfo(locale, slug).title);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it('responsible gaming states 18+ and the three-month self-exclusion', () => {
    const zh = textOf(getInfo('zh-TW', 'responsible-gaming'));
    const en = textOf(getInfo('en', 'responsible-gaming'));
    expect(zh).toContain('18');
    expect(zh).toContain('3 個月');
    expect(en).toContain('18');
    expect(en).toMatch(/three months/i);
  });

  it('withdrawal help states the 500 minimum and the 100 fee', () => {
    for (const locale of LOCALES) {
      const text = textOf(getInfo(locale, 'withdrawls-help'));
      expect(text).toContain('500');
      expect(text).toContain('100');
      expect(text).toMatch(/\b3\b/);
    }
  });

  it('deposit help states the 5-minute processing time', () => {
    for (const locale of LOCALES) expect(textOf(getInfo(locale, 'deposit-help'))).toContain('5');
  });

  it('related links point to site paths, not outside', () => {
    for (const locale of LOCALES) {
      for (const slug of INFO_SLUGS) {
        for (const link of getInfo(locale, slug).related ?? []) {
          expect(link.href, `${locale} ${slug}`).toMatch(/^\/[a-z]/);
          expect(link.label.trim()).not.toBe('');
        }
      }
    }
  });

  it('falls back to English for missing pieces', () => {
    const partial = { ...infoZhTW.about, title: '', sections: [] };
    const saved = infoZhTW.about;
    (infoZhTW as Record<string, InfoPage>).about = partial;
    try {
      const page = getInfo('zh-TW', 'about');
      expect(page.title).toBe(infoEn.about.title);
      expect(page.sections).toBe(infoEn.about.sections);
      expect(page.intro).toBe(saved.intro);
    } finally {
      (infoZhTW as Record<string, InfoPage>).about = saved;
    }
  });

  it('knows its slugs and frame labels', () => {
    expect(isInfoSlug('walllet-help')).toBe(true);
    expect(isInfoSlug('wallet-help')).toBe(false);
    for (const locale of LOCALES) {
      const ui = getInfoUi(locale);
      expect(ui.menu.trim()).not.toBe('');
      expect(ui.related.trim()).not.toBe('');
    }
  });
});
