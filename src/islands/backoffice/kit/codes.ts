// Names of the codes the back office shows (statuses, qualifying events, game groups, durations, points movements,
// wallets, protection events): every screen turns a code into words here, through the catalogue keys listed below,
// so no code reaches a zh-TW screen raw. The keys live in src/i18n/backoffice-codes-*.ts.
import { GAME_GROUPS } from '../../../shared/constants.ts';
import { POINTS_JOURNAL_KINDS } from '../../../shared/journal-kinds.ts';
import { APPLICATION_STATUSES } from '../../../shared/schemas/promotions.ts';
import { EXCLUSION_DURATIONS, TIMEOUT_DURATIONS } from '../../../shared/schemas/protection.ts';
import { ACTIVITY_WALLET_RULES } from '../../../shared/schemas/backoffice/system.ts';
import { fill } from '../../../shared/text.ts';
import {
  APPLICATION_STATUSES as PARTNER_APPLICATION_STATUSES,
  BINDING_SOURCES,
  FRAUD_SIGNAL_KINDS,
  PARTNER_STATUSES,
  PAYOUT_STATUSES,
  PERIOD_KINDS as PARTNER_PERIOD_KINDS,
  STATEMENT_STATUSES,
} from '../../../shared/schemas/partners/common.ts';
import { CHANNELS, CONTACT_KINDS } from '../../../shared/schemas/partners/site.ts';

/** Every duration staff may choose for a time-out or exclusion, shortest first. */
export const DURATIONS = [...TIMEOUT_DURATIONS, ...EXCLUSION_DURATIONS] as const;
/** The player account kinds a wallet list may show (the ledger's PlayerAccountKind, and points). */
export const WALLET_KINDS = ['central', 'bonus', 'platform', 'transit', 'withdraw_hold', 'points'] as const;
/** What the protection change log records (protection events, and the ends of exclusions it derives). */
export const PROTECTION_EVENTS = [
  'limit_decreased',
  'limit_pending_cancelled',
  'limit_increase_requested',
  'limit_removal_requested',
  'limit_confirmed',
  'reality_check_set',
  'session_limit_reached',
  'timeout_started',
  'self_exclusion_started',
  'timeout_ended',
  'self_exclusion_ended',
  'activity_wallets_frozen',
  'platform_wallets_recovered',
  'activity_wallet_forfeited',
] as const;
const PERIOD_KINDS = ['opt_in', 'register', 'deposit', 'deposit_day', 'tier', 'apply', 'friend', 'referred', 'gift', 'daily', 'daily_group', 'other'] as const;

const keys = <P extends string, C extends string>(prefix: P, codes: readonly C[]) => codes.map((c) => `${prefix}${c}` as `${P}${C}`);

export const APP_STATUS_KEYS = keys('bo.code.app_status.', APPLICATION_STATUSES);
export const PERIOD_KEYS = keys('bo.code.period.', PERIOD_KINDS);
export const GROUP_KEYS = keys('bo.code.group.', GAME_GROUPS);
export const DURATION_KEYS = keys('bo.code.duration.', DURATIONS);
export const POINTS_KIND_KEYS = keys('bo.code.points.', POINTS_JOURNAL_KINDS);
export const WALLET_KEYS = [...keys('bo.code.wallet.', WALLET_KINDS), 'bo.code.wallet.other'] as const;
export const ACTIVITY_RULE_KEYS = keys('bo.code.activity_rule.', ACTIVITY_WALLET_RULES);
export const PROTECTION_EVENT_KEYS = [
  ...keys('bo.code.pevent.', PROTECTION_EVENTS),
  'bo.code.pevent.other',
  'bo.code.actor.player',
  'bo.code.actor.system',
  'bo.code.pdetail.from_to',
  'bo.code.pdetail.value',
  'bo.code.pdetail.none',
  'bo.code.pdetail.reason',
  'bo.code.pdetail.duration',
  'bo.code.pdetail.until',
  'bo.code.pdetail.minutes',
  'bo.code.pdetail.amount',
  'bo.code.pdetail.wallets',
] as const;

