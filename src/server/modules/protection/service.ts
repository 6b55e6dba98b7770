// Player protection: limits with a cooling-off for increases, session limit and reality check, time-outs and
// self-exclusions. Every change is written to the protection history; staff changes are also audited by the
// back-office routes. The clock is injected so tests can move time. What happens to the money under an
// exclusion is the wallet's: it hears player.excluded.
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { EventPublisher, PublishedEvent } from '../../lib/events.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { SystemService } from '../system/service.ts';
import { endOtherSessions, endSessions, liveSessionOf, lockPlayerRow, playerIdentity, sessionStartOf, type PlayerIdentity } from '../auth/player-api.ts';
import { netResultSince } from '../bets/limits-usage.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import {
  LIMIT_PERIOD_NAMES,
  MONEY_LIMIT_KINDS,
  type ActivityWalletRule,
  type ExclusionView,
  type LimitView,
  type MoneyLimitKind,
  type ProtectionStatus,
  type ExclusionKind,
  type ProtectionEventView,
} from '../../../shared/schemas/protection.ts';
import { assertPhoneNotExcluded, checkGate, limitUsage, lockPlayerGate, sessionLimitMinutes, type GateAction, type ProtectionGate } from './gate.ts';
import { addMonths, periodRange, type LimitPeriod } from './periods.ts';
import type { ProtectionEvents } from './events.ts';
import * as repo from './repository.ts';
import { staffNames } from '../staff/staff-facts.ts';
import { DAY_MS } from '../../../shared/time.ts';

/** A higher limit or a removal waits this long before the player may confirm it. */
const COOLING_OFF_MS = 24 * 60 * 60 * 1000;
const PERIOD_ORDER: LimitPeriod[] = ['day', 'week', 'month'];

const DURATIONS: Record<string, { kind: ExclusionKind; end: (from: Date) => Date | null }> = {
  '24h': { kind: 'timeout', end: (f) => new Date(f.getTime() + DAY_MS) },
  '7d': { kind: 'timeout', end: (f) => new Date(f.getTime() + 7 * DAY_MS) },
  '30d': { kind: 'timeout', end: (f) => new Date(f.getTime() + 30 * DAY_MS) },
  '6w': { kind: 'timeout', end: (f) => new Date(f.getTime() + 42 * DAY_MS) },
  '3m': { kind: 'self_exclusion', end: (f) => addMonths(f, 3) },
  '6m': { kind: 'self_exclusion', end: (f) => addMonths(f, 6) },
  '1y': { kind: 'self_exclusion', end: (f) => addMonths(f, 12) },
  '5y': { kind: 'self_exclusion', end: (f) => addMonths(f, 60) },
  permanent: { kind: 'self_exclusion', end: () => null },
};

/** Who changes a setting: the player (with their session) or a staff member (with a reason). */
export interface Actor {
  staffId?: number;
  reason?: string;
  sessionId?: number;
}

export class ProtectionService implements ProtectionGate {
  /** Now, as the rules see it; tests replace it to cross period boundaries and cooling-off times. */
  clock: () => Date = () => new Date();
  private readonly db: Db;
  private readonly publish: Publisher;
  private readonly system: SystemService;
  private readonly events: EventPublisher<ProtectionEvents> | undefined;

  constructor(deps: { db: Db; publish: Publisher; system: SystemService; events?: EventPublisher<ProtectionEvents> }) {
    this.db = deps.db;
    this.publish = deps.publish;
    this.system = deps.system;
    this.events = deps.events;
  }

  check(playerId: number, action: GateAction, amountMinor = 0n): Promise<void> {
    return checkGate(this.db, playerId, action, amountMinor, this.clock());
  }

  async checkLocked(tx: DbOrTx, playerId: number, action: GateAction, amountMinor = 0n): Promise<void> {
    await lockPlayerGate(tx, playerId);
    await checkGate(tx, playerId, action, amountMinor, this.clock());
  }

