// The promotions engine (modes 1 to 10; mode 11 is the red-packet module). Every grant is one
// transaction: the grant row, the budget, the per-player limit and anti-abuse keys, and the ledger journal
// from the house promotions account into a new activity wallet (or the central wallet when the bet-flow
// multiple is 0). The journal's key names the promotion, the player and the qualifying event or period, and
// the grant row is unique on the same three, so a hook, a job or a click that runs twice pays once.
import { lockLinkedGroup } from '../risk/link-facts.ts';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AccountDirectory } from '../../ledger/accounts.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { DAY_MS, startOfTaipeiDate, startOfTaipeiDay, taipeiDate } from '../../../shared/time.ts';
import {
  APPLICATION_STATUS,
  DEPOSIT_MODES,
  MODE_MENU_ORDER,
  PROMOTION_MODE,
  type Application,
  type ApplicationStatus,
  type FrontType,
  type IneligibleReason,
  type LimitPeriod,
  type ModeEntry,
  type MyPromotions,
  type PlayerPromotionState,
  type PromotionCard,
  type PromotionDetail,
  type PromotionJob,
  type PromotionList,
  type UniqueKey,
} from '../../../shared/schemas/promotions.ts';
import { DEPOSIT_METHODS } from '../../../shared/schemas/cashier.ts';
import { checkGate, clearBonus, mayReceiveOffers } from '../protection/gate.ts';
import { bonusAccounts, payBonusInTx, type BonusAccounts } from '../wallet/grants.ts';
import { publicFileUrl } from '../uploads/service.ts';
import { playerFacts, type PlayerFacts } from '../auth/player-facts.ts';
import { depositById, depositTotals, paidDepositsBefore, paidDepositsCredited, usableCardNumber } from '../cashier/deposit-facts.ts';
import { netLossByPlayer, validBetByGroup, validBetTotal } from '../bets/valid-bet-facts.ts';
import { vipRebateBp } from '../vip/level-facts.ts';
import { anyActiveBonusWallet } from '../wallet/bonus-wallet-facts.ts';
import { grantDetail, myGrants, type GrantDetail } from './grant-details.ts';
import * as repo from './repository.ts';
import { BONUS_WALLET_STATUS } from '../../../shared/statuses.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';

/** Players (or player and game group rows) a daily job reads per page. */
const JOB_PAGE = 500;
/** One run of a daily job settles at most this many pages per promotion; the next run goes on. */
const JOB_MAX_PAGES = 400;
/** How far back the deposit sweep looks for credited deposits without an evaluation. */
const DEPOSIT_SWEEP_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Deposits the sweep evaluates per run at most; the next run (minutes later) goes on. */
const DEPOSIT_SWEEP_BATCH = 200;
/** A deposit credited this recently is left to its own hook. */
const DEPOSIT_SWEEP_GRACE_MS = 2 * 60 * 1000;
/** Evaluation records are kept this long past the window, then pruned. */
const DEPOSIT_CHECK_KEEP_MS = 24 * 60 * 60 * 1000;
/** How long before its credit a swept deposit may have been created (manual deposits wait for finance). */
const DEPOSIT_CREATED_SLACK_MS = 7 * 24 * 60 * 60 * 1000;
/** The journal key's prefix; with the period (at most 80 characters) it stays inside the key column. */
const KEY_PREFIX = 'promo';
const BP = 10_000n;

/** The period an opt-in application waits in until a qualifying deposit arrives. */
const OPT_IN_PERIOD = '';

export type Grant = repo.GrantRow;

/** What happened to one qualifying event. */
type AwardOutcome = { kind: 'paid'; grant: Grant } | { kind: 'applying'; grant: Grant } | { kind: 'duplicate' } | { kind: 'refused'; code: ErrorCode };

interface AwardEvent {
  period: string;
  amountMinor: bigint;
  /** The qualifying deposit (or other base) for a target of multiple x (bonus + deposit). */
  baseMinor: bigint;
  /** Turns the player's waiting opt-in application into this event's grant. */
  fromOptIn?: boolean;
  /** An operator's gift: paid at once, never queued for audit. */
  staffId?: number;
  reason?: string;
  detail?: Record<string, unknown>;
  /** Unique keys enforced whatever the promotion says (mode 5: address and phone). */
  forceUnique?: UniqueKey[];
  /** A second limit, e.g. mode 9's grants per referrer. */
  extraLimit?: { playerId: number; scope: string; max: number };
  /** Records a refusal as a failed grant instead of throwing (hooks and jobs, where nobody waits for an answer). */
  recordRefusal?: boolean;
  /** Written in the same transaction as the grant (the back office's audit row). */
  audit?: (tx: DbOrTx, grant: Grant) => Promise<void>;
}

function bp(text: number): string {
  return (text / 100).toFixed(2).replace(/\.?0+$/, '') || '0';
}

/** The key of a Taipei calendar period (day, ISO week starting Monday, month) or 'ever'. */
function limitPeriodKey(period: LimitPeriod | string, now: Date): string {
  const day = taipeiDate(now);
  if (period === 'day') return day;
  if (period === 'month') return day.slice(0, 7);
  if (period === 'week') {
    const d = new Date(`${day}T00:00:00Z`);
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);
    return `w${monday.toISOString().slice(0, 10)}`;
  }
  return 'ever';
}

