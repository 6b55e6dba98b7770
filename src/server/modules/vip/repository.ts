// SQL of the VIP levels, rewards, points earning and the points mall.
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paidDepositSumSince, paidDepositSumsSince } from '../cashier/deposit-facts.ts';
import { accountNameOf } from '../auth/player-facts.ts';
import { settledValidBetSumSince, settledValidBetSumsSince } from '../bets/valid-bet-facts.ts';
import {
  activePlayersTable,
  allLevels,
  levelAndBirthday,
  levelIdOf,
  leveledPlayersTable,
  playersAmongTable,
  updateLevel as updateLevelColumns,
  type LevelPatch,
  type LevelRow,
} from '../auth/level-facts.ts';
import { exchangeOrders, giftImages, gifts, vipLevelHistory, vipLevelRules, vipRewards, vipStatus } from '../../db/schema.ts';
import { GIFT_STATUS } from '../../../shared/statuses.ts';

type RulesRow = typeof vipLevelRules.$inferSelect;
export type RewardRow = typeof vipRewards.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;
export type OrderRow = typeof exchangeOrders.$inferSelect;
type StatusRow = typeof vipStatus.$inferSelect;

export interface LevelWithRules {
  level: LevelRow;
  rules: RulesRow;
}

/** The levels that have VIP rules, lowest first, each with its rules (the levels are auth's, the rules this domain's). */
export async function levelsWithRules(db: DbOrTx): Promise<LevelWithRules[]> {
  const [levelRows, ruleRows] = await Promise.all([allLevels(db), db.select().from(vipLevelRules)]);
  const rulesOf = new Map(ruleRows.map((r) => [r.levelId, r]));
  return levelRows.flatMap((level) => {
    const rules = rulesOf.get(level.id);
    return rules ? [{ level, rules }] : [];
  });
}

/** Locks the player's VIP standing (opening it first) and reads the level with it: one evaluation at a time per player. */
export async function lockStanding(tx: DbOrTx, playerId: number): Promise<{ levelId: number; status: StatusRow; birthday: string } | undefined> {
  await tx.insert(vipStatus).values({ playerId }).onConflictDoNothing();
  const st = (await tx.select().from(vipStatus).where(eq(vipStatus.playerId, playerId)).for('update'))[0];
  const p = await levelAndBirthday(tx, playerId);
  if (!st || !p) return undefined;
  return { levelId: p.levelId, status: st, birthday: p.birthday };
}

/** The player's level and VIP standing (none before the first evaluation); undefined for an unknown player. */
export async function standing(db: DbOrTx, playerId: number): Promise<{ levelId: number; status: StatusRow | undefined } | undefined> {
  const [levelId, status] = await Promise.all([levelIdOf(db, playerId), db.select().from(vipStatus).where(eq(vipStatus.playerId, playerId)).limit(1)]);
  return levelId === undefined ? undefined : { levelId, status: status[0] };
}

/**
 * Paid deposits and settled valid bet of a player since a moment: what reaches and keeps a level. One statement
 * of the cashier's and the bets' own sub-selects.
 */
export async function totalsSince(db: DbOrTx, playerId: number, since: Date): Promise<{ depositMinor: bigint; validBetMinor: bigint }> {
  const res = await db.execute<{ d: string; b: string }>(sql`
    select ${paidDepositSumSince(playerId, since)} as d, ${settledValidBetSumSince(playerId, since)} as b`);
  const row = res.rows[0];
  return { depositMinor: BigInt(row?.d ?? '0'), validBetMinor: BigInt(row?.b ?? '0') };
}

/**
 * The first step of an evaluation of many players, in one statement: each existing player's standing opened (or
 * stamped evaluated), with the current level, the lock and the totals since a moment. The standings are written in
 * player order, so two evaluations of overlapping players wait for each other rather than deadlock.
 */