  /** Registration asks this: a phone under a self-exclusion cannot open a new account. */
  assertPhoneNotExcluded(phone: string): Promise<void> {
    return assertPhoneNotExcluded(this.db, phone);
  }

  /** The player's account and phone, or not_found: the routes check a player exists and a confirmation matches. */
  async player(playerId: number): Promise<PlayerIdentity> {
    const found = await playerIdentity(this.db, playerId);
    if (!found) throw new ApiError('not_found');
    return found;
  }

  /** Whether `typed` is the player's account name (in any case): self-exclusion asks for it as a deliberate confirmation. */
  async isOwnAccount(playerId: number, typed: string): Promise<boolean> {
    const found = await playerIdentity(this.db, playerId);
    return !!found && found.account.toLowerCase() === typed.toLowerCase();
  }

  /** Writes one line of the player's protection history (also for the wallet, about the money under an exclusion). */
  note(db: DbOrTx, playerId: number, action: string, detail: Record<string, unknown>): Promise<void> {
    return repo.insertEvent(db, { playerId, action, detail });
  }

  /** Whether a line of this action about this exclusion is in the history (a redelivered event writes it once). */
  noted(db: DbOrTx, playerId: number, action: string, exclusionId: number): Promise<boolean> {
    return repo.hasExclusionEvent(db, playerId, action, exclusionId);
  }

  /** The register of exclusions in force, searchable by account or phone prefix, newest first. */
  activeRegister(q: { search?: string; limit: number; offset: number }) {
    return repo.activeRegister(this.db, this.clock(), q);
  }

  async activityWalletRule(): Promise<ActivityWalletRule> {
    return (await this.system.setting('protection_activity_wallet_rule')) === 'forfeit' ? 'forfeit' : 'freeze';
  }

  // ---- reading -----------------------------------------------------------------------------------

