// Promotions: the operator's promotions and front categories, the on/off switch of each mode's
// entry, every application and grant, and the accounting that keeps budgets, per-player limits and
// anti-abuse keys true under concurrency. Mode 11 (red-packet rain) has its own tables.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { players } from './schema-core.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/** The hall's operator-defined front categories (SPEC.md section 3: front type id, title). */
export const promotionCategories = pgTable('promotion_categories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  sort: integer('sort').notNull().default(0),
  /** on or off. */
  status: varchar('status', { length: 3 }).notNull().default('on'),
  createdAt: tsz('created_at').notNull().defaultNow(),
});

/** Whether each mode's entry shows in the hall's left menu (GET /activity/showType); a missing row is on. */
export const promotionModeEntries = pgTable('promotion_mode_entries', {
  mode: smallint('mode').primaryKey(),
  /** on or off. */
  status: varchar('status', { length: 3 }).notNull(),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

/** Tier of a reward rule: at or above threshold, a fixed amount, or a percent (basis points) of the base. */
export interface TierRow {
  thresholdMinor: string;
  amountMinor: string;
  percentBp: number;
}

export const promotions = pgTable(
  'promotions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 1..10 (SPEC.md section 2); 11 lives in the red-packet module. */
    mode: smallint('mode').notNull(),
    frontId: bigint('front_id', { mode: 'number' }).references(() => promotionCategories.id),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    summary: text('summary').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    /** Operator HTML, sanitized on save. */
    content: text('content').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    bannerId: bigint('banner_id', { mode: 'number' }),
    /** on or off. */
    status: varchar('status', { length: 3 }).notNull().default('off'),
    sort: integer('sort').notNull().default(0),
    limitedTime: boolean('limited_time').notNull().default(false),
    showStart: tsz('show_start'),
    showEnd: tsz('show_end'),
    claimStart: tsz('claim_start'),
    claimEnd: tsz('claim_end'),
    // Eligibility.
    levels: jsonb('levels').$type<number[]>().notNull().default([]),
    minRegisterDays: integer('min_register_days').notNull().default(0),
    maxRegisterDays: integer('max_register_days').notNull().default(0),
    depositWindowDays: integer('deposit_window_days').notNull().default(0),
    minDepositCount: integer('min_deposit_count').notNull().default(0),
    minDepositTotalMinor: minor('min_deposit_total_minor'),
    // Reward rule.
    /** fixed, deposit_percent, valid_bet_percent or net_loss_percent. */
    rewardKind: varchar('reward_kind', { length: 20 }).notNull(),
    fixedAmountMinor: minor('fixed_amount_minor'),
    percentBp: integer('percent_bp').notNull().default(0),
    tiers: jsonb('tiers').$type<TierRow[]>().notNull().default([]),
    minAmountMinor: minor('min_amount_minor'),
    /** Cap per grant; 0 means none. */
    maxGrantMinor: minor('max_grant_minor'),
    gameGroups: jsonb('game_groups').$type<string[]>().notNull().default([]),
    useVipRate: boolean('use_vip_rate').notNull().default(false),
    referrerAmountMinor: minor('referrer_amount_minor'),
    friendAmountMinor: minor('friend_amount_minor'),
    friendMinDepositMinor: minor('friend_min_deposit_minor'),
    friendMinValidBetMinor: minor('friend_min_valid_bet_minor'),
    maxPerReferrer: integer('max_per_referrer').notNull().default(0),
    // Money and limits.
    /** Null: no budget. spent never passes it (conditional update and CHECK). */
    budgetMinor: bigint('budget_minor', { mode: 'bigint' }),
    spentMinor: minor('spent_minor'),
    /** day, week, month or ever; limit_count 0 means no limit. */
    limitPeriod: varchar('limit_period', { length: 5 }).notNull().default('ever'),
    limitCount: integer('limit_count').notNull().default(1),
    flowMultiple: smallint('flow_multiple').notNull().default(1),
    /** bonus or bonus_deposit. */
    flowBase: varchar('flow_base', { length: 13 }).notNull().default('bonus'),
    isSports: boolean('is_sports').notNull().default(false),
    giveUpWalletAmountMinor: minor('give_up_wallet_amount_minor'),
    /** automatic or apply. */
    claimMode: varchar('claim_mode', { length: 9 }).notNull().default('automatic'),
    autoApproveMaxMinor: bigint('auto_approve_max_minor', { mode: 'bigint' }),
    notCombinable: boolean('not_combinable').notNull().default(false),
    /** address, phone, bank_card: one grant per value of each. */
    uniqueBy: jsonb('unique_by').$type<string[]>().notNull().default([]),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('promotions_hall_idx').on(t.status, t.mode, t.sort),
    check('promotions_spent_within_budget', sql`${t.spentMinor} >= 0 and (${t.budgetMinor} is null or ${t.spentMinor} <= ${t.budgetMinor})`),
    check('promotions_mode_range', sql`${t.mode} between 1 and 10`),
  ],
);

/**
 * Applications and grants: one row per promotion, player and qualifying event or period (a deposit, a
 * Taipei day and game group, a friend, an operator's gift command). status applying (waiting for an
 * operator, or for the qualifying deposit when period is ''), success (paid) or fail (refused, with reason).
 */
export const promotionGrants = pgTable(
  'promotion_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    mode: smallint('mode').notNull(),
    period: varchar('period', { length: 80 }).notNull(),
    status: varchar('status', { length: 8 }).notNull(),
    amountMinor: minor('amount_minor'),
    /** The qualifying deposit, for a target of multiple x (bonus + deposit). */
    baseMinor: minor('base_minor'),
    bonusBetMinor: minor('bonus_bet_minor'),
    /** bonus or central once paid. */
    target: varchar('target', { length: 7 }),
    walletId: bigint('wallet_id', { mode: 'number' }),
    journalId: bigint('journal_id', { mode: 'number' }),
    reason: text('reason').notNull().default(''),
    staffId: bigint('staff_id', { mode: 'number' }),
    detail: jsonb('detail').notNull().default({}),
    createdAt: tsz('created_at').notNull().defaultNow(),
    reviewedAt: tsz('reviewed_at'),
  },
  (t) => [
    uniqueIndex('promotion_grants_event_uq').on(t.promotionId, t.playerId, t.period),
    index('promotion_grants_player_idx').on(t.playerId, t.id),
    index('promotion_grants_queue_idx').on(t.status, t.id),
    index('promotion_grants_promotion_idx').on(t.promotionId, t.status),
    // The bonuses report attributes the money an activity wallet releases to the promotion whose grant funded it.
    index('promotion_grants_wallet_idx')
      .on(t.walletId)
      .where(sql`${t.walletId} is not null`),
    check('promotion_grants_amount', sql`${t.amountMinor} >= 0`),
  ],
);

