// Player protection (issue 15): limits with a cooling-off for increases, session limit and reality check,
// time-outs and self-exclusions. Every change is written to the protection history; staff changes are
// also audited by the back-office routes. The clock is injected so tests can move time.
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { SystemService } from '../system/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { postJournal } from '../../ledger/ledger.ts';
import { balanceOf } from '../../ledger/accounts.ts';
import * as walletRepo from '../wallet/repository.ts';
import * as authRepo from '../auth/repository.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import {
  LIMIT_PERIOD_NAMES, MONEY_LIMIT_KINDS, type ActivityWalletRule, type ExclusionView, type LimitView, type MoneyLimitKind,
  type ProtectionStatus, type ExclusionKind,
} from '../../../shared/schemas/protection.ts';
import { checkGate, limitUsage, lockPlayerGate, type GateAction, type ProtectionGate } from './gate.ts';
import { addMonths, periodRange, type LimitPeriod } from './periods.ts';
import * as repo from './repository.ts';
import { BONUS_WALLET_STATUS } from '../../../shared/statuses.ts';

/** A higher limit or a removal waits this long before the player may confirm it. */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PERIOD_ORDER: LimitPeriod[] = ['day', 'week', 'month'];

export type { ExclusionKind };
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
export interface Actor { staffId?: number; reason?: string; sessionId?: number }

export class ProtectionService implements ProtectionGate {
  /** Now, as the rules see it; tests replace it to cross period boundaries and cooling-off times. */
  clock: () => Date = () => new Date();
  private readonly db: Db;
  private readonly wallet: WalletService;
  private readonly publish: Publisher;
  private readonly system: SystemService;

  constructor(deps: { db: Db; wallet: WalletService; publish: Publisher; system: SystemService }) {
    this.db = deps.db;
    this.wallet = deps.wallet;
    this.publish = deps.publish;
    this.system = deps.system;
  }

  check(playerId: number, action: GateAction, amountMinor = 0n): Promise<void> {
    return checkGate(this.db, playerId, action, amountMinor, this.clock());
  }

  async checkLocked(tx: DbOrTx, playerId: number, action: GateAction, amountMinor = 0n): Promise<void> {
    await lockPlayerGate(tx, playerId);
    await checkGate(tx, playerId, action, amountMinor, this.clock());
  }

  async activityWalletRule(): Promise<ActivityWalletRule> {
    return (await this.system.setting('protection_activity_wallet_rule')) === 'forfeit' ? 'forfeit' : 'freeze';
  }

  // ---- reading -----------------------------------------------------------------------------------

