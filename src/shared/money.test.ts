// Money text in and out of integer minor units (DESIGN.md section 4): no floating point anywhere.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalToMinor, formatDecimal, minorToDecimal } from './money.ts';

describe('minorToDecimal', () => {
  it('writes two decimals', () => {
    expect(minorToDecimal(0n)).toBe('0.00');
    expect(minorToDecimal(5n)).toBe('0.05');
    expect(minorToDecimal(50n)).toBe('0.50');
    expect(minorToDecimal(100n)).toBe('1.00');
    expect(minorToDecimal(123456n)).toBe('1234.56');
    expect(minorToDecimal(-5n)).toBe('-0.05');
    expect(minorToDecimal(-123456n)).toBe('-1234.56');
    expect(minorToDecimal(9_007_199_254_740_993_01n)).toBe('9007199254740993.01');
  });
});

describe('formatDecimal', () => {
  it('adds comma thousands and pads to two decimals', () => {
    expect(formatDecimal('0')).toBe('0.00');
    expect(formatDecimal('0.5')).toBe('0.50');
    expect(formatDecimal('999.99')).toBe('999.99');
    expect(formatDecimal('1000')).toBe('1,000.00');
    expect(formatDecimal('1234567.5')).toBe('1,234,567.50');
    expect(formatDecimal('-1234.56')).toBe('-1,234.56');
    expect(formatDecimal(' 1000000.01 ')).toBe('1,000,000.01');
  });
  it('leaves text it cannot read as it is', () => {
    for (const odd of ['', 'abc', '1.234', '1,000', '1e3', '--1', '.5']) expect(formatDecimal(odd)).toBe(odd);
  });
});

describe('decimalToMinor', () => {
  it('reads up to two decimals', () => {
    expect(decimalToMinor('0')).toBe(0n);
    expect(decimalToMinor('1')).toBe(100n);
    expect(decimalToMinor('1.5')).toBe(150n);
    expect(decimalToMinor('1.05')).toBe(105n);
    expect(decimalToMinor('0.01')).toBe(1n);
    expect(decimalToMinor('1234.56')).toBe(123456n);
    expect(decimalToMinor(' 12.30 ')).toBe(1230n);
    expect(decimalToMinor('999999999999999.99')).toBe(99999999999999999n);
  });
  it('refuses anything else', () => {
    for (const bad of ['', ' ', '-1', '+1', '1.234', '1.', '.5', '1,000', '1e3', 'NaN', 'Infinity', '0x10', '1 000', '1000000000000000', '１２']) {
      expect(decimalToMinor(bad), bad).toBeUndefined();
    }
  });
  it('round-trips every non-negative amount of up to 15 whole digits', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (minor) => decimalToMinor(minorToDecimal(minor)) === minor));
  });
  it('formatDecimal keeps the digits of minorToDecimal', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (minor) => {
      const text = formatDecimal(minorToDecimal(minor));
      return /^-?\d{1,3}(,\d{3})*\.\d{2}$/.test(text) && text.replace(/,/g, '') === minorToDecimal(minor);
    }));
  });
});

describe('settingMinor', () => {
  it('turns money settings into minor units without floating point', async () => {
    const { settingMinor } = await import('./money.ts');
    expect(settingMinor(0)).toBe(0n);
    expect(settingMinor(500)).toBe(50_000n);
    expect(settingMinor(500.5)).toBe(50_050n);
    expect(settingMinor(0.29)).toBe(29n); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(settingMinor('1234.56')).toBe(123_456n);
    for (const bad of [-1, '-5', 'abc', 1.234, Number.NaN, Number.POSITIVE_INFINITY, 1e21, null, undefined, {}]) expect(settingMinor(bad)).toBe(0n);
  });
});
