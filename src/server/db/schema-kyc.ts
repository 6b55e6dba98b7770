// Identity verification (KYC): the documents players upload (kept in the database, so every instance serves
// them, until the retention period ends), the history of every decision on them, the withdrawal ceilings operators set
// per verification level and the domain's own settings. Owned by modules/kyc.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { players, staff } from './schema-core.ts';
import type { KycDocumentKind, KycDocumentStatus } from '../../shared/schemas/kyc/constants.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One document a player uploaded. Images are stored as we re-encoded them, PDFs as sent after their magic bytes were
 * checked (with a rendered picture beside them). When the retention period ends the bytes are dropped and the row stays (status expired) as the record.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    kind: varchar('kind', { length: 20 }).$type<KycDocumentKind>().notNull(),
    status: varchar('status', { length: 12 }).$type<KycDocumentStatus>().notNull(),
    mime: varchar('mime', { length: 30 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Null once the retention period has purged the file. */
    bytes: bytea('bytes'),
    /** For a PDF, the PNG of its first pages rendered at upload (staff see this, never the PDF); null for pictures and once purged. */
    preview: bytea('preview'),
    /** The name and birthday staff read on an approved identity document, compared with the personal info. */
    documentName: text('document_name'),
    documentBirthday: varchar('document_birthday', { length: 10 }),
    /** The code of the reason a rejection gives the player (KYC_REJECT_REASONS). */
    rejectReason: varchar('reject_reason', { length: 30 }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => staff.id),
    reviewedAt: tsz('reviewed_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('kyc_documents_player_idx').on(t.playerId, t.id),
    index('kyc_documents_status_idx').on(t.status, t.id),
    index('kyc_documents_created_idx').on(t.createdAt),
    check('kyc_documents_reason', sql`${t.status} <> 'rejected' or ${t.rejectReason} is not null`),
  ],
);

/** Every decision on a document (submitted, approved, rejected, expired), newest last: the review history. */
export const kycDocumentEvents = pgTable(
  'kyc_document_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => kycDocuments.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    status: varchar('status', { length: 12 }).$type<KycDocumentStatus>().notNull(),
    reason: varchar('reason', { length: 30 }),
    /** Null for the player's own submission and for the retention job. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('kyc_document_events_player_idx').on(t.playerId, t.id)],
);

/** Withdrawal ceilings of one verification level, in minor units; null means no ceiling. */
export const kycLevelRules = pgTable(
  'kyc_level_rules',
  {
    level: smallint('level').primaryKey(),
    dayMaxMinor: bigint('day_max_minor', { mode: 'bigint' }),
    totalMaxMinor: bigint('total_max_minor', { mode: 'bigint' }),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('kyc_level_rules_level', sql`${t.level} between 0 and 3`),
    check('kyc_level_rules_amounts', sql`coalesce(${t.dayMaxMinor}, 0) >= 0 and coalesce(${t.totalMaxMinor}, 0) >= 0`),
  ],
);

/** The domain's settings: one row (id 1). */
export const kycSettings = pgTable(
  'kyc_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** The level a player's first withdrawal needs. */
    firstWithdrawalLevel: smallint('first_withdrawal_level').notNull().default(0),
    /** Days a document's file is kept after it was uploaded. */
    retentionDays: integer('retention_days').notNull().default(1825),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('kyc_settings_one_row', sql`${t.id} = 1`),
    check('kyc_settings_level', sql`${t.firstWithdrawalLevel} between 0 and 3`),
    check('kyc_settings_retention', sql`${t.retentionDays} between 30 and 3650`),
  ],
);
