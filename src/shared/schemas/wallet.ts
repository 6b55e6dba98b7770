// Schemas of the wallet calls and forms (SPEC.md sections 5 and 7), shared by the routes and the islands.
import * as v from 'valibot';
import { idSchema } from './ids.ts';
import { amountProblem } from '../amount.ts';
import { recordPageQuery } from './paging.ts';
import { GAME_GROUPS } from '../constants.ts';
import { TRANSFER_STATUS, statusValues, type TransferStatus } from '../statuses.ts';

/** Money travels as a decimal string with at most two decimals; floats never touch a money path. */
export const MONEY_RE = /^\d{1,12}(\.\d{1,2})?$/;

// One message per field: the pipe stops at the first rule that fails.
export const moneyField = v.config(
  v.pipe(
    v.string('v.money.invalid'),
    v.trim(),
    v.nonEmpty('v.money.required'),
    v.regex(MONEY_RE, 'v.money.invalid'),
    v.check((s) => Number(s) > 0, 'v.money.positive'),
  ),
  { abortPipeEarly: true },
);

const id = idSchema('v.id.invalid', 0);
/** 0, '' or null mean "the central wallet" where an activity wallet id is optional. */
const optionalWalletId = v.optional(v.nullable(v.union([v.literal(''), id])));

export const codeParam = v.strictObject({ code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,20}$/, 'error.not_found')) });

export const walletListBody = v.optional(v.strictObject({ forceUpdate: v.optional(v.boolean('v.type.boolean')) }, 'v.type.object'));

export const depositToPlatformBody = v.strictObject(
  {
    platform_id: v.optional(id),
    player_bonus_wallet_id: optionalWalletId,
    money: moneyField,
  },
  'v.type.object',
);

export const autoTransferBody = depositToPlatformBody;

export const depositSpecialBody = v.strictObject(
  {
    group: v.picklist(GAME_GROUPS, 'error.not_found'),
    money: moneyField,
  },
  'v.type.object',
);

export const depositBonusBody = v.strictObject({ money: moneyField, player_bonus_wallet_id: id }, 'v.type.object');

export const withdrawFromPlatformBody = v.strictObject(
  {
    platform_id: v.optional(id),
    /** With type 2 the whole platform balance comes back and money may be omitted. */
    money: v.optional(moneyField),
    type: v.optional(v.picklist([1, 2, '1', '2'], 'v.type.string')),
  },
  'v.type.object',
);

export const bonusWalletBody = v.strictObject({ player_bonus_wallet_id: id }, 'v.type.object');

export const autoTransferSwitchBody = v.strictObject({ auto_transfer: v.boolean('v.type.boolean') }, 'v.type.object');

const dateText = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'v.date.invalid'));

/** The ledger lines GET /api/players/money/:category lists: everything, transfers, bonuses or adjustments. */
const MONEY_CATEGORIES = ['all', 'transfer', 'bonus', 'adjust'] as const;
export type MoneyCategory = (typeof MONEY_CATEGORIES)[number];
export const moneyCategoryParams = v.strictObject({ category: v.picklist(MONEY_CATEGORIES, 'error.not_found') });

export const moneyRecordsQuery = v.object({ start: v.optional(dateText), end: v.optional(dateText), ...recordPageQuery });
export type MoneyRecordsQuery = v.InferOutput<typeof moneyRecordsQuery>;
export const transactionRecordQuery = v.object({
  category: v.optional(v.string()),
  date_start: v.optional(dateText),
  date_end: v.optional(dateText),
  ...recordPageQuery,
});
export type TransactionRecordQuery = v.InferOutput<typeof transactionRecordQuery>;
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

// Answers of the wallet calls.

/** A platform wallet of POST /api/games/wallet. */
export const platformWalletView = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  group: v.string(),
  /** The amount as a decimal string, or 'maintain' when the platform cannot be reached. */
  wallet: v.string(),
  player_bonus_wallet_id: v.nullable(v.number()),
  pending: v.boolean(),
});

/** The transfer statuses, for picklists: derived from TRANSFER_STATUS in src/shared/statuses.ts. */
export const TRANSFER_OUTCOMES = statusValues(TRANSFER_STATUS);
export type TransferOutcome = TransferStatus;
/** A transfer to or from a platform: applied, still being confirmed with the provider, or refused and refunded. */
export const transferResultView = v.object({ id: v.string(), status: v.picklist(TRANSFER_OUTCOMES), reason: v.string(), amount: v.string() });

export const gameLinkView = v.object({ url: v.string(), auto_transfer: v.nullable(transferResultView) });
export const autoTransferSwitchView = v.object({ auto_transfer: v.boolean() });
export const unlockedView = v.object({ money: v.string() });

/** A ledger line of GET /api/players/money/:category. */
export const moneyRecordView = v.object({
  id: v.string(),
  kind: v.string(),
  ref: v.string(),
  memo: v.string(),
  created_at: v.string(),
  wallet: v.string(),
  amount: v.string(),
  balance_after: v.string(),
});

/** A platform transfer of GET /api/auth/transactionRecordList (the default category). */
export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const transferRecordView = v.object({
  id: v.string(),
  gp_code: v.string(),
  direction: v.picklist(TRANSFER_DIRECTIONS),
  wallet: v.string(),
  amount: v.string(),
  status: v.picklist(TRANSFER_OUTCOMES),
  reason: v.string(),
  created_at: v.string(),
  settled_at: v.nullable(v.string()),
});

export type PlatformWalletView = v.InferOutput<typeof platformWalletView>;
export type TransferResultView = v.InferOutput<typeof transferResultView>;
export type MoneyRecordView = v.InferOutput<typeof moneyRecordView>;
export type TransferRecordView = v.InferOutput<typeof transferRecordView>;
