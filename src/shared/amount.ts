// The one amount sanitizer and validator every amount input uses (transfer dialogs, deposit, withdrawal), so
// that what a player can type and what each screen says about it agree (SPEC.md section 5). Amounts are
// decimal strings compared in minor units; floats never touch them.
import { decimalToMinor } from './money.ts';
import type { DepositMethod } from './schemas/cashier.ts';

/** The most whole digits an amount may have; the API's money pattern allows twelve. */
const AMOUNT_MAX_WHOLE_DIGITS = 12;

const PARTIAL_AMOUNT_RE = /^\d*(\.\d{0,2})?$/;

/**
 * What an amount input holds after the player typed or pasted `raw` over `previous`: digits and one decimal
 * point with at most two decimals and at most twelve whole digits. Anything else (a second point, a sign, an
 * exponent, letters, a third decimal) is refused as a whole and the field keeps `previous`, so '5.5.5' never
 * turns into 5.55, '-5' into 5 or '1e3' into 13. Spaces and thousands separators from a paste are dropped.
 */
export function acceptAmountInput(previous: string, raw: string): { value: string; refused: boolean } {
  const text = raw.replace(/[\s,]/g, '');
  if (!PARTIAL_AMOUNT_RE.test(text)) return { value: previous, refused: true };
  const whole = text.split('.')[0] ?? '';
  if (whole.length > AMOUNT_MAX_WHOLE_DIGITS) return { value: previous, refused: true };
  return { value: text, refused: false };
}

/** The message key of an amount's first failed rule; a caller maps them to its catalogue's words. */
export type AmountProblem = 'required' | 'invalid' | 'below_min' | 'above_max' | 'over_balance';

export interface AmountRules {
  /** Inclusive minimum as a decimal string; '0' or undefined is none. */
  min?: string;
  /** Inclusive maximum as a decimal string; '0' or undefined is none. */
  max?: string;
  /** What the player holds; the amount may not exceed it. */
  balance?: string;
}

function positive(decimal: string | undefined): bigint | undefined {
  if (decimal === undefined) return undefined;
  const minor = decimalToMinor(decimal);
  return minor !== undefined && minor > 0n ? minor : undefined;
}

/**
 * The amount rules of SPEC.md section 5: required and above zero, numeric with at most two decimals, not below
 * the minimum, not above the maximum, not above the balance (in that order: a limit is said before the balance,
 * so a player sees the rule that stays true after a deposit).
 */
export function amountProblem(amount: string, rules: AmountRules = {}): AmountProblem | undefined {
  const text = amount.trim();
  if (text === '' || /^0*\.?0*$/.test(text)) return 'required';
  const minor = decimalToMinor(text);
  if (minor === undefined || text.endsWith('.')) return 'invalid';
  const min = positive(rules.min);
  if (min !== undefined && minor < min) return 'below_min';
  const max = positive(rules.max);
  if (max !== undefined && minor > max) return 'above_max';
  if (rules.balance !== undefined) {
    const balance = decimalToMinor(rules.balance) ?? 0n;
    if (minor > balance) return 'over_balance';
  }
  return undefined;
}

/**
 * Each deposit method's own limits in minor units, which apply when the operator left the single-deposit
 * minimum or maximum unset (0): gateways refuse tiny payments, and convenience-store codes stop at 20,000.
 */
const DEPOSIT_METHOD_LIMITS: Record<DepositMethod, { minMinor: bigint; maxMinor: bigint }> = {
  bank_transfer: { minMinor: 100_00n, maxMinor: 0n },
  card: { minMinor: 100_00n, maxMinor: 0n },
  cvs: { minMinor: 100_00n, maxMinor: 20_000_00n },
  online_banking: { minMinor: 100_00n, maxMinor: 0n },
  usdt: { minMinor: 100_00n, maxMinor: 0n },
  atm: { minMinor: 100_00n, maxMinor: 0n },
  barcode: { minMinor: 100_00n, maxMinor: 20_000_00n },
};

/** The minimum and maximum of a deposit by a method: the operator's setting when set, else the method's own. */
export function depositLimitsMinor(method: DepositMethod, settingMinMinor: bigint, settingMaxMinor: bigint): { minMinor: bigint; maxMinor: bigint } {
  const own = DEPOSIT_METHOD_LIMITS[method];
  return {
    minMinor: settingMinMinor > 0n ? settingMinMinor : own.minMinor,
    maxMinor: settingMaxMinor > 0n ? settingMaxMinor : own.maxMinor,
  };
}
