// The seamless wallet: providers that debit and credit the player's central wallet bet by bet. Which
// platforms work this way, the launch tokens their authenticate call exchanges, every provider transaction exactly
// once, the rounds those transactions belong to, and the findings of reconciliation. Owned by modules/seamless.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type {
  SeamlessCode,
  SeamlessFindingKind,
  SeamlessResolution,
  SeamlessRoundStatus,
  SeamlessTxKind,
  SeamlessTxStatus,
} from '../../shared/seamless-statuses.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A platform (gp_code of game_platforms) that uses the seamless model; a code without a row here is a transfer
 * platform, as before. round_limit_minutes: how long a round may stay open before reconciliation lists it.
 */
export const seamlessPlatforms = pgTable('seamless_platforms', {
  gpCode: varchar('gp_code', { length: 20 }).primaryKey(),
  roundLimitMinutes: integer('round_limit_minutes').notNull().default(60),
  /**
   * The signing key an operator rotated to, sealed (AES-256-GCM under the site's at-rest key); null: the key of the
   * configuration (SEAMLESS_SECRET_<CODE>, else SEAMLESS_SECRET) is used. The previous key is still accepted until
   * previous_valid_until, so the provider can switch without refused calls.
   */
  secretSealed: text('secret_sealed'),
  previousSecretSealed: text('previous_secret_sealed'),
  previousValidUntil: tsz('previous_valid_until'),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

/** A launch token (stored as its SHA-256) that the provider's authenticate call turns into the player. */
export const seamlessSessions = pgTable(
  'seamless_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    gameCode: varchar('game_code', { length: 40 }).notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
    expiresAt: tsz('expires_at').notNull(),
  },
  (t) => [index('seamless_sessions_expiry_idx').on(t.expiresAt)],
);

/**
 * Every provider transaction, once: (gp_code, tx_id) is unique, so a replay or a racing retry finds the first row
 * instead of writing a second. ref_tx_id is the debit a credit settles or a rollback cancels. A rollback that
 * arrives before its debit writes the debit's row itself (status cancelled, empty request hash), so the late
 * debit finds it and is refused.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    txId: varchar('tx_id', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<SeamlessTxKind>().notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull(),
    gameCode: varchar('game_code', { length: 40 }).notNull().default(''),
    amountMinor: bigint('amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refTxId: varchar('ref_tx_id', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 12 }).$type<SeamlessTxStatus>().notNull(),
    /** The first answer's status code: a replay answers it again. */
    code: varchar('code', { length: 32 }).$type<SeamlessCode>().notNull(),
    /** SHA-256 of the request's content, hex; a replay with another hash is refused. Empty on a cancelled placeholder. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** The ledger journal this transaction wrote, if it moved money. */
    journalId: bigint('journal_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seamless_transactions_provider_tx_uq').on(t.gpCode, t.txId),
    index('seamless_transactions_player_idx').on(t.playerId, t.createdAt),
    // round_id first: with gp_code first, a planner without statistics (a fresh table, a new month) took this index for
    // the lookups by (gp_code, tx_id) too, reading every transaction of the provider instead of one (the seamless bench
    // ran at half speed whenever its plans were made before the table was first analysed).
    index('seamless_transactions_round_idx').on(t.roundId, t.gpCode),
  ],
);

/** A round: its stakes and wins so far. Each change also rewrites the round's bet record. */
export const seamlessRounds = pgTable(
  'seamless_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gameCode: varchar('game_code', { length: 40 }).notNull(),
    /** Stakes of its open or settled debits (rolled-back ones no longer count). */
    stakeMinor: bigint('stake_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: varchar('status', { length: 8 }).$type<SeamlessRoundStatus>().notNull().default('open'),
    /** Bumped on every change: the version of the round's bet record. */
    version: integer('version').notNull().default(0),
    openedAt: tsz('opened_at').notNull().defaultNow(),
    closedAt: tsz('closed_at'),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seamless_rounds_provider_round_uq').on(t.gpCode, t.roundId),
    index('seamless_rounds_player_idx').on(t.playerId, t.openedAt),
    index('seamless_rounds_open_idx')
      .on(t.openedAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A difference between the provider's round report and ours, until an operator resolves it. */
export const seamlessFindings = pgTable(
  'seamless_findings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    roundId: varchar('round_id', { length: 64 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<SeamlessFindingKind>().notNull(),
    oursStakeMinor: bigint('ours_stake_minor', { mode: 'bigint' }).notNull(),
    oursPayoutMinor: bigint('ours_payout_minor', { mode: 'bigint' }).notNull(),
    theirsStakeMinor: bigint('theirs_stake_minor', { mode: 'bigint' }),
    theirsPayoutMinor: bigint('theirs_payout_minor', { mode: 'bigint' }),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    resolution: varchar('resolution', { length: 8 }).$type<SeamlessResolution>(),
    note: text('note').notNull().default(''),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    resolvedAt: tsz('resolved_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One open finding per round: a second reconciliation run finds it instead of adding another.
    uniqueIndex('seamless_findings_open_round_uq')
      .on(t.gpCode, t.roundId)
      .where(sql`${t.status} = 'open'`),
  ],
);
