// Schemas of the wallet calls and forms (SPEC.md sections 5 and 7), shared by the routes and the islands.
import * as v from 'valibot';
import { idSchema } from './ids.ts';
import { amountProblem } from '../amount.ts';

/** Money travels as a decimal string with at most two decimals; floats never touch a money path. */
export const MONEY_RE = /^\d{1,12}(\.\d{1,2})?$/;

// One message per field: the pipe stops at the first rule that fails.
export const moneyField = v.config(v.pipe(
  v.string('v.money.invalid'),
  v.trim(),
  v.nonEmpty('v.money.required'),
  v.regex(MONEY_RE, 'v.money.invalid'),
  v.check((s) => Number(s) > 0, 'v.money.positive'),
), { abortPipeEarly: true });

const id = idSchema('v.id.invalid', 0);
/** 0, '' or null mean "the central wallet" where an activity wallet id is optional. */
const optionalWalletId = v.optional(v.nullable(v.union([v.literal(''), id])));

export const codeParam = v.strictObject({ code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'error.not_found')) });

export const walletListBody = v.optional(v.strictObject({ forceUpdate: v.optional(v.boolean('v.type.boolean')) }, 'v.type.object'));

export const depositToPlatformBody = v.strictObject({
  platform_id: v.optional(id),
  player_bonus_wallet_id: optionalWalletId,
  money: moneyField,
}, 'v.type.object');

export const autoTransferBody = depositToPlatformBody;

export const depositSpecialBody = v.strictObject({
  group: v.picklist(['slots', 'fish', 'sports', 'casino', 'lottery', 'cards', 'esports'], 'error.not_found'),
  money: moneyField,
}, 'v.type.object');

export const depositBonusBody = v.strictObject({ money: moneyField, player_bonus_wallet_id: id }, 'v.type.object');

export const withdrawFromPlatformBody = v.strictObject({
  platform_id: v.optional(id),
  /** With type 2 the whole platform balance comes back and money may be omitted. */
  money: v.optional(moneyField),
  type: v.optional(v.picklist([1, 2, '1', '2'], 'v.type.string')),
}, 'v.type.object');

export const bonusWalletBody = v.strictObject({ player_bonus_wallet_id: id }, 'v.type.object');

export const autoTransferSwitchBody = v.strictObject({ auto_transfer: v.boolean('v.type.boolean') }, 'v.type.object');

const dateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'v.date.invalid'));
const pageNumber = v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), '1');
const pageSize = v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)), '10');

export const moneyRecordsQuery = v.object({ start: v.optional(dateText), end: v.optional(dateText), page: pageNumber, pageSize });
export const transactionRecordQuery = v.object({
  category: v.optional(v.string()), date_start: v.optional(dateText), date_end: v.optional(dateText), page: pageNumber, pageSize,
});
export const gameLinkQuery = v.object({ productId: v.optional(v.pipe(v.string(), v.maxLength(40))), player: v.optional(v.pipe(v.string(), v.maxLength(40))) });

/**
 * The transfer dialog's amount rules (SPEC.md section 5) against the chosen wallet's balance, through the shared
 * amount validator: no wallet -> 請選擇錢包; empty or zero -> 請輸入金額; not numeric -> 請輸入有效的金額;
 * above the balance -> 請輸入有效的金額 with the reason (v.money.over_balance).
 */
export function transferAmountError(input: { walletChosen: boolean; amount: string; balance: string }): string | undefined {
  if (!input.walletChosen) return 'v.wallet.required';
  const problem = amountProblem(input.amount, { balance: MONEY_RE.test(input.balance) ? input.balance : '0' });
  if (problem === 'required') return 'v.money.required';
  if (problem === 'over_balance') return 'v.money.over_balance';
  if (problem) return 'v.money.invalid';
  return undefined;
}
