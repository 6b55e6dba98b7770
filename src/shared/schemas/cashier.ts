// Schemas of the cashier forms and calls (SPEC.md sections 5 and 7), shared by the routes and the islands.
import * as v from 'valibot';
import { idSchema } from './ids.ts';
import { recordPageQuery } from './paging.ts';
import { DEPOSIT_STATUS, WITHDRAWAL_STATUS, statusValues } from '../statuses.ts';

/** A deposit's and a withdrawal's status on the wire: the stored words of src/shared/statuses.ts. */
const depositStatus = v.picklist(statusValues(DEPOSIT_STATUS));
const withdrawalStatus = v.picklist(statusValues(WITHDRAWAL_STATUS));

export const DEPOSIT_METHODS = ['bank_transfer', 'card', 'cvs', 'online_banking', 'usdt', 'atm', 'barcode'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
/**
 * Methods paid through the gateway; the others wait for finance to confirm. ATM virtual accounts and store barcodes
 * are offered only by a gateway dialect that issues them (the AIO dialect).
 */
export const GATEWAY_METHODS: readonly DepositMethod[] = ['card', 'cvs', 'online_banking', 'atm', 'barcode'];
/** Gateway methods paid with a code the gateway issues (a virtual account, a store code, barcodes) rather than on its page. */
export const CODE_METHODS: readonly DepositMethod[] = ['atm', 'cvs', 'barcode'];

/** A decimal amount with at most two decimals; deposits and withdrawals name the field `amount` or `money`. */
// Each field answers with its first failed rule only.
const amountText = (required: string, numeric: string) =>
  v.config(
    v.pipe(
      v.union([v.string(), v.number()], numeric),
      v.transform((x) => String(x).trim()),
      v.nonEmpty(required),
      v.regex(/^\d{1,12}(\.\d{1,2})?$/, numeric),
    ),
    { abortPipeEarly: true },
  );

export const depositCreateBody = v.strictObject(
  {
    method: v.picklist(DEPOSIT_METHODS, 'cashier.method.required'),
    amount: amountText('cashier.amount.required', 'cashier.amount.numeric'),
    /** Bank transfer: the account's last five digits and the time; USDT: the transaction id. */
    player_ref: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'v.too_long'))),
  },
  'v.type.object',
);

export const withdrawCreateBody = v.strictObject(
  {
    money: amountText('cashier.amount.required', 'cashier.amount.numeric'),
    bank_card_id: idSchema('cashier.card.required'),
  },
  'v.type.object',
);

const BANK_CARD_NUMBER_RE = /^\d{10,16}$/;
export const bankCardBody = v.pipe(
  v.strictObject(
    {
      bank: v.pipe(v.string('cashier.bank.required'), v.trim(), v.nonEmpty('cashier.bank.required'), v.maxLength(10)),
      market: v.pipe(v.string('cashier.market.required'), v.trim(), v.nonEmpty('cashier.market.required'), v.maxLength(60, 'v.too_long')),
      account_name: v.pipe(v.string('cashier.account_name.required'), v.trim(), v.nonEmpty('cashier.account_name.required'), v.maxLength(40, 'v.too_long')),
      card_number: v.config(
        v.pipe(
          v.string('cashier.card_number.required'),
          v.trim(),
          v.nonEmpty('cashier.card_number.required'),
          v.regex(BANK_CARD_NUMBER_RE, 'cashier.card_number.invalid'),
        ),
        { abortPipeEarly: true },
      ),
      card_number_confirm: v.pipe(v.string('cashier.card_number_confirm.required'), v.trim(), v.nonEmpty('cashier.card_number_confirm.required')),
    },
    'v.type.object',
  ),
  v.forward(
    v.partialCheck([['card_number'], ['card_number_confirm']], (i) => i.card_number === i.card_number_confirm, 'cashier.card_number_confirm.different'),
    ['card_number_confirm'],
  ),
);

export const withdrawCancelBody = v.strictObject({ id: v.pipe(v.string(), v.regex(/^WD[0-9a-z]{10,40}$/, 'error.not_found')) }, 'v.type.object');

export const personalInfoBody = v.strictObject(
  {
    real_name: v.pipe(v.string(), v.trim(), v.nonEmpty('cashier.real_name.required'), v.maxLength(40, 'v.too_long')),
    gender: v.picklist(['male', 'female', 'other'], 'cashier.gender.required'),
    birthday: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'cashier.birthday.required')),
  },
  'v.type.object',
);

/** Whole years between a birthday ('YYYY-MM-DD') and a day. */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

