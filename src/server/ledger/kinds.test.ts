// postJournal checks a journal's accounts against the asset its kind moves, so every kind must name exactly one.
import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS, MONEY_JOURNAL_KINDS, POINTS_JOURNAL_KINDS, assetOfKind } from './kinds.ts';

describe('assetOfKind', () => {
  it('gives money for the money kinds and points for the points kinds, and every kind is in one list', () => {
    for (const kind of MONEY_JOURNAL_KINDS) expect(assetOfKind(kind), kind).toBe('money');
    for (const kind of POINTS_JOURNAL_KINDS) expect(assetOfKind(kind), kind).toBe('points');
    expect(new Set(JOURNAL_KINDS).size).toBe(MONEY_JOURNAL_KINDS.length + POINTS_JOURNAL_KINDS.length);
  });
});
