// The words the seamless wallet stores and answers with. Kept in src/shared because the back office
// labels them and the provider-facing schema lists them; the server compares against these names only.
import { statusValues, type StatusValue } from './statuses.ts';

export { statusValues as statusValuesOf };

/**
 * The status code of every answer of the provider-facing wallet API, a fixed list documented in the OpenAPI.
 * OK is the only acceptance; every other code names why nothing moved.
 */
export const SEAMLESS_CODE = {
  ok: 'OK',
  badSignature: 'INVALID_SIGNATURE',
  staleRequest: 'STALE_REQUEST',
  addressNotAllowed: 'ADDRESS_NOT_ALLOWED',
  unknownProvider: 'UNKNOWN_PROVIDER',
  badRequest: 'BAD_REQUEST',
  invalidToken: 'INVALID_TOKEN',
  playerNotFound: 'PLAYER_NOT_FOUND',
  playerDisabled: 'PLAYER_DISABLED',
  maintenance: 'PLATFORM_MAINTENANCE',
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  playerBlocked: 'PLAYER_BLOCKED',
  duplicateMismatch: 'DUPLICATE_MISMATCH',
  debitNotFound: 'DEBIT_NOT_FOUND',
  creditAfterRollback: 'CREDIT_AFTER_ROLLBACK',
  rollbackAfterCredit: 'ROLLBACK_AFTER_CREDIT',
  debitRolledBack: 'DEBIT_ROLLED_BACK',
  roundClosed: 'ROUND_CLOSED',
  roundNotFound: 'ROUND_NOT_FOUND',
  internal: 'INTERNAL_ERROR',
} as const;
export type SeamlessCode = StatusValue<typeof SEAMLESS_CODE>;

/** What a provider transaction is. */
export const SEAMLESS_TX_KIND = { debit: 'debit', credit: 'credit', rollback: 'rollback' } as const;
export type SeamlessTxKind = StatusValue<typeof SEAMLESS_TX_KIND>;

/**
 * A transaction's state. A debit is open (its stake taken), settled (at least one credit names it), rolled back
 * (its stake returned), refused (nothing moved), or cancelled: a rollback came before the debit itself, so the
 * debit that arrives later is refused. A credit or rollback is accepted or refused.
 */
export const SEAMLESS_TX_STATUS = {
  open: 'open',
  settled: 'settled',
  rolledBack: 'rolled_back',
  refused: 'refused',
  cancelled: 'cancelled',
  accepted: 'accepted',
} as const;
export type SeamlessTxStatus = StatusValue<typeof SEAMLESS_TX_STATUS>;

/** A round: open while the provider may still debit or credit it, closed once it ended (end-round or an operator). */
export const SEAMLESS_ROUND_STATUS = { open: 'open', closed: 'closed' } as const;
export type SeamlessRoundStatus = StatusValue<typeof SEAMLESS_ROUND_STATUS>;

/** A reconciliation finding between the provider's round report and ours. */
export const SEAMLESS_FINDING_KIND = {
  /** The provider paid a win we never credited. */
  missingCredit: 'missing_credit',
  /** The provider reports a round closed that is still open here (nothing owed). */
  openHere: 'open_here',
  /** The provider does not know a round we hold open past the limit. */
  unknownThere: 'unknown_there',
  /** Stakes differ: something only an operator can judge. */
  stakeMismatch: 'stake_mismatch',
} as const;
export type SeamlessFindingKind = StatusValue<typeof SEAMLESS_FINDING_KIND>;

/** How an operator settles a finding: pay the missing win, or close the round as it stands. */
export const SEAMLESS_RESOLUTION = { credit: 'credit', close: 'close' } as const;
export type SeamlessResolution = StatusValue<typeof SEAMLESS_RESOLUTION>;
