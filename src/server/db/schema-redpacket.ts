// The red-packet rain (promotion mode 11): rounds operators schedule, and one row per packet whose
// amount was drawn when the round was scheduled. A packet row is also the claim: who took it, and the audit
// that pays it into an activity wallet (automatically below the round's approval ceiling, else by an operator).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { players } from './schema-core.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a round is: scheduled (it runs in its window) or cancelled by an operator (it stops at once). */
export const RED_PACKET_ROUND_STATUSES = ['scheduled', 'cancelled'] as const;
/** A packet's claim: unclaimed, pending review, approved (paid) or rejected (with the operator's reason). */
export const RED_PACKET_STATUSES = ['unclaimed', 'pending', 'approved', 'rejected'] as const;

export const redPacketRounds = pgTable(
  'red_packet_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: varchar('title', { length: 60 }).notNull(),
    titleEn: varchar('title_en', { length: 60 }).notNull(),
    startsAt: tsz('starts_at').notNull(),
    endsAt: tsz('ends_at').notNull(),
    poolMinor: bigint('pool_minor', { mode: 'bigint' }).notNull(),
    packetCount: integer('packet_count').notNull(),
    minPacketMinor: bigint('min_packet_minor', { mode: 'bigint' }).notNull(),
    maxPacketMinor: bigint('max_packet_minor', { mode: 'bigint' }).notNull(),
    /** Eligibility: the lowest VIP level, and deposits and valid bet over the last lookbackDays (0: no lookback). */
    minLevel: smallint('min_level').notNull().default(0),
    lookbackDays: smallint('lookback_days').notNull().default(0),
    minDepositMinor: bigint('min_deposit_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    minValidBetMinor: bigint('min_valid_bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Bet-flow target = multiple x packet; 0 pays into the central wallet. */
    flowMultiple: smallint('flow_multiple').notNull().default(1),
    /** Packets below this amount are paid when claimed; the others wait for an operator. */
    approvalCeilingMinor: bigint('approval_ceiling_minor', { mode: 'bigint' }).notNull(),
    /** Corner of the mini popup: left or right. */
    position: varchar('position', { length: 5 }).notNull().default('right'),
    /** An operator image from the uploads module, shown to everyone (publicFileUrl). */
    pictureId: bigint('picture_id', { mode: 'number' }),
    /** 0: every page, closing hides it on this page only; 1: home page only, closing hides it for the round (cookie). */
    showPageType: smallint('show_page_type').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('scheduled'),
    /** When show-redEnvelope and close-redEnvelope were published: each transition is published once. */
    openedAt: tsz('opened_at'),
    closedAt: tsz('closed_at'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('red_packet_rounds_window_idx').on(t.startsAt, t.endsAt),
    check(
      'red_packet_rounds_sane',
      sql`${t.endsAt} > ${t.startsAt} and ${t.packetCount} > 0 and ${t.minPacketMinor} > 0
    and ${t.maxPacketMinor} >= ${t.minPacketMinor} and ${t.poolMinor} >= ${t.minPacketMinor} * ${t.packetCount}
    and ${t.poolMinor} <= ${t.maxPacketMinor} * ${t.packetCount} and ${t.approvalCeilingMinor} >= 0`,
    ),
  ],
);

export const redPackets = pgTable(
  'red_packets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => redPacketRounds.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
    claimedAt: tsz('claimed_at'),
    status: varchar('status', { length: 10 }).notNull().default('unclaimed'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: tsz('reviewed_at'),
    reason: text('reason'),
    /** The activity wallet paid into (null when paid to central or not paid). */
    walletId: bigint('wallet_id', { mode: 'number' }),
    journalId: bigint('journal_id', { mode: 'number' }),
  },
  (t) => [
    // At most one packet per player per round, whatever races the requests run.
    uniqueIndex('red_packets_round_player_uq').on(t.roundId, t.playerId),
    // The claim's pick of a free packet and the remaining count read only the unclaimed rows.
    index('red_packets_free_idx')
      .on(t.roundId, t.id)
      .where(sql`${t.playerId} is null`),
    index('red_packets_queue_idx').on(t.status, t.claimedAt),
    // The bonuses report reads the packets paid in a date range by their payment time, and attributes the money an
    // activity wallet releases to the round whose packet funded it.
    index('red_packets_paid_idx')
      .on(t.reviewedAt)
      .where(sql`${t.status} = 'approved' and ${t.journalId} is not null`),
    index('red_packets_wallet_idx')
      .on(t.walletId)
      .where(sql`${t.walletId} is not null`),
    check('red_packets_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
