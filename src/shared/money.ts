// Money is integer minor units (cents) everywhere; these helpers are the only way in and out of text.

/** 123456n -> '1234.56', the API's decimal string. */
export function minorToDecimal(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** '1234.56' -> '1,234.56', the on-screen format (comma thousands, dot decimal, two decimals). */
export function formatDecimal(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const [, sign, whole, frac = ''] = m;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
}

/** Parses a decimal string with at most two decimals into minor units; anything else is undefined. */
export function decimalToMinor(text: string): bigint | undefined {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/**
 * A money setting (a number or decimal text in major units, 0 meaning unset) in minor units, without floating-point
 * arithmetic: 500.5 becomes 50050n through its decimal text. Anything that is not a non-negative amount with at most
 * two decimals counts as unset (0n), so a mistyped setting never becomes a limit nobody meant.
 */
export function settingMinor(value: unknown): bigint {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  return decimalToMinor(text) ?? 0n;
}

/**
 * A whole count as the screen shows it, points above all: comma thousands, no decimals (100000 -> '100,000',
 * -2500 -> '-2,500'). Anything that is not a whole number is shown as it came rather than rounded.
 */
export function formatPoints(points: number | bigint | string): string {
  const text = String(points).trim();
  const m = /^(-?)(\d+)$/.exec(text);
  if (!m) return text;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** A signed change of points: '+1,000' or '-250', zero without a sign. */
export function formatPointsChange(points: number): string {
  return points > 0 ? `+${formatPoints(points)}` : formatPoints(points);
}

/** An amount that may be unset (no limit, no budget): the formatted amount, or the words for none. */
export function formatDecimalOr(decimal: string | null | undefined, none: string): string {
  return decimal === null || decimal === undefined || decimal === '' ? none : formatDecimal(decimal);
}