type Words = Record<string, string>;
const has = <T extends string>(list: readonly T[], x: string): x is T => (list as readonly string[]).includes(x);

export function appStatusName(t: Words, status: string): string {
  return has(APPLICATION_STATUSES, status) ? (t[`bo.code.app_status.${status}`] ?? status) : status;
}

export function groupName(t: Words, group: string): string {
  return has(GAME_GROUPS, group) ? (t[`bo.code.group.${group}`] ?? group) : group;
}

export function durationName(t: Words, duration: string): string {
  return has(DURATIONS, duration) ? (t[`bo.code.duration.${duration}`] ?? duration) : duration;
}

export function pointsKindName(t: Words, kind: string): string {
  return has(POINTS_JOURNAL_KINDS, kind) ? (t[`bo.code.points.${kind}`] ?? kind) : kind;
}

/** A player's wallet: its kind in words, with the platform code or activity wallet number it belongs to. */
export function walletName(t: Words, kind: string, ref: string): string {
  const key = has(WALLET_KINDS, kind) ? `bo.code.wallet.${kind}` : 'bo.code.wallet.other';
  return fill(t[key] ?? kind, { ref });
}

/**
 * A promotion grant's qualifying event, from the key the engine stores ('deposit:DP1', 'day:2026-11-01', 'tier:2',
 * 'apply:2026-W44:1', 'friend:12', 'referred:3', 'gift:<digest>', a day, a day and game group, 'register', or '').
 */
export function periodName(t: Words, period: string): string {
  const say = (kind: (typeof PERIOD_KINDS)[number], vars: Record<string, string> = {}) => fill(t[`bo.code.period.${kind}`] ?? period, vars);
  if (period === '') return say('opt_in');
  if (period === 'register') return say('register');
  const [head = '', ...rest] = period.split(':');
  const tail = rest.join(':');
  if (head === 'deposit') return say('deposit', { ref: tail });
  if (head === 'day') return say('deposit_day', { date: tail });
  if (head === 'tier') return say('tier', { n: tail });
  if (head === 'friend') return say('friend', { id: tail });
  if (head === 'referred') return say('referred', { id: tail });
  if (head === 'gift') return say('gift');
  if (head === 'apply') {
    const n = rest.at(-1) ?? '';
    return say('apply', { period: rest.slice(0, -1).join(':'), n });
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(head)) return tail ? say('daily_group', { date: head, group: groupName(t, tail) }) : say('daily', { date: head });
  return say('other');
}

/** A protection event's name (an unknown one says "other change" rather than its code). */
export function protectionEventName(t: Words, action: string): string {
  return has(PROTECTION_EVENTS, action) ? (t[`bo.code.pevent.${action}`] ?? action) : (t['bo.code.pevent.other'] ?? action);
}

// The partners domain's codes: partner, application, statement and payout statuses, how a player was
// bound, fraud signals, settlement periods, and the applicants' channels and contact kinds.
export const PARTNER_CODE_LISTS = {
  partner_status: PARTNER_STATUSES,
  partner_app: PARTNER_APPLICATION_STATUSES,
  statement: STATEMENT_STATUSES,
  partner_payout: PAYOUT_STATUSES,
  binding: BINDING_SOURCES,
  fraud: FRAUD_SIGNAL_KINDS,
  period_kind: PARTNER_PERIOD_KINDS,
  channel: CHANNELS,
  contact: CONTACT_KINDS,
} as const;
type PartnerCodeKind = keyof typeof PARTNER_CODE_LISTS;
export const PARTNER_CODE_KEYS = (Object.keys(PARTNER_CODE_LISTS) as PartnerCodeKind[]).flatMap((kind) =>
  PARTNER_CODE_LISTS[kind].map((code) => `bo.code.${kind}.${code}` as const),
);

/** A partners-domain code in words; an unknown code (a newer server) is shown as it came rather than hidden. */
export function partnerCodeName(t: Words, kind: PartnerCodeKind, code: string): string {
  return has(PARTNER_CODE_LISTS[kind], code) ? (t[`bo.code.${kind}.${code}`] ?? code) : code;
}
