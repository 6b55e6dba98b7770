// The partners programme: partner accounts and their tree, sessions, plans, tracking links and their
// clicks, partner domains, the binding of players to partners, applications, monthly statements, CPA qualifications,
// payouts and marketing material. Owned by modules/partners. Money columns are bigint minor units; rates and fees
// are basis points.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  ApplicationStatus,
  BindingSource,
  OwnPlayerReviewStatus,
  PartnerStatus,
  PayoutStatus,
  PeriodKind,
  StatementStatus,
} from '../../shared/schemas/partners/common.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const minor = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/** One revenue-share tier as stored: NGR from `minNgrMinor`, at least `minActivePlayers`, at `rateBp`. */
export interface StoredTier {
  minNgrMinor: string;
  minActivePlayers: number;
  rateBp: number;
}
export interface StoredCpa {
  amountMinor: string;
  minFirstDepositMinor: string;
  minValidBetMinor: string;
  withinDays: number;
}
export interface StoredPlatformFee {
  gameGroup: string;
  feeBp: number;
}

export const partnerPlans = pgTable(
  'partner_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    periodKind: varchar('period_kind', { length: 8 }).$type<PeriodKind>().notNull().default('month'),
    tiers: jsonb('tiers').$type<StoredTier[]>().notNull(),
    cpa: jsonb('cpa').$type<StoredCpa | null>(),
    carryOver: boolean('carry_over').notNull().default(false),
    paymentFeeBp: integer('payment_fee_bp').notNull().default(0),
    platformFees: jsonb('platform_fees')
      .$type<StoredPlatformFee[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isDefault: boolean('is_default').notNull().default(false),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_plans_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A partner account. level 1 has no parent; a level-2 partner's parent is level 1, a level-3 partner's level 2.
 * rate_cap_bp: the rate its parent (or an operator) agreed, never above the parent's own reach.
 */
export const partners = pgTable(
  'partners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: varchar('account', { length: 12 }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    level: smallint('level').notNull().default(1),
    status: varchar('status', { length: 10 }).$type<PartnerStatus>().notNull().default('active'),
    planId: bigint('plan_id', { mode: 'number' }).references(() => partnerPlans.id),
    rateCapBp: integer('rate_cap_bp'),
    contact: varchar('contact', { length: 80 }).notNull().default(''),
    notes: varchar('notes', { length: 2000 }).notNull().default(''),
    landingUrl: varchar('landing_url', { length: 200 }).notNull().default(''),
    /** Sealed with STAFF_TOTP_KEY like staff secrets; null until enrolled. */
    totpSecret: varchar('totp_secret', { length: 200 }),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    bank: varchar('bank', { length: 40 }).notNull().default(''),
    bankBranch: varchar('bank_branch', { length: 40 }).notNull().default(''),
    bankHolder: varchar('bank_holder', { length: 40 }).notNull().default(''),
    bankCardNumber: varchar('bank_card_number', { length: 16 }).notNull().default(''),
    lastLoginIp: varchar('last_login_ip', { length: 45 }).notNull().default(''),
    lastLoginAt: tsz('last_login_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partners_account_lower_uq').on(sql`lower(${t.account})`),
    uniqueIndex('partners_code_lower_uq').on(sql`lower(${t.code})`),
    index('partners_parent_idx').on(t.parentId),
    check('partners_level_range', sql`${t.level} between 1 and 3`),
  ],
);

export const partnerSessions = pgTable(
  'partner_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    /** The browser fingerprint the sign-in sent (hex), '' when none. */
    device: varchar('device', { length: 128 }).notNull().default(''),
    createdAt: tsz('created_at').notNull().defaultNow(),
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    expiresAt: tsz('expires_at').notNull(),
    revokedAt: tsz('revoked_at'),
  },
  (t) => [uniqueIndex('partner_sessions_token_uq').on(t.tokenHash), index('partner_sessions_partner_idx').on(t.partnerId)],
);

export const partnerLinks = pgTable(
  'partner_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    campaign: varchar('campaign', { length: 32 }).notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_links_campaign_uq').on(t.partnerId, t.campaign)],
);

/** Clicks per partner, campaign ('' for the bare link) and Taipei day: one upsert per click. */
export const partnerClicks = pgTable(
  'partner_clicks',
  {
    partnerId: bigint('partner_id', { mode: 'number' }).notNull(),
    campaign: varchar('campaign', { length: 32 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'partner_clicks_pk', columns: [t.partnerId, t.campaign, t.day] })],
);

export const partnerDomains = pgTable(
  'partner_domains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    host: varchar('host', { length: 253 }).notNull(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_domains_host_uq').on(t.host)],
);

/** A player's partner: one row per player at most (the primary key makes the first binding win). */
export const partnerBindings = pgTable(
  'partner_bindings',
  {
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    source: varchar('source', { length: 10 }).$type<BindingSource>().notNull(),
    campaign: varchar('campaign', { length: 32 }).notNull().default(''),
    registrationIp: varchar('registration_ip', { length: 45 }).notNull().default(''),
    /** When the player registered (kept through moves: statements count registrations by it). */
    registeredAt: tsz('registered_at').notNull().defaultNow(),
    boundAt: tsz('bound_at').notNull().defaultNow(),
  },
  (t) => [index('partner_bindings_partner_idx').on(t.partnerId, t.registeredAt), index('partner_bindings_ip_idx').on(t.registrationIp)],
);

