import { describe, expect, it } from 'vitest';
import { levelReached } from './service.ts';
import type { LevelWithRules } from './repository.ts';

/** A level table where level n asks n * 100.00 of deposits and n * 1,000.00 of valid bet. */
const table = [0, 1, 2, 3].map((id) => ({
  level: { id },
  rules: { depositReqMinor: BigInt(id) * 10_000n, validBetReqMinor: BigInt(id) * 100_000n },
})) as unknown as LevelWithRules[];

const totals = (depositMinor: bigint, validBetMinor: bigint) => ({ depositMinor, validBetMinor });

describe('the level rule', () => {
  it('answers the highest level whose deposit and valid-bet thresholds both hold, passing several at once', () => {
    expect(levelReached(table, 0, totals(30_000n, 300_000n))).toBe(3);
    expect(levelReached(table, 0, totals(20_000n, 250_000n))).toBe(2);
  });

  it('needs both thresholds: deposits without the valid bet reach nothing', () => {
    expect(levelReached(table, 0, totals(30_000n, 50_000n))).toBe(0);
  });

  it('never lowers a level: below the current level it answers the current one', () => {
    expect(levelReached(table, 2, totals(0n, 0n))).toBe(2);
    expect(levelReached(table, 2, totals(30_000n, 300_000n))).toBe(3);
  });

  it('passes over a level whose thresholds are not met to a higher one whose thresholds hold', () => {
    const uneven = table.map((r) => (r.level.id === 2 ? { ...r, rules: { ...r.rules, depositReqMinor: 1_000_000n } } : r)) as LevelWithRules[];
    expect(levelReached(uneven, 0, totals(30_000n, 300_000n))).toBe(3);
  });
});
