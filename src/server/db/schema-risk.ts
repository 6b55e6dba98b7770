// Duplicate accounts and withdrawal risk: the signals players leave (stored as keyed hashes, never in
// clear), the scored pairs of players that share them, the linked group each player belongs to, the risk decision of
// every withdrawal with the inputs it read, and the operator's settings. Owned by modules/risk.
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { LinkStatus, RiskDecision, RiskRule, SignalKind, SignalSource } from '../../shared/schemas/risk/settings.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One signal value a player has shown, once per (player, kind, value): the first and the latest time and where it
 * was last seen. value_hash is an HMAC of the value under the server's key, so equal values meet without being kept.
 */
export const riskSignals = pgTable(
  'risk_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 12 }).$type<SignalKind>().notNull(),
    valueHash: varchar('value_hash', { length: 64 }).notNull(),
    source: varchar('source', { length: 12 }).$type<SignalSource>().notNull(),
    firstSeenAt: tsz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    /** The outbox event that first recorded this value (null when it came another way). */
    firstEventId: bigint('first_event_id', { mode: 'number' }),
    /** The newest outbox event that touched this row: an event at or below it changes nothing on a second delivery. */
    lastEventId: bigint('last_event_id', { mode: 'number' }),
  },
  (t) => [uniqueIndex('risk_signals_player_kind_value_uq').on(t.playerId, t.kind, t.valueHash), index('risk_signals_kind_value_idx').on(t.kind, t.valueHash)],
);

/**
 * A pair of players (player_a < player_b) sharing at least one signal: the weighted score, the kinds shared, and the
 * operator's review (confirmed: the same person; cleared: unrelated, and the pair no longer links the group).
 */
export const riskLinks = pgTable(
  'risk_links',
  {
    playerA: bigint('player_a', { mode: 'number' }).notNull(),
    playerB: bigint('player_b', { mode: 'number' }).notNull(),
    score: integer('score').notNull(),
    signals: jsonb('signals').$type<SignalKind[]>().notNull(),
    status: varchar('status', { length: 10 }).$type<LinkStatus>().notNull().default('auto'),
    reviewReason: varchar('review_reason', { length: 200 }).notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: tsz('reviewed_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerA, t.playerB] }), index('risk_links_player_b_idx').on(t.playerB)],
);

/** The linked group of each player in one (group_id is its lowest player id); a player linked to nobody has no row. */
export const riskGroupMembers = pgTable(
  'risk_group_members',
  {
    playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('risk_group_members_group_idx').on(t.groupId)],
);

/** One rule that fired on a withdrawal: its points and the figures its reason names. */
export interface RiskHit {
  rule: RiskRule;
  points: number;
  facts: Record<string, string>;
}

/** The risk decision of one withdrawal, made once when it was requested, with every input the rules read. */
export const riskDecisions = pgTable(
  'risk_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawalId: varchar('withdrawal_id', { length: 40 }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    cardHash: varchar('card_hash', { length: 64 }).notNull(),
    score: integer('score').notNull(),
    decision: varchar('decision', { length: 14 }).$type<RiskDecision>().notNull(),
    hits: jsonb('hits').$type<RiskHit[]>().notNull(),
    inputs: jsonb('inputs').$type<Record<string, string>>().notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_decisions_withdrawal_uq').on(t.withdrawalId),
    index('risk_decisions_player_idx').on(t.playerId, t.createdAt),
    index('risk_decisions_card_idx').on(t.cardHash),
    index('risk_decisions_created_idx').on(t.createdAt),
  ],
);

/** The operator's risk settings: one row (id 1), absent until first saved. */
export const riskSettings = pgTable('risk_settings', {
  id: smallint('id').primaryKey(),
  config: jsonb('config').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

// Re-exported types some callers name.
export type RiskSignalRow = typeof riskSignals.$inferSelect;
export type RiskLinkRow = typeof riskLinks.$inferSelect;
export type RiskDecisionRow = typeof riskDecisions.$inferSelect;