/** The reward for a base amount: the highest tier reached, or the rule's fixed amount or percent; capped per grant. */
function rewardFor(p: Pick<repo.PromotionRow, 'tiers' | 'rewardKind' | 'fixedAmountMinor' | 'percentBp' | 'maxGrantMinor'>, baseMinor: bigint): bigint {
  let amount: bigint;
  if (p.tiers.length) {
    const reached = p.tiers
      .filter((t) => baseMinor >= BigInt(t.thresholdMinor))
      .sort((a, b) => (BigInt(a.thresholdMinor) < BigInt(b.thresholdMinor) ? -1 : 1))
      .at(-1);
    if (!reached) return 0n;
    amount = BigInt(reached.amountMinor) > 0n ? BigInt(reached.amountMinor) : (baseMinor * BigInt(reached.percentBp)) / BP;
  } else if (p.rewardKind === 'fixed') amount = p.fixedAmountMinor;
  else amount = (baseMinor * BigInt(p.percentBp)) / BP;
  if (p.maxGrantMinor > 0n && amount > p.maxGrantMinor) amount = p.maxGrantMinor;
  return amount > 0n ? amount : 0n;
}

const APPLY_MODES = new Set<number>([PROMOTION_MODE.general, ...DEPOSIT_MODES]);

export class PromotionsService {
  private readonly db: Db;
  private readonly accounts: AccountDirectory;
  private readonly publish: Publisher;
  /** The engine's clock; tests move it to reach a closed day or a passed claim window. */
  clock: () => Date = () => new Date();
  /** Errors of hooks and jobs are logged here rather than thrown at the cashier or the registration. */
  private readonly log: (err: unknown, what: string) => void;

  constructor(deps: { db: Db; accounts: AccountDirectory; publish: Publisher; log?: (err: unknown, what: string) => void }) {
    this.db = deps.db;
    this.log = deps.log ?? (() => undefined);
    this.accounts = deps.accounts;
    this.publish = deps.publish;
  }

  // ---- the hall ------------------------------------------------------------------------------------

  async showType(mode: number | undefined, locale: Locale): Promise<ModeEntry[]> {
    const entries = await repo.modeEntries(this.db);
    return MODE_MENU_ORDER.filter((m) => !mode || m === mode).map((m) => ({
      mode: m,
      name: translate(locale, `promo.mode.${m}`),
      status: entries.get(m) === 'off' ? ('off' as const) : ('on' as const),
    }));
  }

  async frontTypes(locale: Locale): Promise<FrontType[]> {
    return (await repo.categories(this.db, true)).map((c) => ({ id: c.id, title: byLocale(locale, c.title, c.titleEn) }));
  }

  async list(q: { mode?: number; front?: number; limited?: string; page: number; pageSize: number }, locale: Locale): Promise<PromotionList> {
    const entries = await repo.modeEntries(this.db);
    const hiddenModes = [...entries].filter(([, s]) => s === 'off').map(([m]) => m);
    const { rows, total } = await repo.hallPage(this.db, {
      mode: q.mode || undefined,
      front: q.front || undefined,
      limited: q.limited === '1',
      now: this.clock(),
      limit: q.pageSize,
      offset: offsetOf(q),
      hiddenModes,
    });
    return { data: rows.map((r) => this.card(r, locale)), total, page: q.page, pageSize: q.pageSize };
  }

  card(p: repo.PromotionRow, locale: Locale): PromotionCard {
    return {
      id: p.id,
      mode: p.mode,
      mode_name: translate(locale, `promo.mode.${p.mode}`),
      front_id: p.frontId,
      title: byLocale(locale, p.title, p.titleEn),
      summary: byLocale(locale, p.summary, p.summaryEn),
      banner: bannerUrl(p.bannerId),
      limited_time: p.limitedTime,
      show_start: iso(p.showStart),
      show_end: iso(p.showEnd),
      claim_start: iso(p.claimStart),
      claim_end: iso(p.claimEnd),
      claim_mode: p.claimMode === 'apply' ? 'apply' : 'automatic',
      ended: p.claimEnd !== null && p.claimEnd.getTime() < this.clock().getTime(),
    };
  }

  async detail(id: number, playerId: number | undefined, locale: Locale): Promise<PromotionDetail> {
    const p = await repo.promotionById(this.db, id);
    if (!p || p.status !== 'on') throw new ApiError('not_found');
    return {
      ...this.card(p, locale),
      content: byLocale(locale, p.content, p.contentEn),
      reward_kind: p.rewardKind as PromotionDetail['reward_kind'],
      fixed_amount: minorToDecimal(p.fixedAmountMinor),
      percent: bp(p.percentBp),
      tiers: p.tiers.map((t) => ({
        threshold: minorToDecimal(BigInt(t.thresholdMinor)),
        amount: minorToDecimal(BigInt(t.amountMinor)),
        percent: bp(t.percentBp),
      })),
      min_amount: minorToDecimal(p.minAmountMinor),
      max_grant: minorToDecimal(p.maxGrantMinor),
      flow_multiple: p.flowMultiple,
      flow_base: p.flowBase === 'bonus_deposit' ? 'bonus_deposit' : 'bonus',
      is_sports: p.isSports,
      limit_period: p.limitPeriod as LimitPeriod,
      limit_count: p.limitCount,
      player: playerId === undefined ? null : await this.playerState(p, playerId, locale),
    };
  }

