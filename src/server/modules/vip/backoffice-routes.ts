// The back office's VIP and points-mall desk (issue 13): the level editor with a preview of how many
// players a change would move, a player's level with manual set and lock and its history, points
// adjustments, the gift catalogue with image upload, and the fulfilment queue. Every change is audited in
// the same transaction as the change.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ok } from '../../lib/reply.ts';
import { ApiError } from '../../lib/errors.ts';
import { LedgerError } from '../../ledger/ledger.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import {
  GIFT_IMAGE_MAX_BYTES, giftAdminView, giftBody, giftImageBody, giftImageView, levelAdminView, levelParams, levelPreviewView, levelRulesBody,
  orderActionBody, orderQueueView, ordersQuery, playerLevelBody, playerVipView, pointsAdjustBody, pointsBalanceView, exchangeOrderView,
  type GiftAdminView, type GiftInput, type LevelRulesInput,
} from '../../../shared/schemas/vip.ts';
import { okBody, okEmpty } from '../../../shared/schemas/envelope.ts';
import type { ValibotTypeProvider } from '../../lib/validation.ts';
import { recordAudit } from '../staff/audit.ts';
import { commandKey } from '../../lib/idempotency.ts';
import { idempotencyHeaders } from '../../../shared/schemas/idempotency.ts';
import type { StaffAuth } from '../staff/service.ts';
import { idParams } from '../../../shared/schemas/paging.ts';
import { orderView } from './exchange-service.ts';
import { PERIOD_DAYS, levelIcon, rewardView } from './service.ts';
import * as repo from './repository.ts';

/** The editor's preview reads at most this many players. */
const PREVIEW_PLAYERS = 100_000;
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** Re-encoded gift images are at most this wide and tall. */
const IMAGE_MAX_SIDE_PX = 800;
const DAY_MS = 24 * 60 * 60 * 1000;

function money(text: string, field: string): bigint {
  const m = decimalToMinor(text);
  if (m === undefined || m < 0n) throw new ApiError('validation_failed', { [field]: ['v.money.invalid'] });
  return m;
}

function rulesOf(input: LevelRulesInput) {
  return {
    level: {
      nameFrontend: input.name_frontend, nameFrontendEn: input.name_frontend_en, ifShowFrontend: input.if_show_frontend,
      withdrawMaxPerDay: input.withdraw_max_per_day, withdrawFreePerDay: input.withdraw_free_per_day, withdrawFeeMinor: money(input.withdraw_fee, 'withdraw_fee'),
    },
    rules: {
      depositReqMinor: money(input.deposit_req, 'deposit_req'), validBetReqMinor: money(input.valid_bet_req, 'valid_bet_req'),
      keepValidBetMinor: money(input.keep_valid_bet, 'keep_valid_bet'), upgradeRewardMinor: money(input.upgrade_reward, 'upgrade_reward'),
      monthlyRewardMinor: money(input.monthly_reward, 'monthly_reward'), birthdayRewardMinor: money(input.birthday_reward, 'birthday_reward'),
      rewardTarget: input.reward_target, rewardFlowMultiple: input.reward_flow_multiple, rebateRateBp: input.rebate_rate_bp,
      pointsRates: input.points_rates as Record<string, number>,
    },
  };
}

function giftValues(input: GiftInput) {
  if (input.show_start && input.show_end && input.show_start > input.show_end) throw new ApiError('validation_failed', { show_end: ['bo.vip.gift.window'] });
  return {
    name: input.name, nameEn: input.name_en, description: input.description, descriptionEn: input.description_en, imageId: input.image_id,
    pointsPrice: BigInt(input.points), stock: input.stock, showStart: input.show_start ? new Date(input.show_start) : null,
    showEnd: input.show_end ? new Date(input.show_end) : null, perPlayerLimit: input.per_player_limit, kind: input.kind,
    bonusMinor: input.kind === 'virtual' ? money(input.bonus, 'bonus') : 0n, bonusFlowMultiple: input.bonus_flow_multiple, status: input.status, sort: input.sort,
  };
}

function giftAdmin(g: repo.GiftRow): GiftAdminView {
  return {
    id: g.id, name: g.name, name_en: g.nameEn, description: g.description, description_en: g.descriptionEn, image_id: g.imageId,
    image: g.imageId ? `/api/exchange/image/${g.imageId}` : null, points: Number(g.pointsPrice), stock: g.stock,
    show_start: g.showStart?.toISOString() ?? null, show_end: g.showEnd?.toISOString() ?? null, per_player_limit: g.perPlayerLimit,
    kind: g.kind === 'virtual' ? 'virtual' : 'physical', bonus: minorToDecimal(g.bonusMinor), bonus_flow_multiple: g.bonusFlowMultiple, status: g.status, sort: g.sort,
  };
}

