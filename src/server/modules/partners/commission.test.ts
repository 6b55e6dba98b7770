// The commission arithmetic on its own: tiers, caps down the tree, overrides never paying a rate twice, a suspended
// child's players earning its parent the parent's full rate, carry-over, and periods.
import { describe, expect, it } from 'vitest';
import { computePeriod, emptyFigures, maxRateOf, type PartnerNode, type PlanTerms } from './commission.ts';
import { isoWeekOf, parsePeriod, previousPeriod } from './periods.ts';

const plan: PlanTerms = {
  tiers: [
    { minNgrMinor: 0n, minActivePlayers: 1, rateBp: 2000 },
    { minNgrMinor: 100_000n, minActivePlayers: 1, rateBp: 4000 },
  ],
  carryOver: true,
  paymentFeeBp: 0,
  platformFees: new Map(),
};
const node = (id: number, parentId: number | null, level: number, over: Partial<PartnerNode> = {}): PartnerNode => ({
  id,
  account: `p${id}`,
  parentId,
  level,
  active: true,
  rateCapBp: null,
  plan,
  ...over,
});
const ggr = (stake: bigint, active = 1) => ({ ...emptyFigures(), stakeMinor: stake, activePlayers: active, ggrByGroup: new Map([['slots', stake]]) });

describe('computePeriod', () => {
  it('pays the top rate once over a three-level tree', () => {
    const nodes = [node(1, null, 1), node(2, 1, 2, { rateCapBp: 3000 }), node(3, 2, 3, { rateCapBp: 1000 })];
    const own = new Map([[3, ggr(200_000n)]]);
    const out = computePeriod(nodes, own, new Map());
    // Every team reaches the 40 % tier through C's 2,000.00: C earns its 10 %, B its 30 % minus 10 %, A 40 % minus 30 %.
    expect(out.get(3)!.computedMinor).toBe(20_000n);
    expect(out.get(2)!.computedMinor).toBe(40_000n);
    expect(out.get(1)!.computedMinor).toBe(20_000n);
    const total = [...out.values()].reduce((s, c) => s + c.computedMinor, 0n);
    expect(total).toBe((200_000n * 4000n) / 10_000n);
  });

  it("a suspended child's players earn its parent the parent's full rate; the child earns nothing", () => {
    const nodes = [node(1, null, 1), node(2, 1, 2, { active: false, rateCapBp: 1500 })];
    const out = computePeriod(
      nodes,
      new Map([
        [1, ggr(150_000n)],
        [2, ggr(50_000n)],
      ]),
      new Map(),
    );
    expect(out.get(2)!.computedMinor).toBe(0n);
    // A: 40 % of its own 1,500.00, plus 40 % - 0 % of the child's 500.00.
    expect(out.get(1)!.computedMinor).toBe(60_000n + 20_000n);
  });

  it('carries a negative NGR and takes it off the next period before choosing the tier', () => {
    const nodes = [node(1, null, 1)];
    const loss = computePeriod(nodes, new Map([[1, ggr(-30_000n)]]), new Map()).get(1)!;
    expect(loss.carryOutMinor).toBe(-30_000n);
    const next = computePeriod(nodes, new Map([[1, ggr(120_000n)]]), new Map([[1, loss.carryOutMinor]])).get(1)!;
    expect(next.figures.tier).toBe(0);
    expect(next.computedMinor).toBe(18_000n);
  });

  it("a sub-partner earns its own rate on its own positive NGR when its parent's team NGR is negative", () => {
    // The worked example at the top of commission.ts, with this file's plan (20 % from 0.00, 40 % from 1,000.00).
    const nodes = [node(1, null, 1), node(2, 1, 2, { rateCapBp: 1500 })];
    const out = computePeriod(
      nodes,
      new Map([
        [1, ggr(-80_000n)],
        [2, ggr(40_000n)],
      ]),
      new Map(),
    );
    expect(out.get(2)!.computedMinor).toBe(6_000n);
    expect(out.get(2)!.worked).toMatchObject({
      teamNgrMinor: 40_000n,
      tierRateBp: 2000,
      rateCapBp: 1500,
      parentMaxRateBp: 4000,
      limitedBy: 'agreed',
      baseMinor: 40_000n,
    });
    expect(out.get(1)!.computedMinor).toBe(0n);
    expect(out.get(1)!.overrides).toEqual([]);
    expect(out.get(1)!.carryOutMinor).toBe(-80_000n);
  });

  it('an override is the margin over the highest rate already paid below, so a middle partner with no tier takes nothing away', () => {
    // B's own -1,000.00 leaves B's team at -600.00 (no tier, 0 %); C earns its 15 % of 400.00; A (team 1,400.00, 40 %)
    // earns 40 % - 15 % of C's 400.00, so C's base pays 40 % once in all.
    const nodes = [node(1, null, 1), node(2, 1, 2, { rateCapBp: 3000 }), node(3, 2, 3, { rateCapBp: 1500 })];
    const out = computePeriod(
      nodes,
      new Map([
        [1, ggr(200_000n)],
        [2, ggr(-100_000n)],
        [3, ggr(40_000n)],
      ]),
      new Map(),
    );
    expect(out.get(3)!.computedMinor).toBe(6_000n);
    expect(out.get(2)!.computedMinor).toBe(0n);
    expect(out.get(1)!.overrides).toEqual([expect.objectContaining({ childPartnerId: 3, parentRateBp: 4000, childRateBp: 1500, amount: '10000' })]);
    expect(out.get(1)!.computedMinor).toBe(80_000n + 10_000n);
  });

  it('maxRateOf caps the top tier by the agreed rate', () => {
    expect(maxRateOf(plan, null)).toBe(4000);
    expect(maxRateOf(plan, 2500)).toBe(2500);
    expect(maxRateOf(null, null)).toBe(0);
  });
});

describe('periods', () => {
  it('months and ISO weeks in Taipei days', () => {
    expect(parsePeriod('2026-02')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod(parsePeriod('2026-01')).key).toBe('2025-12');
    expect(parsePeriod('2026-W01')).toMatchObject({ from: '2025-12-29', to: '2026-01-04' });
    expect(isoWeekOf('2026-11-26')).toBe('2026-W48');
    expect(previousPeriod(parsePeriod('2026-W01')).key).toBe('2025-W52');
  });
});