  /** Why this player can or cannot apply now; the same checks apply() makes, read without changing anything. */
  private async playerState(p: repo.PromotionRow, playerId: number, locale: Locale): Promise<PlayerPromotionState> {
    const now = this.clock();
    const reasons: IneligibleReason[] = [...(await this.windowReasons(p, now))];
    const grants = await repo.grantsOf(this.db, p.id, playerId);
    const latest = grants[0];
    if (!APPLY_MODES.has(p.mode) || (p.mode !== PROMOTION_MODE.general && p.claimMode !== 'apply')) {
      reasons.push(p.mode === PROMOTION_MODE.giftGiving ? 'operator_only' : 'automatic');
    }
    if (grants.some((g) => g.status === APPLICATION_STATUS.applying)) reasons.push('applied');
    const facts = await playerFacts(this.db, playerId);
    if (facts) reasons.push(...(await this.eligibility(p, facts, now)));
    if (p.limitCount > 0 && (await repo.limitCount(this.db, p.id, playerId, 'player', limitPeriodKey(p.limitPeriod, now))) >= p.limitCount)
      reasons.push('limit_reached');
    if (p.notCombinable && (await anyActiveBonusWallet(this.db, repo.walletsOfOtherGrants(playerId, p.mode, 0)))) reasons.push('not_combinable');
    if (p.budgetMinor !== null && p.spentMinor >= p.budgetMinor) reasons.push('budget');
    if (!(await mayReceiveOffers(this.db, playerId, now))) reasons.push('protection');
    const unique = [...new Set(reasons)];
    return {
      can_apply: unique.length === 0,
      applied: grants.some((g) => g.status === APPLICATION_STATUS.applying || g.status === APPLICATION_STATUS.success),
      status: (latest?.status as ApplicationStatus | undefined) ?? null,
      reasons: unique,
      reason_texts: unique.map((r) => translate(locale, `promo.reason.${r}`)),
      reject_reason: latest?.status === APPLICATION_STATUS.fail ? reasonText(latest.reason, locale) : '',
    };
  }

  private async windowReasons(p: repo.PromotionRow, now: Date): Promise<IneligibleReason[]> {
    const out: IneligibleReason[] = [];
    if (p.claimEnd && p.claimEnd.getTime() < now.getTime()) out.push('ended');
    if (p.claimStart && p.claimStart.getTime() > now.getTime()) out.push('not_started');
    if ((await repo.modeEntries(this.db)).get(p.mode) === 'off') out.push('entry_off');
    return out;
  }

  /** Levels, registration age and the deposits asked for before taking part. */
  private async eligibility(p: repo.PromotionRow, f: PlayerFacts, now: Date): Promise<IneligibleReason[]> {
    const out: IneligibleReason[] = [];
    if (p.levels.length && !p.levels.includes(f.levelId)) out.push('level');
    const ageDays = Math.floor((now.getTime() - f.createdAt.getTime()) / DAY_MS);
    if ((p.minRegisterDays > 0 && ageDays < p.minRegisterDays) || (p.maxRegisterDays > 0 && ageDays > p.maxRegisterDays)) out.push('register_age');
    if (p.minDepositCount > 0 || p.minDepositTotalMinor > 0n) {
      const since = p.depositWindowDays > 0 ? new Date(now.getTime() - p.depositWindowDays * DAY_MS) : undefined;
      const t = await depositTotals(this.db, f.id, since);
      if (t.n < p.minDepositCount || t.totalMinor < p.minDepositTotalMinor) out.push('deposit_requirement');
    }
    return out;
  }

  // ---- the player's calls --------------------------------------------------------------------------

  /**
   * Mode 1: an application an operator reviews (approved at once at or below the automatic-approval ceiling).
   * Modes 2, 3, 4 and 8 with claim mode apply: an opt-in that the next qualifying deposit turns into a grant.
   */
  async apply(playerId: number, promotionId: number, locale: Locale): Promise<Application> {
    const p = await repo.promotionById(this.db, promotionId);
    if (!p || p.status !== 'on') throw new ApiError('promotion_unavailable');
    const now = this.clock();
    const window = await this.windowReasons(p, now);
    if (window.includes('ended')) throw new ApiError('promotion_ended');
    if (window.length) throw new ApiError('promotion_unavailable');
    if (!APPLY_MODES.has(p.mode) || (p.mode !== PROMOTION_MODE.general && p.claimMode !== 'apply')) throw new ApiError('promotion_unavailable');
    await checkGate(this.db, playerId, 'promotion', 0n, now);
    const facts = await playerFacts(this.db, playerId);
    if (!facts) throw new ApiError('unauthorized');
    if ((await this.eligibility(p, facts, now)).length) throw new ApiError('promotion_not_eligible');
    const mine = await repo.grantsOf(this.db, p.id, playerId, 100);
    if (mine.some((g) => g.status === APPLICATION_STATUS.applying)) throw new ApiError('promotion_applied');
    const periodKey = limitPeriodKey(p.limitPeriod, now);
    if (p.limitCount > 0 && (await repo.limitCount(this.db, p.id, playerId, 'player', periodKey)) >= p.limitCount) throw new ApiError('promotion_limit');
    if (p.notCombinable && (await anyActiveBonusWallet(this.db, repo.walletsOfOtherGrants(playerId, p.mode, 0))))
      throw new ApiError('promotion_not_combinable');
    if (p.budgetMinor !== null && p.spentMinor >= p.budgetMinor) throw new ApiError('promotion_budget');

    if (p.mode !== PROMOTION_MODE.general) {
      const row = await repo.insertGrant(this.db, {
        promotionId: p.id,
        playerId,
        mode: p.mode,
        period: OPT_IN_PERIOD,
        status: APPLICATION_STATUS.applying,
        amountMinor: 0n,
      });
      // The unique index lets one opt-in wait at a time; a second click finds the first.
      if (!row) throw new ApiError('promotion_applied');
      return this.applicationViewById(row.id, locale);
    }
    // Mode 1 has no qualifying amount: only a fixed reward (or a first tier at 0) gives anything.
    const amountMinor = rewardFor(p, 0n);
    if (amountMinor <= 0n) throw new ApiError('promotion_unavailable');
    const n = mine.filter((g) => g.period.startsWith(`apply:${periodKey}:`)).length + 1;
    const outcome = await this.award(p, playerId, { period: `apply:${periodKey}:${n}`, amountMinor, baseMinor: 0n });
    if (outcome.kind === 'duplicate') throw new ApiError('promotion_applied');
    if (outcome.kind === 'refused') throw new ApiError(outcome.code);
    return this.applicationViewById(outcome.grant.id, locale);
  }

