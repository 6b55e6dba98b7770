// Schemas of the player-protection calls (issue 15), shared by the routes, the service views and the islands.
import * as v from 'valibot';
import { moneyField } from './wallet.ts';

export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIOD_NAMES = ['day', 'week', 'month'] as const;
export const TIMEOUT_DURATIONS = ['24h', '7d', '30d', '6w'] as const;
export const EXCLUSION_DURATIONS = ['3m', '6m', '1y', '5y', 'permanent'] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
/** Session limits in minutes: at least a quarter of an hour, at most a day. */
export const SESSION_LIMIT_MIN = 15;
export const SESSION_LIMIT_MAX = 24 * 60;
export const ACTIVITY_WALLET_RULES = ['freeze', 'forfeit'] as const;
export type ActivityWalletRule = (typeof ACTIVITY_WALLET_RULES)[number];

const kind = v.picklist(MONEY_LIMIT_KINDS, 'protection.v.kind');
const period = v.picklist(LIMIT_PERIOD_NAMES, 'protection.v.period');

/** A money limit: a value sets it (lower at once, higher after the cooling-off), null removes it. */
export const setLimitBody = v.strictObject({ kind, period, value: v.nullable(moneyField) }, 'v.type.object');

export const sessionLimitBody = v.strictObject({
  minutes: v.nullable(v.pipe(v.number('protection.v.minutes'), v.integer('protection.v.minutes'),
    v.minValue(SESSION_LIMIT_MIN, 'protection.v.minutes'), v.maxValue(SESSION_LIMIT_MAX, 'protection.v.minutes'))),
}, 'v.type.object');

export const realityCheckBody = v.strictObject({
  minutes: v.nullable(v.picklist(REALITY_CHECK_MINUTES, 'protection.v.reality')),
}, 'v.type.object');

export const confirmLimitBody = v.strictObject({
  kind: v.picklist([...MONEY_LIMIT_KINDS, 'session'], 'protection.v.kind'),
  period: v.picklist([...LIMIT_PERIOD_NAMES, 'session'], 'protection.v.period'),
}, 'v.type.object');

export const timeoutBody = v.strictObject({ duration: v.picklist(TIMEOUT_DURATIONS, 'protection.v.duration') }, 'v.type.object');

/** Self-exclusion asks the player to type their account name: a deliberate confirmation, not a stray click. */
export const selfExclusionBody = v.strictObject({
  duration: v.picklist(EXCLUSION_DURATIONS, 'protection.v.duration'),
  confirm_account: v.pipe(v.string('v.type.string'), v.trim(), v.maxLength(12, 'v.too_long'), v.nonEmpty('protection.v.confirm')),
}, 'v.type.object');

export interface LimitView {
  kind: MoneyLimitKind;
  period: (typeof LIMIT_PERIOD_NAMES)[number];
  /** In force now, or null. */
  value: string | null;
  used: string;
  /** What is left in this period, or null without a limit. */
  remaining: string | null;
  resets_at: string;
  /** A pending increase (or removal, with pending_removal) and when it may be confirmed. */
  pending_value: string | null;
  pending_removal: boolean;
  pending_at: string | null;
  confirmable: boolean;
}

export interface ExclusionView {
  id: number;
  kind: 'timeout' | 'self_exclusion';
  duration: string;
  starts_at: string;
  ends_at: string | null;
  reason: string;
  by_staff: boolean;
}

export interface ProtectionStatus {
  now: string;
  /** Under a time-out or self-exclusion: balance, withdrawal, records, messages and this page only. */
  restricted: boolean;
  exclusion: ExclusionView | null;
  limits: LimitView[];
  session_limit: { minutes: number | null; pending_minutes: number | null; pending_removal: boolean; pending_at: string | null; confirmable: boolean };
  reality_check_minutes: number | null;
  session: { started_at: string | null; net_result: string };
  activity_wallet_rule: ActivityWalletRule;
}