export const depositIdParam = v.strictObject({ id: v.pipe(v.string(), v.regex(/^DP[0-9a-z]{10,40}$/, 'error.not_found')) });
export const cardIdBody = v.strictObject({ id: idSchema() });

// Answers of the cashier calls.

const range = v.object({ min: v.string(), max: v.string() });
export const depositMethodsView = v.object({
  methods: v.array(v.picklist(DEPOSIT_METHODS)),
  min: v.string(),
  max: v.string(),
  /** Per-method bounds where a method has its own. */
  limits: v.object({
    bank_transfer: v.optional(range),
    card: v.optional(range),
    cvs: v.optional(range),
    online_banking: v.optional(range),
    usdt: v.optional(range),
    atm: v.optional(range),
    barcode: v.optional(range),
  }),
  bank_transfer: v.nullable(v.object({ bank: v.string(), account_name: v.string(), account: v.string() })),
  /** automatic: the player's own address, watched on the chain (GET /finance/deposit/usdt); else the operator's, confirmed by finance. */
  usdt: v.nullable(v.object({ address: v.string(), network: v.string(), automatic: v.optional(v.boolean()) })),
});

/** A deposit order as its player sees it. */
export const depositView = v.object({
  id: v.string(),
  method: v.picklist(DEPOSIT_METHODS),
  amount: v.string(),
  status: depositStatus,
  pay_url: v.nullable(v.string()),
  payment_code: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  created_at: v.string(),
  paid_at: v.nullable(v.string()),
  reason: v.string(),
  player_ref: v.string(),
  /** An ATM virtual account's bank code (the account is payment_code). */
  payment_bank: v.nullable(v.string()),
  /** A store barcode payment's three barcodes, in the order a store scans them. */
  barcodes: v.nullable(v.array(v.string())),
  /**
   * The AIO dialect's checkout: the form the player's browser posts to the gateway (its action and signed fields),
   * while the order waits for the player to go there.
   */
  checkout: v.nullable(v.object({ action: v.string(), fields: v.record(v.string(), v.string()) })),
});

/** A bound bank card; the number is masked. */
const bankCardView = v.object({
  id: v.number(),
  bank: v.string(),
  bank_name: v.string(),
  market: v.string(),
  account_name: v.string(),
  card_number: v.string(),
  status_debit_card: v.number(),
  audit_reason: v.string(),
  created_at: v.string(),
});
export const bankCardsView = v.object({
  data: v.array(bankCardView),
  max: v.number(),
  bankList: v.array(v.object({ code: v.string(), name: v.string() })),
  can_delete: v.boolean(),
});

export const withdrawTermsView = v.object({
  fee: v.string(),
  min: v.string(),
  max: v.string(),
  used_today: v.number(),
  /** 0 means no daily count limit. */
  max_per_day: v.number(),
  need_real_name: v.boolean(),
});
export const withdrawCreatedView = v.object({ id: v.string(), amount: v.string(), fee: v.string(), status: withdrawalStatus });

/** A withdrawal of GET /api/auth/transactionRecordList?category=withdraw. */
export const withdrawalRecordView = v.object({
  id: v.string(),
  amount: v.string(),
  fee: v.string(),
  status: withdrawalStatus,
  reason: v.string(),
  created_at: v.string(),
  reviewed_at: v.nullable(v.string()),
});

/** The page of GET /api/finance/withdraw/limit/records. */
export const requirementsQuery = v.object({ ...recordPageQuery });

/** A turnover requirement a deposit created, of GET /api/finance/withdraw/limit/records. */
export const requirementView = v.object({
  id: v.string(),
  created_at: v.string(),
  deposit: v.string(),
  required: v.string(),
  achieved: v.string(),
  done: v.boolean(),
});

/** The gateway expects a bare OK once a callback is taken (its own format, not the envelope). */
export const callbackAckView = v.literal('OK');
/** What the site answers an AIO-format notice: `1|OK` once accepted, else `0|` and the reason (the gateway sends it again). */
export const aioNoticeAnswer = v.pipe(v.string(), v.regex(/^[01]\|/));

export type DepositView = v.InferOutput<typeof depositView>;
export type BankCardView = v.InferOutput<typeof bankCardView>;
export type BankCardsView = v.InferOutput<typeof bankCardsView>;
export type WithdrawTermsView = v.InferOutput<typeof withdrawTermsView>;
export type WithdrawalRecordView = v.InferOutput<typeof withdrawalRecordView>;
export type RequirementView = v.InferOutput<typeof requirementView>;