  async mine(playerId: number, q: { status?: string; page: number; pageSize: number }, locale: Locale): Promise<MyPromotions> {
    const { rows, total } = await myGrants(this.db, playerId, { status: q.status, limit: q.pageSize, offset: offsetOf(q) });
    return { data: rows.map((r) => this.applicationView(r, locale)), total, page: q.page, pageSize: q.pageSize };
  }

  applicationView(r: Pick<GrantDetail, 'grant' | 'promotion' | 'wallet' | 'balance'>, locale: Locale): Application {
    const { grant: g, promotion: p, wallet: w } = r;
    return {
      id: g.id,
      promotion_id: g.promotionId,
      mode: g.mode,
      title: byLocale(locale, p.title, p.titleEn),
      status: g.status as ApplicationStatus,
      status_text: translate(locale, `promo.status.${g.status}`),
      amount: minorToDecimal(g.amountMinor),
      period: g.period,
      reason: reasonText(g.reason, locale),
      target: g.target === 'central' || g.target === 'bonus' ? g.target : null,
      wallet: w
        ? {
            id: w.id,
            money: minorToDecimal(r.balance ?? 0n),
            bonus_bet: minorToDecimal(w.bonusBetMinor),
            bonus_now_bet: minorToDecimal(w.bonusNowBetMinor),
            remaining_bet: minorToDecimal(w.bonusNowBetMinor >= w.bonusBetMinor ? 0n : w.bonusBetMinor - w.bonusNowBetMinor),
            is_unlock: w.status === BONUS_WALLET_STATUS.unlocked,
            status: w.status,
          }
        : null,
      created_at: g.createdAt.toISOString(),
      reviewed_at: iso(g.reviewedAt),
    };
  }

  async applicationViewById(id: number, locale: Locale): Promise<Application> {
    const r = await grantDetail(this.db, id);
    if (!r) throw new ApiError('not_found');
    return this.applicationView(r, locale);
  }

  // ---- paying --------------------------------------------------------------------------------------

  /**
   * One qualifying event: writes its grant row (once per promotion, player and period) and pays it at once,
   * or leaves it applying for an operator when the promotion asks for an audit above its ceiling.
   */
  async award(p: repo.PromotionRow, playerId: number, ev: AwardEvent): Promise<AwardOutcome> {
    if (ev.amountMinor <= 0n) return { kind: 'duplicate' };
    const acc = await bonusAccounts(this.accounts, playerId);
    let outcome: AwardOutcome = { kind: 'duplicate' };
    try {
      await this.db.transaction(async (tx) => {
        let row: Grant | undefined;
        const values = {
          promotionId: p.id,
          playerId,
          mode: p.mode,
          period: ev.period,
          status: APPLICATION_STATUS.applying,
          amountMinor: ev.amountMinor,
          baseMinor: ev.baseMinor,
          reason: ev.reason ?? '',
          staffId: ev.staffId ?? null,
          detail: ev.detail ?? {},
        };
        if (ev.fromOptIn) {
          const optIn = await repo.grantByEvent(tx, p.id, playerId, OPT_IN_PERIOD, true);
          if (!optIn || optIn.status !== APPLICATION_STATUS.applying) return;
          if (await repo.grantByEvent(tx, p.id, playerId, ev.period)) return;
          await repo.updateGrant(tx, optIn.id, { period: ev.period, amountMinor: ev.amountMinor, baseMinor: ev.baseMinor, detail: ev.detail ?? {} });
          row = { ...optIn, ...values };
        } else {
          row = await repo.insertGrant(tx, values);
          if (!row) return;
        }
        const audited = ev.staffId === undefined && p.claimMode === 'apply' && (p.autoApproveMaxMinor === null || ev.amountMinor > p.autoApproveMaxMinor);
        if (audited) {
          // Accepting an application asks the gate too, so an excluded player's application is never queued.
          await checkGate(tx, playerId, 'promotion', 0n, this.clock());
          await ev.audit?.(tx, row);
          outcome = { kind: 'applying', grant: row };
          return;
        }
        const paid = await this.payInTx(tx, acc, p, row, ev);
        await ev.audit?.(tx, paid);
        outcome = { kind: 'paid', grant: paid };
      });
    } catch (err) {
      if (!(err instanceof ApiError) || !ev.recordRefusal) throw err;
      await repo.insertGrant(this.db, {
        promotionId: p.id,
        playerId,
        mode: p.mode,
        period: ev.period,
        status: APPLICATION_STATUS.fail,
        amountMinor: ev.amountMinor,
        baseMinor: ev.baseMinor,
        reason: `error.${err.code}`,
        detail: ev.detail ?? {},
        reviewedAt: this.clock(),
      });
      return { kind: 'refused', code: err.code };
    }
    // Assigned inside the transaction's callback, which the compiler cannot follow.
    const done = outcome as AwardOutcome;
    if (done.kind === 'paid') this.publish.toPlayer(playerId, 'system-money-action');
    return done;
  }

