// VIP levels: evaluation after bets and deposits and nightly, upgrade, monthly and birthday
// rewards paid from the house's promotions (bonus) account, downgrades after a grace period, operator
// locks, and points earned from settled valid bet as their own ledger asset.
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import { LedgerError } from '../../ledger/ledger.ts';
import { postPointsJournal } from '../../ledger/points.ts';
import { lockedBalanceOf, pointsBalanceOf } from '../../ledger/read.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { LevelView, RewardView, VipInfoView } from '../../../shared/schemas/vip.ts';
import { bonusAccounts, payBonusInTx } from '../wallet/grants.ts';
import { DAY_MS, taipeiDate } from '../../../shared/time.ts';
import * as repo from './repository.ts';
import * as levelFacts from '../auth/level-facts.ts';
import * as pointsFacts from '../bets/points-facts.ts';
import { clearBonus } from '../protection/gate.ts';

/** Deposits and valid bet count over this many days to reach a level, and valid bet over it keeps one. */
export const PERIOD_DAYS = 30;
/** A level is never taken away sooner than this after it was reached. */
const GRACE_DAYS = 30;
/** Bets turned into points per run, and downgrade candidates read per page. */
const POINTS_BATCH = 500;
/** Batches per run, so one run stays bounded; what is left waits for the next batch or the nightly job. */
const POINTS_ROUNDS = 20;
const NIGHTLY_PAGE = 500;
/** One nightly run looks at no more than this many players for downgrades; the next run goes on. */
const NIGHTLY_MAX_PLAYERS = 200_000;
const REWARD_LIST_LIMIT = 50;

export const levelIcon = (id: number) => `/levels/level-${id}.svg`;

function bp(rate: number): string {
  return `${(rate / 100).toFixed(2)}%`;
}

type Tx = DbOrTx;

/**
 * The two postings of a points movement: `points` into the player's points account and out of the house's (a
 * negative count moves them back). The ledger's posting field is named for money; here it carries points.
 */
export function pointsMove(mine: number, house: number, points: bigint) {
  return [
    { accountId: mine, amountMinor: points },
    { accountId: house, amountMinor: -points },
  ];
}

interface EvaluationResult {
  playerId: number;
  from: number;
  to: number;
}

/**
 * The level rule: the highest level above `from` whose deposit and valid-bet thresholds the period's totals
 * both meet, passing several levels at once if need be; `from` itself when none is met. The evaluation and
 * the back office's level preview both ask this one rule.
 */
export function levelReached(table: readonly repo.LevelWithRules[], from: number, totals: { depositMinor: bigint; validBetMinor: bigint }): number {
  let target = from;
  for (const { level, rules } of table) {
    if (level.id > target && totals.depositMinor >= rules.depositReqMinor && totals.validBetMinor >= rules.validBetReqMinor) target = level.id;
  }
  return target;
}

export class VipService {
  private readonly db: Db;
  readonly accounts: AccountDirectory;
  private readonly publish: Publisher;

  constructor(deps: { db: Db; accounts: AccountDirectory; publish: Publisher }) {
    this.db = deps.db;
    this.accounts = deps.accounts;
    this.publish = deps.publish;
  }

  // ---- evaluation --------------------------------------------------------------------------------

