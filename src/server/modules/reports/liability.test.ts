// Every money journal kind has a place in the liability reconciliation: a new kind added to the shared list without a
// column fails here (and the record type), instead of landing silently in the ledger's difference.
import { describe, expect, it } from 'vitest';
import { MONEY_JOURNAL_KINDS } from '../../../shared/journal-kinds.ts';
import { LIABILITY_COLUMNS } from '../../../shared/schemas/backoffice/reports.ts';
import { REPORTED_KINDS, RELEASE_KINDS } from '../../ledger/daily.ts';
import { LIABILITY_COLUMN_OF, SUBTRACTED_COLUMNS, fromAggregates } from './liability.ts';

describe('liability columns', () => {
  it('places every money journal kind, and no other', () => {
    expect(Object.keys(LIABILITY_COLUMN_OF).sort()).toEqual([...MONEY_JOURNAL_KINDS].sort());
    for (const kind of MONEY_JOURNAL_KINDS) expect([...LIABILITY_COLUMNS, 'internal']).toContain(LIABILITY_COLUMN_OF[kind]);
  });

  it('gives every column at least one kind', () => {
    for (const column of LIABILITY_COLUMNS) expect(Object.values(LIABILITY_COLUMN_OF)).toContain(column);
  });

  it('reads the aggregated kinds from the aggregates, except the releases, which are internal', () => {
    for (const kind of REPORTED_KINDS) {
      const release = (RELEASE_KINDS as readonly string[]).includes(kind);
      expect(fromAggregates(kind), kind).toBe(!release);
      if (release) expect(LIABILITY_COLUMN_OF[kind]).toBe('internal');
      else expect(LIABILITY_COLUMN_OF[kind]).not.toBe('internal');
    }
    expect(fromAggregates('game_result')).toBe(false);
  });

  it('subtracts what leaves the liability: paid withdrawals, the house win, paid partner payouts', () => {
    expect([...SUBTRACTED_COLUMNS].sort()).toEqual(['ggr', 'partner_payouts', 'withdrawals']);
  });
});