/**
 * Which partner held a player over which Taipei days (drizzle/0050: written by triggers on partner_bindings). A
 * statement sums a day's activity for the span that covers the day; fromDay '-infinity' covers the player's whole past,
 * untilDay (exclusive) is null while the span still holds.
 */
export const partnerAttributions = pgTable(
  'partner_attributions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    untilDay: date('until_day', { mode: 'string' }),
    source: varchar('source', { length: 10 }).$type<BindingSource>().notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_attributions_from_uq').on(t.playerId, t.fromDay), index('partner_attributions_partner_idx').on(t.partnerId, t.playerId)],
);

/**
 * A player who registered with a partner from one of that partner's own sign-in addresses or devices (drizzle/0051):
 * no CPA for the player while pending or denied; an operator approves or denies it.
 */
export const partnerPlayerReviews = pgTable(
  'partner_player_reviews',
  {
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    kinds: varchar('kinds', { length: 20 }).notNull(),
    status: varchar('status', { length: 10 }).$type<OwnPlayerReviewStatus>().notNull().default('pending'),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: tsz('decided_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('partner_player_reviews_queue_idx').on(t.status, t.createdAt)],
);

export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    contactKind: varchar('contact_kind', { length: 10 }).notNull(),
    contact: varchar('contact', { length: 80 }).notNull(),
    channel: varchar('channel', { length: 12 }).notNull(),
    expectedPlayers: integer('expected_players').notNull().default(0),
    message: varchar('message', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 10 }).$type<ApplicationStatus>().notNull().default('pending'),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    partnerId: bigint('partner_id', { mode: 'number' }),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: tsz('reviewed_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('partner_applications_status_idx').on(t.status, t.id)],
);

/** The figures of a statement as stored: every amount a minor-unit string. */
export interface StoredFigures {
  playersRegistered: number;
  firstDepositors: number;
  activePlayers: number;
  deposits: string;
  withdrawals: string;
  bets: string;
  validBet: string;
  ggr: string;
  bonuses: string;
  paymentFees: string;
  platformFees: string;
  ngr: string;
  carryIn: string;
  carryOut: string;
  tier: number | null;
  rateBp: number;
  revenueShare: string;
  cpaPlayers: number;
  cpa: string;
  overrides: string;
}
export interface StoredOverride {
  childPartnerId: number;
  childAccount: string;
  childNgr: string;
  parentRateBp: number;
  childRateBp: number;
  amount: string;
}

export const partnerStatements = pgTable(
  'partner_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    periodKind: varchar('period_kind', { length: 8 }).$type<PeriodKind>().notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).$type<StatementStatus>().notNull().default('pending'),
    figures: jsonb('figures').$type<StoredFigures>().notNull(),
    overrideLines: jsonb('override_lines')
      .$type<StoredOverride[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the job computed (revenue share + CPA + overrides), before an operator's adjustment. */
    computedMinor: minor('computed_minor'),
    adjustmentMinor: minor('adjustment_minor'),
    adjustmentReason: varchar('adjustment_reason', { length: 500 }).notNull().default(''),
    carryOutMinor: minor('carry_out_minor'),
    holdReason: varchar('hold_reason', { length: 500 }).notNull().default(''),
    journalId: bigint('journal_id', { mode: 'number' }),
    builtAt: tsz('built_at').notNull().defaultNow(),
    approvedAt: tsz('approved_at'),
    approvedBy: bigint('approved_by', { mode: 'number' }),
  },
  (t) => [uniqueIndex('partner_statements_period_uq').on(t.partnerId, t.period), index('partner_statements_queue_idx').on(t.status, t.period)],
);

/** A player counted for CPA, once ever, in the period whose statement counted it. */
export const partnerCpa = pgTable(
  'partner_cpa',
  {
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' }).notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    amountMinor: minor('amount_minor'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('partner_cpa_partner_idx').on(t.partnerId, t.period)],
);

export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    amountMinor: minor('amount_minor'),
    status: varchar('status', { length: 10 }).$type<PayoutStatus>().notNull().default('applying'),
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    bank: varchar('bank', { length: 40 }).notNull(),
    bankBranch: varchar('bank_branch', { length: 40 }).notNull().default(''),
    holder: varchar('holder', { length: 40 }).notNull(),
    cardNumber: varchar('card_number', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: tsz('reviewed_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_payouts_key_uq').on(t.partnerId, t.requestKey),
    index('partner_payouts_status_idx').on(t.status, t.id),
    check('partner_payouts_positive', sql`${t.amountMinor} > 0`),
  ],
);

export const partnerMaterials = pgTable('partner_materials', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  uploadId: bigint('upload_id', { mode: 'number' }).notNull(),
  title: varchar('title', { length: 60 }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: tsz('created_at').notNull().defaultNow(),
  deletedAt: tsz('deleted_at'),
});
