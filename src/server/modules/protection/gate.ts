// The one gate every path that puts money into play asks (DESIGN.md section 11): deposits, transfers to
// platforms (central, activity, automatic), game launch, promotion claims, red packets and marketing.
// It refuses with a named code and a message that says which limit or exclusion, and until when.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { BonusClearance, GateAction } from '../../lib/protection-gate.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { MoneyLimitKind } from '../../../shared/schemas/protection.ts';
import { liveSessionOf } from '../auth/player-api.ts';
import { settledLossIn, wageredIn } from '../bets/limits-usage.ts';
import { depositsIn } from '../cashier/limits-usage.ts';
import { moneyInPlay } from '../wallet/limits-usage.ts';
import { openSeamlessStakes } from '../seamless/limits-usage.ts';
import { periodRange, taipeiMinute, type LimitPeriod } from './periods.ts';
import * as repo from './repository.ts';

export type { GateAction, ProtectionGate } from '../../lib/protection-gate.ts';

/** Serializes the money-into-play commands of one player (advisory lock, released at commit or rollback). */
export async function lockPlayerGate(tx: DbOrTx, playerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('protection-gate'), ${playerId}::int)`);
}

const MONEY_ACTIONS: Record<GateAction, MoneyLimitKind[]> = {
  deposit: ['deposit'],
  transfer_in: ['loss', 'wager'],
  auto_transfer: ['loss', 'wager'],
  launch: ['loss', 'wager'],
  promotion: ['loss', 'wager'],
  red_packet: ['loss', 'wager'],
  marketing: [],
  seamless_debit: ['loss', 'wager'],
};
/** Actions that bring an amount into play: refused when the amount does not fit what is left. */
const AMOUNT_ACTIONS = new Set<GateAction>(['deposit', 'transfer_in', 'auto_transfer', 'seamless_debit']);

export interface LimitUsage {
  kind: MoneyLimitKind;
  period: LimitPeriod;
  valueMinor: bigint;
  usedMinor: bigint;
  remainingMinor: bigint;
  end: Date;
}

/** Used and left of every money limit in force, in its current Taipei period. */
export async function limitUsage(db: DbOrTx, playerId: number, now: Date, rows?: repo.LimitRow[], opts: { countInPlay?: boolean } = {}): Promise<LimitUsage[]> {
  const limits = rows ?? (await repo.limitsOf(db, playerId));
  const out: LimitUsage[] = [];
  let inPlay: bigint | undefined;
  for (const row of limits) {
    // Money limits only: a session or reality-check row holds minutes.
    if (row.value === null || !['deposit', 'loss', 'wager'].includes(row.kind)) continue;
    const valueMinor = row.value;
    const period = row.period as LimitPeriod;
    const { start, end } = periodRange(period, now);
    let used: bigint;
    if (row.kind === 'deposit') used = await depositsIn(db, playerId, start, end);
    else if (row.kind === 'wager') used = await wageredIn(db, playerId, start, end);
    else {
      // A loss limit counts settled results plus what is already on platform wallets or staked in open seamless
      // rounds: that money can be lost too.
      used = await settledLossIn(db, playerId, start, end);
      if (opts.countInPlay !== false) used += inPlay ??= (await moneyInPlay(db, playerId)) + (await openSeamlessStakes(db, playerId));
    }
    const remaining = valueMinor - used;
    out.push({ kind: row.kind as MoneyLimitKind, period, valueMinor, usedMinor: used, remainingMinor: remaining > 0n ? remaining : 0n, end });
  }
  return out;
}

const MINUTE_MS = 60_000;

/** The session limit in force, in minutes; null when there is none. */
export function sessionLimitMinutes(rows: repo.LimitRow[]): number | null {
  const value = rows.find((r) => r.kind === 'session')?.value;
  return value == null ? null : Number(value);
}

/** The refusal once the session limit is reached: the player must sign in again for a new session. */
export function sessionLimitError(): ApiError {
  return new ApiError(
    'protection_limit',
    undefined,
    { protection: { reason: 'session', kind: 'session', period: 'session', until: null, remaining: '0' } },
    { limit: 'protection.limit.session.session', remaining: '0', until: 'protection.until.next_session' },
  );
}

function exclusionError(ex: repo.ExclusionRow): ApiError {
  const kind = ex.kind === 'timeout' ? 'timeout' : 'self_exclusion';
  return new ApiError(
    'protection_excluded',
    undefined,
    { protection: { reason: kind, until: ex.endsAt?.toISOString() ?? null } },
    { kind: `protection.kind.${kind}`, until: ex.endsAt ? taipeiMinute(ex.endsAt) : 'protection.until.permanent' },
  );
}

/**
 * Refuses the action when a time-out, self-exclusion, session limit or money limit stands in its way.
 * Promotions, red packets and marketing messages call this (or mayReceiveOffers) before they give anything.
 */
export async function checkGate(db: DbOrTx, playerId: number, action: GateAction, amountMinor = 0n, now = new Date()): Promise<void> {
  if (!(await repo.hasGateRules(db, playerId, now))) return;
  const exclusions = await repo.activeExclusions(db, playerId, now);
  if (exclusions[0]) throw exclusionError(exclusions[0]);
  if (action === 'marketing') return;

  const rows = await repo.limitsOf(db, playerId);
  const sessionMinutes = sessionLimitMinutes(rows);
  if (sessionMinutes !== null && action !== 'deposit') {
    const live = await liveSessionOf(db, playerId);
    if (live && now.getTime() - live.createdAt.getTime() >= sessionMinutes * MINUTE_MS) throw sessionLimitError();
  }

  const kinds = MONEY_ACTIONS[action];
  const takesAmount = AMOUNT_ACTIONS.has(action);
  // Money already on a platform may be played; only new money into play counts it against a loss limit.
  const usage = await limitUsage(
    db,
    playerId,
    now,
    rows.filter((r) => kinds.includes(r.kind as MoneyLimitKind)),
    { countInPlay: takesAmount },
  );
  if (!usage.length) return;
  // When several limits apply, the one with the least left decides.
  const tightest = usage.reduce((a, b) => (b.remainingMinor < a.remainingMinor ? b : a));
  const refused = takesAmount ? amountMinor > tightest.remainingMinor : tightest.remainingMinor <= 0n;
  if (!refused) return;
  const remaining = minorToDecimal(tightest.remainingMinor);
  throw new ApiError(
    'protection_limit',
    undefined,
    { protection: { reason: 'limit', kind: tightest.kind, period: tightest.period, until: tightest.end.toISOString(), remaining } },
    { limit: `protection.limit.${tightest.kind}.${tightest.period}`, remaining, until: taipeiMinute(tightest.end) },
  );
}

/** For promotions, red packets and marketing messages that skip a player quietly instead of refusing a request. */
export async function mayReceiveOffers(db: DbOrTx, playerId: number, now = new Date()): Promise<boolean> {
  return (await repo.activeExclusions(db, playerId, now)).length === 0;
}

/**
 * Asks the gate before a bonus is paid (promotion grants, VIP rewards, points-mall bonuses, red packets) and answers
 * the clearance payBonusInTx requires. A time-out, self-exclusion, session limit or used-up loss or wager limit
 * refuses the payment, and the caller's transaction rolls back with everything it did towards it.
 */
export async function clearBonus(db: DbOrTx, playerId: number, action: 'promotion' | 'red_packet', now = new Date()): Promise<BonusClearance> {
  await checkGate(db, playerId, action, 0n, now);
  // The one place a clearance is made: the brand exists only in the type system.
  return { playerId } as BonusClearance;
}

/** Registration asks this: a phone under a self-exclusion cannot open a new account. */
export async function assertPhoneNotExcluded(db: DbOrTx, phone: string, now = new Date()): Promise<void> {
  if (await repo.phoneExcluded(db, phone, now)) throw new ApiError('protection_phone_excluded', { phone: ['error.protection_phone_excluded'] });
}