  /**
   * Pays a grant row inside the caller's transaction: the gate, "not combinable", the per-player limit and
   * anti-abuse keys, the journal, then the budget. Any refusal throws and the caller's transaction rolls back.
   */
  private async payInTx(
    tx: DbOrTx,
    acc: BonusAccounts,
    p: repo.PromotionRow,
    row: Grant,
    ev: Pick<AwardEvent, 'forceUnique' | 'extraLimit' | 'staffId'>,
  ): Promise<Grant> {
    const now = this.clock();
    const playerId = row.playerId;
    const cleared = await clearBonus(tx, playerId, 'promotion', now);
    if (p.notCombinable && (await anyActiveBonusWallet(tx, repo.walletsOfOtherGrants(playerId, p.mode, row.id))))
      throw new ApiError('promotion_not_combinable');
    if (p.limitCount > 0 && !(await repo.takeLimit(tx, p.id, playerId, 'player', limitPeriodKey(p.limitPeriod, now), p.limitCount))) {
      throw new ApiError('promotion_limit');
    }
    if (ev.extraLimit && ev.extraLimit.max > 0 && !(await repo.takeLimit(tx, p.id, ev.extraLimit.playerId, ev.extraLimit.scope, 'ever', ev.extraLimit.max))) {
      throw new ApiError('promotion_limit');
    }
    const keys = new Set<string>([...p.uniqueBy, ...(ev.forceUnique ?? [])]);
    if (keys.size) {
      const f = await playerFacts(tx, playerId);
      for (const kind of keys) {
        if (kind === 'linked_group') {
          // The group's lock for this promotion is held until this grant commits: a linked account claiming at the
          // same moment waits here and then finds this grant.
          const linked = await lockLinkedGroup(tx, playerId, `promotion:${p.id}`);
          if (linked.length && (await repo.grantedToAny(tx, p.id, linked))) throw new ApiError('promotion_duplicate');
          continue;
        }
        const value = kind === 'address' ? f?.registerIp : kind === 'phone' ? f?.phone : await usableCardNumber(tx, playerId);
        if (!value) continue;
        if (!(await repo.claimUniqueKey(tx, p.id, kind, value, playerId))) throw new ApiError('promotion_duplicate');
      }
    }
    const target = p.flowMultiple === 0 ? 'central' : 'bonus';
    const flowBase = row.amountMinor + (p.flowBase === 'bonus_deposit' ? row.baseMinor : 0n);
    const bonusBetMinor = BigInt(p.flowMultiple) * flowBase;
    const paid = await payBonusInTx(tx, acc, {
      playerId,
      cleared,
      amountMinor: row.amountMinor,
      target,
      bonusBetMinor,
      name: p.title,
      nameEn: p.titleEn,
      kind: 'promotion_grant',
      idempotencyKey: `${KEY_PREFIX}:${p.id}:${playerId}:${row.period}`,
      request: { promotion: p.id, player: playerId, period: row.period, amount: row.amountMinor.toString(), bet: bonusBetMinor.toString() },
      isSports: p.isSports,
      giveUpWalletAmountMinor: p.giveUpWalletAmountMinor,
      staffId: ev.staffId ?? row.staffId ?? null,
      ref: `promotion:${row.id}`,
    });
    // The budget is taken last: its conditional update locks the promotion's row, which every claim of the
    // promotion needs, so it is held only from here to the commit. A budget that does not fit rolls all back.
    if (!(await repo.spendBudget(tx, p.id, row.amountMinor))) throw new ApiError('promotion_budget');
    const patch = {
      status: APPLICATION_STATUS.success,
      target,
      walletId: paid.walletId,
      journalId: paid.journalId,
      bonusBetMinor,
      reviewedAt: now,
      staffId: ev.staffId ?? row.staffId ?? null,
    };
    await repo.updateGrant(tx, row.id, patch);
    return { ...row, ...patch };
  }

  // ---- hooks ---------------------------------------------------------------------------------------

