import { describe, expect, it } from 'vitest';
import { WHOLE_Y_STEPS, allWhole, yRange } from './chart-scales.ts';

describe('report chart scales', () => {
  it('a whole-number axis of nothing but zeros runs to 1, not to a tenth', () => {
    expect(yRange(0, 0, true)).toEqual([0, 1]);
    expect(yRange(0, 0, false)).toEqual([0, 0.1]);
  });

  it('keeps a tenth of room beyond the figures, from zero or from below it', () => {
    expect(yRange(3, 10, true)).toEqual([0, 11]);
    expect(yRange(-10, 0, false)).toEqual([-11, 1]);
  });

  it('tells counts from amounts with cents, and steps whole axes by whole numbers only', () => {
    expect(allWhole([[0, 1, 2], [5]])).toBe(true);
    expect(allWhole([[0, 1.5]])).toBe(false);
    expect(WHOLE_Y_STEPS.every((step) => Number.isInteger(step))).toBe(true);
  });
});
