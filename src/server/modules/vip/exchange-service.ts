// The points mall (SPEC.md sections 5 and 7): gifts bought with points. Stock is taken with a
// conditional update, the player's row lock lines up one player's purchases for the per-player limit, the
// points leave in the same transaction as the order, and a rejected order gets its points back through a
// reversing journal. Virtual gifts pay bonus money into an activity wallet at once.
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { LedgerError } from '../../ledger/ledger.ts';
import { postPointsJournal } from '../../ledger/points.ts';
import { lockedBalanceOf, pointsBalanceOf } from '../../ledger/read.ts';
import type { Publisher } from '../../realtime/publisher.ts';
import { translate } from '../../../i18n/index.ts';
import type { Locale } from '../../../shared/constants.ts';
import { byLocale } from '../../../shared/locale-pick.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { ExchangeBuyInput, ExchangeListView, ExchangeOrderView, GiftView, OrderStatus } from '../../../shared/schemas/vip.ts';
import { dayRange } from '../../lib/record-days.ts';
import { bonusAccounts, payBonusInTx } from '../wallet/grants.ts';
import { pointsMove, type VipService } from './service.ts';
import * as repo from './repository.ts';
import * as levelFacts from '../auth/level-facts.ts';
import { GIFT_STATUS } from '../../../shared/statuses.ts';
import { offsetOf } from '../../../shared/schemas/paging.ts';
import { clearBonus } from '../protection/gate.ts';
import type { AuditState } from '../staff/audit.ts';

const giftImageUrl = (imageId: number | null) => (imageId ? `/api/exchange/image/${imageId}` : null);

