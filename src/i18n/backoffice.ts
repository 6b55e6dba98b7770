// Translation for the back office, kept apart from the player catalogues so player islands never ship
// operator strings. Back-office pages pick from here; API errors with 'bo.*' keys are translated here too.
import { boEn, type BoKey } from './backoffice-en.ts';
import { boZhTW } from './backoffice-zh-TW.ts';
import type { Locale } from '../shared/constants.ts';
import { fill } from '../shared/text.ts';

export type { BoKey };
const catalogues: Record<Locale, Partial<Record<BoKey, string>>> = { 'zh-TW': boZhTW, en: boEn };

export function isBoKey(key: string): key is BoKey {
  return Object.hasOwn(boEn, key);
}

/** Looks a key up in the locale, then English; an unknown key is returned as it is. */
export function boTranslate(locale: Locale, key: string, vars?: Record<string, string | number>): string {
  const raw = catalogues[locale][key as BoKey] ?? boEn[key as BoKey] ?? key;
  return vars ? fill(raw, vars) : raw;
}

/** The subset of the catalogue an island needs. */
export function boPick<K extends BoKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = boTranslate(locale, key);
  return out;
}

/** Every key that starts with a prefix, e.g. all setting labels for the settings form. */
export function boPickPrefix(locale: Locale, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(boEn)) if (key.startsWith(prefix)) out[key] = boTranslate(locale, key);
  return out;
}

/**
 * The audit log page's words: the page's own keys, and every audit sentence, target, field and value name (bo.audit.*)
 * of every domain's catalogue. A domain keeps the sentences of its actions in its own catalogue; this is how they all
 * reach the one page that reads them.
 */
export function boAuditWords<K extends BoKey>(locale: Locale, keys: readonly K[]): Record<K, string> & Record<string, string> {
  return { ...boPickPrefix(locale, 'bo.audit.'), ...boPick(locale, keys) };
}