export async function stampAndTotals(
  db: DbOrTx,
  playerIds: readonly number[],
  since: Date,
  now: Date,
): Promise<Array<{ playerId: number; levelId: number; locked: boolean; depositMinor: bigint; validBetMinor: bigint }>> {
  if (!playerIds.length) return [];
  const res = await db.execute<{ id: string | number; level_id: number; locked: boolean | null; d: string; b: string }>(sql`
    with stamped as (
      insert into vip_status as s (player_id, evaluated_at) select p.id, ${now.toISOString()}::timestamptz from ${playersAmongTable(playerIds)} p order by p.id
      on conflict (player_id) do update set evaluated_at = excluded.evaluated_at
      returning s.player_id, s.locked)
    select p.id, p.level_id, s.locked, ${paidDepositSumSince(sql`p.id`, since)} as d, ${settledValidBetSumSince(sql`p.id`, since)} as b
    from ${playersAmongTable(playerIds)} p join stamped s on s.player_id = p.id`);
  return res.rows.map((r) => ({
    playerId: Number(r.id),
    levelId: Number(r.level_id),
    locked: !!r.locked,
    depositMinor: BigInt(r.d ?? '0'),
    validBetMinor: BigInt(r.b ?? '0'),
  }));
}

export async function updateStatus(tx: DbOrTx, playerId: number, values: Partial<typeof vipStatus.$inferInsert>): Promise<void> {
  await tx.update(vipStatus).set(values).where(eq(vipStatus.playerId, playerId));
}

export async function insertHistory(tx: DbOrTx, values: typeof vipLevelHistory.$inferInsert): Promise<void> {
  await tx.insert(vipLevelHistory).values(values);
}

export async function historyOf(db: DbOrTx, playerId: number, limit: number) {
  return db.select().from(vipLevelHistory).where(eq(vipLevelHistory.playerId, playerId)).orderBy(desc(vipLevelHistory.id)).limit(limit);
}

/** Adds a reward unless that player already has one of that kind for that period; answers whether it was new. */
export async function offerReward(tx: DbOrTx, values: typeof vipRewards.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(vipRewards).values(values).onConflictDoNothing().returning({ id: vipRewards.id });
  return rows.length > 0;
}

export async function rewardsOf(db: DbOrTx, playerId: number, limit: number): Promise<RewardRow[]> {
  return db.select().from(vipRewards).where(eq(vipRewards.playerId, playerId)).orderBy(desc(vipRewards.id)).limit(limit);
}

/** Marks a claimable reward claimed, once: the conditional update is what makes a second claim fail. */
export async function takeReward(tx: DbOrTx, playerId: number, rewardId: number): Promise<RewardRow | undefined> {
  const rows = await tx
    .update(vipRewards)
    .set({ status: 'claimed', claimedAt: sql`now()` })
    .where(and(eq(vipRewards.id, rewardId), eq(vipRewards.playerId, playerId), eq(vipRewards.status, 'claimable')))
    .returning();
  return rows[0];
}

/** Monthly rewards of the month for every active player whose level pays one; the unique index makes reruns no-ops. */
export async function offerMonthly(db: DbOrTx, month: string): Promise<number> {
  const res = await db.execute(sql`
    insert into vip_rewards (player_id, kind, period, level_id, amount_minor, target, flow_multiple)
    select p.id, 'monthly', ${month}, p.level_id, r.monthly_reward_minor, r.reward_target, r.reward_flow_multiple
    from ${activePlayersTable()} p join vip_level_rules r on r.level_id = p.level_id
    where r.monthly_reward_minor > 0
    on conflict do nothing`);
  return Number((res as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as { rowCount?: number }).rowCount ?? 0);
}