  /**
   * Raises each player to the highest level whose deposit and valid-bet thresholds their last period
   * meets, passing several levels at once if need be, and offers each passed level's upgrade reward once.
   * Locked levels are left alone. Safe to run concurrently: the standing row is locked per player and the
   * rewards' unique index holds even so.
   */
  async evaluate(playerIds: Iterable<number>, now = new Date()): Promise<EvaluationResult[]> {
    const table = await repo.levelsWithRules(this.db);
    const since = new Date(now.getTime() - PERIOD_DAYS * DAY_MS);
    const changes: EvaluationResult[] = [];
    // Every player's standing stamped and their totals read in one statement; only a player whose level may rise is
    // then evaluated under the lock of their standing, which reads it all again. Most evaluations (a stream of settled
    // bets) change nothing, and took a transaction of seven round trips per player each.
    const seen = await repo.stampAndTotals(
      this.db,
      [...new Set(playerIds)].sort((a, b) => a - b),
      since,
      now,
    );
    const rising = seen.filter((p) => !p.locked && levelReached(table, p.levelId, p) > p.levelId).map((p) => p.playerId);
    for (const playerId of rising) {
      let change: EvaluationResult | undefined;
      await this.db.transaction(async (tx) => {
        const st = await repo.lockStanding(tx, playerId);
        if (!st) return;
        await repo.updateStatus(tx, playerId, { evaluatedAt: now });
        if (st.status.locked) return;
        const totals = await repo.totalsSince(tx, playerId, since);
        const target = levelReached(table, st.levelId, totals);
        if (target <= st.levelId) return;
        await levelFacts.setPlayerLevel(tx, playerId, target);
        await repo.updateStatus(tx, playerId, { reachedAt: now });
        await repo.insertHistory(tx, {
          playerId,
          fromLevel: st.levelId,
          toLevel: target,
          reason: 'upgrade',
          detail: { deposit: minorToDecimal(totals.depositMinor), valid_bet: minorToDecimal(totals.validBetMinor), period_days: PERIOD_DAYS },
        });
        for (const { level, rules } of table) {
          if (level.id <= st.levelId || level.id > target || rules.upgradeRewardMinor <= 0n) continue;
          await repo.offerReward(tx, {
            playerId,
            kind: 'upgrade',
            period: String(level.id),
            levelId: level.id,
            amountMinor: rules.upgradeRewardMinor,
            target: rules.rewardTarget,
            flowMultiple: rules.rewardFlowMultiple,
          });
        }
        change = { playerId, from: st.levelId, to: target };
      });
      if (change) {
        changes.push(change);
        this.publish.toPlayer(playerId, 'update-user');
      }
    }
    return changes;
  }

  /**
   * Takes one level away from players who missed their level's keep threshold over the last period, only
   * once the grace period since reaching the level has passed and never twice within one period. Locked
   * levels are left alone.
   */
  async evaluateDowngrades(now = new Date()): Promise<EvaluationResult[]> {
    await repo.openMissingStatus(this.db);
    const table = new Map((await repo.levelsWithRules(this.db)).map((r) => [r.level.id, r.rules]));
    const since = new Date(now.getTime() - PERIOD_DAYS * DAY_MS);
    const reachedBefore = new Date(now.getTime() - GRACE_DAYS * DAY_MS);
    const changes: EvaluationResult[] = [];
    let afterId = 0;
    for (let seen = 0; seen < NIGHTLY_MAX_PLAYERS;) {
      const page = await repo.downgradeCandidates(this.db, reachedBefore, since, afterId, NIGHTLY_PAGE);
      if (!page.length) break;
      seen += page.length;
      afterId = page[page.length - 1]!;
      for (const playerId of page) {
        let change: EvaluationResult | undefined;
        await this.db.transaction(async (tx) => {
          const st = await repo.lockStanding(tx, playerId);
          // Read again under the lock: an upgrade or an operator may have moved the player meanwhile.
          if (!st || st.status.locked || st.levelId <= 0 || st.status.reachedAt > reachedBefore) return;
          if (st.status.lastDowngradeAt && st.status.lastDowngradeAt > since) return;
          const keep = table.get(st.levelId)?.keepValidBetMinor ?? 0n;
          const totals = await repo.totalsSince(tx, playerId, since);
          if (totals.validBetMinor >= keep) return;
          const to = st.levelId - 1;
          await levelFacts.setPlayerLevel(tx, playerId, to);
          await repo.updateStatus(tx, playerId, { reachedAt: now, lastDowngradeAt: now });
          await repo.insertHistory(tx, {
            playerId,
            fromLevel: st.levelId,
            toLevel: to,
            reason: 'downgrade',
            detail: { valid_bet: minorToDecimal(totals.validBetMinor), keep_valid_bet: minorToDecimal(keep), period_days: PERIOD_DAYS },
          });
          change = { playerId, from: st.levelId, to };
        });
        if (change) {
          changes.push(change);
          this.publish.toPlayer(playerId, 'update-user');
        }
      }
    }
    return changes;
  }

