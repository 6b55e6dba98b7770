// The words a player reads after moving money between wallets, in the request's language.
import { translate, type MessageKey } from '../../../i18n/index.ts';
import { decimalToMinor, formatDecimal, minorToDecimal } from '../../../shared/money.ts';
import type { Locale } from '../../../shared/constants.ts';
import { TRANSFER_STATUS, type TransferStatus } from '../../../shared/statuses.ts';

const TRANSFER_ANSWERS: Record<TransferStatus, MessageKey> = {
  applied: 'wallet.answer.applied',
  pending: 'wallet.answer.pending',
  refunded: 'wallet.answer.refunded',
};

/** What a transfer to or from a platform came to: applied, still being confirmed, or refused and refunded. */
export function transferMessage(locale: Locale, status: TransferStatus): string {
  return translate(locale, TRANSFER_ANSWERS[status]);
}

/** The automatic transfer before a game says so when it went through at once. */
export function autoTransferMessage(locale: Locale, status: TransferStatus): string {
  return status === TRANSFER_STATUS.applied ? translate(locale, 'wallet.answer.auto_applied') : transferMessage(locale, status);
}

/** 'recover all' says how much came back to the central wallet, and how many transfers still wait. */
export function recoveredMessage(locale: Locale, results: ReadonlyArray<{ status: string; amount: string }>): string {
  const appliedMinor = results.filter((r) => r.status === TRANSFER_STATUS.applied).reduce((sum, r) => sum + (decimalToMinor(r.amount) ?? 0n), 0n);
  const pending = results.filter((r) => r.status === TRANSFER_STATUS.pending).length;
  const amount = formatDecimal(minorToDecimal(appliedMinor));
  if (pending > 0) return translate(locale, 'ux.transfer.recovered_pending', { amount, count: pending });
  if (appliedMinor === 0n) return translate(locale, 'ux.transfer.recovered_none');
  return translate(locale, 'ux.transfer.recovered', { amount });
}