/** Birthday rewards for players born on one of the given month-days ('MM-DD'), once per year. */
export async function offerBirthday(db: DbOrTx, year: string, monthDays: string[]): Promise<number> {
  const res = await db.execute(sql`
    insert into vip_rewards (player_id, kind, period, level_id, amount_minor, target, flow_multiple)
    select p.id, 'birthday', ${year}, p.level_id, r.birthday_reward_minor, r.reward_target, r.reward_flow_multiple
    from ${activePlayersTable()} p join vip_level_rules r on r.level_id = p.level_id
    where r.birthday_reward_minor > 0 and length(p.birthday) = 10
      and substr(p.birthday, 6, 5) in ${sql.raw(`(${monthDays.map((d) => `'${d.replace(/[^0-9-]/g, '')}'`).join(',')})`)}
    on conflict do nothing`);
  return Number((res as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as { rowCount?: number }).rowCount ?? 0);
}

/** Players above level 0, not locked, past the grace period and without a downgrade in the last period: downgrade candidates. */
export async function downgradeCandidates(db: DbOrTx, reachedBefore: Date, lastDowngradeBefore: Date, afterId: number, limit: number): Promise<number[]> {
  const res = await db.execute<{ id: string | number }>(sql`
    select p.id from ${leveledPlayersTable()} p join vip_status s on s.player_id = p.id
    where p.id > ${afterId} and not s.locked and s.reached_at <= ${reachedBefore.toISOString()}
      and (s.last_downgrade_at is null or s.last_downgrade_at <= ${lastDowngradeBefore.toISOString()})
    order by p.id limit ${limit}`);
  return res.rows.map((r) => Number(r.id));
}

/** Players above level 0 without a standing row yet (levels set before this module): their level counts from sign-up. */
export async function openMissingStatus(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into vip_status (player_id, reached_at) select p.id, p.created_at from ${leveledPlayersTable()} p
    on conflict do nothing`);
}

// ---- the mall ----------------------------------------------------------------------------------

export async function giftsOnShow(db: DbOrTx, now: Date): Promise<GiftRow[]> {
  return db
    .select()
    .from(gifts)
    .where(
      and(
        eq(gifts.status, GIFT_STATUS.on),
        sql`(${gifts.showStart} is null or ${gifts.showStart} <= ${now.toISOString()})`,
        sql`(${gifts.showEnd} is null or ${gifts.showEnd} >= ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(gifts.sort), asc(gifts.id))
    .limit(200);
}

export async function allGifts(db: DbOrTx): Promise<GiftRow[]> {
  return db.select().from(gifts).orderBy(asc(gifts.sort), asc(gifts.id)).limit(500);
}

export async function giftById(db: DbOrTx, id: number): Promise<GiftRow | undefined> {
  return (await db.select().from(gifts).where(eq(gifts.id, id)))[0];
}

export async function insertGift(db: DbOrTx, values: typeof gifts.$inferInsert): Promise<GiftRow> {
  return (await db.insert(gifts).values(values).returning())[0]!;
}

export async function updateGift(db: DbOrTx, id: number, values: Partial<typeof gifts.$inferInsert>): Promise<GiftRow | undefined> {
  return (await db.update(gifts).set(values).where(eq(gifts.id, id)).returning())[0];
}

/** Takes one from stock if any is left and the gift is on sale: the conditional update is the stock's lock. */
export async function takeStock(tx: DbOrTx, giftId: number): Promise<boolean> {
  const rows = await tx
    .update(gifts)
    .set({ stock: sql`${gifts.stock} - 1` })
    .where(and(eq(gifts.id, giftId), eq(gifts.status, GIFT_STATUS.on), sql`${gifts.stock} > 0`))
    .returning({ id: gifts.id });
  return rows.length > 0;
}

export async function returnStock(tx: DbOrTx, giftId: number): Promise<void> {
  await tx
    .update(gifts)
    .set({ stock: sql`${gifts.stock} + 1` })
    .where(eq(gifts.id, giftId));
}

