// The rules and transactions behind the back office's VIP and points-mall desk: the level editor with a
// preview of how many players a change would move, a player's level with manual set and lock and its history,
// points adjustments, the gift catalogue with image upload, and the fulfilment queue. Every change is audited in
// the same transaction as the change; the routes only parse, call one method here and shape the answer.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { LedgerError } from '../../ledger/ledger.ts';
import { pointsBalanceOf, pointsHistoryOf } from '../../ledger/read.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import type { Locale } from '../../../shared/constants.ts';
import { decimalToMinor, minorToDecimal } from '../../../shared/money.ts';
import {
  GIFT_IMAGE_MAX_BYTES,
  type ExchangeOrderView,
  type GiftAdminView,
  type GiftInput,
  type LevelAdminView,
  type LevelPreviewView,
  type LevelRulesInput,
  type OrderQueueView,
  type PlayerVipView,
} from '../../../shared/schemas/vip.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';
import { changedFields, recordAudit, type AuditState } from '../staff/audit.ts';
import type { Operator } from '../staff/service.ts';
import { orderView, type ExchangeService } from './exchange-service.ts';
import { PERIOD_DAYS, levelIcon, levelReached, rewardView, type VipService } from './service.ts';
import * as repo from './repository.ts';
import * as levelFacts from '../auth/level-facts.ts';
import { DAY_MS } from '../../../shared/time.ts';

/** The editor's preview reads at most this many players. */
const PREVIEW_PLAYERS = 100_000;
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** Re-encoded gift images are at most this wide and tall. */
const IMAGE_MAX_SIDE_PX = 800;
/** How much of a player's level history, rewards and points history the desk shows. */
const HISTORY_LIMIT = 100;
const REWARDS_LIMIT = 50;
const POINTS_HISTORY_LIMIT = 50;

function money(text: string, field: string): bigint {
  const m = decimalToMinor(text);
  if (m === undefined || m < 0n) throw new ApiError('validation_failed', { [field]: ['v.money.invalid'] });
  return m;
}

function rulesOf(input: LevelRulesInput) {
  return {
    level: {
      nameFrontend: input.name_frontend,
      nameFrontendEn: input.name_frontend_en,
      ifShowFrontend: input.if_show_frontend,
      withdrawMaxPerDay: input.withdraw_max_per_day,
      withdrawFreePerDay: input.withdraw_free_per_day,
      withdrawFeeMinor: money(input.withdraw_fee, 'withdraw_fee'),
    },
    rules: {
      depositReqMinor: money(input.deposit_req, 'deposit_req'),
      validBetReqMinor: money(input.valid_bet_req, 'valid_bet_req'),
      keepValidBetMinor: money(input.keep_valid_bet, 'keep_valid_bet'),
      upgradeRewardMinor: money(input.upgrade_reward, 'upgrade_reward'),
      monthlyRewardMinor: money(input.monthly_reward, 'monthly_reward'),
      birthdayRewardMinor: money(input.birthday_reward, 'birthday_reward'),
      rewardTarget: input.reward_target,
      rewardFlowMultiple: input.reward_flow_multiple,
      rebateRateBp: input.rebate_rate_bp,
      pointsRates: input.points_rates as Record<string, number>,
    },
  };
}

function giftValues(input: GiftInput) {
  if (input.show_start && input.show_end && input.show_start > input.show_end) throw new ApiError('validation_failed', { show_end: ['bo.vip.gift.window'] });
  return {
    name: input.name,
    nameEn: input.name_en,
    description: input.description,
    descriptionEn: input.description_en,
    imageId: input.image_id,
    pointsPrice: BigInt(input.points),
    stock: input.stock,
    showStart: input.show_start ? new Date(input.show_start) : null,
    showEnd: input.show_end ? new Date(input.show_end) : null,
    perPlayerLimit: input.per_player_limit,
    kind: input.kind,
    bonusMinor: input.kind === 'virtual' ? money(input.bonus, 'bonus') : 0n,
    bonusFlowMultiple: input.bonus_flow_multiple,
    status: input.status,
    sort: input.sort,
  };
}

