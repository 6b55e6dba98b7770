// The database schema. Migrations under drizzle/ are generated from this file with `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, customType, index, integer, jsonb, pgTable, smallint, text,
  timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

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
});

export const players = pgTable('players', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  account: varchar('account', { length: 12 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  phone: varchar('phone', { length: 10 }),
  avatar: varchar('avatar', { length: 40 }).notNull().default('avatar-1.svg'),
  levelId: smallint('level_id').notNull().default(0).references(() => levels.id),
  /** 1 active, 0 disabled by an operator. */
  status: smallint('status').notNull().default(1),
  /** 2 means the player must change the password before anything else. */
  statusForcePassword: smallint('status_force_password').notNull().default(0),
  autoTransfer: boolean('auto_transfer').notNull().default(false),
  recommendCode: varchar('recommend_code', { length: 16 }).notNull(),
  referrerId: bigint('referrer_id', { mode: 'number' }),
  registerIp: text('register_ip'),
  createdAt: tsz('created_at').notNull().defaultNow(),
  lastLoginAt: tsz('last_login_at'),
}, (t) => [
  // Accounts are unique regardless of letter case, so 'Demo01' cannot shadow 'demo01'.
  uniqueIndex('players_account_lower_uq').on(sql`lower(${t.account})`),
  uniqueIndex('players_phone_uq').on(t.phone),
  uniqueIndex('players_recommend_code_uq').on(t.recommendCode),
]);

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).notNull().references(() => players.id),
  tokenHash: bytea('token_hash').notNull(),
  createdAt: tsz('created_at').notNull().defaultNow(),
  lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
  expiresAt: tsz('expires_at').notNull(),
  revokedAt: tsz('revoked_at'),
  /** logout, double-login, kick or expired. */
  revokedReason: varchar('revoked_reason', { length: 20 }),
  ip: text('ip'),
  userAgent: text('user_agent'),
}, (t) => [
  uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
  index('sessions_player_live_idx').on(t.playerId).where(sql`${t.revokedAt} is null`),
]);

/**
 * Wallet accounts with their cached balance in minor units. The central wallet is opened at
 * registration; journals and postings that move money arrive with the wallet issue.
 */
export const accounts = pgTable('accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
  /** central, bonus, platform, or house kinds. */
  kind: varchar('kind', { length: 20 }).notNull(),
  ref: varchar('ref', { length: 40 }).notNull().default(''),
  balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('accounts_owner_kind_ref_uq').on(t.playerId, t.kind, t.ref),
  check('accounts_player_not_negative', sql`${t.playerId} is null or ${t.balanceMinor} >= 0`),
]);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

export const systemMessages = pgTable('system_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  slot: varchar('slot', { length: 20 }).notNull(),
  status: smallint('status').notNull().default(1),
  message: text('message').notNull(),
  messageEn: text('message_en').notNull().default(''),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [index('system_messages_slot_idx').on(t.slot, t.id)]);

export const ipBlacklist = pgTable('ip_blacklist', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ip: varchar('ip', { length: 64 }).notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('ip_blacklist_ip_uq').on(t.ip)]);

export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  purpose: varchar('purpose', { length: 20 }).notNull(),
  body: text('body').notNull(),
  driver: varchar('driver', { length: 10 }).notNull(),
  /** queued, sent or failed. */
  status: varchar('status', { length: 10 }).notNull(),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)]);

export const verificationCodes = pgTable('verification_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  purpose: varchar('purpose', { length: 20 }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tsz('expires_at').notNull(),
  consumedAt: tsz('consumed_at'),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [index('verification_codes_phone_idx').on(t.phone, t.purpose, t.id)]);

/** Fixed-window counters for rate limits when no Redis is configured. */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: tsz('reset_at').notNull(),
});

export const staff = pgTable('staff', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: varchar('username', { length: 32 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  /** admin, finance, service or marketing. */
  role: varchar('role', { length: 20 }).notNull(),
  totpSecret: text('totp_secret'),
  status: smallint('status').notNull().default(1),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('staff_username_uq').on(sql`lower(${t.username})`)]);

export const staffSessions = pgTable('staff_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull().references(() => staff.id),
  tokenHash: bytea('token_hash').notNull(),
  createdAt: tsz('created_at').notNull().defaultNow(),
  expiresAt: tsz('expires_at').notNull(),
  revokedAt: tsz('revoked_at'),
  ip: text('ip'),
}, (t) => [uniqueIndex('staff_sessions_token_hash_uq').on(t.tokenHash)]);

/** Append-only: the application never updates or deletes rows here. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
  action: varchar('action', { length: 60 }).notNull(),
  target: text('target').notNull().default(''),
  detail: jsonb('detail').notNull().default({}),
  ip: text('ip'),
  createdAt: tsz('created_at').notNull().defaultNow(),
}, (t) => [index('audit_log_created_idx').on(t.createdAt)]);

export const gamePlatforms = pgTable('game_platforms', {
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
}, (t) => [uniqueIndex('game_platforms_code_group_uq').on(t.gpCode, t.group)]);