  /**
   * Modes 2, 3, 4 and 8 after the cashier credited a deposit (idempotent by the deposit's id), then mode 9.
   * The evaluation is recorded once it has run; the hook leaves no record when a promotion failed for a reason
   * other than a refusal, so the sweep tries that deposit once more.
   */
  async onDepositCredited(playerId: number, depositId: string, source: 'hook' | 'sweep' = 'hook'): Promise<void> {
    const d = await depositById(this.db, depositId);
    if (!d || d.status !== 'paid' || d.playerId !== playerId) return;
    const at = d.paidAt ?? this.clock();
    const facts = await playerFacts(this.db, playerId);
    if (!facts) return;
    let failed = false;
    // The hook runs as the deposit is credited; the sweep runs later, so the deposit's own time says which
    // claim windows it fell in.
    const windowAt = source === 'sweep' ? at : this.clock();
    for (const p of await repo.claimablePromotions(this.db, [...DEPOSIT_MODES], windowAt)) {
      // A promotion created after the deposit was not on offer when the player deposited.
      if (p.createdAt.getTime() > at.getTime()) continue;
      try {
        await this.depositPromotion(p, facts, d, at);
      } catch (err) {
        failed = true;
        this.log(err, `promotion ${p.id} after deposit ${d.id}`);
      }
    }
    try {
      await this.checkReferral(playerId);
    } catch (err) {
      failed = true;
      this.log(err, `referral check after deposit ${d.id}`);
    }
    if (!failed || source === 'sweep') await repo.markDepositChecked(this.db, d.id, playerId, source);
  }

  /**
   * The catch-up for deposits whose hook never ran (the process died between the credit's commit and the hook):
   * paid deposits of the last DEPOSIT_SWEEP_WINDOW_MS without an evaluation record, at most `limit` a run, each
   * evaluated as the hook would. A deposit credited in the last `graceMs` is left to its hook, which is likely
   * still running; were both to run, the grant rows' unique event keys would still pay once.
   */
  async sweepDeposits(opts: { windowMs?: number; graceMs?: number; limit?: number } = {}): Promise<{ checked: number }> {
    const now = this.clock().getTime();
    const windowMs = opts.windowMs ?? DEPOSIT_SWEEP_WINDOW_MS;
    const from = new Date(now - windowMs);
    await repo.pruneDepositChecks(this.db, new Date(now - windowMs - DEPOSIT_CHECK_KEEP_MS));
    const due = await paidDepositsCredited(this.db, {
      unless: repo.depositWasChecked,
      from,
      to: new Date(now - (opts.graceMs ?? DEPOSIT_SWEEP_GRACE_MS)),
      methods: DEPOSIT_METHODS,
      createdSlackMs: DEPOSIT_CREATED_SLACK_MS,
      limit: opts.limit ?? DEPOSIT_SWEEP_BATCH,
    });
    for (const d of due) {
      try {
        await this.onDepositCredited(d.playerId, d.id, 'sweep');
      } catch (err) {
        this.log(err, `deposit sweep for ${d.id}`);
      }
    }
    return { checked: due.length };
  }

  private async depositPromotion(p: repo.PromotionRow, f: PlayerFacts, d: { id: string; amountMinor: bigint }, at: Date): Promise<void> {
    if (d.amountMinor < p.minAmountMinor) return;
    if ((await this.eligibility(p, f, this.clock())).length) return;
    if (p.claimMode === 'apply') {
      // Only an opt-in made before the deposit turns into its grant: a sweep running late must not spend one
      // the player made afterwards for a later deposit.
      const optIn = await repo.grantByEvent(this.db, p.id, f.id, OPT_IN_PERIOD);
      if (!optIn || optIn.createdAt.getTime() > at.getTime()) return;
    }
    let period = `deposit:${d.id}`;
    let base = d.amountMinor;
    let amount: bigint;
    if (p.mode === PROMOTION_MODE.firstDeposit) {
      if ((await paidDepositsBefore(this.db, f.id, at, d.id)) > 0) return;
      amount = rewardFor(p, base);
    } else if (p.mode === PROMOTION_MODE.dailyFirstDeposit) {
      if ((await paidDepositsBefore(this.db, f.id, at, d.id, startOfTaipeiDay(at))) > 0) return;
      // One per Taipei day, whatever happens to the deposits.
      period = `day:${taipeiDate(at)}`;
      amount = rewardFor(p, base);
    } else if (p.mode === PROMOTION_MODE.accumulatedDeposit) {
      // Deposits over the claim window, by tier: each tier reached pays once, what it adds to the tiers already paid.
      base = (await depositTotals(this.db, f.id, p.claimStart ?? undefined, p.claimEnd ?? undefined)).totalMinor;
      const tiers = [...p.tiers].sort((a, b) => (BigInt(a.thresholdMinor) < BigInt(b.thresholdMinor) ? -1 : 1));
      const reached = tiers.filter((t) => base >= BigInt(t.thresholdMinor)).length;
      if (!reached) return;
      period = `tier:${reached}`;
      amount = rewardFor(p, base) - (await repo.sumPaid(this.db, p.id, f.id, 'tier:'));
    } else {
      amount = rewardFor(p, base);
    }
    if (amount <= 0n) return;
    await this.award(p, f.id, {
      period,
      amountMinor: amount,
      baseMinor: base,
      fromOptIn: p.claimMode === 'apply',
      recordRefusal: true,
      detail: { deposit: d.id },
    });
  }

  /** Mode 5 after a registration: one grant per registration address and per phone. */
  async onRegistered(playerId: number): Promise<void> {
    const facts = await playerFacts(this.db, playerId);
    if (!facts) return;
    for (const p of await repo.claimablePromotions(this.db, [PROMOTION_MODE.registerSend], this.clock())) {
      try {
        if ((await this.eligibility(p, facts, this.clock())).length) continue;
        await this.award(p, playerId, {
          period: 'register',
          amountMinor: rewardFor(p, 0n),
          baseMinor: 0n,
          forceUnique: ['address', 'phone'],
          recordRefusal: true,
        });
      } catch (err) {
        this.log(err, `register promotion ${p.id} for player ${playerId}`);
      }
    }
  }

