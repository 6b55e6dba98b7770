// The words a player reads after moving money between wallets, in the request's language (issue 10 item 4).
import { translate } from '../../../i18n/index.ts';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import { TRANSFER_STATUS } from '../../../shared/statuses.ts';

/** 'recover all' says how much came back to the central wallet, and how many transfers still wait. */
export function recoveredMessage(locale: Locale, results: ReadonlyArray<{ status: string; amount: string }>): string {
  const appliedMinor = results.filter((r) => r.status === TRANSFER_STATUS.applied).reduce((sum, r) => sum + (decimalToMinor(r.amount) ?? 0n), 0n);
  const pending = results.filter((r) => r.status === TRANSFER_STATUS.pending).length;
  const amount = formatDecimal(minorToDecimal(appliedMinor));
  if (pending > 0) return translate(locale, 'ux.transfer.recovered_pending', { amount, count: pending });
  if (appliedMinor === 0n) return translate(locale, 'ux.transfer.recovered_none');
  return translate(locale, 'ux.transfer.recovered', { amount });
}
