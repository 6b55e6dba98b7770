// Messages to players and popup announcements. A broadcast (system or platform message) is
// one row in `messages` that every player reads; a personal message names its recipients in
// `message_recipients`. Read state is one row per player and message in `message_reads`, so the counters are
// computed from these tables and never kept by hand.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { players, staff } from './schema-core.ts';
import { uploads } from './schema-uploads.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** system (everyone), personal (the rows of message_recipients) or platform (everyone; a game platform's news). */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** 1 published, 0 withdrawn by an operator (players no longer see it). */
    status: smallint('status').notNull().default(1),
    title: varchar('title', { length: 200 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull().default(''),
    /** Operator HTML, sanitized on save. */
    body: text('body').notNull(),
    bodyEn: text('body_en').notNull().default(''),
    /** Marketing personal messages skip players under a time-out or self-exclusion. */
    marketing: boolean('marketing').notNull().default(false),
    /** The game platform a platform message is about (gp_code), or null. */
    platformCode: varchar('platform_code', { length: 20 }),
    /** How the recipients were chosen, for the back office's list (personal messages only). */
    segment: jsonb('segment')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Recipients of a personal message at sending time; null for broadcasts (everyone). */
    recipientCount: integer('recipient_count'),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('messages_kind_idx').on(t.kind, t.status, t.id)],
);

export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.playerId] }), index('message_recipients_player_idx').on(t.playerId, t.messageId)],
);

export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    readAt: tsz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.messageId] }), index('message_reads_message_idx').on(t.messageId)],
);

/**
 * Popup announcements (SPEC.md sections 2 to 4). The display fields of the popup settings live in `settings`
 * (validated by popupSettingsBody in src/shared/schemas/messages.ts); the HTML is sanitized on save.
 */
export const popups = pgTable(
  'popups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 1 shown, 0 off. */
    status: smallint('status').notNull().default(1),
    /** Lower first in the queue. */
    sort: integer('sort').notNull().default(0),
    title: varchar('title', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }).notNull().default(''),
    settings: jsonb('settings').notNull(),
    htmlCode: text('html_code').notNull().default(''),
    htmlCodeEn: text('html_code_en').notNull().default(''),
    /** A public operator image from the uploads module, or null. */
    imageId: bigint('image_id', { mode: 'number' }).references(() => uploads.id),
    startsAt: tsz('starts_at'),
    endsAt: tsz('ends_at'),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('popups_status_idx').on(t.status, t.sort)],
);
