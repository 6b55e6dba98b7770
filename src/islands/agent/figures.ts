// Rates and fees are whole basis points (3550 = 35.50 %) on the wire; these turn them into text and back without a
// float, for the portal and the back office alike.

/** A rate in basis points as a percentage with two decimals: 3550 -> '35.50%'. */
export function rate(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(Math.abs(bp % 100)).padStart(2, '0')}%`;
}

/** A rate in basis points as the number a person types into a percentage field: 3550 -> '35.5', 3500 -> '35'. */
export function bpToPercentText(bp: number): string {
  const cents = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return cents ? `${Math.trunc(bp / 100)}.${cents}` : String(Math.trunc(bp / 100));
}

/** A percentage typed by a person ('35', '35.5') in basis points, or undefined when it is not one from 0 to 100. */
export function percentToBp(text: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}
