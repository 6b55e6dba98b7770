// Request schemas of the finance desk: the deposit and withdrawal queues, bank-card audits and the gateway
// callback log (manual balance adjustments are the wallet's: wallet/backoffice/schemas.ts). Messages are i18n
// keys as in schemas.ts.
import * as v from 'valibot';
import { DEPOSIT_METHODS } from '../cashier.ts';
import { pageQuery } from '../paging.ts';
import { BANK_CARD_STATUS, DEPOSIT_STATUS, WITHDRAWAL_STATUS, statusValues, type StatusValue } from '../../statuses.ts';

/** Bank-card statuses as the query string carries them (text), turned back into BANK_CARD_STATUS numbers. */
const CARD_STATUS_TEXTS = statusValues(BANK_CARD_STATUS).map(String);
const REASON_MAX = 200;

const str = () => v.string('v.type.string');
const trimmed = (max: number) => v.pipe(str(), v.maxLength(max, 'v.too_long'), v.trim());
/** An account search: what players' accounts are made of, matched from the start. */
const accountText = () => v.optional(v.pipe(trimmed(32), v.regex(/^[A-Za-z0-9_]*$/, 'bo.v.account')));
/** Missing and blank both read "give a reason" rather than a shape error. */
const reason = () => v.optional(v.pipe(trimmed(REASON_MAX), v.nonEmpty('bo.v.reason_required')), '');

/** Deposit and withdrawal ids are made by the cashier (DP…, WD…); anything else cannot name one. */
export const orderParams = v.object({ id: v.pipe(str(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'error.not_found')) });

export const depositsQuery = v.object({
  ...pageQuery,
  status: v.optional(v.picklist(statusValues(DEPOSIT_STATUS), 'bo.v.deposit_status')),
  method: v.optional(v.union([v.literal(''), v.picklist(DEPOSIT_METHODS)], 'bo.v.deposit_method')),
  account: accountText(),
});

/** The queue's risk filter: withdrawals held and not released, or approved automatically. */
export const WITHDRAWAL_RISK_FILTERS = ['held', 'auto_approved'] as const;
export type WithdrawalRiskFilter = (typeof WITHDRAWAL_RISK_FILTERS)[number];

export const withdrawalsQuery = v.object({
  ...pageQuery,
  status: v.optional(v.picklist(statusValues(WITHDRAWAL_STATUS), 'bo.v.withdrawal_status')),
  account: accountText(),
  risk: v.optional(v.picklist(WITHDRAWAL_RISK_FILTERS, 'bo.v.withdrawal_risk')),
});

/** Releasing a held withdrawal needs the reviewer's reason. */
export const releaseBody = v.strictObject({ reason: reason() }, 'v.type.object');

export const cardsQuery = v.object({
  ...pageQuery,
  status: v.optional(
    v.pipe(
      v.picklist(CARD_STATUS_TEXTS, 'bo.v.card_status'),
      v.transform((text) => Number(text) as StatusValue<typeof BANK_CARD_STATUS>),
    ),
  ),
  account: accountText(),
});

export const callbacksQuery = v.object({
  ...pageQuery,
  /** The deposit order the callbacks name. */
  order: v.optional(v.pipe(trimmed(40), v.regex(/^[A-Za-z0-9_-]*$/, 'bo.v.order_id'))),
  /** '0' lists only callbacks whose signature failed (forged or broken). */
  signature: v.optional(v.picklist(['0', '1'], 'bo.v.signature')),
});

export const rejectBody = v.strictObject({ reason: reason() }, 'v.type.object');

/** The bank's reference of a payout transfer: what a bank statement shows, letters, digits and separators. */
export const PAYOUT_REFERENCE_MAX = 64;

/** Paying out needs no words; finance gives the bank's reference of the transfer, and may leave a note. */
export const approveBody = v.nullish(
  v.strictObject(
    {
      reason: v.optional(trimmed(REASON_MAX), ''),
      bank_reference: v.optional(v.pipe(trimmed(PAYOUT_REFERENCE_MAX), v.regex(/^[\p{L}\p{N} ._/#-]*$/u, 'bo.v.bank_reference')), ''),
    },
    'v.type.object',
  ),
  {},
);

export const cardAuditBody = v.pipe(
  v.strictObject(
    {
      approve: v.boolean('v.type.boolean'),
      reason: v.optional(trimmed(REASON_MAX), ''),
    },
    'v.type.object',
  ),
  // A refused card tells the player why, so a refusal needs a reason.
  v.forward(
    v.check((b) => b.approve || b.reason.length > 0, 'bo.v.reason_required'),
    ['reason'],
  ),
);
