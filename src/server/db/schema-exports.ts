// The export centre's jobs (owned by the reports domain): one row per export of a back-office grid, with the grid's
// filters, its progress, and the finished file kept in the database until it expires. drizzle/0114_export_jobs.sql
// explains the life of a row.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { staff } from './schema-core.ts';
import type { ExportJobStatus } from '../../shared/statuses.ts';
import type { ExportGridKey } from '../../shared/schemas/backoffice/exports.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
// pg returns Buffer and PGlite Uint8Array for bytea; both come out as Buffer (as in schema-core.ts).
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The grid's key in the export registry (deposits, withdrawals, audit, ...). */
    grid: varchar('grid', { length: 40 }).$type<ExportGridKey>().notNull(),
    format: varchar('format', { length: 8 }).$type<'csv' | 'xlsx'>().notNull(),
    /** The grid's filters, as its own schema accepted them. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The requester's language: the headings and words of the file. */
    locale: varchar('locale', { length: 8 }).notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    /** The requester's role when asked: what the grid shows that role (whole card numbers or the last four digits). */
    requestedRole: varchar('requested_role', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).$type<ExportJobStatus>().notNull().default('queued'),
    /** Rows the export will hold (known once the worker read the first batch), and rows written so far. */
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Why a failed export failed, as a code the back office words. */
    error: varchar('error', { length: 200 }),
    fileName: varchar('file_name', { length: 200 }),
    contentType: varchar('content_type', { length: 100 }),
    file: bytea('file'),
    fileBytes: integer('file_bytes'),
    /** While locked_until is in the future, the instance in locked_by is writing the export. */
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: tsz('locked_until'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    startedAt: tsz('started_at'),
    finishedAt: tsz('finished_at'),
    /** When the file is cleared; the row stays in the requester's list as expired. */
    expiresAt: tsz('expires_at'),
  },
  (t) => [
    check('export_jobs_status_known', sql`${t.status} IN ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('export_jobs_format_known', sql`${t.format} IN ('csv', 'xlsx')`),
    check('export_jobs_rows_range', sql`${t.rowsDone} >= 0`),
    index('export_jobs_queued_idx')
      .on(t.id)
      .where(sql`${t.status} IN ('queued', 'running')`),
    index('export_jobs_staff_idx').on(t.requestedBy, t.id),
    index('export_jobs_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.file} IS NOT NULL`),
  ],
);
