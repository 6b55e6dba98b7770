// The risk domain's settings: the weight of each kind of signal two accounts share, the score from which
// two accounts are linked, and the withdrawal rules with their thresholds, points and the hold and automatic pay-out
// limits. One schema for the back-office form, the route and the stored row; the defaults apply until an operator
// saves the screen. Amounts are whole currency units (the form's fields); the server turns them into minor units.
import * as v from 'valibot';

/** The kinds of signal a player leaves: at registration, login, deposit, card binding and in personal info. */
export const SIGNAL_KINDS = ['device', 'ip', 'subnet', 'phone', 'card', 'identity', 'payer'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** Where a signal was seen; card_attempt: a refused binding of a card another account holds. */
export const SIGNAL_SOURCES = ['register', 'login', 'deposit', 'card', 'card_attempt', 'profile'] as const;
export type SignalSource = (typeof SIGNAL_SOURCES)[number];

/** The named withdrawal rules, in the order the review lists their reasons. */
export const RISK_RULES = ['little_play', 'bonus_heavy', 'linked_card', 'new_card', 'amount_spike', 'failed_deposits', 'recent_change'] as const;
export type RiskRule = (typeof RISK_RULES)[number];

/**
 * What risk decided for a withdrawal: held for review (score at or above the hold threshold), approved for
 * automatic pay-out (below it and within the ceiling, when the operator allows that), or an ordinary review.
 */
export const RISK_DECISION = { hold: 'hold', auto_approve: 'auto_approve', review: 'review' } as const;
export const RISK_DECISIONS = [RISK_DECISION.hold, RISK_DECISION.auto_approve, RISK_DECISION.review] as const;
export type RiskDecision = (typeof RISK_DECISIONS)[number];

/** A link between two accounts: found by the signals, confirmed by an operator as one person, or cleared as unrelated. */
export const LINK_STATUSES = ['auto', 'confirmed', 'cleared'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

const int = (max: number) =>
  v.pipe(v.number('bo.v.integer'), v.integer('bo.v.integer'), v.minValue(0, 'bo.v.out_of_range'), v.maxValue(max, 'bo.v.out_of_range'));
const points = int(1000);
const rule = <T extends v.ObjectEntries>(entries: T) => v.object({ enabled: v.boolean(), points, ...entries });

export const riskSettingsSchema = v.object({
  /** Points each kind of shared signal adds to a pair's score. */
  weights: v.object(Object.fromEntries(SIGNAL_KINDS.map((k) => [k, points])) as Record<SignalKind, typeof points>),
  /** A pair scoring at least this is linked (and their groups merge). */
  link_threshold: int(10_000),
  rules: v.object({
    /** Valid bet since the deposits of the window is below ratio_pct percent of them. */
    little_play: rule({ window_days: int(90), ratio_pct: int(10_000) }),
    /** Bonuses credited in the window make up at least share_pct percent of bonuses plus deposits. */
    bonus_heavy: rule({ window_days: int(90), share_pct: int(100) }),
    /** Another account (linked, or holding the same card signal) bound or withdrew to the same card. */
    linked_card: rule({}),
    /** The player withdrew before, but never to this card. */
    new_card: rule({}),
    /** The amount is at least multiple times the average of the player's earlier withdrawals. */
    amount_spike: rule({ multiple: int(1000) }),
    /** At least `count` deposits failed or expired within window_hours. */
    failed_deposits: rule({ window_hours: int(24 * 30), count: int(1000) }),
    /** The card was bound, or the phone changed, within window_hours. */
    recent_change: rule({ window_hours: int(24 * 30) }),
  }),
  /** A withdrawal scoring at least this is held for review. */
  hold_score: int(10_000),
  /** Below the hold score, withdrawals up to the ceiling are marked for automatic pay-out. */
  auto_approve: v.boolean(),
  /** The automatic pay-out ceiling, in whole currency units. */
  auto_approve_ceiling: int(100_000_000),
});
export type RiskSettings = v.InferOutput<typeof riskSettingsSchema>;

export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  weights: { device: 40, ip: 20, subnet: 10, phone: 50, card: 50, identity: 50, payer: 40 },
  link_threshold: 60,
  rules: {
    little_play: { enabled: true, points: 30, window_days: 7, ratio_pct: 200 },
    bonus_heavy: { enabled: true, points: 30, window_days: 30, share_pct: 50 },
    linked_card: { enabled: true, points: 60 },
    new_card: { enabled: true, points: 15 },
    amount_spike: { enabled: true, points: 25, multiple: 5 },
    failed_deposits: { enabled: true, points: 20, window_hours: 24, count: 5 },
    recent_change: { enabled: true, points: 25, window_hours: 24 },
  },
  hold_score: 50,
  auto_approve: false,
  auto_approve_ceiling: 5_000,
};

/** The settings form's body: the whole settings and the reason that goes into the audit log. */
export const riskSettingsBody = v.object({
  settings: riskSettingsSchema,
  reason: v.pipe(v.string('v.type.string'), v.trim(), v.minLength(1, 'bo.risk.v.reason'), v.maxLength(200, 'v.too_long')),
});