/** Checks an upload by size and magic bytes and re-encodes it, so what is stored is a clean image we made. */
export async function acceptGiftImage(base64: string): Promise<{ mime: string; bytes: Buffer }> {
  const raw = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  if (!raw.length) throw new ApiError('validation_failed', { data: ['bo.vip.image_type'] });
  if (raw.length > GIFT_IMAGE_MAX_BYTES) throw new ApiError('payload_too_large');
  const type = await fileTypeFromBuffer(raw);
  if (!type || !IMAGE_MIMES.has(type.mime)) throw new ApiError('validation_failed', { data: ['bo.vip.image_type'] });
  try {
    const bytes = await sharp(raw, { limitInputPixels: 40_000_000 })
      .rotate().resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 }).toBuffer();
    return { mime: 'image/webp', bytes };
  } catch {
    // The header looked like an image but the body is not one.
    throw new ApiError('validation_failed', { data: ['bo.vip.image_type'] });
  }
}

export const backofficeVipRoutes: FastifyPluginAsync = async (plugin) => {
  // Request parts are typed from the declared schemas: no casts of bodies, queries or params.
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, vip, exchange, realtime } = app.services;
  const staffId = (request: FastifyRequest) => (request.staff as StaffAuth).staffId;
  const audit = (request: FastifyRequest, action: string, target: string, detail: Record<string, unknown>) =>
    (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => recordAudit(tx, { staffId: staffId(request), action, target, detail, ip: request.ip });

  // ---- levels ----

  app.get('/vip/levels', { schema: { response: { 200: okBody(v.array(levelAdminView)) } }, config: { staff: 'vip.manage' } }, async (request) => {
    const [table, counts] = await Promise.all([repo.levelsWithRules(db), repo.playersAtLevels(db)]);
    return ok(table.map((row) => ({
      ...vip.levelView(row, request.locale), name_frontend: row.level.nameFrontend, name_frontend_en: row.level.nameFrontendEn,
      if_show_frontend: row.level.ifShowFrontend, rebate_rate_bp: row.rules.rebateRateBp, players: counts.get(row.level.id) ?? 0,
    })));
  });

  /** How many players the edited level would move: those who would reach it now, and those at it who would miss its keep threshold. */
  app.post('/vip/levels/:id/preview', { schema: { params: levelParams, body: levelRulesBody, response: { 200: okBody(levelPreviewView) } }, config: { staff: 'vip.manage' } }, async (request) => {
    const levelId = request.params.id;
    const edited = rulesOf(request.body).rules;
    const table = (await repo.levelsWithRules(db)).map((r) => (r.level.id === levelId ? { ...r, rules: { ...r.rules, ...edited } } : r));
    const players = await repo.allTotalsSince(db, new Date(Date.now() - PERIOD_DAYS * DAY_MS), PREVIEW_PLAYERS);
    let wouldRise = 0;
    let wouldMissKeep = 0;
    for (const p of players) {
      if (p.locked) continue;
      let target = p.levelId;
      for (const { level, rules } of table) if (level.id > target && p.depositMinor >= rules.depositReqMinor && p.validBetMinor >= rules.validBetReqMinor) target = level.id;
      if (target > p.levelId && target >= levelId && p.levelId < levelId) wouldRise++;
      if (p.levelId === levelId && p.validBetMinor < edited.keepValidBetMinor) wouldMissKeep++;
    }
    return ok({ would_rise: wouldRise, would_miss_keep: wouldMissKeep, players_read: players.length, period_days: PERIOD_DAYS });
  });

  app.put('/vip/levels/:id', { schema: { params: levelParams, body: levelRulesBody, response: { 200: okEmpty } }, config: { staff: 'vip.manage' } }, async (request) => {
    const levelId = request.params.id;
    const input = request.body;
    const { level, rules } = rulesOf(input);
    await db.transaction(async (tx) => {
      await repo.updateLevel(tx, levelId, level, rules);
      await audit(request, 'vip.level.update', `level:${levelId}`, input as unknown as Record<string, unknown>)(tx);
    });
    return ok(null);
  });

  // ---- a player's level, history and points ----

  app.get('/vip/players/:id', { schema: { params: idParams, response: { 200: okBody(playerVipView) } }, config: { staff: 'player.detail' } }, async (request) => {
    const playerId = request.params.id;
    const st = await repo.standing(db, playerId);
    if (!st) throw new ApiError('not_found');
    const [history, points, rewards, pointsHistory] = await Promise.all([
      repo.historyOf(db, playerId, 100), repo.pointsBalance(db, playerId), repo.rewardsOf(db, playerId, 50), repo.pointsHistory(db, playerId, 50),
    ]);
    return ok({
      level_id: st.levelId, icon: levelIcon(st.levelId), locked: st.status?.locked ?? false, reached_at: st.status?.reachedAt.toISOString() ?? null,
      points: Number(points), rewards: rewards.map(rewardView), points_history: pointsHistory,
      history: history.map((h) => ({ id: h.id, from: h.fromLevel, to: h.toLevel, reason: h.reason, detail: h.detail, staff_id: h.staffId, created_at: h.createdAt.toISOString() })),
    });
  });

  app.post('/vip/players/:id/level', { schema: { params: idParams, body: playerLevelBody, response: { 200: okEmpty } }, config: { staff: 'vip.manage' } }, async (request) => {
    const playerId = request.params.id;
    const body = request.body;
    await db.transaction(async (tx) => {
      const { from } = await vip.setLevelManually(staffId(request), playerId, body.level_id, body.locked, body.reason, tx);
      await audit(request, 'vip.player.level', `player:${playerId}`, { from, to: body.level_id, locked: body.locked, reason: body.reason })(tx);
    });
    realtime.publisher.toPlayer(playerId, 'update-user');
    return ok(null);
  });

  app.post('/vip/players/:id/points', { schema: { headers: idempotencyHeaders, params: idParams, body: pointsAdjustBody, response: { 200: okBody(pointsBalanceView) } }, config: { staff: 'vip.manage' } }, async (request) => {
    const playerId = request.params.id;
    const body = request.body;
    if (!(await repo.standing(db, playerId))) throw new ApiError('not_found');
    const key = `points:adjust:${commandKey(request, { playerId, ...body })}`;
    const [mine, house] = await Promise.all([vip.accounts.pointsAccount(playerId), vip.accounts.housePointsAccount(playerId)]);
    try {
      await db.transaction(async (tx) => {
        await vip.adjustPoints(tx, { playerId, points: BigInt(body.points), reason: body.reason, staffId: staffId(request), key, mine, house });
        await audit(request, 'vip.points.adjust', `player:${playerId}`, { points: body.points, reason: body.reason })(tx);
      });
    } catch (err) {
      if (err instanceof LedgerError) throw new ApiError(err.code === 'insufficient_funds' ? 'exchange_points_short' : 'idempotency_mismatch');
      throw err;
    }
    realtime.publisher.toPlayer(playerId, 'update-user');
    return ok({ points: Number(await repo.pointsBalance(db, playerId)) });
  });

  // ---- the gift catalogue ----

  app.get('/vip/gifts', { schema: { response: { 200: okBody(v.array(giftAdminView)) } }, config: { staff: 'exchange.manage' } }, async () => ok((await repo.allGifts(db)).map(giftAdmin)));

  app.post('/vip/gifts', { schema: { body: giftBody, response: { 200: okBody(giftAdminView) } }, config: { staff: 'vip.manage' } }, async (request) => {
    const input = request.body;
    let created: repo.GiftRow | undefined;
    await db.transaction(async (tx) => {
      created = await repo.insertGift(tx, giftValues(input));
      await audit(request, 'vip.gift.create', `gift:${created.id}`, { name: input.name, points: input.points, stock: input.stock, kind: input.kind })(tx);
    });
    return ok(giftAdmin(created!));
  });

  app.put('/vip/gifts/:id', { schema: { params: idParams, body: giftBody, response: { 200: okBody(giftAdminView) } }, config: { staff: 'vip.manage' } }, async (request) => {
    const input = request.body;
    let updated: repo.GiftRow | undefined;
    await db.transaction(async (tx) => {
      updated = await repo.updateGift(tx, request.params.id, giftValues(input));
      if (!updated) throw new ApiError('not_found');
      await audit(request, 'vip.gift.update', `gift:${updated.id}`, { name: input.name, points: input.points, stock: input.stock, status: input.status })(tx);
    });
    return ok(giftAdmin(updated!));
  });

  // Base64 in JSON grows the body by a third; this route alone takes a body that large.
  app.post('/vip/gifts/image', {
    schema: { body: giftImageBody, response: { 200: okBody(giftImageView) } }, bodyLimit: Math.ceil(GIFT_IMAGE_MAX_BYTES * 4 / 3) + 1024, config: { staff: 'vip.manage', rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => {
    const image = await acceptGiftImage(request.body.data);
    let imageId = 0;
    await db.transaction(async (tx) => {
      imageId = await repo.insertImage(tx, { mime: image.mime, bytes: image.bytes, staffId: staffId(request) });
      await audit(request, 'vip.gift.image', `image:${imageId}`, { bytes: image.bytes.length })(tx);
    });
    return ok({ id: imageId, url: `/api/exchange/image/${imageId}` });
  });

  // ---- the fulfilment queue ----

  app.get('/vip/orders', { schema: { querystring: ordersQuery, response: { 200: okBody(orderQueueView) } }, config: { staff: 'exchange.manage' } }, async (request) => {
    const q = request.query;
    const { rows, total } = await repo.orderQueue(db, q.status, q.pageSize, (q.page - 1) * q.pageSize);
    return ok({ data: rows.map((r) => ({ ...orderView(r.order, request.locale), player_id: r.order.playerId, account: r.account })), total });
  });

  app.post('/vip/orders/:id', { schema: { params: idParams, body: orderActionBody, response: { 200: okBody(exchangeOrderView) } }, config: { staff: 'exchange.manage' } }, async (request) => {
    const body = request.body;
    const orderId = request.params.id;
    const after = await exchange.act(staffId(request), orderId, body.action, body,
      audit(request, `vip.order.${body.action}`, `order:${orderId}`, { tracking_no: body.tracking_no, reason: body.reason }));
    return ok(orderView(after, request.locale));
  });
};
