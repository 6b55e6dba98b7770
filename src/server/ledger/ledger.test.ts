// The request hash is stored on every journal and compared on a replay, so it must not change with the code's
// names: journals written when postings were called legs must still replay as the same command.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestHash } from './ledger.ts';

describe('requestHash', () => {
  it('hashes the same bytes as before postings were renamed (the hashed key stays "legs")', () => {
    const input = {
      kind: 'adjustment' as const,
      request: { id: 'a1', amount: 500n },
      postings: [
        { accountId: 9, amountMinor: -500n },
        { accountId: 3, amountMinor: 500n },
      ],
    };
    // What the hash was computed from before the rename, written out by hand.
    const before = '{"kind":"adjustment","request":{"id":"a1","amount":"500n"},"legs":[[3,"500n"],[9,"-500n"]]}';
    expect(requestHash(input).toString('hex')).toBe(createHash('sha256').update(before).digest('hex'));
  });
});
