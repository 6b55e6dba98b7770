import { describe, expect, it } from 'vitest';
import { bpToPercentText, percentToBp, rate } from './figures.ts';

describe('rates in basis points', () => {
  it('shows them as percentages with two decimals', () => {
    expect(rate(3550)).toBe('35.50%');
    expect(rate(5)).toBe('0.05%');
    expect(rate(10_000)).toBe('100.00%');
  });
  it('reads a typed percentage back, refusing anything over 100 or with three decimals', () => {
    expect(percentToBp('35.5')).toBe(3550);
    expect(percentToBp('0.05')).toBe(5);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeUndefined();
    expect(percentToBp('1.234')).toBeUndefined();
    expect(percentToBp('abc')).toBeUndefined();
    expect(bpToPercentText(3550)).toBe('35.5');
    expect(bpToPercentText(3500)).toBe('35');
    expect(percentToBp(bpToPercentText(1234))).toBe(1234);
  });
});
