// The back office's promotion desk (issue 12): promotions (every field, both languages, operator HTML
// sanitized on save), front categories, each mode entry's on/off, the application queue (approve or reject
// with a reason, in bounded batches), gifts to one player or a pasted list, a report per promotion, and the
// daily jobs run by hand for a closed day. Every action writes its audit row in the same transaction.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import { sanitizeOperatorHtml } from '../../lib/sanitize.ts';
import type { DbOrTx } from '../../db/client.ts';
import { translate } from '../../../i18n/index.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import { okBody } from '../../../shared/schemas/envelope.ts';
import {
  ApplicationAdminListView, CategoryAdminListView, CategoryAdminView, GiftResultView, JobRunView, ModeEntryAdminListView, PROMOTION_LIMITS,
  PromotionAdminListView, PromotionAdminView, PromotionReportView, ReviewResultView, applicationsQuery, boPromotionListQuery, categoryBody,
  giftBody, jobBody, jobParams, modeEntryBody, modeParams, promotionBody, reviewBody,
  type CategoryAdmin, type GiftResult, type PromotionAdmin, type PromotionInput, type ReviewResult,
} from '../../../shared/schemas/promotions.ts';
import { recordAudit } from '../staff/audit.ts';
import type { StaffAuth } from '../staff/service.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import { bannerUrl } from './service.ts';
import { uploadById } from '../uploads/repository.ts';
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

export function promotionValues(input: PromotionInput): repo.PromotionValues {
  const window = (a: string | null, b: string | null, field: string) => {
    if (a && b && Date.parse(a) >= Date.parse(b)) throw new ApiError('validation_failed', { [field]: ['promo.v.window'] });
  };
  window(input.show_start, input.show_end, 'show_end');
  window(input.claim_start, input.claim_end, 'claim_end');
  return {
    mode: input.mode, frontId: input.front_id, title: input.title, titleEn: input.title_en, summary: input.summary, summaryEn: input.summary_en,
    content: sanitizeOperatorHtml(input.content), contentEn: sanitizeOperatorHtml(input.content_en), bannerId: input.banner_id,
    status: input.status, sort: input.sort, limitedTime: input.limited_time,
    showStart: instant(input.show_start), showEnd: instant(input.show_end), claimStart: instant(input.claim_start), claimEnd: instant(input.claim_end),
    levels: [...new Set(input.levels)], minRegisterDays: input.min_register_days, maxRegisterDays: input.max_register_days,
    depositWindowDays: input.deposit_window_days, minDepositCount: input.min_deposit_count, minDepositTotalMinor: money(input.min_deposit_total, 'min_deposit_total'),
    rewardKind: input.reward_kind, fixedAmountMinor: money(input.fixed_amount, 'fixed_amount'), percentBp: percentBp(input.percent, 'percent'),
    tiers: input.tiers.map((t, i) => ({
      thresholdMinor: money(t.threshold, `tiers.${i}.threshold`).toString(), amountMinor: money(t.amount, `tiers.${i}.amount`).toString(),
      percentBp: percentBp(t.percent, `tiers.${i}.percent`),
    })),
    minAmountMinor: money(input.min_amount, 'min_amount'), maxGrantMinor: money(input.max_grant, 'max_grant'),
    gameGroups: [...new Set(input.game_groups)], useVipRate: input.use_vip_rate,
    referrerAmountMinor: money(input.referrer_amount, 'referrer_amount'), friendAmountMinor: money(input.friend_amount, 'friend_amount'),
    friendMinDepositMinor: money(input.friend_min_deposit, 'friend_min_deposit'), friendMinValidBetMinor: money(input.friend_min_valid_bet, 'friend_min_valid_bet'),
    maxPerReferrer: input.max_per_referrer,
    budgetMinor: input.budget === null ? null : money(input.budget, 'budget'), limitPeriod: input.limit_period, limitCount: input.limit_count,
    flowMultiple: input.flow_multiple, flowBase: input.flow_base, isSports: input.is_sports, giveUpWalletAmountMinor: money(input.give_up_wallet_amount, 'give_up_wallet_amount'),
    claimMode: input.claim_mode, autoApproveMaxMinor: input.auto_approve_max === null ? null : money(input.auto_approve_max, 'auto_approve_max'),
    notCombinable: input.not_combinable, uniqueBy: [...new Set(input.unique_by)],
  };
}

