// Account security tables: the login history operators read and the single-use tickets that
// tie the three steps of a password recovery together.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { players } from './schema-core.ts';

// pg returns Buffer and PGlite Uint8Array for bytea; both come out as Buffer (as in schema.ts).
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per sign-in attempt of a known player, by password or by phone code; append-only. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** password or phone_code. */
    method: varchar('method', { length: 12 }).notNull(),
    success: boolean('success').notNull(),
    /** The API error code of a failure (login_failed, login_locked, ...), empty on success. */
    reason: varchar('reason', { length: 40 }).notNull().default(''),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_events_player_idx').on(t.playerId, t.id)],
);

/**
 * Proof that step 1 of a recovery (the SMS code) succeeded: step 2 must present it, once, before it expires.
 * Only its SHA-256 is stored, like session tokens.
 */
export const recoveryTickets = pgTable(
  'recovery_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    tokenHash: bytea('token_hash').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    consumedAt: tsz('consumed_at'),
    createdAt: tsz('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('recovery_tickets_token_hash_uq').on(t.tokenHash)],
);
