// Schemas of the player-protection calls, shared by the routes, the service views and the islands.
import * as v from 'valibot';
import { moneyField } from './wallet.ts';

export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIOD_NAMES = ['day', 'week', 'month'] as const;
export const TIMEOUT_DURATIONS = ['24h', '7d', '30d', '6w'] as const;
export const EXCLUSION_DURATIONS = ['3m', '6m', '1y', '5y', 'permanent'] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
/** Session limits in minutes: at least a quarter of an hour, at most a day. */
const SESSION_LIMIT_MIN = 15;
const SESSION_LIMIT_MAX = 24 * 60;
export const ACTIVITY_WALLET_RULES = ['freeze', 'forfeit'] as const;
export type ActivityWalletRule = (typeof ACTIVITY_WALLET_RULES)[number];

const kind = v.picklist(MONEY_LIMIT_KINDS, 'protection.v.kind');
const period = v.picklist(LIMIT_PERIOD_NAMES, 'protection.v.period');

/** A money limit: a value sets it (lower at once, higher after the cooling-off), null removes it. */
export const setLimitBody = v.strictObject({ kind, period, value: v.nullable(moneyField) }, 'v.type.object');

export const sessionLimitBody = v.strictObject(
  {
    minutes: v.nullable(
      v.pipe(
        v.number('protection.v.minutes'),
        v.integer('protection.v.minutes'),
        v.minValue(SESSION_LIMIT_MIN, 'protection.v.minutes'),
        v.maxValue(SESSION_LIMIT_MAX, 'protection.v.minutes'),
      ),
    ),
  },
  'v.type.object',
);

export const realityCheckBody = v.strictObject(
  {
    minutes: v.nullable(v.picklist(REALITY_CHECK_MINUTES, 'protection.v.reality')),
  },
  'v.type.object',
);

export const confirmLimitBody = v.strictObject(
  {
    kind: v.picklist([...MONEY_LIMIT_KINDS, 'session'], 'protection.v.kind'),
    period: v.picklist([...LIMIT_PERIOD_NAMES, 'session'], 'protection.v.period'),
  },
  'v.type.object',
);

export const timeoutBody = v.strictObject({ duration: v.picklist(TIMEOUT_DURATIONS, 'protection.v.duration') }, 'v.type.object');

/** Self-exclusion asks the player to type their account name: a deliberate confirmation, not a stray click. */
export const selfExclusionBody = v.strictObject(
  {
    duration: v.picklist(EXCLUSION_DURATIONS, 'protection.v.duration'),
    confirm_account: v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(12, 'v.too_long'), v.nonEmpty('protection.v.confirm')),
  },
  'v.type.object',
);

// Answers of the protection calls.

const limitView = v.object({
  kind: v.picklist(MONEY_LIMIT_KINDS),
  period: v.picklist(LIMIT_PERIOD_NAMES),
  /** In force now, or null. */
  value: v.nullable(v.string()),
  used: v.string(),
  /** What is left in this period, or null without a limit. */
  remaining: v.nullable(v.string()),
  resets_at: v.string(),
  /** A pending increase (or removal, with pending_removal) and when it may be confirmed. */
  pending_value: v.nullable(v.string()),
  pending_removal: v.boolean(),
  pending_at: v.nullable(v.string()),
  confirmable: v.boolean(),
});

const EXCLUSION_KINDS = ['timeout', 'self_exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
/** The terms of a time-out or self-exclusion: what it is, for how long, why, and whether staff set it. */
const exclusionTerms = {
  kind: v.picklist(EXCLUSION_KINDS),
  duration: v.string(),
  starts_at: v.string(),
  ends_at: v.nullable(v.string()),
  reason: v.string(),
  by_staff: v.boolean(),
};
export const exclusionView = v.object({ id: v.number(), ...exclusionTerms });

export const protectionStatusView = v.object({
  now: v.string(),
  /** Under a time-out or self-exclusion: balance, withdrawal, records, messages and this page only. */
  restricted: v.boolean(),
  exclusion: v.nullable(exclusionView),
  limits: v.array(limitView),
  session_limit: v.object({
    minutes: v.nullable(v.number()),
    pending_minutes: v.nullable(v.number()),
    pending_removal: v.boolean(),
    pending_at: v.nullable(v.string()),
    confirmable: v.boolean(),
  }),
  reality_check_minutes: v.nullable(v.number()),
  session: v.object({ started_at: v.nullable(v.string()), net_result: v.string() }),
  activity_wallet_rule: v.picklist(ACTIVITY_WALLET_RULES),
});

/** What a change of a limit did: took effect, waits for its cooling-off, or changed nothing. */
export const limitOutcomeView = v.object({ outcome: v.picklist(['applied', 'pending', 'unchanged']) });
export const outcomeView = v.object({ outcome: v.string() });

/** A player's time-out or self-exclusion in the back office's list. */
export const exclusionRowView = v.object({
  id: v.number(),
  player_id: v.number(),
  account: v.string(),
  phone: v.nullable(v.string()),
  ...exclusionTerms,
});
/** One line of a player's protection change log: what changed, and who caused it (the system for automatic effects). */
const protectionEventView = v.object({
  id: v.number(),
  action: v.string(),
  detail: v.unknown(),
  staff_id: v.nullable(v.number()),
  staff_name: v.nullable(v.string()),
  actor: v.picklist(['staff', 'player', 'system']),
  created_at: v.string(),
});
export type ProtectionEventView = v.InferOutput<typeof protectionEventView>;

export const staffProtectionView = v.object({
  player: v.object({ id: v.number(), account: v.string() }),
  status: protectionStatusView,
  history: v.object({
    events: v.array(protectionEventView),
    exclusions: v.array(exclusionView),
  }),
});

export type LimitView = v.InferOutput<typeof limitView>;
export type StaffProtectionView = v.InferOutput<typeof staffProtectionView>;
export type ExclusionRowView = v.InferOutput<typeof exclusionRowView>;
export type ExclusionView = v.InferOutput<typeof exclusionView>;
export type ProtectionStatus = v.InferOutput<typeof protectionStatusView>;
