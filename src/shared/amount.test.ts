import { describe, expect, it } from 'vitest';
import { acceptAmountInput, amountProblem, depositLimitsMinor } from './amount.ts';

describe('acceptAmountInput', () => {
  const typed = (raw: string, previous = '') => acceptAmountInput(previous, raw).value;

  it.each([
    ['5', '5'],
    ['5.', '5.'],
    ['5.5', '5.5'],
    ['5.55', '5.55'],
    ['.5', '.5'],
    ['1,000.50', '1000.50'],
  ])('keeps digits and one decimal point with at most two decimals: %s is %s', (raw, kept) => expect(typed(raw)).toBe(kept));

  it('refuses a second point, a sign, an exponent or a third decimal instead of reshaping it', () => {
    expect(acceptAmountInput('5.5', '5.5.5')).toEqual({ value: '5.5', refused: true });
    expect(typed('5.5.5')).toBe('');
    expect(typed('-5')).toBe('');
    expect(typed('1e3')).toBe('');
    expect(typed('5.555', '5.55')).toBe('5.55');
    expect(typed('abc', '12')).toBe('12');
  });

  it('stops at twelve whole digits, so an amount is never "not numeric" for being long', () => {
    expect(typed('999999999999')).toBe('999999999999');
    expect(typed('99999999999999', '9999999999999'.slice(0, 12))).toBe('999999999999');
  });
});

describe('amountProblem', () => {
  it.each<[string, Parameters<typeof amountProblem>[1], ReturnType<typeof amountProblem>]>([
    ['', undefined, 'required'],
    ['0.00', undefined, 'required'],
    ['5.', undefined, 'invalid'],
    ['1e3', undefined, 'invalid'],
    ['-5', undefined, 'invalid'],
    ['50', { min: '100' }, 'below_min'],
    ['100', { min: '100' }, undefined],
    ['999999999999', { max: '50000' }, 'above_max'],
    ['10.01', { balance: '10.00' }, 'over_balance'],
    ['10.00', { balance: '10.00' }, undefined],
    ['1', { min: '0', max: '0.00' }, undefined],
  ])('orders the rules: required, invalid, minimum, maximum, balance (%s with %o is %s)', (raw, limits, problem) => {
    expect(amountProblem(raw, limits)).toBe(problem);
  });
});

describe('depositLimitsMinor', () => {
  it("uses the method's own minimum when the setting is unset, the setting when set", () => {
    expect(depositLimitsMinor('card', 0n, 0n)).toEqual({ minMinor: 10_000n, maxMinor: 0n });
    expect(depositLimitsMinor('card', 50n, 0n).minMinor).toBe(50n);
    expect(depositLimitsMinor('cvs', 0n, 0n).maxMinor).toBe(2_000_000n);
  });
});