export async function redeemedCounts(db: DbOrTx, playerId: number, giftIds?: number[]): Promise<Map<number, number>> {
  if (giftIds && !giftIds.length) return new Map();
  const rows = await db
    .select({ giftId: exchangeOrders.giftId, n: sql<number>`count(*)::int` })
    .from(exchangeOrders)
    .where(
      and(
        eq(exchangeOrders.playerId, playerId),
        sql`${exchangeOrders.status} <> 'rejected'`,
        giftIds ? sql`${exchangeOrders.giftId} in ${giftIds}` : undefined,
      ),
    )
    .groupBy(exchangeOrders.giftId);
  return new Map(rows.map((r) => [r.giftId, Number(r.n)]));
}

export async function insertOrder(tx: DbOrTx, values: typeof exchangeOrders.$inferInsert): Promise<OrderRow> {
  return (await tx.insert(exchangeOrders).values(values).returning())[0]!;
}

export async function orderById(db: DbOrTx, id: number, lock = false): Promise<OrderRow | undefined> {
  const q = db.select().from(exchangeOrders).where(eq(exchangeOrders.id, id));
  return (await (lock ? q.for('update') : q))[0];
}

export async function updateOrder(tx: DbOrTx, id: number, values: Partial<typeof exchangeOrders.$inferInsert>): Promise<void> {
  await tx
    .update(exchangeOrders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(exchangeOrders.id, id));
}

export async function ordersOf(db: DbOrTx, playerId: number, from: Date, to: Date, limit: number, offset: number) {
  const where = and(eq(exchangeOrders.playerId, playerId), gte(exchangeOrders.createdAt, from), lte(exchangeOrders.createdAt, to));
  const [rows, total] = await Promise.all([
    db.select().from(exchangeOrders).where(where).orderBy(desc(exchangeOrders.createdAt), desc(exchangeOrders.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exchangeOrders)
      .where(where),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function orderQueue(db: DbOrTx, status: string | undefined, limit: number, offset: number) {
  const where = status ? eq(exchangeOrders.status, status) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ order: exchangeOrders, account: accountNameOf(exchangeOrders.playerId) })
      .from(exchangeOrders)
      .where(where)
      .orderBy(desc(exchangeOrders.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(exchangeOrders)
      .where(where),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function insertImage(db: DbOrTx, values: typeof giftImages.$inferInsert): Promise<number> {
  return (await db.insert(giftImages).values(values).returning({ id: giftImages.id }))[0]!.id;
}

export async function imageById(db: DbOrTx, id: number) {
  return (await db.select().from(giftImages).where(eq(giftImages.id, id)))[0];
}

// ---- the level editor --------------------------------------------------------------------------

export async function updateLevel(tx: DbOrTx, id: number, level: LevelPatch, rules: Partial<typeof vipLevelRules.$inferInsert>): Promise<void> {
  await updateLevelColumns(tx, id, level);
  await tx
    .update(vipLevelRules)
    .set({ ...rules, updatedAt: sql`now()` })
    .where(eq(vipLevelRules.levelId, id));
}

/** Per player: deposits and valid bet since a moment, with the current level and lock, for the editor's preview. */
export async function allTotalsSince(db: DbOrTx, since: Date, limit: number) {
  const res = await db.execute<{ id: string | number; level_id: number; locked: boolean | null; d: string; b: string }>(sql`
    select p.id, p.level_id, s.locked,
      coalesce(d.s, 0)::text as d, coalesce(b.s, 0)::text as b
    from ${activePlayersTable()} p
    left join vip_status s on s.player_id = p.id
    left join ${paidDepositSumsSince(since)} d on d.player_id = p.id
    left join ${settledValidBetSumsSince(since)} b on b.player_id = p.id
    order by p.id limit ${limit}`);
  return res.rows.map((r) => ({ id: Number(r.id), levelId: Number(r.level_id), locked: !!r.locked, depositMinor: BigInt(r.d), validBetMinor: BigInt(r.b) }));
}

export async function orderByClientKey(db: DbOrTx, playerId: number, clientKey: string): Promise<OrderRow | undefined> {
  return (
    await db
      .select()
      .from(exchangeOrders)
      .where(and(eq(exchangeOrders.playerId, playerId), eq(exchangeOrders.clientKey, clientKey)))
  )[0];
}