  async status(playerId: number, sessionId?: number): Promise<ProtectionStatus> {
    const now = this.clock();
    const [rows, exclusions, rule] = await Promise.all([
      repo.limitsOf(this.db, playerId),
      repo.activeExclusions(this.db, playerId, now),
      this.activityWalletRule(),
    ]);
    const usage = await limitUsage(this.db, playerId, now, rows);
    const limits: LimitView[] = [];
    for (const kind of MONEY_LIMIT_KINDS) {
      for (const period of LIMIT_PERIOD_NAMES) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const u = usage.find((x) => x.kind === kind && x.period === period);
        if (!row || (row.value === null && !row.pendingAt)) continue;
        const { end } = periodRange(period, now);
        limits.push({
          kind,
          period,
          value: row.value === null ? null : minorToDecimal(row.value),
          used: minorToDecimal(u?.usedMinor ?? 0n),
          remaining: u ? minorToDecimal(u.remainingMinor) : null,
          resets_at: end.toISOString(),
          pending_value: row.pendingValue === null ? null : minorToDecimal(row.pendingValue),
          pending_removal: !!row.pendingAt && row.pendingValue === null,
          pending_at: row.pendingAt?.toISOString() ?? null,
          confirmable: !!row.pendingAt && row.pendingAt.getTime() <= now.getTime(),
        });
      }
    }
    const session = rows.find((r) => r.kind === 'session');
    const reality = rows.find((r) => r.kind === 'reality');
    const live = sessionId ? await sessionStartOf(this.db, sessionId) : await liveSessionOf(this.db, playerId);
    const net = live ? await netResultSince(this.db, playerId, live.createdAt) : 0n;
    return {
      now: now.toISOString(),
      restricted: exclusions.length > 0,
      exclusion: exclusions[0] ? exclusionView(exclusions[0]) : null,
      limits,
      session_limit: {
        minutes: session?.value == null ? null : Number(session.value),
        pending_minutes: session?.pendingValue == null ? null : Number(session.pendingValue),
        pending_removal: !!session?.pendingAt && session.pendingValue === null,
        pending_at: session?.pendingAt?.toISOString() ?? null,
        confirmable: !!session?.pendingAt && session.pendingAt.getTime() <= now.getTime(),
      },
      reality_check_minutes: reality?.value == null ? null : Number(reality.value),
      session: { started_at: live?.createdAt.toISOString() ?? null, net_result: minorToDecimal(net) },
      activity_wallet_rule: rule,
    };
  }

  /**
   * The change log of the back office's player page: each event with who caused it (a staff member by name, the
   * player, or the system for what happens by itself: a session limit reached, wallets brought home, a time-out or
   * exclusion running out), money limits' values as decimals, and the ends of exclusions that have passed.
   */
  async history(playerId: number) {
    const now = this.clock();
    const [events, exclusions] = await Promise.all([repo.eventsOf(this.db, playerId), repo.exclusionsOf(this.db, playerId)]);
    const names = await staffNames(this.db, [...new Set(events.flatMap((e) => (e.staffId === null ? [] : [e.staffId])))]);
    const logged: ProtectionEventView[] = events.map((e) => ({
      id: e.id,
      action: e.action,
      detail: eventDetail(e.detail),
      staff_id: e.staffId,
      staff_name: e.staffId === null ? null : (names.get(e.staffId) ?? null),
      actor: e.staffId !== null ? 'staff' : SYSTEM_EVENTS.has(e.action) ? 'system' : 'player',
      created_at: e.createdAt.toISOString(),
    }));
    const ended: ProtectionEventView[] = exclusions
      .filter((x) => x.endsAt && x.endsAt.getTime() <= now.getTime())
      .map((x) => ({
        // Negative ids keep these apart from the stored events' ids.
        id: -x.id,
        action: x.kind === 'timeout' ? 'timeout_ended' : 'self_exclusion_ended',
        detail: { duration: x.duration },
        staff_id: null,
        staff_name: null,
        actor: 'system',
        created_at: x.endsAt!.toISOString(),
      }));
    return {
      events: [...logged, ...ended].sort((a, b) => b.created_at.localeCompare(a.created_at)),
      exclusions: exclusions.map(exclusionView),
    };
  }

  /** A limit's value now (minor units, or minutes for the session limit); null when none is set. */
  async limitValue(playerId: number, kind: MoneyLimitKind | 'session', period: LimitPeriod | 'session'): Promise<bigint | null> {
    return (await repo.limitsOf(this.db, playerId)).find((r) => r.kind === kind && r.period === period)?.value ?? null;
  }

  // ---- limits ------------------------------------------------------------------------------------

  /**
   * Sets a limit or removes it (null): `value` in the kind's unit, minor units for money limits and minutes for the
   * session limit. A lower value applies at once; a higher one or a removal waits COOLING_OFF_MS and then needs the
   * player's confirmation. Staff may only lower.
   */
  async setLimit(
    playerId: number,
    kind: MoneyLimitKind | 'session',
    period: LimitPeriod | 'session',
    value: bigint | null,
    actor: Actor = {},
  ): Promise<'applied' | 'pending' | 'unchanged'> {
    const now = this.clock();
    let outcome: 'applied' | 'pending' | 'unchanged' = 'unchanged';
    await this.db.transaction(async (tx) => {
      await lockPlayerRow(tx, playerId);
      const rows = await repo.limitsOf(tx, playerId);
      const row = rows.find((r) => r.kind === kind && r.period === period);
      const current = row?.value ?? null;
      if (kind !== 'session' && value !== null) assertPeriodOrder(rows, kind, period as LimitPeriod, value);
      const lower = value !== null && (current === null || value < current);
      if (lower) {
        // A decrease also drops a pending increase: the player asked for less.
        await repo.upsertLimit(tx, { playerId, kind, period, value, pendingValue: null, pendingAt: null });
        await repo.insertEvent(tx, {
          playerId,
          action: 'limit_decreased',
          detail: { kind, period, from: str(current), to: str(value), reason: actor.reason ?? '' },
          staffId: actor.staffId,
        });
        outcome = 'applied';
        return;
      }
      if (value !== null && value === current) {
        if (row?.pendingAt) {
          await repo.upsertLimit(tx, { playerId, kind, period, value: current, pendingValue: null, pendingAt: null });
          await repo.insertEvent(tx, { playerId, action: 'limit_pending_cancelled', detail: { kind, period }, staffId: actor.staffId });
        }
        return;
      }
      if (current === null && value === null) return;
      // A raise or a removal: never by staff, and only after the cooling-off for the player.
      // Said as the rule, not as a missing permission: no staff role may do it, only the player.
      if (actor.staffId !== undefined)
        throw new ApiError('validation_failed', { value: [value === null ? 'bo.protection.remove_player_only' : 'bo.protection.raise_player_only'] });
      const pendingAt = new Date(now.getTime() + COOLING_OFF_MS);
      await repo.upsertLimit(tx, { playerId, kind, period, value: current, pendingValue: value, pendingAt });
      await repo.insertEvent(tx, {
        playerId,
        action: value === null ? 'limit_removal_requested' : 'limit_increase_requested',
        detail: { kind, period, from: str(current), to: str(value), confirmable_at: pendingAt.toISOString() },
      });
      outcome = 'pending';
    });
    return outcome;
  }

  /** The player confirms a pending increase or removal once its cooling-off has passed. */
  async confirmLimit(playerId: number, kind: MoneyLimitKind | 'session', period: LimitPeriod | 'session'): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await lockPlayerRow(tx, playerId);
      const rows = await repo.limitsOf(tx, playerId);
      const row = rows.find((r) => r.kind === kind && r.period === period);
      if (!row?.pendingAt) throw new ApiError('not_found');
      if (row.pendingAt.getTime() > now.getTime()) {
        throw new ApiError('protection_not_due', undefined, {}, { until: row.pendingAt.toISOString() });
      }
      if (kind !== 'session' && row.pendingValue !== null) assertPeriodOrder(rows, kind, period as LimitPeriod, row.pendingValue);
      await repo.upsertLimit(tx, { playerId, kind, period, value: row.pendingValue, pendingValue: null, pendingAt: null });
      await repo.insertEvent(tx, { playerId, action: 'limit_confirmed', detail: { kind, period, from: str(row.value), to: str(row.pendingValue) } });
    });
  }

  /** The reality-check interval is a reminder, not a limit: it changes at once either way. */
  async setRealityCheck(playerId: number, minutes: number | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.upsertLimit(tx, {
        playerId,
        kind: 'reality',
        period: 'session',
        value: minutes === null ? null : BigInt(minutes),
        pendingValue: null,
        pendingAt: null,
      });
      await repo.insertEvent(tx, { playerId, action: 'reality_check_set', detail: { minutes } });
    });
  }

  /** Ends the session when its limit is reached; answers whether it did. */
  async enforceSessionLimit(playerId: number, sessionId: number): Promise<boolean> {
    const minutes = sessionLimitMinutes(await repo.limitsOf(this.db, playerId));
    if (minutes === null) return false;
    const session = await sessionStartOf(this.db, sessionId);
    if (!session || this.clock().getTime() - session.createdAt.getTime() < minutes * 60_000) return false;
    await endSessions(this.db, [sessionId], 'kick');
    await repo.insertEvent(this.db, { playerId, action: 'session_limit_reached', detail: { minutes } });
    this.publish.toSessions([sessionId], 'kick', {});
    this.publish.disconnectSessions([sessionId]);
    return true;
  }

  // ---- time-outs and self-exclusions -------------------------------------------------------------

  /**
   * Starts a time-out or self-exclusion at once. Every other session is revoked with a kick, then player.excluded
   * brings every platform wallet home and applies the operator's rule to activity wallets (the wallet's part).
   * A new exclusion never shortens one in force: the longest end stays.
   */
  async exclude(playerId: number, duration: string, actor: Actor = {}): Promise<ExclusionView> {
    const spec = DURATIONS[duration];
    if (!spec) throw new ApiError('validation_failed', { duration: ['protection.v.duration'] });
    const now = this.clock();
    const basics = await this.player(playerId);
    let row: repo.ExclusionRow | undefined;
    let revoked: number[] = [];
    let announced: PublishedEvent | undefined;
    const activityWalletRule = await this.activityWalletRule();
    await this.db.transaction(async (tx) => {
      await lockPlayerRow(tx, playerId);
      row = await repo.insertExclusion(tx, {
        playerId,
        kind: spec.kind,
        duration,
        startsAt: now,
        endsAt: spec.end(now),
        phone: basics.phone,
        account: basics.account,
        reason: actor.reason ?? '',
        staffId: actor.staffId ?? null,
      });
      await repo.insertEvent(tx, {
        playerId,
        action: spec.kind === 'timeout' ? 'timeout_started' : 'self_exclusion_started',
        detail: { duration, ends_at: row.endsAt?.toISOString() ?? null, reason: actor.reason ?? '' },
        staffId: actor.staffId,
      });
      // Staff act without a session of the player's, so none is kept (0 matches no session).
      revoked = await endOtherSessions(tx, playerId, actor.sessionId ?? 0, 'kick');
      // With the exclusion: the money's recovery cannot be lost between this commit and the subscriber.
      announced = await this.events?.publish(tx, 'player.excluded', {
        playerId,
        exclusionId: row.id,
        kind: row.kind,
        endsAt: row.endsAt,
        activityWalletRule,
      });
    });
    const excluded = row!;
    // After commit: sockets of the revoked sessions are told and closed, then the money comes home.
    if (revoked.length) {
      this.publish.toSessions(revoked, 'kick', {});
      this.publish.disconnectSessions(revoked);
    }
    await this.events?.deliver(announced);
    this.publish.toPlayer(playerId, 'update-user');
    return exclusionView(excluded);
  }
}

