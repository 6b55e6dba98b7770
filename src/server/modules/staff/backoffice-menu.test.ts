import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKOFFICE_MENU, BACKOFFICE_MENU_GROUPS, BACKOFFICE_PAGES_NOT_IN_MENU } from '../../../shared/backoffice-menu.ts';
import { boEn } from '../../../i18n/backoffice-en.ts';
import { boZhTW } from '../../../i18n/backoffice-zh-TW.ts';
import { PERMISSIONS } from './roles.ts';

// The back office's menu is one list (src/shared/backoffice-menu.ts) that the layout renders and the menu asks each
// entry's permission of. These checks hold it to the server's permissions and to the pages that exist, so a page
// added without its entry, or an entry naming a permission no role can hold, fails here rather than on screen.
const PAGES_DIR = join(process.cwd(), 'src/pages/backoffice');

/** Every back-office page as its path under /backoffice/ (`index`, `reports/games`, `partners/index` as `partners`). */
function backofficePages(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return backofficePages(full);
    if (!entry.name.endsWith('.astro')) return [];
    const path = relative(PAGES_DIR, full).replace(/\.astro$/, '');
    return [path.endsWith('/index') ? path.slice(0, -'/index'.length) : path];
  });
}

/** The `section="..."` a page or a back-office component hands the layout, which the menu marks as current. */
function sectionsHanded(): string[] {
  const sources = backofficePages().flatMap((p) => {
    for (const candidate of [join(PAGES_DIR, `${p}.astro`), join(PAGES_DIR, p, 'index.astro')]) {
      try {
        return [readFileSync(candidate, 'utf8')];
      } catch {
        // Not this one of the two places a page may live.
      }
    }
    return [];
  });
  const components = join(process.cwd(), 'src/components/backoffice');
  for (const name of readdirSync(components)) if (name.endsWith('.astro')) sources.push(readFileSync(join(components, name), 'utf8'));
  return [...new Set(sources.flatMap((s) => [...s.matchAll(/section="([^"]+)"/g)].map((m) => m[1] ?? '')))];
}

const keys: string[] = BACKOFFICE_MENU.map((e) => e.key);

describe('the back-office menu', () => {
  it('names every entry once', () => {
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('asks for permissions the server knows', () => {
    const known = Object.keys(PERMISSIONS);
    expect(BACKOFFICE_MENU.filter((e) => !known.includes(e.permission))).toEqual([]);
  });

  it('has an entry, or a stated reason for none, for every back-office page', () => {
    const pages = backofficePages();
    expect(pages.filter((p) => !keys.includes(p) && !Object.hasOwn(BACKOFFICE_PAGES_NOT_IN_MENU, p))).toEqual([]);
    expect(keys.filter((k) => !pages.includes(k))).toEqual([]);
    expect(Object.keys(BACKOFFICE_PAGES_NOT_IN_MENU).filter((p) => !pages.includes(p) || keys.includes(p))).toEqual([]);
  });

  it('labels every entry in both languages', () => {
    const en: Partial<Record<string, string>> = boEn;
    const zh: Partial<Record<string, string>> = boZhTW;
    expect(keys.filter((k) => !en[`bo.nav.${k}`] || !zh[`bo.nav.${k}`])).toEqual([]);
  });

  it("puts every entry in a known group, keeping each group together in the groups' order", () => {
    const groups: readonly string[] = BACKOFFICE_MENU_GROUPS;
    expect(BACKOFFICE_MENU.filter((e) => !groups.includes(e.group)).map((e) => e.key)).toEqual([]);
    const order = BACKOFFICE_MENU.map((e) => groups.indexOf(e.group));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('labels every group in both languages, and every group has an entry', () => {
    const en: Partial<Record<string, string>> = boEn;
    const zh: Partial<Record<string, string>> = boZhTW;
    expect(BACKOFFICE_MENU_GROUPS.filter((g) => !en[`bo.nav.group.${g}`] || !zh[`bo.nav.group.${g}`])).toEqual([]);
    expect(BACKOFFICE_MENU_GROUPS.filter((g) => !BACKOFFICE_MENU.some((e) => e.group === g))).toEqual([]);
  });

  it('marks as current only sections it lists', () => {
    expect(sectionsHanded().filter((s) => !keys.includes(s))).toEqual([]);
  });
});