  async status(playerId: number, sessionId?: number): Promise<ProtectionStatus> {
    const now = this.clock();
    const [rows, exclusions, rule] = await Promise.all([repo.limitsOf(this.db, playerId), repo.activeExclusions(this.db, playerId, now), this.activityWalletRule()]);
    const usage = await limitUsage(this.db, playerId, now, rows);
    const limits: LimitView[] = [];
    for (const kind of MONEY_LIMIT_KINDS) {
      for (const period of LIMIT_PERIOD_NAMES) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        const u = usage.find((x) => x.kind === kind && x.period === period);
        if (!row || (row.valueMinor === null && !row.pendingAt)) continue;
        const { end } = periodRange(period, now);
        limits.push({
          kind, period,
          value: row.valueMinor === null ? null : minorToDecimal(row.valueMinor),
          used: minorToDecimal(u?.usedMinor ?? 0n),
          remaining: u ? minorToDecimal(u.remainingMinor) : null,
          resets_at: end.toISOString(),
          pending_value: row.pendingValueMinor === null ? null : minorToDecimal(row.pendingValueMinor),
          pending_removal: !!row.pendingAt && row.pendingValueMinor === null,
          pending_at: row.pendingAt?.toISOString() ?? null,
          confirmable: !!row.pendingAt && row.pendingAt.getTime() <= now.getTime(),
        });
      }
    }
    const session = rows.find((r) => r.kind === 'session');
    const reality = rows.find((r) => r.kind === 'reality');
    const live = sessionId ? await repo.sessionById(this.db, sessionId) : await repo.liveSession(this.db, playerId);
    const net = live ? await repo.netResultSince(this.db, playerId, live.createdAt) : 0n;
    return {
      now: now.toISOString(),
      restricted: exclusions.length > 0,
      exclusion: exclusions[0] ? exclusionView(exclusions[0]) : null,
      limits,
      session_limit: {
        minutes: session?.valueMinor == null ? null : Number(session.valueMinor),
        pending_minutes: session?.pendingValueMinor == null ? null : Number(session.pendingValueMinor),
        pending_removal: !!session?.pendingAt && session.pendingValueMinor === null,
        pending_at: session?.pendingAt?.toISOString() ?? null,
        confirmable: !!session?.pendingAt && session.pendingAt.getTime() <= now.getTime(),
      },
      reality_check_minutes: reality?.valueMinor == null ? null : Number(reality.valueMinor),
      session: { started_at: live?.createdAt.toISOString() ?? null, net_result: minorToDecimal(net) },
      activity_wallet_rule: rule,
    };
  }

  async history(playerId: number) {
    const [events, exclusions] = await Promise.all([repo.eventsOf(this.db, playerId), repo.exclusionsOf(this.db, playerId)]);
    return {
      events: events.map((e) => ({ id: e.id, action: e.action, detail: e.detail, staff_id: e.staffId, created_at: e.createdAt.toISOString() })),
      exclusions: exclusions.map(exclusionView),
    };
  }

  // ---- limits ------------------------------------------------------------------------------------

  /**
   * Sets a money limit (valueMinor) or removes it (null). A lower value applies at once; a higher one or a
   * removal waits COOLING_OFF_MS and then needs the player's confirmation. Staff may only lower.
   */
  async setLimit(playerId: number, kind: MoneyLimitKind | 'session', period: LimitPeriod | 'session', valueMinor: bigint | null, actor: Actor = {}): Promise<'applied' | 'pending' | 'unchanged'> {
    const now = this.clock();
    let outcome: 'applied' | 'pending' | 'unchanged' = 'unchanged';
    await this.db.transaction(async (tx) => {
      await repo.lockPlayer(tx, playerId);
      const rows = await repo.limitsOf(tx, playerId);
      const row = rows.find((r) => r.kind === kind && r.period === period);
      const current = row?.valueMinor ?? null;
      if (kind !== 'session' && valueMinor !== null) assertPeriodOrder(rows, kind, period as LimitPeriod, valueMinor);
      const lower = valueMinor !== null && (current === null || valueMinor < current);
      if (lower) {
        // A decrease also drops a pending increase: the player asked for less.
        await repo.upsertLimit(tx, { playerId, kind, period, valueMinor, pendingValueMinor: null, pendingAt: null });
        await repo.insertEvent(tx, { playerId, action: 'limit_decreased', detail: { kind, period, from: str(current), to: str(valueMinor), reason: actor.reason ?? '' }, staffId: actor.staffId });
        outcome = 'applied';
        return;
      }
      if (valueMinor !== null && valueMinor === current) {
        if (row?.pendingAt) {
          await repo.upsertLimit(tx, { playerId, kind, period, valueMinor: current, pendingValueMinor: null, pendingAt: null });
          await repo.insertEvent(tx, { playerId, action: 'limit_pending_cancelled', detail: { kind, period }, staffId: actor.staffId });
        }
        return;
      }
      if (current === null && valueMinor === null) return;
      // A raise or a removal: never by staff, and only after the cooling-off for the player.
      if (actor.staffId !== undefined) throw new ApiError('forbidden');
      const pendingAt = new Date(now.getTime() + COOLING_OFF_MS);
      await repo.upsertLimit(tx, { playerId, kind, period, valueMinor: current, pendingValueMinor: valueMinor, pendingAt });
      await repo.insertEvent(tx, { playerId, action: valueMinor === null ? 'limit_removal_requested' : 'limit_increase_requested', detail: { kind, period, from: str(current), to: str(valueMinor), confirmable_at: pendingAt.toISOString() } });
      outcome = 'pending';
    });
    return outcome;
  }

  /** The player confirms a pending increase or removal once its cooling-off has passed. */
  async confirmLimit(playerId: number, kind: MoneyLimitKind | 'session', period: LimitPeriod | 'session'): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await repo.lockPlayer(tx, playerId);
      const rows = await repo.limitsOf(tx, playerId);
      const row = rows.find((r) => r.kind === kind && r.period === period);
      if (!row?.pendingAt) throw new ApiError('not_found');
      if (row.pendingAt.getTime() > now.getTime()) {
        throw new ApiError('protection_not_due', undefined, {}, { until: row.pendingAt.toISOString() });
      }
      if (kind !== 'session' && row.pendingValueMinor !== null) assertPeriodOrder(rows, kind, period as LimitPeriod, row.pendingValueMinor);
      await repo.upsertLimit(tx, { playerId, kind, period, valueMinor: row.pendingValueMinor, pendingValueMinor: null, pendingAt: null });
      await repo.insertEvent(tx, { playerId, action: 'limit_confirmed', detail: { kind, period, from: str(row.valueMinor), to: str(row.pendingValueMinor) } });
    });
  }

  /** The reality-check interval is a reminder, not a limit: it changes at once either way. */
  async setRealityCheck(playerId: number, minutes: number | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.upsertLimit(tx, { playerId, kind: 'reality', period: 'session', valueMinor: minutes === null ? null : BigInt(minutes), pendingValueMinor: null, pendingAt: null });
      await repo.insertEvent(tx, { playerId, action: 'reality_check_set', detail: { minutes } });
    });
  }

  /** Ends the session when its limit is reached; answers whether it did. */
  async enforceSessionLimit(playerId: number, sessionId: number): Promise<boolean> {
    const rows = await repo.limitsOf(this.db, playerId);
    const limit = rows.find((r) => r.kind === 'session')?.valueMinor;
    if (limit == null) return false;
    const session = await repo.sessionById(this.db, sessionId);
    if (!session || this.clock().getTime() - session.createdAt.getTime() < Number(limit) * 60_000) return false;
    await authRepo.revokeSessions(this.db, [sessionId], 'kick');
    await repo.insertEvent(this.db, { playerId, action: 'session_limit_reached', detail: { minutes: Number(limit) } });
    this.publish.toSessions([sessionId], 'kick', {});
    this.publish.disconnectSessions([sessionId]);
    return true;
  }

  // ---- time-outs and self-exclusions -------------------------------------------------------------

  /**
   * Starts a time-out or self-exclusion at once. Every platform wallet is recovered to its wallet, every
   * other session is revoked with a kick, and activity wallets follow the operator's rule. A new exclusion
   * never shortens one in force: the longest end stays.
   */
  async exclude(playerId: number, duration: string, actor: Actor = {}): Promise<ExclusionView> {
    const spec = DURATIONS[duration];
    if (!spec) throw new ApiError('validation_failed', { duration: ['protection.v.duration'] });
    const now = this.clock();
    const basics = await repo.playerBasics(this.db, playerId);
    if (!basics) throw new ApiError('not_found');
    let row: repo.ExclusionRow | undefined;
    let revoked: number[] = [];
    await this.db.transaction(async (tx) => {
      await repo.lockPlayer(tx, playerId);
      row = await repo.insertExclusion(tx, {
        playerId, kind: spec.kind, duration, startsAt: now, endsAt: spec.end(now), phone: basics.phone, account: basics.account,
        reason: actor.reason ?? '', staffId: actor.staffId ?? null,
      });
      await repo.insertEvent(tx, { playerId, action: spec.kind === 'timeout' ? 'timeout_started' : 'self_exclusion_started', detail: { duration, ends_at: row.endsAt?.toISOString() ?? null, reason: actor.reason ?? '' }, staffId: actor.staffId });
      revoked = actor.sessionId !== undefined
        ? await authRepo.revokeOtherSessions(tx, playerId, actor.sessionId, 'kick')
        : await revokeAll(tx, playerId);
    });
    // After commit: sockets of the revoked sessions are told and closed, then the money comes home.
    if (revoked.length) {
      this.publish.toSessions(revoked, 'kick', {});
      this.publish.disconnectSessions(revoked);
    }
    const recovered = await this.wallet.recoverAll(playerId);
    await repo.insertEvent(this.db, { playerId, action: 'platform_wallets_recovered', detail: { transfers: recovered.map((r) => ({ id: r.id, status: r.status, amount: r.amount })) } });
    await this.applyActivityRule(playerId, row!.id);
    this.publish.toPlayer(playerId, 'update-user');
    return exclusionView(row!);
  }

  /** Activity wallets under an exclusion: kept frozen (the gate refuses every transfer into play) or forfeited by a journal. */
  private async applyActivityRule(playerId: number, exclusionId: number): Promise<void> {
    const rule = await this.activityWalletRule();
    const wallets = await walletRepo.bonusWalletsOf(this.db, playerId);
    if (!wallets.length) return;
    if (rule === 'freeze') {
      await repo.insertEvent(this.db, { playerId, action: 'activity_wallets_frozen', detail: { wallets: wallets.map((w) => w.id) } });
      return;
    }
    const house = await this.wallet.accounts.houseAccount('bonus', playerId);
    for (const w of wallets) {
      const acc = await this.wallet.accounts.playerAccount(playerId, 'bonus', String(w.id));
      await this.db.transaction(async (tx) => {
        const locked = await walletRepo.bonusWalletById(tx, w.id, true);
        if (!locked || locked.status !== BONUS_WALLET_STATUS.active) return;
        const money = await balanceOf(tx, acc);
        if (money > 0n) {
          await postJournal(tx, {
            kind: 'bonus_forfeit', idempotencyKey: `protection:forfeit:${exclusionId}:${w.id}`, request: { walletId: w.id, exclusionId }, playerId,
            ref: String(w.id), memo: 'forfeited under self-protection',
            postings: [{ accountId: acc, amountMinor: -money }, { accountId: house, amountMinor: money }],
          });
        }
        // Given up: the wallet's money is with the house and the wallet closes.
        await walletRepo.setBonusStatus(tx, w.id, 3);
        await repo.insertEvent(tx, { playerId, action: 'activity_wallet_forfeited', detail: { wallet: w.id, amount: minorToDecimal(money) } });
      });
    }
  }
}

async function revokeAll(tx: DbOrTx, playerId: number): Promise<number[]> {
  // No session is kept: staff act without one of the player's.
  return authRepo.revokeOtherSessions(tx, playerId, 0, 'kick');
}

function str(v: bigint | null): string | null {
  return v === null ? null : v.toString();
}

/** daily <= weekly <= monthly among the limits of one kind that are in force. */
function assertPeriodOrder(rows: repo.LimitRow[], kind: string, period: LimitPeriod, valueMinor: bigint): void {
  const idx = PERIOD_ORDER.indexOf(period);
  for (const other of rows) {
    if (other.kind !== kind || other.valueMinor === null || other.period === period) continue;
    const j = PERIOD_ORDER.indexOf(other.period as LimitPeriod);
    if ((j < idx && other.valueMinor > valueMinor) || (j > idx && other.valueMinor < valueMinor)) {
      throw new ApiError('validation_failed', { value: ['protection.v.order'] });
    }
  }
}

function exclusionView(e: repo.ExclusionRow): ExclusionView {
  return {
    id: e.id, kind: e.kind, duration: e.duration, starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt?.toISOString() ?? null, reason: e.reason, by_staff: e.staffId !== null,
  };
}
