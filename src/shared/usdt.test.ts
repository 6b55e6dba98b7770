import { describe, expect, it } from 'vitest';
import { formatRate, formatUsdt, parseRate, parseUsdt, twdMinorOf } from './usdt.ts';

describe('USDT amounts and rates in integers', () => {
  it('reads and writes USDT in its 6-decimal units', () => {
    expect(parseUsdt('12.5')).toBe(12_500_000n);
    expect(parseUsdt('0.000001')).toBe(1n);
    expect(parseUsdt('100')).toBe(100_000_000n);
    expect(parseUsdt('1.0000001')).toBeUndefined();
    expect(parseUsdt('-1')).toBeUndefined();
    expect(parseUsdt('1e3')).toBeUndefined();
    expect(formatUsdt(12_500_000n)).toBe('12.50');
    expect(formatUsdt(1n)).toBe('0.000001');
    expect(formatUsdt(123_456_789n)).toBe('123.456789');
  });

  it('reads and writes the rate with four decimals', () => {
    expect(parseRate('31.25')).toBe(312_500n);
    expect(parseRate('31.12345')).toBeUndefined();
    expect(formatRate(312_500n)).toBe('31.2500');
  });

  it('converts to TWD cents rounding down, exactly for amounts no double can hold', () => {
    expect(twdMinorOf(100_000_000n, 312_500n)).toBe(312_500n); // 100 USDT at 31.25 = 3,125.00 TWD
    expect(twdMinorOf(1n, 312_500n)).toBe(0n); // 0.000001 USDT is 0.00003125 TWD
    expect(twdMinorOf(33_333_333n, 300_001n)).toBe(100_000n); // 33.333333 x 30.0001 = 1,000.0033... TWD
    const big = 9_000_000_000_000_000n; // 9 billion USDT at 32.5678: 293,110,200,000.00 TWD
    expect(twdMinorOf(big, 325_678n)).toBe(29_311_020_000_000n);
  });
});