export function orderView(o: repo.OrderRow, locale: Locale): ExchangeOrderView {
  return {
    id: o.id,
    gift_id: o.giftId,
    name: byLocale(locale, o.giftName, o.giftNameEn),
    kind: o.kind,
    points: Number(o.pointsPrice),
    status: o.status as OrderStatus,
    tracking_no: o.trackingNo,
    reason: o.reason,
    consignee: o.consignee,
    phone: o.phone,
    area: o.area,
    address: o.address,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export class ExchangeService {
  private readonly db: Db;
  private readonly vip: VipService;
  private readonly publish: Publisher;

  constructor(deps: { db: Db; vip: VipService; publish: Publisher }) {
    this.db = deps.db;
    this.vip = deps.vip;
    this.publish = deps.publish;
  }

  giftView(g: repo.GiftRow, locale: Locale, redeemed: number): GiftView {
    return {
      id: g.id,
      name: byLocale(locale, g.name, g.nameEn),
      description: byLocale(locale, g.description, g.descriptionEn),
      image: giftImageUrl(g.imageId),
      points: Number(g.pointsPrice),
      stock: g.stock,
      kind: g.kind === 'virtual' ? 'virtual' : 'physical',
      bonus: minorToDecimal(g.bonusMinor),
      per_player_limit: g.perPlayerLimit,
      redeemed,
      show_start: g.showStart?.toISOString() ?? null,
      show_end: g.showEnd?.toISOString() ?? null,
    };
  }

  async list(playerId: number, locale: Locale, now = new Date()): Promise<ExchangeListView> {
    const gifts = await repo.giftsOnShow(this.db, now);
    const [points, counts] = await Promise.all([
      pointsBalanceOf(this.db, playerId),
      repo.redeemedCounts(
        this.db,
        playerId,
        gifts.map((g) => g.id),
      ),
    ]);
    return { points: Number(points), list: gifts.map((g) => this.giftView(g, locale, counts.get(g.id) ?? 0)) };
  }

  async buy(playerId: number, input: ExchangeBuyInput, locale: Locale, clientKey?: string, now = new Date()): Promise<ExchangeOrderView> {
    // A retried purchase (same Idempotency-Key) answers with the first order instead of buying again.
    const replay = (o: repo.OrderRow) => {
      if (o.giftId !== input.exchange_id) throw new ApiError('idempotency_mismatch');
      return orderView(o, locale);
    };
    if (clientKey) {
      const seen = await repo.orderByClientKey(this.db, playerId, clientKey);
      if (seen) return replay(seen);
    }
    const gift = await this.giftToBuy(input, now);
    const [mine, housePoints, bonus] = await Promise.all([
      this.vip.accounts.pointsAccount(playerId),
      this.vip.accounts.housePointsAccount(playerId),
      bonusAccounts(this.vip.accounts, playerId),
    ]);
    let order: repo.OrderRow | undefined;
    let replayed = false;
    try {
      await this.db.transaction(async (tx) => {
        if (!(await levelFacts.lockPlayer(tx, playerId))) throw new ApiError('unauthorized');
        // The same key sent twice at once: the copy that waited for the lock finds the first one's order.
        const seen = clientKey ? await repo.orderByClientKey(tx, playerId, clientKey) : undefined;
        if (seen) {
          order = seen;
          replayed = true;
          return;
        }
        if (gift.perPlayerLimit > 0 && ((await repo.redeemedCounts(tx, playerId, [gift.id])).get(gift.id) ?? 0) >= gift.perPlayerLimit) {
          throw new ApiError('exchange_limit');
        }
        if ((await lockedBalanceOf(tx, mine)) < gift.pointsPrice) throw new ApiError('exchange_points_short');
        if (!(await repo.takeStock(tx, gift.id))) throw new ApiError('exchange_sold_out');
        const physical = gift.kind === 'physical';
        order = await repo.insertOrder(tx, {
          playerId,
          giftId: gift.id,
          giftName: gift.name,
          giftNameEn: gift.nameEn,
          kind: gift.kind,
          pointsPrice: gift.pointsPrice,
          consignee: physical ? input.consignee : '',
          phone: physical ? input.phone : '',
          area: physical ? input.area : '',
          address: physical ? input.address : '',
          status: physical ? 'not_shipped' : 'received',
          clientKey: clientKey ?? null,
        });
        await payOrder(tx, playerId, order, gift, { mine, housePoints, bonus });
      });
    } catch (err) {
      if (err instanceof LedgerError) throw new ApiError(err.code === 'insufficient_funds' ? 'exchange_points_short' : 'idempotency_mismatch');
      throw err;
    }
    if (replayed) return replay(order!);
    this.publish.toPlayer(playerId, 'update-user');
    return orderView(order!, locale);
  }

  /** The gift a purchase names, if it is on show now; a shipped gift needs all four delivery fields (SPEC.md section 5). */
  private async giftToBuy(input: ExchangeBuyInput, now: Date): Promise<repo.GiftRow> {
    const gift = await repo.giftById(this.db, input.exchange_id);
    const onShow = gift && gift.status === GIFT_STATUS.on && (!gift.showStart || gift.showStart <= now) && (!gift.showEnd || gift.showEnd >= now);
    if (!gift || !onShow) throw new ApiError('exchange_unavailable');
    if (gift.kind === 'physical') {
      const fields: Record<string, string[]> = {};
      for (const f of ['consignee', 'phone', 'area', 'address'] as const) if (!input[f]) fields[f] = ['vip.field.required'];
      if (Object.keys(fields).length) throw new ApiError('validation_failed', fields);
    }
    return gift;
  }

  /** A gift's stored image, public catalogue content; not found when there is none. */
  async image(id: number): Promise<{ mime: string; bytes: Buffer }> {
    const img = await repo.imageById(this.db, id);
    if (!img) throw new ApiError('not_found');
    return { mime: img.mime, bytes: img.bytes };
  }

  async records(playerId: number, q: { date_start?: string; date_end?: string; page: number; pageSize: number }, locale: Locale) {
    const { from, to } = dayRange(q.date_start, q.date_end);
    const { rows, total } = await repo.ordersOf(this.db, playerId, from, to, q.pageSize, offsetOf(q));
    return { data: rows.map((o) => orderView(o, locale)), total };
  }

  /**
   * The fulfilment queue's moves: not shipped -> shipped (with a tracking number) -> received, or
   * rejected from not shipped, which returns the points with a reversing journal and the item to stock.
   */
  async act(
    staffId: number,
    orderId: number,
    action: 'ship' | 'receive' | 'reject',
    detail: { tracking_no: string; reason: string },
    audit: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], change: { before: AuditState; after: AuditState }) => Promise<void>,
  ): Promise<repo.OrderRow> {
    const first = await repo.orderById(this.db, orderId);
    if (!first) throw new ApiError('not_found');
    const [mine, housePoints] = await Promise.all([this.vip.accounts.pointsAccount(first.playerId), this.vip.accounts.housePointsAccount(first.playerId)]);
    let after: repo.OrderRow | undefined;
    await this.db.transaction(async (tx) => {
      const o = (await repo.orderById(tx, orderId, true))!;
      if (action === 'ship') {
        if (o.status !== 'not_shipped') throw new ApiError('validation_failed', { id: ['bo.vip.order.bad_status'] });
        if (!detail.tracking_no) throw new ApiError('validation_failed', { tracking_no: ['bo.vip.order.tracking_required'] });
        await repo.updateOrder(tx, o.id, { status: 'shipped', trackingNo: detail.tracking_no, staffId });
      } else if (action === 'receive') {
        if (o.status !== 'shipped') throw new ApiError('validation_failed', { id: ['bo.vip.order.bad_status'] });
        await repo.updateOrder(tx, o.id, { status: 'received', staffId });
      } else {
        if (o.status !== 'not_shipped') throw new ApiError('validation_failed', { id: ['bo.vip.order.bad_status'] });
        if (!detail.reason) throw new ApiError('validation_failed', { reason: ['bo.vip.order.reason_required'] });
        await repo.updateOrder(tx, o.id, { status: 'rejected', reason: detail.reason, staffId });
        await repo.returnStock(tx, o.giftId);
        await postPointsJournal(tx, {
          kind: 'points_refund',
          idempotencyKey: `exchange:${o.id}:refund`,
          request: { order: o.id, points: o.pointsPrice.toString() },
          playerId: o.playerId,
          ref: String(o.id),
          memo: detail.reason,
          staffId,
          postings: pointsMove(mine, housePoints, o.pointsPrice),
        });
      }
      after = (await repo.orderById(tx, orderId))!;
      const state = (r: repo.OrderRow) => ({ status: r.status, tracking_no: r.trackingNo, reason: r.reason });
      await audit(tx, { before: state(o), after: state(after) });
    });
    this.publish.toPlayer(first.playerId, 'update-user');
    return after!;
  }
}