  /** Offers this month's monthly rewards and today's birthday rewards (Taipei dates); reruns change nothing. */
  async offerPeriodicRewards(now = new Date()): Promise<{ monthly: number; birthday: number }> {
    const today = taipeiDate(now);
    const monthly = await repo.offerMonthly(this.db, today.slice(0, 7));
    const monthDay = today.slice(5);
    const year = Number(today.slice(0, 4));
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    // Players born on 29 February celebrate on the 28th in other years.
    const days = monthDay === '02-28' && !leap ? ['02-28', '02-29'] : [monthDay];
    const birthday = await repo.offerBirthday(this.db, today.slice(0, 4), days);
    return { monthly, birthday };
  }

  /** The nightly job: points still owed, periodic rewards, downgrades, and a full upgrade pass over recent players. */
  async nightly(now = new Date()) {
    const points = await this.awardPoints();
    const rewards = await this.offerPeriodicRewards(now);
    const downgrades = await this.evaluateDowngrades(now);
    return { points, rewards, downgrades: downgrades.length };
  }

  /** An operator sets a level (and the lock), with the reason in the history. */
  async setLevelManually(staffId: number, playerId: number, levelId: number, locked: boolean, reason: string, tx: Tx): Promise<{ from: number }> {
    const st = await repo.lockStanding(tx, playerId);
    if (!st) throw new ApiError('not_found');
    await repo.updateStatus(tx, playerId, { locked, ...(levelId !== st.levelId ? { reachedAt: new Date() } : {}) });
    if (levelId !== st.levelId) {
      await levelFacts.setPlayerLevel(tx, playerId, levelId);
      await repo.insertHistory(tx, { playerId, fromLevel: st.levelId, toLevel: levelId, reason: 'manual', detail: { reason, locked }, staffId });
    }
    return { from: st.levelId };
  }

  // ---- rewards -----------------------------------------------------------------------------------