export function promotionAdminView(p: repo.PromotionRow): PromotionAdmin {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: p.id, mode: p.mode, front_id: p.frontId, title: p.title, title_en: p.titleEn, summary: p.summary, summary_en: p.summaryEn,
    content: p.content, content_en: p.contentEn, banner_id: p.bannerId, banner: bannerUrl(p.bannerId),
    status: p.status === 'on' ? 'on' : 'off', sort: p.sort, limited_time: p.limitedTime,
    show_start: iso(p.showStart), show_end: iso(p.showEnd), claim_start: iso(p.claimStart), claim_end: iso(p.claimEnd),
    levels: p.levels, min_register_days: p.minRegisterDays, max_register_days: p.maxRegisterDays,
    deposit_window_days: p.depositWindowDays, min_deposit_count: p.minDepositCount, min_deposit_total: minorToDecimal(p.minDepositTotalMinor),
    reward_kind: p.rewardKind as PromotionAdmin['reward_kind'], fixed_amount: minorToDecimal(p.fixedAmountMinor), percent: bpText(p.percentBp),
    tiers: p.tiers.map((t) => ({ threshold: minorToDecimal(BigInt(t.thresholdMinor)), amount: minorToDecimal(BigInt(t.amountMinor)), percent: bpText(t.percentBp) })),
    min_amount: minorToDecimal(p.minAmountMinor), max_grant: minorToDecimal(p.maxGrantMinor), game_groups: p.gameGroups, use_vip_rate: p.useVipRate,
    referrer_amount: minorToDecimal(p.referrerAmountMinor), friend_amount: minorToDecimal(p.friendAmountMinor),
    friend_min_deposit: minorToDecimal(p.friendMinDepositMinor), friend_min_valid_bet: minorToDecimal(p.friendMinValidBetMinor), max_per_referrer: p.maxPerReferrer,
    budget: p.budgetMinor === null ? null : minorToDecimal(p.budgetMinor), spent: minorToDecimal(p.spentMinor),
    limit_period: p.limitPeriod as PromotionAdmin['limit_period'], limit_count: p.limitCount, flow_multiple: p.flowMultiple,
    flow_base: p.flowBase === 'bonus_deposit' ? 'bonus_deposit' : 'bonus', is_sports: p.isSports, give_up_wallet_amount: minorToDecimal(p.giveUpWalletAmountMinor),
    claim_mode: p.claimMode === 'apply' ? 'apply' : 'automatic', auto_approve_max: p.autoApproveMaxMinor === null ? null : minorToDecimal(p.autoApproveMaxMinor),
    not_combinable: p.notCombinable, unique_by: p.uniqueBy as PromotionAdmin['unique_by'],
    created_at: p.createdAt.toISOString(), updated_at: p.updatedAt.toISOString(),
  };
}

function categoryView(c: repo.CategoryRow): CategoryAdmin {
  return { id: c.id, title: c.title, title_en: c.titleEn, sort: c.sort, status: c.status === 'on' ? 'on' : 'off' };
}

/** A pasted list of accounts: one per line or separated by commas or spaces, duplicates dropped. */
export function parseAccounts(text: string): string[] {
  const list = [...new Set(text.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean))];
  if (!list.length || list.length > PROMOTION_LIMITS.giftAccountsMax || list.some((a) => !ACCOUNT_RE.test(a))) {
    throw new ApiError('validation_failed', { accounts: ['promo.v.accounts'] });
  }
  return list;
}

/** A banner must be an operator's public upload (POST /api/backoffice/uploads/images), which anyone may be shown. */
async function assertPublicBanner(db: DbOrTx, id: number | null): Promise<void> {
  if (id === null) return;
  const row = await uploadById(db, id);
  if (!row || !row.isPublic) throw new ApiError('validation_failed', { banner_id: ['promo.v.banner'] });
}

