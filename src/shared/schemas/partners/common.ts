// What the partner portal, the site and the back office share about partners: statuses, the
// partner's code, amounts and rates on the wire. Amounts are decimal strings with two decimals (minor units on the
// server); rates and fee percentages are whole basis points (3500 = 35.00 %), so no float ever touches them.
import * as v from 'valibot';
import { DAY_YEAR_MAX, DAY_YEAR_MIN } from '../days.ts';

const str = () => v.string('v.type.string');

/** A partner account: working, suspended by operators (cannot sign in, earns nothing new), or closed. */
export const PARTNER_STATUS = { active: 'active', suspended: 'suspended', closed: 'closed' } as const;
export const PARTNER_STATUSES = ['active', 'suspended', 'closed'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/** An application from the /cooperrative-alliance form. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A statement: `pending` when built by the settlement job (a rerun may rebuild it), `held` by an operator (a rerun
 * leaves it alone), `approved` once its commission was paid into the partner's wallet (final; nothing changes it).
 */
export const STATEMENT_STATUSES = ['pending', 'held', 'approved'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** A partner's payout, reviewed like a withdrawal: the amount is held at request, then paid out or released. */
export const PAYOUT_STATUSES = ['applying', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Settlement periods: the Taipei calendar month ('2026-11'), or the ISO week in Taipei ('2026-W47'). */
export const PERIOD_KINDS = ['month', 'week'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export const PERIOD_RE = /^(\d{4}-(0[1-9]|1[0-2])|\d{4}-W(0[1-9]|[1-4]\d|5[0-3]))$/;
/** A period's year stays within the years any date filter may name, so its end never runs past the calendar's. */
export const periodText = () =>
  v.pipe(
    str(),
    v.regex(PERIOD_RE, 'partners.v.period'),
    v.check((p) => Number(p.slice(0, 4)) >= DAY_YEAR_MIN && Number(p.slice(0, 4)) <= DAY_YEAR_MAX, 'partners.v.period'),
  );

/** How a player came to be bound: the code at registration, a tracking link's cookie, a partner's domain, an operator. */
export const BINDING_SOURCES = ['code', 'link', 'domain', 'operator'] as const;
/** An operator's decision on a partner's possible own player (registered from the partner's sign-in address or device). */
export const OWN_PLAYER_REVIEW_STATUSES = ['pending', 'approved', 'denied'] as const;
export type OwnPlayerReviewStatus = (typeof OWN_PLAYER_REVIEW_STATUSES)[number];
export type BindingSource = (typeof BINDING_SOURCES)[number];

/** Fraud signals beside a statement. */
export const FRAUD_SIGNAL_KINDS = [
  'shared_registration_ip',
  'shared_device',
  'shared_address',
  'shared_bank_card',
  'shared_phone',
  'shared_identity',
  'linked_account',
  'cpa_stopped',
] as const;
export type FraudSignalKind = (typeof FRAUD_SIGNAL_KINDS)[number];

/** A partner's account, code and sub-partner account: 6-12 letters and digits, like a player's. */
export const PARTNER_ACCOUNT_RE = /^[A-Za-z0-9]{6,12}$/;
export const partnerAccount = () => v.pipe(str(), v.trim(), v.nonEmpty('partners.v.account_required'), v.regex(PARTNER_ACCOUNT_RE, 'partners.v.account'));
/** A partner's referral code as players type it (`p`, recommended_code) and as links carry it: 4-16 letters and digits. */
export const PARTNER_CODE_RE = /^[A-Za-z0-9]{4,16}$/;
export const partnerCode = () => v.pipe(str(), v.trim(), v.regex(PARTNER_CODE_RE, 'partners.v.code'));
/** Passwords: 6-12 letters and digits with at least one of each, the player rule. */
export const partnerPassword = () =>
  v.pipe(
    str(),
    v.maxLength(64, 'v.too_long'),
    v.nonEmpty('v.password.required'),
    v.regex(/^[A-Za-z0-9]{6,12}$/, 'v.password.invalid'),
    v.regex(/^(?=.*[A-Za-z])(?=.*\d)/, 'v.password.invalid'),
  );

/** Basis points 0..10000. */
export const basisPoints = (message = 'partners.v.rate') => v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(10_000, message));

/** A decimal amount typed by a person: at most twelve whole digits and two decimals; sent as text or a number. */
export const amountInput = (message = 'partners.v.amount') =>
  v.config(
    v.pipe(
      v.union([str(), v.number()], message),
      v.transform((x) => String(x).trim()),
      v.nonEmpty(message),
      v.regex(/^\d{1,12}(\.\d{1,2})?$/, message),
    ),
    { abortPipeEarly: true },
  );
/** A signed decimal amount (statement adjustments may lower a commission). */
export const signedAmountInput = (message = 'partners.v.amount') =>
  v.config(
    v.pipe(
      v.union([str(), v.number()], message),
      v.transform((x) => String(x).trim()),
      v.nonEmpty(message),
      v.regex(/^-?\d{1,12}(\.\d{1,2})?$/, message),
    ),
    { abortPipeEarly: true },
  );

/** A reason operators must give (moves, holds, adjustments, status changes, rejections). */
export const reasonText = () => v.pipe(str(), v.trim(), v.nonEmpty('partners.v.reason'), v.maxLength(500, 'v.too_long'));

/** Money on the wire: a decimal string with two decimals, signed where it may be negative. */
export const money = () => v.string();

/** One tier of revenue share: applies when the period's NGR reaches `min_ngr` and active players reach `min_active_players`. */
export const tierView = v.object({ min_ngr: v.string(), min_active_players: v.number(), rate_bp: v.number() });
export type TierView = v.InferOutput<typeof tierView>;

/** CPA: a fixed amount per player whose first deposit and valid bet reach the thresholds within `within_days` of registering. */
export const cpaView = v.object({ amount: v.string(), min_first_deposit: v.string(), min_valid_bet: v.string(), within_days: v.number() });

/** The platform fee a game group carries, in basis points of that group's GGR. */
export const platformFeeView = v.object({ game_group: v.string(), fee_bp: v.number() });

/** The parts of a plan a partner and the public page may see. */
export const planSummaryView = v.object({
  id: v.number(),
  name: v.string(),
  period_kind: v.picklist(PERIOD_KINDS),
  tiers: v.array(tierView),
  cpa: v.nullable(cpaView),
  /** Whether a negative NGR is carried into the next period. */
  carry_over: v.boolean(),
  /** Payment fee in basis points of the players' deposits plus withdrawals. */
  payment_fee_bp: v.number(),
  platform_fees: v.array(platformFeeView),
});
export type PlanSummaryView = v.InferOutput<typeof planSummaryView>;

/** The figures of one statement (or of the running period's estimate). */
export const statementFiguresView = v.object({
  players_registered: v.number(),
  first_depositors: v.number(),
  active_players: v.number(),
  deposits: v.string(),
  withdrawals: v.string(),
  bets: v.string(),
  valid_bet: v.string(),
  ggr: v.string(),
  bonuses: v.string(),
  payment_fees: v.string(),
  platform_fees: v.string(),
  ngr: v.string(),
  carry_in: v.string(),
  carry_out: v.string(),
  /** Tier index (0-based) reached, or null when none. */
  tier: v.nullable(v.number()),
  rate_bp: v.number(),
  revenue_share: v.string(),
  cpa_players: v.number(),
  cpa: v.string(),
  overrides: v.string(),
  adjustment: v.string(),
  commission: v.string(),
});
export type StatementFiguresView = v.InferOutput<typeof statementFiguresView>;

/** One override line: what this partner earns on a sub-partner's players (its rate minus theirs). */
export const overrideLineView = v.object({
  child_partner_id: v.number(),
  child_account: v.string(),
  child_ngr: v.string(),
  parent_rate_bp: v.number(),
  child_rate_bp: v.number(),
  amount: v.string(),
});

export const statementView = v.object({
  id: v.number(),
  partner_id: v.number(),
  partner_account: v.string(),
  period_kind: v.picklist(PERIOD_KINDS),
  period: v.string(),
  starts_on: v.string(),
  ends_on: v.string(),
  status: v.picklist(STATEMENT_STATUSES),
  figures: statementFiguresView,
  override_lines: v.array(overrideLineView),
  adjustment_reason: v.string(),
  built_at: v.string(),
  approved_at: v.nullable(v.string()),
});
export type StatementView = v.InferOutput<typeof statementView>;

export const payoutView = v.object({
  id: v.number(),
  partner_id: v.number(),
  partner_account: v.string(),
  amount: v.string(),
  status: v.picklist(PAYOUT_STATUSES),
  bank: v.string(),
  card_number_masked: v.string(),
  holder: v.string(),
  reason: v.string(),
  created_at: v.string(),
  reviewed_at: v.nullable(v.string()),
});
export type PayoutView = v.InferOutput<typeof payoutView>;

export const bankCardView = v.object({ bank: v.string(), branch: v.string(), holder: v.string(), card_number_masked: v.string() });

export const materialView = v.object({
  id: v.number(),
  title: v.string(),
  width: v.number(),
  height: v.number(),
  url: v.string(),
  created_at: v.string(),
});
export type MaterialView = v.InferOutput<typeof materialView>;

/** The first-party cookie a tracking link sets for 30 days: `CODE` or `CODE.campaign`. */
export const REF_COOKIE = 'lh_ref';
export const REF_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Set on a browser's first page of a partner's domain or link; auto_redirect_first_visit redirects only without it. */
export const VISITED_COOKIE = 'lh_visited';
/** The partner portal's session cookie. */
export const AGENT_COOKIE = 'lh_agent';