function giftAdmin(g: repo.GiftRow): GiftAdminView {
  return {
    id: g.id,
    name: g.name,
    name_en: g.nameEn,
    description: g.description,
    description_en: g.descriptionEn,
    image_id: g.imageId,
    image: g.imageId ? `/api/exchange/image/${g.imageId}` : null,
    points: Number(g.pointsPrice),
    stock: g.stock,
    show_start: g.showStart?.toISOString() ?? null,
    show_end: g.showEnd?.toISOString() ?? null,
    per_player_limit: g.perPlayerLimit,
    kind: g.kind === 'virtual' ? 'virtual' : 'physical',
    bonus: minorToDecimal(g.bonusMinor),
    bonus_flow_multiple: g.bonusFlowMultiple,
    status: g.status,
    sort: g.sort,
  };
}

/** Checks an upload by size and magic bytes and re-encodes it, so what is stored is a clean image we made. */
async function acceptGiftImage(base64: string): Promise<{ mime: string; bytes: Buffer }> {
  const raw = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  if (!raw.length) throw new ApiError('validation_failed', { data: ['bo.vip.image_type'] });
  if (raw.length > GIFT_IMAGE_MAX_BYTES) throw new ApiError('payload_too_large');
  const type = await fileTypeFromBuffer(raw);
  if (!type || !IMAGE_MIMES.has(type.mime)) throw new ApiError('validation_failed', { data: ['bo.vip.image_type'] });
  try {
    const bytes = await sharp(raw, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { mime: 'image/webp', bytes };
  } catch {
    // The header looked like an image but the body is not one.
    throw new ApiError('validation_failed', { data: ['bo.vip.image_type'] });
  }
}

/** The audit row of an operator action, written inside the caller's transaction. */
function audited(op: Operator, action: string, target: string, change: { before: AuditState; after: AuditState }, detail?: Record<string, unknown>) {
  return (tx: DbOrTx) => recordAudit(tx, { staffId: op.staffId, action, target, ...change, detail, ip: op.ip });
}

/** A level's editable fields as the editor names them, for the audit row's before and after. */
function levelAudit(row: repo.LevelWithRules | undefined): Record<string, unknown> {
  if (!row) return {};
  const { level, rules } = row;
  return {
    name_frontend: level.nameFrontend,
    name_frontend_en: level.nameFrontendEn,
    if_show_frontend: level.ifShowFrontend,
    withdraw_max_per_day: level.withdrawMaxPerDay,
    withdraw_free_per_day: level.withdrawFreePerDay,
    withdraw_fee: minorToDecimal(level.withdrawFeeMinor),
    deposit_req: minorToDecimal(rules.depositReqMinor),
    valid_bet_req: minorToDecimal(rules.validBetReqMinor),
    keep_valid_bet: minorToDecimal(rules.keepValidBetMinor),
    upgrade_reward: minorToDecimal(rules.upgradeRewardMinor),
    monthly_reward: minorToDecimal(rules.monthlyRewardMinor),
    birthday_reward: minorToDecimal(rules.birthdayRewardMinor),
    reward_target: rules.rewardTarget,
    reward_flow_multiple: rules.rewardFlowMultiple,
    rebate_rate_bp: rules.rebateRateBp,
    points_rates: rules.pointsRates,
  };
}

const levelOf = async (tx: DbOrTx, levelId: number) => (await repo.levelsWithRules(tx)).find((r) => r.level.id === levelId);

export class VipBackofficeService {
  private readonly db: Db;
  private readonly vip: VipService;
  private readonly exchange: ExchangeService;
  private readonly publish: Publisher;

  constructor(deps: { db: Db; vip: VipService; exchange: ExchangeService; publish: Publisher }) {
    ({ db: this.db, vip: this.vip, exchange: this.exchange, publish: this.publish } = deps);
  }

  // ---- levels ----

  async levels(locale: Locale): Promise<LevelAdminView[]> {
    const [table, counts] = await Promise.all([repo.levelsWithRules(this.db), levelFacts.playersAtLevels(this.db)]);
    return table.map((row) => ({
      ...this.vip.levelView(row, locale),
      name_frontend: row.level.nameFrontend,
      name_frontend_en: row.level.nameFrontendEn,
      if_show_frontend: row.level.ifShowFrontend,
      rebate_rate_bp: row.rules.rebateRateBp,
      players: counts.get(row.level.id) ?? 0,
    }));
  }

  /**
   * How many players the edited level would move: those who would reach it now (by the evaluation's own level
   * rule), and those at it who would miss its keep threshold.
   */
  async previewLevel(levelId: number, input: LevelRulesInput, now = new Date()): Promise<LevelPreviewView> {
    const edited = rulesOf(input).rules;
    const table = (await repo.levelsWithRules(this.db)).map((r) => (r.level.id === levelId ? { ...r, rules: { ...r.rules, ...edited } } : r));
    const players = await repo.allTotalsSince(this.db, new Date(now.getTime() - PERIOD_DAYS * DAY_MS), PREVIEW_PLAYERS);
    let wouldRise = 0;
    let wouldMissKeep = 0;
    for (const p of players) {
      if (p.locked) continue;
      const target = levelReached(table, p.levelId, p);
      if (target > p.levelId && target >= levelId && p.levelId < levelId) wouldRise++;
      if (p.levelId === levelId && p.validBetMinor < edited.keepValidBetMinor) wouldMissKeep++;
    }
    return { would_rise: wouldRise, would_miss_keep: wouldMissKeep, players_read: players.length, period_days: PERIOD_DAYS };
  }

  async updateLevel(op: Operator, levelId: number, input: LevelRulesInput): Promise<void> {
    const { level, rules } = rulesOf(input);
    await this.db.transaction(async (tx) => {
      const before = await levelOf(tx, levelId);
      if (!before) throw new ApiError('not_found');
      await repo.updateLevel(tx, levelId, level, rules);
      const change = changedFields(levelAudit(before), levelAudit(await levelOf(tx, levelId)));
      await audited(op, 'vip.level.update', `level:${levelId}`, change, { name: before.level.nameFrontend })(tx);
    });
  }

  // ---- a player's level, history and points ----

  async player(playerId: number): Promise<PlayerVipView> {
    const st = await repo.standing(this.db, playerId);
    if (!st) throw new ApiError('not_found');
    const [history, points, rewards, movements] = await Promise.all([
      repo.historyOf(this.db, playerId, HISTORY_LIMIT),
      pointsBalanceOf(this.db, playerId),
      repo.rewardsOf(this.db, playerId, REWARDS_LIMIT),
      pointsHistoryOf(this.db, playerId, POINTS_HISTORY_LIMIT),
    ]);
    return {
      level_id: st.levelId,
      icon: levelIcon(st.levelId),
      locked: st.status?.locked ?? false,
      reached_at: st.status?.reachedAt.toISOString() ?? null,
      points: Number(points),
      rewards: rewards.map(rewardView),
      points_history: movements.map((m) => ({
        id: m.postingId,
        kind: m.kind,
        memo: m.memo,
        points: Number(m.amountMinor),
        balance: Number(m.balanceAfterMinor),
        created_at: m.createdAt.toISOString(),
      })),
      history: history.map((h) => ({
        id: h.id,
        from: h.fromLevel,
        to: h.toLevel,
        reason: h.reason,
        detail: h.detail,
        staff_id: h.staffId,
        created_at: h.createdAt.toISOString(),
      })),
    };
  }

  async setPlayerLevel(op: Operator, playerId: number, body: { level_id: number; locked: boolean; reason: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { from } = await this.vip.setLevelManually(op.staffId, playerId, body.level_id, body.locked, body.reason, tx);
      await audited(
        op,
        'vip.player.level',
        `player:${playerId}`,
        { before: { level_id: from }, after: { level_id: body.level_id, locked: body.locked } },
        { reason: body.reason },
      )(tx);
    });
    this.publish.toPlayer(playerId, 'update-user');
  }

  /** Adds or takes points under the command's idempotency key; answers the balance after. */
  async adjustPoints(op: Operator, playerId: number, body: { points: number; reason: string }, commandKey: string): Promise<{ points: number }> {
    if (!(await repo.standing(this.db, playerId))) throw new ApiError('not_found');
    const key = `points:adjust:${commandKey}`;
    const [mine, house] = await Promise.all([this.vip.accounts.pointsAccount(playerId), this.vip.accounts.housePointsAccount(playerId)]);
    try {
      await this.db.transaction(async (tx) => {
        const was = Number(await pointsBalanceOf(tx, playerId));
        await this.vip.adjustPoints(tx, { playerId, points: BigInt(body.points), reason: body.reason, staffId: op.staffId, key, mine, house });
        const change = { before: { points: was }, after: { points: Number(await pointsBalanceOf(tx, playerId)) } };
        await audited(op, 'vip.points.adjust', `player:${playerId}`, change, { points: body.points, reason: body.reason })(tx);
      });
    } catch (err) {
      if (err instanceof LedgerError) throw new ApiError(err.code === 'insufficient_funds' ? 'exchange_points_short' : 'idempotency_mismatch');
      throw err;
    }
    this.publish.toPlayer(playerId, 'update-user');
    return { points: Number(await pointsBalanceOf(this.db, playerId)) };
  }

  // ---- the gift catalogue ----

  async gifts(): Promise<GiftAdminView[]> {
    return (await repo.allGifts(this.db)).map(giftAdmin);
  }

  async createGift(op: Operator, input: GiftInput): Promise<GiftAdminView> {
    const values = giftValues(input);
    const created = await this.db.transaction(async (tx) => {
      const row = await repo.insertGift(tx, values);
      await audited(op, 'vip.gift.create', `gift:${row.id}`, { before: null, after: giftAdmin(row) }, { name: row.name })(tx);
      return row;
    });
    return giftAdmin(created);
  }

  async updateGift(op: Operator, id: number, input: GiftInput): Promise<GiftAdminView> {
    const values = giftValues(input);
    const updated = await this.db.transaction(async (tx) => {
      const before = await repo.giftById(tx, id);
      const row = await repo.updateGift(tx, id, values);
      if (!row || !before) throw new ApiError('not_found');
      await audited(op, 'vip.gift.update', `gift:${row.id}`, changedFields(giftAdmin(before), giftAdmin(row)), { name: row.name })(tx);
      return row;
    });
    return giftAdmin(updated);
  }

  async uploadGiftImage(op: Operator, base64: string): Promise<{ id: number; url: string }> {
    const image = await acceptGiftImage(base64);
    const imageId = await this.db.transaction(async (tx) => {
      const id = await repo.insertImage(tx, { mime: image.mime, bytes: image.bytes, staffId: op.staffId });
      await audited(op, 'vip.gift.image', `image:${id}`, { before: null, after: { image_id: id, bytes: image.bytes.length } })(tx);
      return id;
    });
    return { id: imageId, url: `/api/exchange/image/${imageId}` };
  }

  // ---- the fulfilment queue ----

  async orders(q: { status?: string; page: number; pageSize: number }, locale: Locale): Promise<OrderQueueView> {
    const { rows, total } = await repo.orderQueue(this.db, q.status, q.pageSize, offsetOf(q));
    return { data: rows.map((r) => ({ ...orderView(r.order, locale), player_id: r.order.playerId, account: r.account })), total };
  }

  async actOnOrder(
    op: Operator,
    orderId: number,
    body: { action: 'ship' | 'receive' | 'reject'; tracking_no: string; reason: string },
    locale: Locale,
  ): Promise<ExchangeOrderView> {
    const after = await this.exchange.act(op.staffId, orderId, body.action, body, (tx, change) =>
      audited(op, `vip.order.${body.action}`, `order:${orderId}`, change, { reason: body.reason })(tx),
    );
    return orderView(after, locale);
  }
}
