// Money text in and out of integer minor units (DESIGN.md section 4): no floating point anywhere.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalToMinor, formatDecimal, formatDecimalOr, formatPoints, formatPointsChange, minorToDecimal } from './money.ts';

describe('minorToDecimal', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [50n, '0.50'],
    [100n, '1.00'],
    [123456n, '1234.56'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
    [9_007_199_254_740_993_01n, '9007199254740993.01'],
  ])('writes two decimals: %s is %s', (minor, text) => {
    expect(minorToDecimal(minor)).toBe(text);
  });
});

describe('formatDecimal', () => {
  it.each([
    ['0', '0.00'],
    ['0.5', '0.50'],
    ['999.99', '999.99'],
    ['1000', '1,000.00'],
    ['1234567.5', '1,234,567.50'],
    ['-1234.56', '-1,234.56'],
    [' 1000000.01 ', '1,000,000.01'],
  ])('adds comma thousands and pads to two decimals: %j is %s', (text, formatted) => {
    expect(formatDecimal(text)).toBe(formatted);
  });
  it('leaves text it cannot read as it is', () => {
    for (const odd of ['', 'abc', '1.234', '1,000', '1e3', '--1', '.5']) expect(formatDecimal(odd)).toBe(odd);
  });
});

describe('decimalToMinor', () => {
  it.each([
    ['0', 0n],
    ['1', 100n],
    ['1.5', 150n],
    ['1.05', 105n],
    ['0.01', 1n],
    ['1234.56', 123456n],
    [' 12.30 ', 1230n],
    ['999999999999999.99', 99999999999999999n],
  ])('reads up to two decimals: %j is %s', (text, minor) => {
    expect(decimalToMinor(text)).toBe(minor);
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
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (minor) => {
        const text = formatDecimal(minorToDecimal(minor));
        return /^-?\d{1,3}(,\d{3})*\.\d{2}$/.test(text) && text.replace(/,/g, '') === minorToDecimal(minor);
      }),
    );
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

describe('formatPoints (SPEC.md section 9: comma thousands)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '100,000'],
    [1234567, '1,234,567'],
    [-2500, '-2,500'],
    ['100000', '100,000'],
    [12345678901234567890n, '12,345,678,901,234,567,890'],
  ])('%s is %s', (points, text) => {
    expect(formatPoints(points)).toBe(text);
  });
  it('shows a value that is not a whole number as it came', () => {
    expect(formatPoints('1.5')).toBe('1.5');
    expect(formatPoints(Number.NaN)).toBe('NaN');
  });
  it('signs a change of points', () => {
    expect([formatPointsChange(1000), formatPointsChange(-250), formatPointsChange(0)]).toEqual(['+1,000', '-250', '0']);
  });
});

describe('formatDecimalOr', () => {
  it('formats a set amount and names an unset one', () => {
    expect(formatDecimalOr('5000.00', '—')).toBe('5,000.00');
    expect(formatDecimalOr(null, 'unlimited')).toBe('unlimited');
    expect(formatDecimalOr(undefined, '—')).toBe('—');
  });
});
