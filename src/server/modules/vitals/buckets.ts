// The histogram arithmetic the hourly buckets and the back office share with Prometheus: which bucket a value falls
// into, and the quantile of a set of bucket counts read as histogram_quantile reads them (linear within a bucket,
// the highest bound for anything in the last, open bucket), so the back office and the alerts agree.
import { VITALS_BOUNDS, type VitalsMetric } from '../../../shared/schemas/vitals.ts';

/** The index of the first bound the value does not exceed; the bounds' length for a value above them all. */
export function bucketOf(metric: VitalsMetric, value: number): number {
  const bounds = VITALS_BOUNDS[metric];
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (value <= bounds[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The q-quantile (0..1) of counts by bucket index, or null without any count. */
export function quantileOf(metric: VitalsMetric, counts: ReadonlyMap<number, number>, q: number): number | null {
  const bounds = VITALS_BOUNDS[metric];
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i <= bounds.length; i++) {
    const n = counts.get(i) ?? 0;
    if (n > 0 && below + n >= rank) {
      if (i === bounds.length) return bounds[bounds.length - 1];
      const lower = i === 0 ? 0 : bounds[i - 1];
      return lower + (bounds[i] - lower) * ((rank - below) / n);
    }
    below += n;
  }
  return bounds[bounds.length - 1];
}
