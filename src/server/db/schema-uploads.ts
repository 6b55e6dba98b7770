// Uploaded images: consultations, chat, and operator content such as banners and popups.
// Kept in the database so every app instance can serve them (DESIGN.md section 12); what is stored is an
// image we re-encoded ourselves, never the bytes the client sent.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { players, staff } from './schema-core.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The player who uploaded it (player uploads), or null for operator content. */
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    /** Operator content (banners, popups, red-packet pictures) anyone may see; player uploads never are. */
    isPublic: boolean('is_public').notNull().default(false),
    /** What the upload was attached to ('feedback', 'chat', ...); null while unused. */
    usedFor: varchar('used_for', { length: 20 }),
    mime: varchar('mime', { length: 30 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_player_idx').on(t.playerId, t.createdAt), check('uploads_owner', sql`(${t.playerId} is null) <> (${t.staffId} is null)`)],
);
