// The database schema. Migrations under drizzle/ are generated from this file with `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TransferDirection } from '../../shared/schemas/wallet.ts';
import type { DepositStatus, FindingStatus, TransferStatus, WithdrawalStatus } from '../../shared/statuses.ts';
import type { BetStatus } from '../../shared/schemas/bets.ts';
import type { RiskDecision } from '../../shared/schemas/risk/settings.ts';
import type { JournalKind } from '../../shared/journal-kinds.ts';

// pg returns Buffer and PGlite Uint8Array for bytea; both come out as Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const levels = pgTable('levels', {
  id: smallint('id').primaryKey(),
  nameFrontend: text('name_frontend').notNull(),
  nameFrontendEn: text('name_frontend_en').notNull(),
  ifShowFrontend: boolean('if_show_frontend').notNull().default(true),
  /** Withdrawal terms of the level (SPEC.md section 9): free ones a day, the fee after them, the daily cap. */
  withdrawFreePerDay: smallint('withdraw_free_per_day').notNull().default(1),
  withdrawFeeMinor: bigint('withdraw_fee_minor', { mode: 'bigint' })
    .notNull()
    .default(sql`10000`),
  withdrawMaxPerDay: smallint('withdraw_max_per_day').notNull().default(3),
});

export const players = pgTable(
  'players',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: varchar('account', { length: 12 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: varchar('phone', { length: 10 }),
    avatar: varchar('avatar', { length: 40 }).notNull().default('avatar-1.svg'),
    levelId: smallint('level_id')
      .notNull()
      .default(0)
      .references(() => levels.id),
    /** 1 active, 0 disabled by an operator. */
    status: smallint('status').notNull().default(1),
    /** 2 means the player must change the password before anything else. */
    statusForcePassword: smallint('status_force_password').notNull().default(0),
    autoTransfer: boolean('auto_transfer').notNull().default(false),
    /** Game types and platform codes this player may not play (SPEC.md section 3, player_blacklist). */
    blacklist: jsonb('blacklist').$type<{ type: string[]; game_platform_code: string[] }>().notNull().default({ type: [], game_platform_code: [] }),
    recommendCode: varchar('recommend_code', { length: 16 }).notNull(),
    referrerId: bigint('referrer_id', { mode: 'number' }),
    registerIp: text('register_ip'),
    realName: text('real_name').notNull().default(''),
    gender: varchar('gender', { length: 10 }).notNull().default(''),
    birthday: varchar('birthday', { length: 10 }).notNull().default(''),
    createdAt: tsz('created_at').notNull().defaultNow(),
    lastLoginAt: tsz('last_login_at'),
    /** Set when an operator issued a temporary password: it stops working at this time. */
    passwordExpiresAt: tsz('password_expires_at'),
  },
  (t) => [
    // Accounts are unique regardless of letter case, so 'Demo01' cannot shadow 'demo01'.
    uniqueIndex('players_account_lower_uq').on(sql`lower(${t.account})`),
    uniqueIndex('players_phone_uq').on(t.phone),
    uniqueIndex('players_recommend_code_uq').on(t.recommendCode),
    // Registrations per day (the reports' daily summary) read a range of sign-up times.
    index('players_created_idx').on(t.createdAt),
    // The Taipei day of sign-up, so registrations per day and the retention report's cohorts count from the index alone.
    index('players_created_taipei_day_idx').on(sql`((${t.createdAt} at time zone 'Asia/Taipei')::date)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    tokenHash: bytea('token_hash').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    expiresAt: tsz('expires_at').notNull(),
    revokedAt: tsz('revoked_at'),
    /** logout, double-login, kick or expired. */
    revokedReason: varchar('revoked_reason', { length: 20 }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_player_live_idx')
      .on(t.playerId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Ledger accounts with their cached balance in minor units. Player accounts (player_id set: central,
 * bonus:<wallet id>, platform:<code>, transit:<code>) never go negative; house accounts (player_id null)
 * may, and hot ones are split into shards (ref '<purpose>:<n>').
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
    /** central, bonus, platform, or house kinds. */
    kind: varchar('kind', { length: 20 }).notNull(),
    ref: varchar('ref', { length: 40 }).notNull().default(''),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** money (minor units) or points (whole points): a journal never mixes the two (ledger/points.ts). */
    asset: varchar('asset', { length: 10 }).notNull().default('money'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_owner_kind_ref_uq').on(t.playerId, t.kind, t.ref),
    // House accounts have no player, and NULLs never collide in a unique index: they get their own.
    uniqueIndex('accounts_house_kind_ref_uq')
      .on(t.kind, t.ref)
      .where(sql`${t.playerId} is null`),
    check('accounts_player_not_negative', sql`${t.playerId} is null or ${t.balanceMinor} >= 0`),
  ],
);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

export const systemMessages = pgTable(
  'system_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slot: varchar('slot', { length: 20 }).notNull(),
    status: smallint('status').notNull().default(1),
    message: text('message').notNull(),
    messageEn: text('message_en').notNull().default(''),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('system_messages_slot_idx').on(t.slot, t.id)],
);

export const ipBlacklist = pgTable(
  'ip_blacklist',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: varchar('ip', { length: 64 }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ip_blacklist_ip_uq').on(t.ip)],
);

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    body: text('body').notNull(),
    /** outbox (the row is the message) or gateway (sent through Mitake or EVERY8D). */
    driver: varchar('driver', { length: 10 }).notNull(),
    /** queued, sent or failed. */
    status: varchar('status', { length: 10 }).notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
    /** The gateway that took the message (mitake, every8d), or the last one asked when none did. */
    gateway: varchar('gateway', { length: 10 }),
    /** Mitake's clientid, derived from the row: a repeated send of the row is refused by Mitake as a duplicate. */
    clientId: varchar('client_id', { length: 36 }),
    /** The gateway's id of the message: Mitake's msgid, EVERY8D's batch id. */
    providerRef: varchar('provider_ref', { length: 64 }),
    /** The named outcome of the send (integrations/sms/outcomes.ts). */
    outcome: varchar('outcome', { length: 20 }),
    /** Every gateway asked, in order, with its outcome. */
    attempts: jsonb('attempts').$type<Array<{ gateway: string; outcome: string }>>().notNull().default([]),
    /** What became of the message (pending, delivered, no_such_number, phone_off, expired, ...). */
    delivery: varchar('delivery', { length: 20 }),
    deliveryAt: tsz('delivery_at'),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** Each SMS gateway's remaining credit as its newest answer gave it (Mitake AccountPoint, EVERY8D CREDIT). */
export const smsGatewayCredit = pgTable('sms_gateway_credit', {
  gateway: varchar('gateway', { length: 10 }).primaryKey(),
  credit: numeric('credit', { precision: 14, scale: 2 }).notNull(),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: bytea('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tsz('expires_at').notNull(),
    consumedAt: tsz('consumed_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('verification_codes_phone_idx').on(t.phone, t.purpose, t.id)],
);

/** Fixed-window counters for rate limits when no Redis is configured. */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: tsz('reset_at').notNull(),
});

export const staff = pgTable(
  'staff',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** admin, finance, service or marketing. */
    role: varchar('role', { length: 20 }).notNull(),
    /** AES-256-GCM sealed (STAFF_TOTP_KEY); see backoffice/staff/totp.ts. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, sealed too: it becomes totp_secret once the staff member confirms a code from it. */
    totpPending: text('totp_pending'),
    /** Set for an operator whose password someone else chose (the first one): sign-in asks for a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    status: smallint('status').notNull().default(1),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_username_uq').on(sql`lower(${t.username})`)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    tokenHash: bytea('token_hash').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
    expiresAt: tsz('expires_at').notNull(),
    /** Moved forward as the session is used; a session idle past the back office's idle timeout ends. */
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    revokedAt: tsz('revoked_at'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('staff_sessions_token_hash_uq').on(t.tokenHash)],
);

/** Append-only: the application never updates or deletes rows here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    action: varchar('action', { length: 60 }).notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    /** The player the action concerned, if any, so the log can be filtered by player. */
    playerId: bigint('player_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_player_idx').on(t.playerId, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

export const gamePlatforms = pgTable(
  'game_platforms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    /** slots, fish, sports, casino, lottery, cards or esports. */
    group: varchar('group', { length: 12 }).notNull(),
    frontShow: smallint('front_show').notNull().default(1),
    /** 1 running, 0 under maintenance. */
    maintainStatus: smallint('maintain_status').notNull().default(1),
    maintainStart: tsz('maintain_start'),
    maintainEnd: tsz('maintain_end'),
    status: smallint('status').notNull().default(1),
    startTime: tsz('start_time'),
    endTime: tsz('end_time'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('game_platforms_code_group_uq').on(t.gpCode, t.group)],
);

// ---------------------------------------------------------------------------------------------------
// Ledger (DESIGN.md section 4): journals and postings are append-only; balances are cached on accounts.

export const journals = pgTable(
  'journals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What moved the money or points: one of JOURNAL_KINDS (src/shared/journal-kinds.ts). */
    kind: varchar('kind', { length: 30 }).$type<JournalKind>().notNull(),
    /** Unique per command: a replay finds the first journal instead of writing a second. */
    idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull(),
    /** Hash of the command's data, so a replay with different data is told apart from a true replay. */
    requestHash: bytea('request_hash').notNull(),
    playerId: bigint('player_id', { mode: 'number' }),
    ref: varchar('ref', { length: 80 }).notNull().default(''),
    memo: text('memo').notNull().default(''),
    staffId: bigint('staff_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    /**
     * Set on a reversal (ledger/reversal.ts): the journal whose mirror image it is. Unique, so a journal is
     * reversed at most once; null on every other journal.
     */
    reversesJournalId: bigint('reverses_journal_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('journals_idempotency_key_uq').on(t.idempotencyKey),
    index('journals_player_created_idx').on(t.playerId, t.createdAt),
    uniqueIndex('journals_reverses_journal_uq').on(t.reversesJournalId),
    // The bonuses report finds the releases of a date range (ledger/daily.ts RELEASE_KINDS) without reading every
    // journal of the range; partial, so the hot kinds (bets, transfers) add nothing to it.
    index('journals_release_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} in ('bonus_unlock', 'bonus_to_central')`),
    foreignKey({ name: 'journals_reverses_journal_fk', columns: [t.reversesJournalId], foreignColumns: [t.id] }),
  ],
);

/**
 * Partitioned by month of created_at (migration 0036, PostgreSQL native partitioning; drizzle-kit cannot say so): a
 * unique key of a partitioned table must hold the partition key, hence the primary key (id, created_at). Old months
 * can be archived (`npm run ledger:archive`), leaving a closing balance per account in ledger_closing_balances.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => journals.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** Signed: positive adds to the account's balance, negative takes from it. A journal's postings sum to zero. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this posting, for statements without a running sum. */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    /** The journal's time (the same transaction's now()): the partition key. */
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'postings_pkey', columns: [t.id, t.createdAt] }),
    index('postings_journal_idx').on(t.journalId),
    index('postings_account_idx').on(t.accountId, t.id),
    check('postings_not_zero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Each account's balance at the end of every archived month (`npm run ledger:archive`): the sum of all its postings
 * up to then, so the ledger check adds the live postings to the last closing balance instead of to zero.
 */
export const ledgerClosingBalances = pgTable(
  'ledger_closing_balances',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** The first day of the archived month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
    /** How many postings of this account the month held, for the operator's cross-check with the archived partition. */
    postingsCount: integer('postings_count').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ledger_closing_balances_pkey', columns: [t.accountId, t.month] })],
);

/** Activity (bonus) wallets: money with a bet target that must be met before it can leave. */
export const bonusWallets = pgTable(
  'bonus_wallets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    isSports: boolean('is_sports').notNull().default(false),
    /** Platform codes this wallet may fund; empty means every platform. */
    platformCodes: jsonb('platform_codes').$type<string[]>().notNull().default([]),
    bonusBetMinor: bigint('bonus_bet_minor', { mode: 'bigint' }).notNull(),
    bonusNowBetMinor: bigint('bonus_now_bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    giveUpWalletAmountMinor: bigint('give_up_wallet_amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 1 active, 2 unlocked (paid out to central), 3 given up. */
    status: smallint('status').notNull().default(1),
    grantedBy: bigint('granted_by', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('bonus_wallets_player_idx').on(t.playerId, t.status)],
);

/** A player's account at each provider, and which activity wallet funds what sits there. */
export const playerPlatforms = pgTable(
  'player_platforms',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    providerPlayer: varchar('provider_player', { length: 40 }).notNull(),
    bonusWalletId: bigint('bonus_wallet_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('player_platforms_pk').on(t.playerId, t.gpCode)],
);

/** Transfers between our wallets and a provider's wallet, keyed by our transfer id (the provider's idempotency key). */
export const platformTransfers = pgTable(
  'platform_transfers',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    /** in: from our wallet to the provider; out: from the provider back to our wallet. */
    direction: varchar('direction', { length: 3 }).$type<TransferDirection>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The wallet on our side: central, or bonus with bonusWalletId. */
    walletKind: varchar('wallet_kind', { length: 10 }).notNull(),
    bonusWalletId: bigint('bonus_wallet_id', { mode: 'number' }),
    /** pending, applied or refunded. */
    status: varchar('status', { length: 10 }).$type<TransferStatus>().notNull(),
    /** Why it is pending, or why it was refunded. */
    reason: text('reason').notNull(),
    clientKey: varchar('client_key', { length: 80 }),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: tsz('next_check_at').notNull().defaultNow(),
    createdAt: tsz('created_at').notNull().defaultNow(),
    settledAt: tsz('settled_at'),
  },
  (t) => [
    index('platform_transfers_pending_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending'`),
    index('platform_transfers_player_idx').on(t.playerId, t.createdAt),
    uniqueIndex('platform_transfers_client_key_uq').on(t.playerId, t.clientKey),
    check('platform_transfers_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** What reconciliation could not settle on its own, for operators to look at. */
export const reconciliationFindings = pgTable(
  'reconciliation_findings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    transferId: varchar('transfer_id', { length: 40 }),
    playerId: bigint('player_id', { mode: 'number' }),
    gpCode: varchar('gp_code', { length: 20 }),
    detail: jsonb('detail').notNull().default({}),
    status: varchar('status', { length: 10 }).$type<FindingStatus>().notNull().default('open'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    resolvedAt: tsz('resolved_at'),
  },
  (t) => [
    index('reconciliation_findings_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('reconciliation_findings_transfer_kind_uq').on(t.transferId, t.kind),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Bet records pulled from providers (the lobby issue).

/**
 * Partitioned by month of placed_at (migration 0036): the primary key is (id, placed_at), and the provider's unique
 * key (gp_code, bet_id), which a partitioned table cannot hold without placed_at, lives in bet_keys, kept by
 * triggers (once per insert or delete statement, per row for a changed key) that refuse a duplicate with 23505 under
 * the name bet_records_provider_bet_uq.
 */
export const betRecords = pgTable(
  'bet_records',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    betId: varchar('bet_id', { length: 64 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    game: varchar('game', { length: 40 }).notNull(),
    /** slots, fish, casino, sports, lottery, cards or esports: decides the valid-bet rule. */
    gameType: varchar('game_type', { length: 12 }).notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    validBetMinor: bigint('valid_bet_minor', { mode: 'bigint' }).notNull(),
    /** open, settled or void. */
    status: varchar('status', { length: 10 }).$type<BetStatus>().notNull(),
    /** The provider's version of the record; a higher one replaces a lower one, never the reverse. */
    version: integer('version').notNull(),
    /** The version whose money the ledger holds; lower than version means a journal is still owed. */
    ledgerVersion: integer('ledger_version').notNull().default(0),
    /** What the ledger has posted for this bet so far: its net effect on the player's platform wallet. */
    ledgerNetMinor: bigint('ledger_net_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The version whose VIP points the ledger holds, and those points (modules/vip): like ledgerVersion for money. */
    pointsVersion: integer('points_version').notNull().default(0),
    pointsNet: bigint('points_net', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The activity wallet that funded the platform when the bet was placed, if any. */
    bonusWalletId: bigint('bonus_wallet_id', { mode: 'number' }),
    detail: jsonb('detail').notNull().default({}),
    placedAt: tsz('placed_at').notNull(),
    settledAt: tsz('settled_at'),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bet_records_pkey', columns: [t.id, t.placedAt] }),
    index('bet_records_provider_bet_idx').on(t.gpCode, t.betId),
    // The records page asks for one player's bets in a date range, newest first. In the database this index also
    // INCLUDEs the columns the range's totals read (gp_code, bonus_wallet_id, status, stake, payout, valid bet), so the
    // totals are an index-only scan (a hand-written migration: drizzle cannot declare INCLUDE).
    index('bet_records_player_placed_idx').on(t.playerId, t.placedAt),
    // Turnover counts a player's valid bet by settlement time: the withdrawal requirement and the turnover record.
    index('bet_records_player_settled_idx').on(t.playerId, t.settledAt),
    index('bet_records_ledger_due_idx')
      .on(t.id)
      .where(sql`${t.ledgerVersion} < ${t.version}`),
    index('bet_records_points_due_idx')
      .on(t.id)
      .where(sql`${t.pointsVersion} < ${t.version}`),
  ],
);

/** Every earlier version of a corrected record, so nothing a provider once said is lost. */
export const betRecordHistory = pgTable(
  'bet_record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: bet_records is partitioned and its key holds placed_at; history rows are written beside their record. */
    betRecordId: bigint('bet_record_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    replacedAt: tsz('replaced_at').notNull().defaultNow(),
  },
  (t) => [index('bet_record_history_record_idx').on(t.betRecordId)],
);

/**
 * The provider's unique key of every bet record (gp_code, bet_id), kept by bet_records' trigger: the partitioned table
 * cannot hold a unique index without placed_at. Archived records keep their key, so a late copy is still refused.
 */
export const betKeys = pgTable(
  'bet_keys',
  {
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    betId: varchar('bet_id', { length: 64 }).notNull(),
    betRecordId: bigint('bet_record_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'bet_keys_pkey', columns: [t.gpCode, t.betId] })],
);

/** Where the next pull from each provider's bet log starts. */
export const ingestionCursors = pgTable('ingestion_cursors', {
  gpCode: varchar('gp_code', { length: 20 }).primaryKey(),
  cursor: text('cursor').notNull().default(''),
  lastError: text('last_error').notNull().default(''),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

/** Games each platform offers in the lobby, with thumbnails per language (cn, en, th; English is the fallback). */
export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    /** The provider's game id, passed as productId when launching. */
    gameCode: varchar('game_code', { length: 40 }).notNull(),
    group: varchar('group', { length: 12 }).notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** Thumbnail paths by language code: cn, en, th. */
    thumbnails: jsonb('thumbnails').$type<Partial<Record<'cn' | 'en' | 'th', string>>>().notNull().default({}),
    hasDemo: boolean('has_demo').notNull().default(true),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('games_code_uq').on(t.gpCode, t.gameCode, t.group), index('games_group_idx').on(t.group, t.sort)],
);

// ---------------------------------------------------------------------------------------------------
// Cashier (deposits, withdrawals, bank cards).

export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    bank: varchar('bank', { length: 10 }).notNull(),
    market: text('market').notNull(),
    accountName: text('account_name').notNull(),
    cardNumber: varchar('card_number', { length: 30 }).notNull(),
    /** 0 awaiting audit, 1 usable, 2 refused by finance. */
    statusDebitCard: smallint('status_debit_card').notNull().default(0),
    auditReason: text('audit_reason').notNull().default(''),
    auditedBy: bigint('audited_by', { mode: 'number' }),
    deletedAt: tsz('deleted_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // A bank account can be bound by one player at a time, across the whole site.
    uniqueIndex('bank_cards_number_live_uq')
      .on(t.cardNumber)
      .where(sql`${t.deletedAt} is null`),
    index('bank_cards_player_idx').on(t.playerId),
  ],
);

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** bank_transfer, card, cvs, online_banking, usdt, atm or barcode. */
    method: varchar('method', { length: 20 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: varchar('status', { length: 10 }).$type<DepositStatus>().notNull(),
    gatewayOrderId: varchar('gateway_order_id', { length: 64 }),
    payUrl: text('pay_url'),
    paymentCode: varchar('payment_code', { length: 40 }),
    /** What the player says about a manual payment: the transfer's last digits and time, or the USDT transaction id. */
    playerRef: text('player_ref').notNull().default(''),
    reason: text('reason').notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    clientKey: varchar('client_key', { length: 80 }),
    expiresAt: tsz('expires_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    paidAt: tsz('paid_at'),
    /** A USDT deposit the chain watcher credits: the USDT received (6-decimal units) and the rate (TWD per USDT, times 10^4). */
    chainAmount: bigint('chain_amount', { mode: 'bigint' }),
    chainRate: bigint('chain_rate', { mode: 'bigint' }),
    /** A code issued by the AIO dialect: the bank of an ATM virtual account (the account is payment_code). */
    paymentBank: varchar('payment_bank', { length: 10 }),
    /** A store barcode payment's three barcodes, joined by a newline. */
    barcodes: text('barcodes'),
    /** When the reconciler last asked the gateway about the order (QueryTradeInfo). */
    gatewayCheckedAt: tsz('gateway_checked_at'),
  },
  (t) => [
    index('deposit_orders_player_idx').on(t.playerId, t.createdAt),
    index('deposit_orders_queue_idx').on(t.status, t.method, t.createdAt),
    uniqueIndex('deposit_orders_client_key_uq').on(t.playerId, t.clientKey),
    check('deposit_orders_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Every callback a gateway sent, valid or not, as received. Append-only. */
export const gatewayCallbacks = pgTable(
  'gateway_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gateway: varchar('gateway', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 80 }).notNull().default(''),
    orderId: varchar('order_id', { length: 40 }).notNull().default(''),
    state: varchar('state', { length: 20 }).notNull().default(''),
    signatureOk: boolean('signature_ok').notNull(),
    outcome: varchar('outcome', { length: 40 }).notNull(),
    body: text('body').notNull(),
    ip: text('ip'),
    receivedAt: tsz('received_at').notNull().defaultNow(),
  },
  (t) => [index('gateway_callbacks_order_idx').on(t.orderId)],
);

/**
 * Callbacks refused without being read (forged or malformed), counted per gateway, outcome and hour: the log
 * above keeps only the first of each sender's window, so this is where the refused ones are counted. One
 * upsert per refusal; rows older than REFUSAL_KEEP_DAYS are pruned by the same statement, so the table stays
 * at most hours x gateways x outcomes rows.
 */
export const gatewayCallbackRefusals = pgTable(
  'gateway_callback_refusals',
  {
    gateway: varchar('gateway', { length: 20 }).notNull(),
    outcome: varchar('outcome', { length: 40 }).notNull(),
    /** The start of the hour the refusals fell in. */
    hour: tsz('hour').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [uniqueIndex('gateway_callback_refusals_uq').on(t.gateway, t.outcome, t.hour), index('gateway_callback_refusals_hour_idx').on(t.hour)],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    bankCardId: bigint('bank_card_id', { mode: 'number' })
      .notNull()
      .references(() => bankCards.id),
    status: varchar('status', { length: 10 }).$type<WithdrawalStatus>().notNull(),
    reason: text('reason').notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    clientKey: varchar('client_key', { length: 80 }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    reviewedAt: tsz('reviewed_at'),
    /**
     * The risk decision as the cashier enforces it: null until risk has scored the withdrawal (it cannot be
     * paid before), 'hold' refuses payment until released_at is set, 'auto_approve' set auto_approved_at when it came.
     */
    riskDecision: varchar('risk_decision', { length: 14 }).$type<RiskDecision>(),
    releasedBy: bigint('released_by', { mode: 'number' }),
    releasedAt: tsz('released_at'),
    releaseReason: varchar('release_reason', { length: 200 }).notNull().default(''),
    autoApprovedAt: tsz('auto_approved_at'),
    /** The player's turnover when the request was made (null on requests older than these columns). */
    turnoverRequiredMinor: bigint('turnover_required_minor', { mode: 'bigint' }),
    turnoverAchievedMinor: bigint('turnover_achieved_minor', { mode: 'bigint' }),
    /** The bank's reference of the transfer that paid it, typed by finance on payout ('' before, or when not given). */
    payoutReference: varchar('payout_reference', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('withdrawals_player_idx').on(t.playerId, t.createdAt),
    index('withdrawals_queue_idx').on(t.status, t.createdAt),
    uniqueIndex('withdrawals_client_key_uq').on(t.playerId, t.clientKey),
    check('withdrawals_amount_over_fee', sql`${t.amountMinor} > ${t.feeMinor}`),
  ],
);
