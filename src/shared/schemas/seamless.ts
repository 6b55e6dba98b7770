// The seamless wallet API game providers call: request bodies and answers, documented in the OpenAPI from
// these schemas. Amounts are whole minor units written as decimal digits, so no amount passes through a double.
import * as v from 'valibot';
import { SEAMLESS_CODE, statusValuesOf } from '../seamless-statuses.ts';

const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;
const providerId = (what: string) => v.pipe(v.string(`${what} must be text`), v.regex(ID_RE, `${what} is 1 to 64 letters, digits or _.:-`));
/** The player as the authenticate call named it: our player id, in digits. */
const playerRef = v.pipe(v.string('player must be text'), v.regex(/^[1-9]\d{0,14}$/, 'player is the id authenticate answered'));
const amountOf = (min: 'positive' | 'zero') =>
  v.pipe(
    v.string('amount must be text'),
    v.regex(min === 'positive' ? /^[1-9]\d{0,14}$/ : /^(0|[1-9]\d{0,14})$/, `amount is whole minor units${min === 'positive' ? ' above zero' : ''}`),
  );

export const seamlessCodeParam = v.object({ provider: v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,20}$/)) });

export const seamlessAuthenticateBody = v.object({
  token: v.pipe(v.string('token must be text'), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'token is the launch token')),
});
export const seamlessBalanceBody = v.object({ player: playerRef });
export const seamlessDebitBody = v.object({
  player: playerRef,
  round_id: providerId('round_id'),
  transaction_id: providerId('transaction_id'),
  game_code: providerId('game_code'),
  amount: amountOf('positive'),
});
export const seamlessCreditBody = v.object({
  player: playerRef,
  round_id: providerId('round_id'),
  transaction_id: providerId('transaction_id'),
  /** The debit this win settles; a round may have several credits. */
  debit_transaction_id: providerId('debit_transaction_id'),
  amount: amountOf('zero'),
  /** The round ends with this credit, as if end-round followed. */
  round_closed: v.optional(v.boolean()),
});
export const seamlessRollbackBody = v.object({
  player: playerRef,
  round_id: providerId('round_id'),
  transaction_id: providerId('transaction_id'),
  /** The debit to cancel. */
  debit_transaction_id: providerId('debit_transaction_id'),
});
export const seamlessEndRoundBody = v.object({ player: playerRef, round_id: providerId('round_id') });

export type SeamlessAuthenticateBody = v.InferOutput<typeof seamlessAuthenticateBody>;
export type SeamlessDebitBody = v.InferOutput<typeof seamlessDebitBody>;
export type SeamlessCreditBody = v.InferOutput<typeof seamlessCreditBody>;
export type SeamlessRollbackBody = v.InferOutput<typeof seamlessRollbackBody>;
export type SeamlessEndRoundBody = v.InferOutput<typeof seamlessEndRoundBody>;

/** Every answer's status: OK, or the named reason nothing moved. */
export const seamlessCode = v.picklist(statusValuesOf(SEAMLESS_CODE));

/**
 * The answer to every call: the status, and (once the player is known) the central balance after the call in minor
 * units. A replay answers the first answer's status with the balance as it is now.
 */
export const seamlessAnswer = v.object({
  status: seamlessCode,
  balance: v.optional(v.string()),
  currency: v.optional(v.literal('TWD')),
  player: v.optional(v.string()),
  transaction_id: v.optional(v.string()),
  /** Set on the answer to a replay: the first answer is being repeated and nothing moved now. */
  replayed: v.optional(v.boolean()),
  message: v.optional(v.string()),
});
export type SeamlessAnswer = v.InferOutput<typeof seamlessAnswer>;

/** The player's launch of a seamless game: the provider's game page, opened at once with the central balance. */
export const seamlessLaunchView = v.object({ url: v.string() });
