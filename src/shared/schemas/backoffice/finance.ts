// Answers of the finance desk: deposit and withdrawal queues, bank-card audits, adjustments and the gateway's
// callback log.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';

/** Today's count and amount of a queue, shown above it. */
const todayTotals = v.object({ count: v.number(), amount: v.string() });

/** Whose row it is: the player, and the real name a payout and a bank card must match. */
const rowPlayer = { player_id: v.number(), account: v.string(), real_name: v.string() };

/** A bank card as the desks show it: the whole number for finance, the last four digits for other roles. */
const staffCard = {
  bank: v.string(),
  bank_name: v.string(),
  bank_name_en: v.string(),
  branch: v.string(),
  account_name: v.string(),
  card_number: v.string(),
  status: v.number(),
};

const staffDepositView = v.object({
  id: v.string(),
  ...rowPlayer,
  method: v.string(),
  amount: v.string(),
  status: v.string(),
  player_ref: v.string(),
  reason: v.string(),
  gateway_order_id: v.nullable(v.string()),
  payment_code: v.nullable(v.string()),
  created_at: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  paid_at: v.nullable(v.string()),
  reviewed_by: v.nullable(v.string()),
  reviewable: v.boolean(),
});
export const depositQueueView = v.object({ ...staffPageOf(staffDepositView).entries, totals_today: todayTotals });
export const depositReviewedView = v.object({ id: v.string(), status: v.string(), amount: v.string(), paid_at: v.nullable(v.string()), reason: v.string() });

const staffWithdrawalView = v.object({
  id: v.string(),
  ...rowPlayer,
  amount: v.string(),
  fee: v.string(),
  payout: v.string(),
  status: v.string(),
  reason: v.string(),
  created_at: v.nullable(v.string()),
  reviewed_at: v.nullable(v.string()),
  reviewed_by: v.nullable(v.string()),
  bank_card: v.object({ id: v.number(), ...staffCard }),
  name_matches: v.boolean(),
  /** Risk's decision as the cashier enforces it (null until scored); held means held and not released. */
  risk_decision: v.nullable(v.string()),
  /** Still waiting and not scored yet: it can be neither paid nor released until risk decides. */
  risk_pending: v.boolean(),
  held: v.boolean(),
  released_at: v.nullable(v.string()),
  release_reason: v.string(),
  auto_approved_at: v.nullable(v.string()),
});
export const withdrawalQueueView = v.object({ ...staffPageOf(staffWithdrawalView).entries, totals_today: todayTotals });
export const withdrawalReviewedView = v.object({ id: v.string(), status: v.string(), reason: v.string(), reviewed_at: v.nullable(v.string()) });
export const withdrawalReleasedView = v.object({ id: v.string(), held: v.boolean(), released_at: v.nullable(v.string()), release_reason: v.string() });

/** What a reviewer sees beside a withdrawal before deciding. */
export const withdrawalContextView = v.object({
  turnover: v.object({ required: v.string(), achieved: v.string(), done: v.boolean() }),
  recent_deposits: v.array(v.object({ id: v.string(), method: v.string(), amount: v.string(), paid_at: v.string() })),
  win_loss_30d: v.object({ bets: v.number(), stake: v.string(), valid_bet: v.string(), player_net: v.string() }),
  previous_withdrawals: v.array(v.object({ id: v.string(), status: v.string(), amount: v.string(), created_at: v.string() })),
});

const staffBankCardView = v.object({
  id: v.number(),
  ...rowPlayer,
  ...staffCard,
  audit_reason: v.string(),
  audited_by: v.nullable(v.string()),
  created_at: v.nullable(v.string()),
  name_matches: v.boolean(),
  bound_by_others: v.boolean(),
});
export const bankCardQueueView = staffPageOf(staffBankCardView);
export const cardAuditedView = v.object({ id: v.number(), status: v.number(), audit_reason: v.string() });

/** An adjustment posted at once, or one above the approval threshold waiting for a second staff member. */
export const adjustmentView = v.object({
  player_id: v.number(),
  account: v.string(),
  amount: v.string(),
  status: v.picklist(['posted', 'pending']),
  pending_id: v.nullable(v.number()),
  journal_id: v.nullable(v.number()),
  balance: v.nullable(v.string()),
  replayed: v.boolean(),
});

const callbackView = v.object({
  id: v.number(),
  gateway: v.string(),
  event_id: v.string(),
  order_id: v.string(),
  state: v.string(),
  signature_ok: v.boolean(),
  outcome: v.string(),
  body: v.string(),
  ip: v.string(),
  received_at: v.nullable(v.string()),
});
/** Callbacks refused unread in the last 24 hours (hourly counts), by gateway and outcome; the log keeps only the first of each sender's window. */
const refusedCallbacksView = v.object({
  total: v.number(),
  by_gateway: v.array(v.object({ gateway: v.string(), outcome: v.string(), count: v.number() })),
});
export const callbackLogView = v.object({ ...staffPageOf(callbackView).entries, refused_24h: refusedCallbacksView });

export type StaffDepositView = v.InferOutput<typeof staffDepositView>;
export type StaffWithdrawalView = v.InferOutput<typeof staffWithdrawalView>;
export type WithdrawalContextView = v.InferOutput<typeof withdrawalContextView>;
export type StaffBankCardView = v.InferOutput<typeof staffBankCardView>;
export type CallbackView = v.InferOutput<typeof callbackView>;
export type CallbackLogView = v.InferOutput<typeof callbackLogView>;
export type AdjustmentView = v.InferOutput<typeof adjustmentView>;
export type DepositQueueView = v.InferOutput<typeof depositQueueView>;
export type WithdrawalQueueView = v.InferOutput<typeof withdrawalQueueView>;
