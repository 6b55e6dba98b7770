// USDT amounts and the operator's rate, in integers only: a USDT amount is counted in the token's 6-decimal units (what
// the chain's Transfer event carries), a rate in ten-thousandths of a TWD per USDT, and TWD in minor units (cents).
// Shared by the server (conversion, the journal's note) and the pages (what the player and the desk read).

export const USDT_DECIMALS = 6;
/** Decimals of the rate an operator may give (TWD per USDT). */
export const RATE_DECIMALS = 4;
/** Confirmations after which a TRON block is solidified and a deposit in it credited. */
export const USDT_CONFIRMATIONS = 19;

const pow10 = (n: number) => 10n ** BigInt(n);

/** A decimal text with at most `decimals` decimals as an integer of that many decimals; undefined when malformed. */
function parseFixed(text: string, decimals: number, maxWhole = 12): bigint | undefined {
  const m = new RegExp(`^(\\d{1,${maxWhole}})(?:\\.(\\d{1,${decimals}}))?$`).exec(text.trim());
  if (!m) return undefined;
  return BigInt(m[1]) * pow10(decimals) + BigInt((m[2] ?? '').padEnd(decimals, '0') || '0');
}

/** An integer of `decimals` decimals as text, keeping at least `keep` decimals and dropping the other trailing zeros. */
function formatFixed(value: bigint, decimals: number, keep: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / pow10(decimals);
  let frac = (abs % pow10(decimals)).toString().padStart(decimals, '0');
  while (frac.length > keep && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${negative ? '-' : ''}${whole.toString()}${frac ? `.${frac}` : ''}`;
}

/** '12.5' USDT as 12500000 units. */
export const parseUsdt = (text: string) => parseFixed(text, USDT_DECIMALS);
/** 12500000 units as '12.50'. */
export const formatUsdt = (units: bigint) => formatFixed(units, USDT_DECIMALS, 2);
/** '31.25' TWD per USDT as 312500. */
export const parseRate = (text: string) => parseFixed(text, RATE_DECIMALS, 6);
/** 312500 as '31.2500'. */
export const formatRate = (rateE4: bigint) => formatFixed(rateE4, RATE_DECIMALS, RATE_DECIMALS);

/**
 * The TWD, in minor units, that `units` of USDT come to at `rateE4`: units x rate / 10^(6 + 4 - 2), rounded down, so
 * no deposit is credited a fraction of a cent more than the USDT received was worth at the operator's rate.
 */
export function twdMinorOf(units: bigint, rateE4: bigint): bigint {
  return (units * rateE4) / pow10(USDT_DECIMALS + RATE_DECIMALS - 2);
}

/** The note of a USDT deposit's journal: the USDT received and the rate it was credited at (ledger-notes.ts reads it). */
export function usdtNote(usdt: string, rate: string): string {
  return `usdt ${usdt} USDT @ ${rate} TWD/USDT`;
}
export const USDT_NOTE_RE = /^usdt (\d{1,20}\.\d{2,6}) USDT @ (\d{1,8}\.\d{4}) TWD\/USDT$/;
