// The reports' chart scales, apart from uPlot so they can be tested without a browser.

/** The steps a y axis of whole numbers (counts, or amounts that are all whole) may label in: no fraction of a count. */
export const WHOLE_Y_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 10_000_000,
];

/** The y axis from zero (or from below it, for negative figures) with a tenth of the span of room beyond the figures. */
export function yRange(min: number, max: number, whole: boolean): [number, number] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  // Nothing but zeros on a whole-number axis: it runs to 1, so its ticks are 0 and 1 rather than tenths of nothing.
  if (whole && lo === 0 && hi === 0) return [0, 1];
  const room = (hi - lo || 1) * 0.1;
  return [lo < 0 ? lo - room : 0, hi > 0 || lo === 0 ? hi + room : room];
}

/** Whether every figure drawn is a whole number (counts, or amounts that happen to be whole): such an axis has no fractional ticks. */
export function allWhole(series: readonly (readonly number[])[]): boolean {
  return series.every((values) => values.every((v) => Number.isInteger(v)));
}
