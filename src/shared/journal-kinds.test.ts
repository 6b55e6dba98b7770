// The journal-kind union is the one list of what the ledger writes: no kind twice, and every kind the back office
// or the player's records can show has a label in both languages.
import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS, MONEY_JOURNAL_KINDS, POINTS_JOURNAL_KINDS, isJournalKind } from './journal-kinds.ts';
import { LEDGER_KINDS, ledgerKindKey } from './ledger-notes.ts';
import { en } from '../i18n/en.ts';
import { zhTW } from '../i18n/zh-TW.ts';
import { boEn } from '../i18n/backoffice-en.ts';
import { boZhTW } from '../i18n/backoffice-zh-TW.ts';

const missing = (keys: string[], catalogue: Record<string, string | undefined>) => keys.filter((k) => !catalogue[k]);

describe('journal kinds', () => {
  it('lists every kind once, money and points apart', () => {
    expect(new Set(JOURNAL_KINDS).size).toBe(JOURNAL_KINDS.length);
    expect(JOURNAL_KINDS.length).toBe(MONEY_JOURNAL_KINDS.length + POINTS_JOURNAL_KINDS.length);
    expect(MONEY_JOURNAL_KINDS.filter((k) => k.startsWith('points_'))).toEqual([]);
    // journals.kind is varchar(30).
    expect(JOURNAL_KINDS.filter((k) => k.length > 30)).toEqual([]);
    expect(isJournalKind('deposit')).toBe(true);
    expect(isJournalKind('test')).toBe(false);
  });

  it('every kind has a back-office label in English and Traditional Chinese', () => {
    const keys = JOURNAL_KINDS.map((k) => `bo.kind.${k}`);
    expect(missing(keys, boEn)).toEqual([]);
    expect(missing(keys, boZhTW)).toEqual([]);
  });

  it('every money kind has a label in the player records in both languages', () => {
    expect([...LEDGER_KINDS]).toEqual([...MONEY_JOURNAL_KINDS]);
    const keys = LEDGER_KINDS.map((k) => ledgerKindKey(k));
    expect(keys).not.toContain('ledger.kind.other');
    expect(missing(keys, en)).toEqual([]);
    expect(missing(keys, zhTW)).toEqual([]);
  });
});