/** Pays for an order in its transaction: the points to the house, and a gift that is a bonus into a new bonus wallet. */
async function payOrder(
  tx: Tx,
  playerId: number,
  order: repo.OrderRow,
  gift: repo.GiftRow,
  a: { mine: number; housePoints: number; bonus: Awaited<ReturnType<typeof bonusAccounts>> },
): Promise<void> {
  await postPointsJournal(tx, {
    kind: 'points_spend',
    idempotencyKey: `exchange:${order.id}:pay`,
    request: { order: order.id, gift: gift.id, points: gift.pointsPrice.toString() },
    playerId,
    ref: String(order.id),
    memo: gift.name,
    postings: pointsMove(a.mine, a.housePoints, -gift.pointsPrice),
  });
  if (gift.kind !== 'physical' && gift.bonusMinor > 0n) {
    await payBonusInTx(tx, a.bonus, {
      playerId,
      cleared: await clearBonus(tx, playerId, 'promotion'),
      target: 'bonus',
      name: translate('zh-TW', 'vip.exchange.bonus_wallet', { name: gift.name }),
      nameEn: translate('en', 'vip.exchange.bonus_wallet', { name: gift.nameEn }),
      amountMinor: gift.bonusMinor,
      bonusBetMinor: gift.bonusMinor * BigInt(gift.bonusFlowMultiple),
      idempotencyKey: `exchange:${order.id}:bonus`,
      request: { order: order.id, bonus: gift.bonusMinor.toString() },
      kind: 'exchange_bonus',
    });
  }
}