  /** After bets settle: the friends among these players may now meet their referral thresholds. */
  async onBets(playerIds: number[]): Promise<void> {
    for (const id of playerIds) {
      try {
        await this.checkReferral(id);
      } catch (err) {
        this.log(err, `referral check for player ${id}`);
      }
    }
  }

  /**
   * Mode 9: once the referred friend's deposits and valid bet reach the promotion's thresholds, the referrer
   * (within the per-referrer cap) and the friend are paid once each; never when both registered from one address.
   */
  async checkReferral(friendId: number): Promise<void> {
    const friend = await playerFacts(this.db, friendId);
    if (!friend?.referrerId) return;
    const promos = await repo.claimablePromotions(this.db, [PROMOTION_MODE.recommendFriend], this.clock());
    if (!promos.length) return;
    const referrer = await playerFacts(this.db, friend.referrerId);
    if (!referrer) return;
    const [deposits, validBet] = await Promise.all([depositTotals(this.db, friendId), validBetTotal(this.db, friendId)]);
    for (const p of promos) {
      if (await repo.grantByEvent(this.db, p.id, referrer.id, `friend:${friendId}`)) continue;
      if (deposits.totalMinor < p.friendMinDepositMinor || validBet < p.friendMinValidBetMinor) continue;
      if (deposits.totalMinor === 0n && validBet === 0n) continue;
      const detail = { friend: friendId, referrer: referrer.id };
      if (friend.registerIp && friend.registerIp === referrer.registerIp) {
        // Recorded as refused so it is not looked at again and an operator can see why nothing was paid.
        await repo.insertGrant(this.db, {
          promotionId: p.id,
          playerId: referrer.id,
          mode: p.mode,
          period: `friend:${friendId}`,
          status: APPLICATION_STATUS.fail,
          amountMinor: p.referrerAmountMinor,
          reason: 'error.promotion_duplicate',
          detail,
          reviewedAt: this.clock(),
        });
        continue;
      }
      try {
        if (p.referrerAmountMinor > 0n) {
          await this.award(p, referrer.id, {
            period: `friend:${friendId}`,
            amountMinor: p.referrerAmountMinor,
            baseMinor: 0n,
            recordRefusal: true,
            detail,
            extraLimit: { playerId: referrer.id, scope: 'referrer', max: p.maxPerReferrer },
          });
        }
        if (p.friendAmountMinor > 0n) {
          await this.award(p, friendId, { period: `referred:${referrer.id}`, amountMinor: p.friendAmountMinor, baseMinor: 0n, recordRefusal: true, detail });
        }
      } catch (err) {
        this.log(err, `referral promotion ${p.id} for friend ${friendId}`);
      }
    }
  }

  // ---- daily jobs ----------------------------------------------------------------------------------

  /**
   * Catches up deposits whose hook was lost, then settles yesterday (Taipei) for modes 6 and 7; run by the job
   * runner every few minutes, safe to run any number of times.
   */
  async runDueJobs(): Promise<void> {
    try {
      await this.sweepDeposits();
    } catch (err) {
      this.log(err, 'deposit sweep');
    }
    const yesterday = taipeiDate(new Date(this.clock().getTime() - DAY_MS));
    await this.runDailyJob('valid_bet_rebate', yesterday);
    await this.runDailyJob('rescue_money', yesterday);
  }

  /**
   * Mode 6 (valid-bet rebate per game group) or mode 7 (rescue money on net loss, by tier) for one closed
   * Taipei day. Each promotion's run of the day is recorded; a finished run is not run again, and an unfinished
   * one resumes without paying twice (the grant rows are unique per player and day).
   */
  async runDailyJob(job: PromotionJob, day: string): Promise<{ granted: number; alreadyRun: boolean }> {
    const from = startOfTaipeiDate(day);
    const to = new Date(from.getTime() + DAY_MS);
    if (to.getTime() > this.clock().getTime()) throw new ApiError('validation_failed', { day: ['promo.v.closed_day'] });
    const mode = job === 'valid_bet_rebate' ? PROMOTION_MODE.validBet : PROMOTION_MODE.rescueMoney;
    let granted = 0;
    let alreadyRun = true;
    for (const p of await repo.claimablePromotions(this.db, [mode], new Date(to.getTime() - 1))) {
      if ((await repo.openJobRun(this.db, job, p.id, day)) === 'done') continue;
      alreadyRun = false;
      let n = 0;
      const facts = new Map<number, PlayerFacts | undefined>();
      const factsOf = async (id: number) => {
        if (!facts.has(id)) facts.set(id, await playerFacts(this.db, id));
        return facts.get(id);
      };
      let after = 0;
      for (let pages = 0; pages < JOB_MAX_PAGES; pages++) {
        const items: Array<{ playerId: number; period: string; base: bigint; amount: bigint }> = [];
        if (mode === PROMOTION_MODE.validBet) {
          let rows = await validBetByGroup(this.db, from, to, p.gameGroups, after, JOB_PAGE);
          if (!rows.length) break;
          // A full page may end in the middle of a player's groups: that player is read again on the next page.
          const full = rows.length === JOB_PAGE;
          if (full) rows = rows.filter((r) => r.playerId !== rows.at(-1)!.playerId);
          for (const r of rows) {
            const f = await factsOf(r.playerId);
            if (!f || r.totalMinor < p.minAmountMinor) continue;
            const rate = p.useVipRate ? await vipRebateBp(this.db, f.levelId) : p.percentBp;
            let amount = (r.totalMinor * BigInt(rate)) / BP;
            if (p.maxGrantMinor > 0n && amount > p.maxGrantMinor) amount = p.maxGrantMinor;
            items.push({ playerId: r.playerId, period: `${day}:${r.group}`, base: r.totalMinor, amount });
          }
          after = rows.at(-1)?.playerId ?? after;
          await this.payItems(p, items, facts, (c) => {
            n += c;
          });
          if (!full) break;
        } else {
          const rows = await netLossByPlayer(this.db, from, to, after, JOB_PAGE);
          if (!rows.length) break;
          for (const r of rows) {
            if (r.lossMinor <= 0n || r.lossMinor < p.minAmountMinor) continue;
            items.push({ playerId: r.playerId, period: day, base: r.lossMinor, amount: rewardFor(p, r.lossMinor) });
            await factsOf(r.playerId);
          }
          after = rows.at(-1)!.playerId;
          await this.payItems(p, items, facts, (c) => {
            n += c;
          });
          if (rows.length < JOB_PAGE) break;
        }
      }
      await repo.closeJobRun(this.db, job, p.id, day, n);
      granted += n;
    }
    return { granted, alreadyRun };
  }

