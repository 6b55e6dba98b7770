// Daily aggregates the operator reports read. Each table belongs to the domain whose transaction keeps
// it: the bets domain's ingestion keeps the bet aggregates in the page's transaction, and the ledger keeps the money
// aggregates in the transaction of every journal of a reported kind. A day is an Asia/Taipei day. Reports read them
// through the owners' read APIs (bets/report-facts.ts, ledger/report-facts.ts), and a job rebuilds any day from the
// source rows.
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import type { JournalKind } from '../../shared/journal-kinds.ts';

const minor = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);
const day = () => date('day', { mode: 'string' }).notNull();

// ---- bets --------------------------------------------------------------------------------------------

/** Settled bets per Taipei day of settlement, player and game: rounds, stake, valid bet and payout. */
export const betDaily = pgTable(
  'bet_daily',
  {
    day: day(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    game: varchar('game', { length: 40 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    gameType: varchar('game_type', { length: 12 }).notNull(),
    rounds: integer('rounds').notNull().default(0),
    stakeMinor: minor('stake_minor'),
    validBetMinor: minor('valid_bet_minor'),
    payoutMinor: minor('payout_minor'),
  },
  (t) => [primaryKey({ name: 'bet_daily_pk', columns: [t.day, t.gpCode, t.game, t.playerId] }), index('bet_daily_player_idx').on(t.playerId, t.day)],
);

/**
 * bet_daily without the player: per day and game, with how many players played it that day, so a 90-day report
 * reads a few thousand rows whatever the number of players. Each game's day is split into 16 shards by player
 * (player_id % 16) and readers add them up: every settled round moves its game's row, and a seamless provider settles
 * rounds of one game for many players at once, which on a single row would wait on each other's commits.
 */
export const betDailyGames = pgTable(
  'bet_daily_games',
  {
    day: day(),
    gpCode: varchar('gp_code', { length: 20 }).notNull(),
    game: varchar('game', { length: 40 }).notNull(),
    shard: smallint('shard').notNull().default(0),
    gameType: varchar('game_type', { length: 12 }).notNull(),
    players: integer('players').notNull().default(0),
    rounds: integer('rounds').notNull().default(0),
    stakeMinor: minor('stake_minor'),
    validBetMinor: minor('valid_bet_minor'),
    payoutMinor: minor('payout_minor'),
  },
  (t) => [primaryKey({ name: 'bet_daily_games_pk', columns: [t.day, t.gpCode, t.game, t.shard] })],
);

/** The players with a settled bet on a day, whatever the game: the day's bettors are counted from its inserts. */
export const betPlayerDays = pgTable(
  'bet_player_days',
  {
    day: day(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'bet_player_days_pk', columns: [t.day, t.playerId] })],
);

/** How many players had a settled bet on each day (the rows of bet_player_days per day, kept with them). */
export const betDailyBettors = pgTable('bet_daily_bettors', {
  day: date('day', { mode: 'string' }).primaryKey(),
  players: integer('players').notNull().default(0),
});

/**
 * bet_daily_games added up per day, in 16 shards by player (player_id % 16) so rounds settling at once for different
 * players seldom wait on one row: the daily summary reads 16 rows a day instead of every game of every day.
 */
export const betDailyTotals = pgTable(
  'bet_daily_totals',
  {
    day: day(),
    shard: smallint('shard').notNull(),
    rounds: integer('rounds').notNull().default(0),
    stakeMinor: minor('stake_minor'),
    validBetMinor: minor('valid_bet_minor'),
    payoutMinor: minor('payout_minor'),
  },
  (t) => [primaryKey({ name: 'bet_daily_totals_pk', columns: [t.day, t.shard] })],
);

// ---- ledger ------------------------------------------------------------------------------------------

/**
 * Money journals of the reported kinds per Taipei day, kind and player: how many (a reversal counts -1) and their
 * net effect on the player's money accounts (a deposit +, a paid withdrawal -, a bonus +, a given-up bonus -).
 */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    kind: varchar('kind', { length: 30 }).$type<JournalKind>().notNull(),
    day: day(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    journals: integer('journals').notNull().default(0),
    amountMinor: minor('amount_minor'),
  },
  (t) => [primaryKey({ name: 'ledger_daily_pk', columns: [t.kind, t.day, t.playerId] }), index('ledger_daily_player_idx').on(t.playerId, t.day)],
);

/**
 * ledger_daily without the player, split into shards by player id so that concurrent journals of one kind (a
 * red-packet rain) do not queue on one row; a player always falls in the same shard, so players add up exactly.
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    day: day(),
    kind: varchar('kind', { length: 30 }).$type<JournalKind>().notNull(),
    shard: smallint('shard').notNull(),
    players: integer('players').notNull().default(0),
    journals: integer('journals').notNull().default(0),
    amountMinor: minor('amount_minor'),
  },
  (t) => [primaryKey({ name: 'ledger_daily_totals_pk', columns: [t.day, t.kind, t.shard] })],
);

/** Each player's first deposit that stands (not reversed): its Taipei day, amount and journal. */
export const ledgerFirstDeposits = pgTable(
  'ledger_first_deposits',
  {
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    day: day(),
    amountMinor: minor('amount_minor'),
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    // With the amount, so the first deposits of a range of days are summed from the index alone.
  },
  (t) => [index('ledger_first_deposits_day_amount_idx').on(t.day, t.amountMinor)],
);

/**
 * ledger_first_deposits per Taipei day without the player, in 16 shards by player id: how many first deposits fell on
 * the day and what they came to. A trigger on ledger_first_deposits keeps it (ledger/sql/ledger_first_deposit_totals_keep.sql), so
 * whichever of the ledger's paths moves a first deposit moves its count with it in the same transaction.
 */
export const ledgerFirstDepositTotals = pgTable(
  'ledger_first_deposit_totals',
  {
    day: day(),
    shard: smallint('shard').notNull(),
    players: integer('players').notNull().default(0),
    amountMinor: minor('amount_minor'),
  },
  (t) => [primaryKey({ name: 'ledger_first_deposit_totals_pk', columns: [t.day, t.shard] })],
);

// ---- auth --------------------------------------------------------------------------------------------

/**
 * Registrations per Taipei day in 16 shards by player id, kept by a trigger on players (insert, a changed sign-up time,
 * delete), so the daily summary counts sign-ups from 16 rows a day however many players there are.
 */
export const authRegistrationsDaily = pgTable(
  'auth_registrations_daily',
  {
    day: day(),
    shard: smallint('shard').notNull(),
    players: integer('players').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'auth_registrations_daily_pk', columns: [t.day, t.shard] })],
);

// ---- reports -----------------------------------------------------------------------------------------

/**
 * The players active on a Taipei day (a settled bet, a deposit that stands, or both), one row per player and day with
 * the sources as bits (REPORT_ACTIVE_BET, REPORT_ACTIVE_DEPOSIT). The bets domain's bet_daily_apply and the ledger's
 * ledger_report_journal keep it in their own transactions through report_active_apply (the one SQL seam between the
 * three domains), so "active players (bet or deposit)" is a count of rows rather than a join of two domains' tables.
 * It also answers the retention report's "active in week k".
 */
export const reportActiveDays = pgTable(
  'report_active_days',
  {
    day: day(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    sources: smallint('sources').notNull(),
  },
  (t) => [primaryKey({ name: 'report_active_days_pk', columns: [t.day, t.playerId] }), index('report_active_days_player_idx').on(t.playerId, t.day)],
);

/** How many players were active on each day, in 16 shards by player id as ledger_daily_totals, so writers seldom queue. */
export const reportActiveDaily = pgTable(
  'report_active_daily',
  {
    day: day(),
    shard: smallint('shard').notNull(),
    players: integer('players').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'report_active_daily_pk', columns: [t.day, t.shard] })],
);