/** Grants per player and limit period (day/week/month key or 'ever'); counted with a conditional upsert. */
export const promotionLimitCounts = pgTable(
  'promotion_limit_counts',
  {
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    /** A player, or a referrer for mode 9's per-referrer cap (scope 'referrer'). */
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    scope: varchar('scope', { length: 8 }).notNull(),
    periodKey: varchar('period_key', { length: 10 }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.playerId, t.scope, t.periodKey] })],
);

/** Anti-abuse: which player took the promotion for an address, phone or bank card (unique per promotion). */
export const promotionUniqueKeys = pgTable(
  'promotion_unique_keys',
  {
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    kind: varchar('kind', { length: 9 }).notNull(),
    value: varchar('value', { length: 100 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.kind, t.value] })],
);

/** Daily jobs' runs per promotion and Taipei day, so a second run of the same day pays nothing. */
export const promotionJobRuns = pgTable(
  'promotion_job_runs',
  {
    job: varchar('job', { length: 20 }).notNull(),
    promotionId: bigint('promotion_id', { mode: 'number' })
      .notNull()
      .references(() => promotions.id),
    day: varchar('day', { length: 10 }).notNull(),
    granted: integer('granted').notNull().default(0),
    /** running while the run pays; done when every player of the day has been settled. */
    state: varchar('state', { length: 7 }).notNull().default('running'),
    startedAt: tsz('started_at').notNull().defaultNow(),
    finishedAt: tsz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.job, t.promotionId, t.day] })],
);

/**
 * Credited deposits the deposit modes (2, 3, 4 and 8) and the referral check have been run for. The cashier's
 * hook runs in-process after the credit's commit, so a process that dies in between would lose the grant; the
 * promotions job sweeps recent paid deposits without a row here and runs the same evaluation, which pays at most
 * once per event whoever runs it. Rows older than the sweep's window are no longer needed and are pruned.
 */
export const promotionDepositChecks = pgTable(
  'promotion_deposit_checks',
  {
    depositId: varchar('deposit_id', { length: 40 }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    /** hook or sweep: which path finished the evaluation first. */
    source: varchar('source', { length: 5 }).notNull(),
    checkedAt: tsz('checked_at').notNull().defaultNow(),
  },
  (t) => [index('promotion_deposit_checks_checked_idx').on(t.checkedAt)],
);