  /**
   * Pays a claimable reward: into a new activity wallet with a bet-flow target, or into the central wallet,
   * from the house's promotions account. The journal's key names the kind, the player and the period.
   */
  async claimReward(playerId: number, rewardId: number, locale: Locale): Promise<RewardView> {
    const accounts = await bonusAccounts(this.accounts, playerId);
    let paid: repo.RewardRow | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const r = await repo.takeReward(tx, playerId, rewardId);
        if (!r) throw new ApiError('vip_reward_not_claimable');
        const name = translate(locale, `vip.reward.${r.kind}`, { level: r.levelId, period: r.period });
        const key = `vip:${r.kind}:${playerId}:${r.period}`;
        const request = { rewardId: r.id, amount: r.amountMinor.toString(), target: r.target };
        await payBonusInTx(tx, accounts, {
          playerId,
          cleared: await clearBonus(tx, playerId, 'promotion'),
          name,
          nameEn: translate('en', `vip.reward.${r.kind}`, { level: r.levelId, period: r.period }),
          target: r.target === 'central' ? 'central' : 'bonus',
          amountMinor: r.amountMinor,
          bonusBetMinor: r.amountMinor * BigInt(r.flowMultiple),
          idempotencyKey: key,
          request,
          kind: 'vip_reward',
          ref: String(r.id),
        });
        paid = r;
      });
    } catch (err) {
      if (err instanceof LedgerError) throw new ApiError(err.code === 'insufficient_funds' ? 'insufficient_funds' : 'idempotency_mismatch');
      throw err;
    }
    this.publish.toPlayer(playerId, 'update-user');
    return rewardView(paid!);
  }

  // ---- points ------------------------------------------------------------------------------------

  /**
   * Turns settled valid bet into points at the player's level rate for the bet's game group, and takes
   * them back when a bet is voided or corrected downwards. Each bet version is posted once (its key names
   * the bet and version). Points already spent cannot be taken below zero: the reversal takes what is left.
   */
  async awardPoints(limit = POINTS_BATCH, maxRounds = POINTS_ROUNDS): Promise<{ posted: number; players: number[] }> {
    let posted = 0;
    const players = new Set<number>();
    for (let round = 0; round < maxRounds; round++) {
      const r = await this.awardPointsBatch(limit);
      posted += r.posted;
      for (const p of r.players) players.add(p);
      if (r.seen < limit) break;
    }
    return { posted, players: [...players] };
  }

  private async awardPointsBatch(limit: number): Promise<{ posted: number; players: number[]; seen: number }> {
    const due = await pointsFacts.pointsDue(this.db, limit);
    if (!due.length) return { posted: 0, players: [], seen: 0 };
    const rates = new Map((await repo.levelsWithRules(this.db)).map((r) => [r.level.id, r.rules.pointsRates]));
    const levelOf = await levelFacts.levelIdsOf(this.db, [...new Set(due.map((b) => b.playerId))]);
    const touched = new Set<number>();
    let posted = 0;
    // Versions that earn no more and take nothing back (an open bet, a settled one at a rate of zero) post no journal:
    // they are marked together at the end, so a stream of bets does not cost a transaction each.
    const unchanged: Array<{ id: number; version: number; pointsNet: bigint }> = [];
    for (const bet of due) {
      const rate = rates.get(levelOf.get(bet.playerId) ?? 0)?.[bet.gameType] ?? 0;
      // Points per 100.00 of valid bet, rounded down: 10,000 minor units.
      const desired = bet.status === 'settled' && bet.validBetMinor > 0n ? (bet.validBetMinor * BigInt(rate)) / 10_000n : 0n;
      if (desired === bet.pointsNet) {
        unchanged.push({ id: bet.id, version: bet.version, pointsNet: bet.pointsNet });
        continue;
      }
      const [mine, house] = await Promise.all([this.accounts.pointsAccount(bet.playerId), this.accounts.housePointsAccount(bet.playerId)]);
      await this.db.transaction(async (tx) => {
        let delta = desired - bet.pointsNet;
        if (delta < 0n) {
          const balance = await lockedBalanceOf(tx, mine);
          if (balance + delta < 0n) delta = -balance;
        }
        if (delta !== 0n) {
          await postPointsJournal(tx, {
            kind: delta > 0n ? 'points_earn' : 'points_reverse',
            idempotencyKey: `points:bet:${bet.id}:v${bet.version}`,
            request: { bet: bet.id, version: bet.version, delta: delta.toString() },
            playerId: bet.playerId,
            ref: String(bet.id),
            postings: pointsMove(mine, house, delta),
          });
          touched.add(bet.playerId);
          posted++;
        }
        await pointsFacts.markPoints(tx, bet.id, bet.version, bet.pointsNet + delta);
      });
    }
    await pointsFacts.markPointsUnchanged(this.db, unchanged);
    return { posted, players: [...touched], seen: due.length };
  }

  /** After a batch of ingested bets: their points, then the players' levels. One call per batch. */
  async afterBets(playerIds: Iterable<number>): Promise<void> {
    await this.awardPoints();
    await this.evaluate(playerIds);
  }

  /** An operator adds or takes points, with a reason; never below zero. */
  async adjustPoints(
    tx: Tx,
    input: { playerId: number; points: bigint; reason: string; staffId: number; key: string; mine: number; house: number },
  ): Promise<void> {
    await postPointsJournal(tx, {
      kind: 'points_adjust',
      idempotencyKey: input.key,
      request: { playerId: input.playerId, points: input.points.toString(), reason: input.reason },
      playerId: input.playerId,
      memo: input.reason,
      staffId: input.staffId,
      postings: pointsMove(input.mine, input.house, input.points),
    });
  }

  // ---- reading -----------------------------------------------------------------------------------

  levelView(row: repo.LevelWithRules, locale: Locale): LevelView {
    const { level, rules } = row;
    return {
      id: level.id,
      name: byLocale(locale, level.nameFrontend, level.nameFrontendEn),
      icon: levelIcon(level.id),
      deposit_req: minorToDecimal(rules.depositReqMinor),
      valid_bet_req: minorToDecimal(rules.validBetReqMinor),
      keep_valid_bet: minorToDecimal(rules.keepValidBetMinor),
      upgrade_reward: minorToDecimal(rules.upgradeRewardMinor),
      monthly_reward: minorToDecimal(rules.monthlyRewardMinor),
      birthday_reward: minorToDecimal(rules.birthdayRewardMinor),
      reward_target: rules.rewardTarget === 'central' ? 'central' : 'bonus',
      reward_flow_multiple: rules.rewardFlowMultiple,
      withdraw_max_per_day: level.withdrawMaxPerDay,
      withdraw_free_per_day: level.withdrawFreePerDay,
      withdraw_fee: minorToDecimal(level.withdrawFeeMinor),
      rebate_rate: bp(rules.rebateRateBp),
      points_rates: rules.pointsRates,
    };
  }

  async info(playerId: number, locale: Locale, now = new Date()): Promise<VipInfoView> {
    const [table, st, points, rewards] = await Promise.all([
      repo.levelsWithRules(this.db),
      repo.standing(this.db, playerId),
      pointsBalanceOf(this.db, playerId),
      repo.rewardsOf(this.db, playerId, REWARD_LIST_LIMIT),
    ]);
    if (!st) throw new ApiError('unauthorized');
    const totals = await repo.totalsSince(this.db, playerId, new Date(now.getTime() - PERIOD_DAYS * DAY_MS));
    const current = table.find((r) => r.level.id === st.levelId);
    const next = table.find((r) => r.level.id > st.levelId && r.level.ifShowFrontend);
    const keep = current?.rules.keepValidBetMinor ?? 0n;
    const need = (req: bigint, have: bigint) => minorToDecimal(req > have ? req - have : 0n);
    return {
      level: {
        id: st.levelId,
        name: current ? byLocale(locale, current.level.nameFrontend, current.level.nameFrontendEn) : '',
        icon: levelIcon(st.levelId),
        locked: st.status?.locked ?? false,
        reached_at: st.status?.reachedAt.toISOString() ?? null,
      },
      period_days: PERIOD_DAYS,
      grace_days: GRACE_DAYS,
      totals: { deposit: minorToDecimal(totals.depositMinor), valid_bet: minorToDecimal(totals.validBetMinor) },
      next: next
        ? {
            id: next.level.id,
            name: byLocale(locale, next.level.nameFrontend, next.level.nameFrontendEn),
            deposit_needed: need(next.rules.depositReqMinor, totals.depositMinor),
            valid_bet_needed: need(next.rules.validBetReqMinor, totals.validBetMinor),
          }
        : null,
      keep: { valid_bet_required: minorToDecimal(keep), valid_bet: minorToDecimal(totals.validBetMinor), kept: totals.validBetMinor >= keep },
      points: Number(points),
      rewards: rewards.map(rewardView),
      levels: table.filter((r) => r.level.ifShowFrontend).map((r) => this.levelView(r, locale)),
    };
  }
}

export function rewardView(r: repo.RewardRow): RewardView {
  return {
    id: r.id,
    kind: r.kind,
    period: r.period,
    level_id: r.levelId,
    amount: minorToDecimal(r.amountMinor),
    target: r.target,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
}
