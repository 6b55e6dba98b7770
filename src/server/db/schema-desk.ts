// The operator's desk: manual balance adjustments that wait for a second staff member (the wallet's), and the
// labels and notes staff keep on players (auth's).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { players, staff } from './schema-core.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A manual balance adjustment above the operator's approval threshold: one staff member asks for it with a reason,
 * another approves (the journal is posted then, keyed by this row's id) or rejects it. status: pending, approved
 * or rejected; it leaves pending once, by a conditional update, so concurrent approvals post one journal.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    /** The first staff member's Idempotency-Key, so a retried request returns the first pending adjustment. */
    clientKey: varchar('client_key', { length: 120 }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staff.id),
    decisionReason: text('decision_reason').notNull().default(''),
    journalId: bigint('journal_id', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    decidedAt: tsz('decided_at'),
  },
  (t) => [
    uniqueIndex('balance_adjustments_client_key_uq').on(t.requestedBy, t.clientKey),
    index('balance_adjustments_queue_idx').on(t.status, t.id),
    check('balance_adjustments_amount', sql`${t.amountMinor} <> 0`),
    // Four eyes: the database itself refuses a decision by the staff member who asked.
    check('balance_adjustments_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

/** Labels operators define (VIP watch, bonus abuser, ...), put on players from the player list. */
export const playerTags = pgTable(
  'player_tags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('player_tags_name_uq').on(sql`lower(${t.name})`)],
);

/** Which player carries which label. */
export const playerTagLinks = pgTable(
  'player_tag_links',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => playerTags.id, { onDelete: 'cascade' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.tagId] }), index('player_tag_links_tag_idx').on(t.tagId, t.playerId)],
);

/** Staff notes on a player, with author and time; append-only. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('player_notes_player_idx').on(t.playerId, t.id)],
);