/** Events that happen by themselves, with no staff member and not by the player's own hand. */
const SYSTEM_EVENTS = new Set(['session_limit_reached', 'activity_wallets_frozen', 'platform_wallets_recovered', 'activity_wallet_forfeited']);

/** Money limits' from/to are stored in minor units; the log shows decimals (the session limit stays in minutes). */
function eventDetail(detail: unknown): unknown {
  if (typeof detail !== 'object' || detail === null) return detail;
  const d: Record<string, unknown> = Object.fromEntries(Object.entries(detail));
  if (d.kind === 'session' || typeof d.kind !== 'string') return d;
  const money = (x: unknown) => (typeof x === 'string' && /^-?\d{1,20}$/.test(x) ? minorToDecimal(BigInt(x)) : x);
  return { ...d, ...('from' in d ? { from: money(d.from) } : {}), ...('to' in d ? { to: money(d.to) } : {}) };
}

function str(v: bigint | null): string | null {
  return v === null ? null : v.toString();
}

/** daily <= weekly <= monthly among the limits of one kind that are in force (money limits, in minor units). */
function assertPeriodOrder(rows: repo.LimitRow[], kind: string, period: LimitPeriod, valueMinor: bigint): void {
  const idx = PERIOD_ORDER.indexOf(period);
  for (const other of rows) {
    if (other.kind !== kind || other.value === null || other.period === period) continue;
    const j = PERIOD_ORDER.indexOf(other.period as LimitPeriod);
    if ((j < idx && other.value > valueMinor) || (j > idx && other.value < valueMinor)) {
      throw new ApiError('validation_failed', { value: ['protection.v.order'] });
    }
  }
}

function exclusionView(e: repo.ExclusionRow): ExclusionView {
  return {
    id: e.id,
    kind: e.kind,
    duration: e.duration,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt?.toISOString() ?? null,
    reason: e.reason,
    by_staff: e.staffId !== null,
  };
}
