// The rules and transactions behind the back office's promotion desk: promotions (every field, both languages,
// operator HTML sanitized on save), front categories, each mode entry's on/off, the application queue (approve or
// reject with a reason, in bounded batches), gifts to one player or a pasted list, a report per promotion, and the
// daily jobs run by hand for a closed day. Every action writes its audit row in the same transaction.
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import { translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import {
  PROMOTION_LIMITS,
  PROMOTION_MODE,
  type ApplicationAdmin,
  type CategoryAdmin,
  type CategoryInput,
  type GiftInput,
  type GiftResult,
  type ModeEntry,
  type PromotionAdmin,
  type PromotionInput,
  type PromotionJob,
  type PromotionReport,
  type ReviewInput,
  type ReviewResult,
} from '../../../shared/schemas/promotions.ts';
import { playersByAccounts } from '../auth/player-facts.ts';
import { changedFields, recordAudit, type AuditState } from '../staff/audit.ts';
import type { Operator } from '../staff/service.ts';
import { isPublicUpload } from '../uploads/public-upload-facts.ts';
import { bonusWalletTotals } from '../wallet/bonus-wallet-facts.ts';
import { applicationQueue } from './grant-details.ts';
import { bannerUrl, type GrantAudit, type PromotionsService } from './service.ts';
import * as repo from './repository.ts';

const ACCOUNT_RE = /^[A-Za-z0-9]{1,12}$/;

function money(text: string, field: string): bigint {
  const m = decimalToMinor(text);
  if (m === undefined) throw new ApiError('validation_failed', { [field]: ['v.money.invalid'] });
  return m;
}

/** '12.5' percent is 1250 basis points. */
function percentBp(text: string, field: string): number {
  const m = decimalToMinor(text);
  if (m === undefined || m > BigInt(PROMOTION_LIMITS.percentMaxBp)) throw new ApiError('validation_failed', { [field]: ['promo.v.percent'] });
  return Number(m);
}

function bpText(bp: number): string {
  return minorToDecimal(BigInt(bp));
}

function instant(text: string | null): Date | null {
  return text ? new Date(text) : null;
}

function promotionValues(input: PromotionInput): repo.PromotionValues {
  const window = (a: string | null, b: string | null, field: string) => {
    if (a && b && Date.parse(a) >= Date.parse(b)) throw new ApiError('validation_failed', { [field]: ['promo.v.window'] });
  };
  window(input.show_start, input.show_end, 'show_end');
  window(input.claim_start, input.claim_end, 'claim_end');
  return {
    mode: input.mode,
    frontId: input.front_id,
    title: input.title,
    titleEn: input.title_en,
    summary: input.summary,
    summaryEn: input.summary_en,
    content: sanitizeOperatorHtml(input.content),
    contentEn: sanitizeOperatorHtml(input.content_en),
    bannerId: input.banner_id,
    status: input.status,
    sort: input.sort,
    limitedTime: input.limited_time,
    showStart: instant(input.show_start),
    showEnd: instant(input.show_end),
    claimStart: instant(input.claim_start),
    claimEnd: instant(input.claim_end),
    levels: [...new Set(input.levels)],
    minRegisterDays: input.min_register_days,
    maxRegisterDays: input.max_register_days,
    depositWindowDays: input.deposit_window_days,
    minDepositCount: input.min_deposit_count,
    minDepositTotalMinor: money(input.min_deposit_total, 'min_deposit_total'),
    rewardKind: input.reward_kind,
    fixedAmountMinor: money(input.fixed_amount, 'fixed_amount'),
    percentBp: percentBp(input.percent, 'percent'),
    tiers: input.tiers.map((t, i) => ({
      thresholdMinor: money(t.threshold, `tiers.${i}.threshold`).toString(),
      amountMinor: money(t.amount, `tiers.${i}.amount`).toString(),
      percentBp: percentBp(t.percent, `tiers.${i}.percent`),
    })),
    minAmountMinor: money(input.min_amount, 'min_amount'),
    maxGrantMinor: money(input.max_grant, 'max_grant'),
    gameGroups: [...new Set(input.game_groups)],
    useVipRate: input.use_vip_rate,
    referrerAmountMinor: money(input.referrer_amount, 'referrer_amount'),
    friendAmountMinor: money(input.friend_amount, 'friend_amount'),
    friendMinDepositMinor: money(input.friend_min_deposit, 'friend_min_deposit'),
    friendMinValidBetMinor: money(input.friend_min_valid_bet, 'friend_min_valid_bet'),
    maxPerReferrer: input.max_per_referrer,
    budgetMinor: input.budget === null ? null : money(input.budget, 'budget'),
    limitPeriod: input.limit_period,
    limitCount: input.limit_count,
    flowMultiple: input.flow_multiple,
    flowBase: input.flow_base,
    isSports: input.is_sports,
    giveUpWalletAmountMinor: money(input.give_up_wallet_amount, 'give_up_wallet_amount'),
    claimMode: input.claim_mode,
    autoApproveMaxMinor: input.auto_approve_max === null ? null : money(input.auto_approve_max, 'auto_approve_max'),
    notCombinable: input.not_combinable,
    uniqueBy: [...new Set(input.unique_by)],
  };
}

function promotionAdminView(p: repo.PromotionRow): PromotionAdmin {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: p.id,
    mode: p.mode,
    front_id: p.frontId,
    title: p.title,
    title_en: p.titleEn,
    summary: p.summary,
    summary_en: p.summaryEn,
    content: p.content,
    content_en: p.contentEn,
    banner_id: p.bannerId,
    banner: bannerUrl(p.bannerId),
    status: p.status === 'on' ? 'on' : 'off',
    sort: p.sort,
    limited_time: p.limitedTime,
    show_start: iso(p.showStart),
    show_end: iso(p.showEnd),
    claim_start: iso(p.claimStart),
    claim_end: iso(p.claimEnd),
    levels: p.levels,
    min_register_days: p.minRegisterDays,
    max_register_days: p.maxRegisterDays,
    deposit_window_days: p.depositWindowDays,
    min_deposit_count: p.minDepositCount,
    min_deposit_total: minorToDecimal(p.minDepositTotalMinor),
    reward_kind: p.rewardKind as PromotionAdmin['reward_kind'],
    fixed_amount: minorToDecimal(p.fixedAmountMinor),
    percent: bpText(p.percentBp),
    tiers: p.tiers.map((t) => ({
      threshold: minorToDecimal(BigInt(t.thresholdMinor)),
      amount: minorToDecimal(BigInt(t.amountMinor)),
      percent: bpText(t.percentBp),
    })),
    min_amount: minorToDecimal(p.minAmountMinor),
    max_grant: minorToDecimal(p.maxGrantMinor),
    game_groups: p.gameGroups,
    use_vip_rate: p.useVipRate,
    referrer_amount: minorToDecimal(p.referrerAmountMinor),
    friend_amount: minorToDecimal(p.friendAmountMinor),
    friend_min_deposit: minorToDecimal(p.friendMinDepositMinor),
    friend_min_valid_bet: minorToDecimal(p.friendMinValidBetMinor),
    max_per_referrer: p.maxPerReferrer,
    budget: p.budgetMinor === null ? null : minorToDecimal(p.budgetMinor),
    spent: minorToDecimal(p.spentMinor),
    limit_period: p.limitPeriod as PromotionAdmin['limit_period'],
    limit_count: p.limitCount,
    flow_multiple: p.flowMultiple,
    flow_base: p.flowBase === 'bonus_deposit' ? 'bonus_deposit' : 'bonus',
    is_sports: p.isSports,
    give_up_wallet_amount: minorToDecimal(p.giveUpWalletAmountMinor),
    claim_mode: p.claimMode === 'apply' ? 'apply' : 'automatic',
    auto_approve_max: p.autoApproveMaxMinor === null ? null : minorToDecimal(p.autoApproveMaxMinor),
    not_combinable: p.notCombinable,
    unique_by: p.uniqueBy as PromotionAdmin['unique_by'],
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

function categoryView(c: repo.CategoryRow): CategoryAdmin {
  return { id: c.id, title: c.title, title_en: c.titleEn, sort: c.sort, status: c.status === 'on' ? 'on' : 'off' };
}

/** A pasted list of accounts: one per line or separated by commas or spaces, duplicates dropped. */
function parseAccounts(text: string): string[] {
  const list = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ];
  if (!list.length || list.length > PROMOTION_LIMITS.giftAccountsMax || list.some((a) => !ACCOUNT_RE.test(a))) {
    throw new ApiError('validation_failed', { accounts: ['promo.v.accounts'] });
  }
  return list;
}

/** A banner must be an operator's public upload (POST /api/backoffice/uploads/images), which anyone may be shown. */
async function assertPublicBanner(db: DbOrTx, id: number | null): Promise<void> {
  if (id === null) return;
  if (!(await isPublicUpload(db, id))) throw new ApiError('validation_failed', { banner_id: ['promo.v.banner'] });
}

/** The audit row of an operator action, written inside the caller's transaction. */
function audited(op: Operator, action: string, target: string, change: { before: AuditState; after: AuditState }, detail?: Record<string, unknown>) {
  return (tx: DbOrTx) => recordAudit(tx, { staffId: op.staffId, action, target, ...change, detail, ip: op.ip });
}

/** An operation that failed for a reason the operator should read, in the operator's language. */
function failure(err: unknown, locale: Locale): { code: string; message: string } {
  if (!(err instanceof ApiError)) throw err;
  return { code: err.code, message: translate(locale, `error.${err.code}`) };
}

export class PromotionsBackofficeService {
  private readonly db: Db;
  private readonly promotions: PromotionsService;

  constructor(deps: { db: Db; promotions: PromotionsService }) {
    ({ db: this.db, promotions: this.promotions } = deps);
  }

  // ---- promotions ----

  async list(q: Paging & { mode?: number; front?: number; status?: string; search?: string }): Promise<{ data: PromotionAdmin[]; total: number }> {
    const { rows, total } = await repo.adminPage(this.db, {
      mode: q.mode || undefined,
      front: q.front || undefined,
      status: q.status,
      search: q.search || undefined,
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    return { data: rows.map(promotionAdminView), total };
  }

  async get(id: number): Promise<PromotionAdmin> {
    const p = await repo.promotionById(this.db, id);
    if (!p) throw new ApiError('not_found');
    return promotionAdminView(p);
  }

  async create(op: Operator, input: PromotionInput): Promise<PromotionAdmin> {
    const values = promotionValues(input);
    const created = await this.db.transaction(async (tx) => {
      await assertPublicBanner(tx, values.bannerId ?? null);
      const row = await repo.insertPromotion(tx, values);
      await audited(op, 'promotion.create', `promotion:${row.id}`, { before: null, after: promotionAdminView(row) }, { title: row.title })(tx);
      return row;
    });
    return promotionAdminView(created);
  }

  async update(op: Operator, id: number, input: PromotionInput): Promise<PromotionAdmin> {
    const values = promotionValues(input);
    const updated = await this.db.transaction(async (tx) => {
      const before = await repo.promotionById(tx, id);
      if (!before) throw new ApiError('not_found');
      await assertPublicBanner(tx, values.bannerId ?? null);
      // A budget below what is already spent would break the promotion's own invariant.
      if (values.budgetMinor !== null && values.budgetMinor !== undefined && values.budgetMinor < before.spentMinor) {
        throw new ApiError('validation_failed', { budget: ['promo.v.budget_spent'] });
      }
      const row = (await repo.updatePromotion(tx, id, values))!;
      await audited(op, 'promotion.update', `promotion:${row.id}`, changedFields(promotionAdminView(before), promotionAdminView(row)), { title: row.title })(
        tx,
      );
      return row;
    });
    return promotionAdminView(updated);
  }

  async report(id: number): Promise<PromotionReport> {
    const p = await repo.promotionById(this.db, id);
    if (!p) throw new ApiError('not_found');
    const [r, w] = await Promise.all([repo.report(this.db, p.id), bonusWalletTotals(this.db, repo.walletsOfPromotion(p.id))]);
    const left = p.budgetMinor === null ? null : p.budgetMinor - p.spentMinor;
    return {
      promotion_id: p.id,
      grants: r.grants,
      players: r.players,
      applying: r.applying,
      rejected: r.rejected,
      cost: minorToDecimal(BigInt(r.cost)),
      budget: p.budgetMinor === null ? null : minorToDecimal(p.budgetMinor),
      budget_left: left === null ? null : minorToDecimal(left),
      flow_target: minorToDecimal(BigInt(w.flowTarget)),
      flow_done: minorToDecimal(BigInt(w.flowDone)),
      unlocks: w.unlocks,
      given_up: w.givenUp,
    };
  }

  // ---- categories and mode entries ----

  async categories(): Promise<CategoryAdmin[]> {
    return (await repo.categories(this.db, false)).map(categoryView);
  }

  async createCategory(op: Operator, b: CategoryInput): Promise<CategoryAdmin> {
    const row = await this.db.transaction(async (tx) => {
      const c = await repo.insertCategory(tx, { title: b.title, titleEn: b.title_en, sort: b.sort, status: b.status });
      await audited(op, 'promotion.category.create', `category:${c.id}`, { before: null, after: categoryView(c) }, { title: c.title })(tx);
      return c;
    });
    return categoryView(row);
  }

  async updateCategory(op: Operator, id: number, b: CategoryInput): Promise<CategoryAdmin> {
    const row = await this.db.transaction(async (tx) => {
      const before = (await repo.categories(tx, false)).find((x) => x.id === id);
      const c = await repo.updateCategory(tx, id, { title: b.title, titleEn: b.title_en, sort: b.sort, status: b.status });
      if (!c || !before) throw new ApiError('not_found');
      await audited(op, 'promotion.category.update', `category:${c.id}`, changedFields(categoryView(before), categoryView(c)), { title: c.title })(tx);
      return c;
    });
    return categoryView(row);
  }

  async modes(locale: Locale): Promise<ModeEntry[]> {
    return this.promotions.showType(undefined, locale);
  }

  async setMode(op: Operator, mode: number, status: string, locale: Locale): Promise<ModeEntry[]> {
    if (mode < 1) throw new ApiError('not_found');
    await this.db.transaction(async (tx) => {
      const was = (await repo.modeEntries(tx)).get(mode) ?? null;
      await repo.setModeEntry(tx, mode, status);
      await audited(op, 'promotion.mode', `mode:${mode}`, { before: { status: was }, after: { status } })(tx);
    });
    return this.modes(locale);
  }

  // ---- the application queue ----

  async applications(
    q: Paging & { promotion_id?: number; status?: string; mode?: number; account?: string },
    locale: Locale,
  ): Promise<{ data: ApplicationAdmin[]; total: number }> {
    const { rows, total } = await applicationQueue(this.db, {
      promotionId: q.promotion_id,
      status: q.status,
      mode: q.mode || undefined,
      account: q.account || undefined,
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    return {
      data: rows.map((r) => ({ ...this.promotions.applicationView(r, locale), player_id: r.grant.playerId, account: r.account, staff_id: r.grant.staffId })),
      total,
    };
  }

  /** A batch of at most PROMOTION_LIMITS.reviewBatchMax; each application in its own transaction with its audit row. */
  async review(op: Operator, b: ReviewInput, locale: Locale): Promise<ReviewResult> {
    if (b.action === 'reject' && !b.reason) throw new ApiError('validation_failed', { reason: ['promo.v.reason'] });
    const result: ReviewResult = { approved: 0, rejected: 0, failed: [] };
    for (const id of [...new Set(b.ids)]) {
      const log: GrantAudit = (tx, change) => audited(op, `promotion.application.${b.action}`, `application:${id}`, change, { reason: b.reason })(tx);
      try {
        if (b.action === 'approve') {
          await this.promotions.approve(id, op.staffId, log);
          result.approved++;
        } else {
          await this.promotions.reject(id, op.staffId, b.reason, log);
          result.rejected++;
        }
      } catch (err) {
        result.failed.push({ id, ...failure(err, locale) });
      }
    }
    return result;
  }

  // ---- gifts (mode 10) ----

  /** Pays the gift to each listed account once; `commandKey` derives from the command, so a resent gift pays nobody twice. */
  async gift(op: Operator, b: GiftInput, commandKey: (accounts: string[]) => string, locale: Locale): Promise<GiftResult> {
    const accounts = parseAccounts(b.accounts);
    const amountMinor = money(b.amount, 'amount');
    if (amountMinor <= 0n) throw new ApiError('validation_failed', { amount: ['v.money.positive'] });
    const p = await repo.promotionById(this.db, b.promotion_id);
    if (!p || p.mode !== PROMOTION_MODE.giftGiving) throw new ApiError('validation_failed', { promotion_id: ['promo.v.gift_promotion'] });
    const key = commandKey(accounts);
    const found = new Map((await playersByAccounts(this.db, accounts)).map((r) => [r.account.toLowerCase(), r.id]));
    const result: GiftResult = { granted: 0, failed: [] };
    for (const account of accounts) {
      const playerId = found.get(account.toLowerCase());
      if (!playerId) {
        result.failed.push({ account, code: 'not_found', message: translate(locale, 'error.not_found') });
        continue;
      }
      try {
        const out = await this.promotions.gift(p, playerId, amountMinor, key, op.staffId, b.reason, (tx, change) =>
          audited(op, 'promotion.gift', `player:${playerId}`, change, { promotion: p.id, title: p.title, account, reason: b.reason })(tx),
        );
        if (out.kind === 'paid') result.granted++;
        else result.failed.push({ account, code: 'promotion_applied', message: translate(locale, 'error.promotion_applied') });
      } catch (err) {
        result.failed.push({ account, ...failure(err, locale) });
      }
    }
    return result;
  }

  // ---- daily jobs by hand ----

  async runJob(op: Operator, job: PromotionJob, day: string): Promise<{ job: PromotionJob; day: string; granted: number; already_run: boolean }> {
    const r = await this.promotions.runDailyJob(job, day);
    await recordAudit(this.db, {
      staffId: op.staffId,
      action: 'promotion.job',
      target: `${job}:${day}`,
      before: { already_run: r.alreadyRun },
      after: { granted: r.granted },
      detail: { job, day },
      ip: op.ip,
    });
    return { job, day, granted: r.granted, already_run: r.alreadyRun };
  }
}