  private async payItems(
    p: repo.PromotionRow,
    items: Array<{ playerId: number; period: string; base: bigint; amount: bigint }>,
    facts: Map<number, PlayerFacts | undefined>,
    counted: (n: number) => void,
  ): Promise<void> {
    for (const it of items) {
      const f = facts.get(it.playerId);
      if (!f || it.amount <= 0n) continue;
      if ((await this.eligibility(p, f, this.clock())).length) continue;
      try {
        const out = await this.award(p, it.playerId, { period: it.period, amountMinor: it.amount, baseMinor: it.base, recordRefusal: true });
        if (out.kind === 'paid' || out.kind === 'applying') counted(1);
      } catch (err) {
        this.log(err, `daily promotion ${p.id} for player ${it.playerId}`);
      }
    }
  }

  // ---- the operator's side -------------------------------------------------------------------------

  /** Approves one application in its own transaction (with the audit row); throws when it cannot be paid. */
  async approve(grantId: number, staffId: number, audit: GrantAudit): Promise<void> {
    const first = await repo.grantForUpdate(this.db, grantId);
    if (!first) throw new ApiError('not_found');
    const p = (await repo.promotionById(this.db, first.promotionId))!;
    const acc = await bonusAccounts(this.accounts, first.playerId);
    await this.db.transaction(async (tx) => {
      const row = await repo.grantForUpdate(tx, grantId);
      if (!row || row.status !== APPLICATION_STATUS.applying || row.period === OPT_IN_PERIOD || row.amountMinor <= 0n)
        throw new ApiError('promotion_not_reviewable');
      await this.payInTx(tx, acc, p, row, { staffId });
      await audit(tx, { before: grantAudit(row), after: grantAudit((await repo.grantForUpdate(tx, grantId))!) });
    });
    this.publish.toPlayer(first.playerId, 'system-money-action');
  }

  async reject(grantId: number, staffId: number, reason: string, audit: GrantAudit): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.grantForUpdate(tx, grantId);
      if (!row || row.status !== APPLICATION_STATUS.applying) throw new ApiError('promotion_not_reviewable');
      await repo.updateGrant(tx, grantId, { status: APPLICATION_STATUS.fail, reason, staffId, reviewedAt: this.clock() });
      await audit(tx, { before: grantAudit(row), after: grantAudit((await repo.grantForUpdate(tx, grantId))!) });
    });
  }

  /** Mode 10: an operator's gift to one player, paid at once under the promotion's budget, limits and gate. */
  async gift(
    p: repo.PromotionRow,
    playerId: number,
    amountMinor: bigint,
    key: string,
    staffId: number,
    reason: string,
    audit: GrantAudit,
  ): Promise<AwardOutcome> {
    // A client's Idempotency-Key may be 80 characters; its digest keeps the period (and the journal key) bounded.
    const digest = createHash('sha256').update(key).digest('base64url').slice(0, 32);
    return this.award(p, playerId, {
      period: `gift:${digest}`,
      amountMinor,
      baseMinor: 0n,
      staffId,
      reason,
      audit: (tx, grant) => audit(tx, { before: null, after: grantAudit(grant) }),
    });
  }
}

/** The back office's audit row of a review or gift, given the grant before and after (null: a new grant). */
export type GrantAudit = (tx: DbOrTx, change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) => Promise<void>;

/** What an audit row keeps of a grant: its status, amount (formatted later from the decimal) and player. */
function grantAudit(g: { status: string; amountMinor: bigint; playerId: number; reason?: string | null }): Record<string, unknown> {
  return { status: g.status, amount: minorToDecimal(g.amountMinor), player_id: g.playerId, ...(g.reason ? { reason: g.reason } : {}) };
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** Operator images are public content; the uploads module serves them. */
export function bannerUrl(id: number | null): string | null {
  return id ? publicFileUrl(id) : null;
}

/** Reasons are the operator's text, or a catalogue key for refusals the engine recorded. */
function reasonText(reason: string, locale: Locale): string {
  return reason.startsWith('error.') ? translate(locale, reason) : reason;
}
