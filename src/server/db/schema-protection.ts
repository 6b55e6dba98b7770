// Player protection: self-service limits with a cooling-off for increases, time-outs and
// self-exclusions, and the history of every change. The gate in src/server/modules/protection reads these.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { players } from './schema-core.ts';
import type { ExclusionKind } from '../../shared/schemas/protection.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per player, kind and period. kind: deposit, loss or wager (money in minor units, period day, week
 * or month), session (minutes, period session) or reality (the reality-check interval in minutes).
 * A decrease replaces value at once; an increase or a removal waits in pending_* until pending_at and
 * then needs the player's confirmation.
 */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    period: varchar('period', { length: 10 }).notNull(),
    /**
     * The limit in force, in the kind's unit: minor units for deposit, loss and wager, minutes for session and
     * reality. Null means none is in force.
     */
    value: bigint('limit_value', { mode: 'bigint' }),
    /** The asked-for higher value, in the same unit; null with pending_at set means a removal is pending. */
    pendingValue: bigint('pending_limit_value', { mode: 'bigint' }),
    /** When the pending change may be confirmed; null means nothing is pending. */
    pendingAt: tsz('pending_at'),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('protection_limits_player_kind_period_uq').on(t.playerId, t.kind, t.period)],
);

/** Time-outs and self-exclusions. Rows are never shortened: ends_at only ever stays or a new row is added. */
export const protectionExclusions = pgTable(
  'protection_exclusions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** timeout or self_exclusion. */
    kind: varchar('kind', { length: 16 }).$type<ExclusionKind>().notNull(),
    /** 24h, 7d, 30d, 6w, 3m, 6m, 1y, 5y or permanent. */
    duration: varchar('duration', { length: 10 }).notNull(),
    startsAt: tsz('starts_at').notNull(),
    /** Null for a permanent exclusion. */
    endsAt: tsz('ends_at'),
    /** The player's phone when the exclusion began, so a new registration with it can be refused. */
    phone: varchar('phone', { length: 10 }),
    account: varchar('account', { length: 12 }).notNull(),
    reason: text('reason').notNull().default(''),
    staffId: bigint('staff_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('protection_exclusions_player_idx').on(t.playerId, t.endsAt), index('protection_exclusions_phone_idx').on(t.phone)],
);

/** Append-only history of protection changes: who (player or staff) did what and when. */
export const protectionEvents = pgTable(
  'protection_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** limit_decrease, limit_increase_requested, limit_confirmed, exclusion, activity_wallet_frozen, ... */
    action: varchar('action', { length: 40 }).notNull(),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    staffId: bigint('staff_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('protection_events_player_idx').on(t.playerId, t.id)],
);
