// Consultations (SPEC.md sections 3 and 5): a player's feedback thread with customer service. The
// opening holds the title, the information and up to three images; replies from either side follow. The
// player's watch count is the number of staff replies the player has not seen yet (the header badge sums it);
// staff_unread is the same for the desk (player replies not seen by staff).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { players, staff } from './schema-core.ts';
import { uploads } from './schema-uploads.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const consultations = pgTable(
  'consultations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    title: varchar('title', { length: 100 }).notNull(),
    information: text('information').notNull(),
    /** consulting (open: either side may reply) or ended (closed by staff; read only). */
    state: varchar('state', { length: 12 }).notNull().default('consulting'),
    /** feedback (the player's form) or chat (a message left while no agent was online). */
    source: varchar('source', { length: 10 }).notNull().default('feedback'),
    /** Staff replies the player has not seen yet. */
    watchCount: integer('watch_count').notNull().default(0),
    /** Player messages (the opening included) staff have not seen yet. */
    staffUnread: integer('staff_unread').notNull().default(1),
    assigneeStaffId: bigint('assignee_staff_id', { mode: 'number' }).references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
    lastMessageAt: tsz('last_message_at').notNull().defaultNow(),
    endedAt: tsz('ended_at'),
  },
  (t) => [
    index('consultations_player_idx').on(t.playerId, t.lastMessageAt),
    index('consultations_state_idx').on(t.state, t.lastMessageAt),
    check('consultations_counts', sql`${t.watchCount} >= 0 and ${t.staffUnread} >= 0`),
  ],
);

/** Replies in a thread; the opening is the consultation row itself. */
export const consultationMessages = pgTable(
  'consultation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consultationId: bigint('consultation_id', { mode: 'number' })
      .notNull()
      .references(() => consultations.id),
    /** player or staff. */
    author: varchar('author', { length: 6 }).notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    body: text('body').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('consultation_messages_thread_idx').on(t.consultationId, t.id)],
);

/**
 * Images of the opening (message_id null) or of a reply, pointing at rows of the uploads table. The upload is
 * claimed (marked used) in the same transaction, so one image belongs to exactly one consultation.
 */
export const consultationImages = pgTable(
  'consultation_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consultationId: bigint('consultation_id', { mode: 'number' })
      .notNull()
      .references(() => consultations.id),
    messageId: bigint('message_id', { mode: 'number' }).references(() => consultationMessages.id),
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => uploads.id),
    /** Order of the image in its message, 0 to 2. */
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('consultation_images_thread_idx').on(t.consultationId), uniqueIndex('consultation_images_upload_uq').on(t.uploadId)],
);
