// VIP levels, their rewards and history, and the points mall. Points themselves live in the
// ledger as their own asset (accounts.asset = 'points'); these tables hold the rules and the orders.
// Only lazy references to schema.ts here: schema.ts re-exports this file, so its tables are not yet
// initialised while this module runs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { levels, players } from './schema-core.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What reaches, keeps and rewards each level, beside the withdrawal terms already on `levels`.
 * Amounts are minor units; rates are basis points (1/100 of a percent) or points per 100.00 of valid bet.
 */
export const vipLevelRules = pgTable(
  'vip_level_rules',
  {
    levelId: smallint('level_id')
      .primaryKey()
      .references(() => levels.id),
    /** Deposits and valid bet over the evaluation period that reach the level (both are needed). */
    depositReqMinor: bigint('deposit_req_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBetReqMinor: bigint('valid_bet_req_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Valid bet over a period that keeps the level once reached. */
    keepValidBetMinor: bigint('keep_valid_bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    upgradeRewardMinor: bigint('upgrade_reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    monthlyRewardMinor: bigint('monthly_reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    birthdayRewardMinor: bigint('birthday_reward_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** bonus: into a new activity wallet with a bet-flow target of reward x rewardFlowMultiple; central: straight to the central wallet. */
    rewardTarget: varchar('reward_target', { length: 10 }).notNull().default('bonus'),
    rewardFlowMultiple: smallint('reward_flow_multiple').notNull().default(1),
    /** Valid-bet rebate rate in basis points, read by the promotions' mode 6. */
    rebateRateBp: integer('rebate_rate_bp').notNull().default(0),
    /** Points per 100.00 of settled valid bet, by game group (slots, fish, casino, sports, lottery, cards, esports). */
    pointsRates: jsonb('points_rates').$type<Record<string, number>>().notNull().default({}),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'vip_level_rules_amounts',
      sql`${t.depositReqMinor} >= 0 and ${t.validBetReqMinor} >= 0 and ${t.keepValidBetMinor} >= 0
    and ${t.upgradeRewardMinor} >= 0 and ${t.monthlyRewardMinor} >= 0 and ${t.birthdayRewardMinor} >= 0`,
    ),
  ],
);

/** A player's standing at their level: when it was reached (the grace period runs from there) and the operator lock. */
export const vipStatus = pgTable('vip_status', {
  playerId: bigint('player_id', { mode: 'number' })
    .primaryKey()
    .references(() => players.id),
  reachedAt: tsz('reached_at').notNull().defaultNow(),
  lastDowngradeAt: tsz('last_downgrade_at'),
  /** Set by an operator: automatic evaluation leaves the level alone. */
  locked: boolean('locked').notNull().default(false),
  evaluatedAt: tsz('evaluated_at'),
});

/** Every level change with its reason; append-only. */
export const vipLevelHistory = pgTable(
  'vip_level_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    fromLevel: smallint('from_level').notNull(),
    toLevel: smallint('to_level').notNull(),
    /** upgrade, downgrade or manual. */
    reason: varchar('reason', { length: 20 }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    staffId: bigint('staff_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('vip_level_history_player_idx').on(t.playerId, t.id)],
);

/** Rewards a player can claim: one per player, kind and period (the level for upgrades, the month, the year). */
export const vipRewards = pgTable(
  'vip_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** upgrade, monthly or birthday. */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** upgrade: the level id; monthly: YYYY-MM; birthday: YYYY (Taipei dates). */
    period: varchar('period', { length: 10 }).notNull(),
    levelId: smallint('level_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    target: varchar('target', { length: 10 }).notNull(),
    flowMultiple: smallint('flow_multiple').notNull(),
    /** claimable or claimed. */
    status: varchar('status', { length: 10 }).notNull().default('claimable'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    claimedAt: tsz('claimed_at'),
  },
  (t) => [uniqueIndex('vip_rewards_once_uq').on(t.playerId, t.kind, t.period), check('vip_rewards_amount_positive', sql`${t.amountMinor} > 0`)],
);

/** Uploaded gift images, re-encoded, kept in the database so every instance can serve them. */
export const giftImages = pgTable('gift_images', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mime: varchar('mime', { length: 30 }).notNull(),
  bytes: bytea('bytes').notNull(),
  staffId: bigint('staff_id', { mode: 'number' }),
  createdAt: tsz('created_at').notNull().defaultNow(),
});

export const gifts = pgTable(
  'gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    imageId: bigint('image_id', { mode: 'number' }).references(() => giftImages.id),
    pointsPrice: bigint('points_price', { mode: 'bigint' }).notNull(),
    stock: integer('stock').notNull(),
    showStart: tsz('show_start'),
    showEnd: tsz('show_end'),
    /** How many a player may redeem in all; 0 means no limit. */
    perPlayerLimit: integer('per_player_limit').notNull().default(0),
    /** physical (shipped to an address) or virtual (bonus money into an activity wallet). */
    kind: varchar('kind', { length: 10 }).notNull(),
    bonusMinor: bigint('bonus_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bonusFlowMultiple: smallint('bonus_flow_multiple').notNull().default(1),
    /** 1 on sale, 0 withdrawn by an operator. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [check('gifts_stock_not_negative', sql`${t.stock} >= 0`), check('gifts_price_positive', sql`${t.pointsPrice} > 0`)],
);

export const exchangeOrders = pgTable(
  'exchange_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    giftId: bigint('gift_id', { mode: 'number' })
      .notNull()
      .references(() => gifts.id),
    giftName: text('gift_name').notNull(),
    giftNameEn: text('gift_name_en').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    pointsPrice: bigint('points_price', { mode: 'bigint' }).notNull(),
    consignee: text('consignee').notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    area: text('area').notNull().default(''),
    address: text('address').notNull().default(''),
    /** not_shipped, shipped, received or rejected. */
    status: varchar('status', { length: 12 }).notNull(),
    trackingNo: varchar('tracking_no', { length: 60 }).notNull().default(''),
    reason: text('reason').notNull().default(''),
    staffId: bigint('staff_id', { mode: 'number' }),
    /** The Idempotency-Key the player's browser sent, so a retried purchase returns the first order. */
    clientKey: varchar('client_key', { length: 80 }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_orders_client_key_uq').on(t.playerId, t.clientKey),
    index('exchange_orders_player_idx').on(t.playerId, t.createdAt),
    index('exchange_orders_queue_idx').on(t.status, t.id),
    index('exchange_orders_gift_player_idx').on(t.giftId, t.playerId),
  ],
);
