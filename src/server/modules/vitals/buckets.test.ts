import { describe, expect, it } from 'vitest';
import { bucketOf, quantileOf } from './buckets.ts';

describe('web vitals buckets', () => {
  it('puts a value on a bound into that bound’s bucket and one above every bound into the open bucket', () => {
    expect(bucketOf('LCP', 0)).toBe(0);
    expect(bucketOf('LCP', 100)).toBe(0);
    expect(bucketOf('LCP', 101)).toBe(1);
    expect(bucketOf('LCP', 2500)).toBe(10);
    expect(bucketOf('LCP', 25_000)).toBe(19);
    expect(bucketOf('CLS', 0.05)).toBe(2);
    expect(bucketOf('INP', 151)).toBe(6);
  });

  it('reads the 75th percentile as histogram_quantile does', () => {
    // Four reports between 1.8 s and 2 s: the 75th is three quarters of the way through that bucket.
    expect(quantileOf('LCP', new Map([[9, 4]]), 0.75)).toBeCloseTo(1950, 6);
    // Three fast reports and one slow one: the 75th falls at the top of the fast bucket.
    expect(
      quantileOf(
        'LCP',
        new Map([
          [0, 3],
          [12, 1],
        ]),
        0.75,
      ),
    ).toBeCloseTo(100, 6);
    expect(quantileOf('LCP', new Map([[19, 2]]), 0.75)).toBe(20000);
    expect(quantileOf('CLS', new Map(), 0.75)).toBeNull();
  });
});
