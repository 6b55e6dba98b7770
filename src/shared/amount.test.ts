import { describe, expect, it } from 'vitest';
import { acceptAmountInput, amountProblem, depositLimitsMinor } from './amount.ts';

describe('acceptAmountInput', () => {
  const typed = (raw: string, previous = '') => acceptAmountInput(previous, raw).value;

  it('keeps digits and one decimal point with at most two decimals', () => {
    expect(typed('5')).toBe('5');
    expect(typed('5.')).toBe('5.');
    expect(typed('5.5')).toBe('5.5');
    expect(typed('5.55')).toBe('5.55');
    expect(typed('.5')).toBe('.5');
    expect(typed('1,000.50')).toBe('1000.50');
  });

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
  it('orders the rules: required, invalid, minimum, maximum, balance', () => {
    expect(amountProblem('')).toBe('required');
    expect(amountProblem('0.00')).toBe('required');
    expect(amountProblem('5.')).toBe('invalid');
    expect(amountProblem('1e3')).toBe('invalid');
    expect(amountProblem('-5')).toBe('invalid');
    expect(amountProblem('50', { min: '100' })).toBe('below_min');
    expect(amountProblem('100', { min: '100' })).toBeUndefined();
    expect(amountProblem('999999999999', { max: '50000' })).toBe('above_max');
    expect(amountProblem('10.01', { balance: '10.00' })).toBe('over_balance');
    expect(amountProblem('10.00', { balance: '10.00' })).toBeUndefined();
    expect(amountProblem('1', { min: '0', max: '0.00' })).toBeUndefined();
  });
});

describe('depositLimitsMinor', () => {
  it("uses the method's own minimum when the setting is unset, the setting when set", () => {
    expect(depositLimitsMinor('card', 0n, 0n)).toEqual({ minMinor: 10_000n, maxMinor: 0n });
    expect(depositLimitsMinor('card', 50n, 0n).minMinor).toBe(50n);
    expect(depositLimitsMinor('cvs', 0n, 0n).maxMinor).toBe(2_000_000n);
  });
});