export const backofficePromotionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, promotions } = app.services;
  const staffId = (request: FastifyRequest) => (request.staff as StaffAuth).staffId;
  const audit = (request: FastifyRequest, action: string, target: string, detail: Record<string, unknown>) =>
    (tx: DbOrTx) => recordAudit(tx, { staffId: staffId(request), action, target, detail, ip: request.ip });
  const read = { staff: 'promotions.read' } as const;
  const manage = { staff: 'promotions.manage' } as const;

  // ---- promotions ----

  app.get('/promotions', { schema: { querystring: boPromotionListQuery, response: { 200: okBody(PromotionAdminListView) } }, config: read }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.adminPage(db, { mode: q.mode || undefined, front: q.front || undefined, status: q.status, search: q.search || undefined, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    return ok({ data: rows.map(promotionAdminView), total });
  });

  app.get('/promotions/:id', { schema: { params: idParams, response: { 200: okBody(PromotionAdminView) } }, config: read }, async (request) => {
    const p = await repo.promotionById(db, request.params.id);
    if (!p) throw new ApiError('not_found');
    return ok(promotionAdminView(p));
  });

  app.post('/promotions', { schema: { body: promotionBody, response: { 200: okBody(PromotionAdminView) } }, config: manage }, async (request) => {
    const values = promotionValues(request.body);
    const created = await db.transaction(async (tx) => {
      await assertPublicBanner(tx, values.bannerId ?? null);
      const row = await repo.insertPromotion(tx, values);
      await audit(request, 'promotion.create', `promotion:${row.id}`, { mode: row.mode, title: row.title, status: row.status, budget: request.body.budget })(tx);
      return row;
    });
    return ok(promotionAdminView(created));
  });

  app.put('/promotions/:id', { schema: { params: idParams, body: promotionBody, response: { 200: okBody(PromotionAdminView) } }, config: manage }, async (request) => {
    const values = promotionValues(request.body);
    const updated = await db.transaction(async (tx) => {
      const before = await repo.promotionById(tx, request.params.id);
      if (!before) throw new ApiError('not_found');
      await assertPublicBanner(tx, values.bannerId ?? null);
      // A budget below what is already spent would break the promotion's own invariant.
      if (values.budgetMinor !== null && values.budgetMinor !== undefined && values.budgetMinor < before.spentMinor) {
        throw new ApiError('validation_failed', { budget: ['promo.v.budget_spent'] });
      }
      const row = (await repo.updatePromotion(tx, request.params.id, values))!;
      await audit(request, 'promotion.update', `promotion:${row.id}`, { mode: row.mode, title: row.title, status: row.status, budget: request.body.budget })(tx);
      return row;
    });
    return ok(promotionAdminView(updated));
  });

  app.get('/promotions/:id/report', { schema: { params: idParams, response: { 200: okBody(PromotionReportView) } }, config: read }, async (request) => {
    const p = await repo.promotionById(db, request.params.id);
    if (!p) throw new ApiError('not_found');
    const r = await repo.report(db, p.id);
    const left = p.budgetMinor === null ? null : p.budgetMinor - p.spentMinor;
    return ok({
      promotion_id: p.id, grants: r.grants, players: r.players, applying: r.applying, rejected: r.rejected, cost: minorToDecimal(BigInt(r.cost)),
      budget: p.budgetMinor === null ? null : minorToDecimal(p.budgetMinor), budget_left: left === null ? null : minorToDecimal(left),
      flow_target: minorToDecimal(BigInt(r.flowTarget)), flow_done: minorToDecimal(BigInt(r.flowDone)), unlocks: r.unlocks, given_up: r.givenUp,
    });
  });

  // ---- categories and mode entries ----

  app.get('/promotion-categories', { schema: { response: { 200: okBody(CategoryAdminListView) } }, config: read }, async () => ok((await repo.categories(db, false)).map(categoryView)));

  app.post('/promotion-categories', { schema: { body: categoryBody, response: { 200: okBody(CategoryAdminView) } }, config: manage }, async (request) => {
    const b = request.body;
    const row = await db.transaction(async (tx) => {
      const c = await repo.insertCategory(tx, { title: b.title, titleEn: b.title_en, sort: b.sort, status: b.status });
      await audit(request, 'promotion.category.create', `category:${c.id}`, { ...b })(tx);
      return c;
    });
    return ok(categoryView(row));
  });

  app.put('/promotion-categories/:id', { schema: { params: idParams, body: categoryBody, response: { 200: okBody(CategoryAdminView) } }, config: manage }, async (request) => {
    const b = request.body;
    const row = await db.transaction(async (tx) => {
      const c = await repo.updateCategory(tx, request.params.id, { title: b.title, titleEn: b.title_en, sort: b.sort, status: b.status });
      if (!c) throw new ApiError('not_found');
      await audit(request, 'promotion.category.update', `category:${c.id}`, { ...b })(tx);
      return c;
    });
    return ok(categoryView(row));
  });

  app.get('/promotion-modes', { schema: { response: { 200: okBody(ModeEntryAdminListView) } }, config: read }, async (request) => ok(await promotions.showType(undefined, request.locale)));

  app.put('/promotion-modes/:mode', { schema: { params: modeParams, body: modeEntryBody, response: { 200: okBody(ModeEntryAdminListView) } }, config: manage }, async (request) => {
    const mode = request.params.mode;
    if (mode < 1) throw new ApiError('not_found');
    await db.transaction(async (tx) => {
      await repo.setModeEntry(tx, mode, request.body.status);
      await audit(request, 'promotion.mode', `mode:${mode}`, { status: request.body.status })(tx);
    });
    return ok(await promotions.showType(undefined, request.locale));
  });

  // ---- the application queue ----

  app.get('/promotion-applications', { schema: { querystring: applicationsQuery, response: { 200: okBody(ApplicationAdminListView) } }, config: read }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.applicationQueue(db, {
      promotionId: q.promotion_id, status: q.status, mode: q.mode || undefined, account: q.account || undefined, limit: q.pageSize, offset: (q.page - 1) * q.pageSize,
    });
    return ok({
      data: rows.map((r) => ({ ...promotions.applicationView(r, request.locale), player_id: r.grant.playerId, account: r.account, staff_id: r.grant.staffId })),
      total,
    });
  });

  /** A batch of at most PROMOTION_LIMITS.reviewBatchMax; each application in its own transaction with its audit row. */
  app.post('/promotion-applications/review', {
    schema: { body: reviewBody, response: { 200: okBody(ReviewResultView) } }, config: { ...manage, rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request) => {
    const b = request.body;
    if (b.action === 'reject' && !b.reason) throw new ApiError('validation_failed', { reason: ['promo.v.reason'] });
    const result: ReviewResult = { approved: 0, rejected: 0, failed: [] };
    for (const id of [...new Set(b.ids)]) {
      const log = audit(request, `promotion.application.${b.action}`, `application:${id}`, { reason: b.reason });
      try {
        if (b.action === 'approve') {
          await promotions.approve(id, staffId(request), log);
          result.approved++;
        } else {
          await promotions.reject(id, staffId(request), b.reason, log);
          result.rejected++;
        }
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        result.failed.push({ id, code: err.code, message: translate(request.locale, `error.${err.code}`) });
      }
    }
    return ok(result);
  });

  // ---- gifts (mode 10) ----

  app.post('/promotion-gifts', {
    schema: { headers: idempotencyHeaders, body: giftBody, response: { 200: okBody(GiftResultView) } }, config: { staff: 'bonus.grant', rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => {
    const b = request.body;
    const accounts = parseAccounts(b.accounts);
    const amountMinor = money(b.amount, 'amount');
    if (amountMinor <= 0n) throw new ApiError('validation_failed', { amount: ['v.money.positive'] });
    const p = await repo.promotionById(db, b.promotion_id);
    if (!p || p.mode !== 10) throw new ApiError('validation_failed', { promotion_id: ['promo.v.gift_promotion'] });
    // Derived from the command (or the caller's Idempotency-Key), so a resent gift pays nobody twice.
    const key = commandKey(request, { promotion: p.id, accounts: [...accounts].sort(), amount: b.amount, reason: b.reason });
    const found = new Map((await repo.playersByAccounts(db, accounts)).map((r) => [r.account.toLowerCase(), r.id]));
    const result: GiftResult = { granted: 0, failed: [] };
    for (const account of accounts) {
      const playerId = found.get(account.toLowerCase());
      if (!playerId) {
        result.failed.push({ account, code: 'not_found', message: translate(request.locale, 'error.not_found') });
        continue;
      }
      try {
        const out = await promotions.gift(p, playerId, amountMinor, key, staffId(request), b.reason,
          audit(request, 'promotion.gift', `player:${playerId}`, { promotion: p.id, amount: b.amount, reason: b.reason }));
        if (out.kind === 'paid') result.granted++;
        else result.failed.push({ account, code: 'promotion_applied', message: translate(request.locale, 'error.promotion_applied') });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        result.failed.push({ account, code: err.code, message: translate(request.locale, `error.${err.code}`) });
      }
    }
    return ok(result);
  });

  // ---- daily jobs by hand ----

  app.post('/promotion-jobs/:job', { schema: { params: jobParams, body: jobBody, response: { 200: okBody(JobRunView) } }, config: manage }, async (request) => {
    const { job } = request.params;
    const { day } = request.body;
    const r = await promotions.runDailyJob(job, day);
    await recordAudit(db, { staffId: staffId(request), action: 'promotion.job', target: `${job}:${day}`, detail: { granted: r.granted, already_run: r.alreadyRun }, ip: request.ip });
    return ok({ job, day, granted: r.granted, already_run: r.alreadyRun });
  });
};
