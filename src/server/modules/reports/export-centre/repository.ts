// The export jobs table: queueing, the worker's claim (FOR UPDATE SKIP LOCKED with a lease, so any instance may run
// the worker and no two write the same export), progress that doubles as the cancellation check, the finished file
// read back in slices, and the purge of expired files.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { exportJobs } from '../../../db/schema.ts';
import { EXPORT_JOB_STATUS } from '../../../../shared/statuses.ts';
import type { ExportFormat, ExportGridKey } from '../../../../shared/schemas/backoffice/exports.ts';

export type ExportJobRow = Omit<typeof exportJobs.$inferSelect, 'file'>;

/** Every column but the file, which is read only to download it. */
const listed = {
  id: exportJobs.id,
  grid: exportJobs.grid,
  format: exportJobs.format,
  params: exportJobs.params,
  locale: exportJobs.locale,
  requestedBy: exportJobs.requestedBy,
  requestedRole: exportJobs.requestedRole,
  status: exportJobs.status,
  rowsTotal: exportJobs.rowsTotal,
  rowsDone: exportJobs.rowsDone,
  error: exportJobs.error,
  fileName: exportJobs.fileName,
  contentType: exportJobs.contentType,
  fileBytes: exportJobs.fileBytes,
  lockedBy: exportJobs.lockedBy,
  lockedUntil: exportJobs.lockedUntil,
  createdAt: exportJobs.createdAt,
  startedAt: exportJobs.startedAt,
  finishedAt: exportJobs.finishedAt,
  expiresAt: exportJobs.expiresAt,
};

const OPEN = [EXPORT_JOB_STATUS.queued, EXPORT_JOB_STATUS.running];

export async function insertJob(
  db: DbOrTx,
  job: { grid: ExportGridKey; format: ExportFormat; params: Record<string, unknown>; locale: string; requestedBy: number; requestedRole: string },
): Promise<ExportJobRow> {
  const [row] = await db.insert(exportJobs).values(job).returning(listed);
  return row;
}

/** The staff member's open exports, counted under a lock on the staff member's row of requests (see the service). */
export async function openJobsOf(db: DbOrTx, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exportJobs)
    .where(and(eq(exportJobs.requestedBy, staffId), inArray(exportJobs.status, OPEN)));
  return row?.n ?? 0;
}

export async function jobsOf(db: DbOrTx, staffId: number, limit: number): Promise<ExportJobRow[]> {
  return db.select(listed).from(exportJobs).where(eq(exportJobs.requestedBy, staffId)).orderBy(desc(exportJobs.id)).limit(limit);
}

export async function jobById(db: DbOrTx, id: number): Promise<ExportJobRow | undefined> {
  const [row] = await db.select(listed).from(exportJobs).where(eq(exportJobs.id, id));
  return row;
}

/** Cancels a job still queued or running; answers whether it did. */
export async function cancelJob(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(exportJobs)
    .set({ status: EXPORT_JOB_STATUS.cancelled, finishedAt: new Date(), lockedBy: null, lockedUntil: null })
    .where(and(eq(exportJobs.id, id), inArray(exportJobs.status, OPEN)))
    .returning({ id: exportJobs.id });
  return rows.length > 0;
}

/**
 * Claims the oldest job waiting, or one whose writer's lease ran out (its instance died): marks it running under this
 * instance's lease and starts it over from the first row.
 */
export async function claimJob(db: DbOrTx, instance: string, leaseMs: number): Promise<ExportJobRow | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    update export_jobs set status = ${EXPORT_JOB_STATUS.running}, locked_by = ${instance},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}), started_at = now(), rows_done = 0
    where id = (
      select id from export_jobs
      where status = ${EXPORT_JOB_STATUS.queued} or (status = ${EXPORT_JOB_STATUS.running} and locked_until < now())
      order by id limit 1 for update skip locked)
    returning id`);
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : jobById(db, Number(id));
}

/**
 * Records progress and extends the lease; answers false when the job is no longer this instance's running job (its
 * requester cancelled it), so the writer stops.
 */
export async function recordProgress(
  db: DbOrTx,
  id: number,
  instance: string,
  leaseMs: number,
  progress: { rowsDone: number; rowsTotal?: number },
): Promise<boolean> {
  const rows = await db
    .update(exportJobs)
    .set({
      rowsDone: progress.rowsDone,
      ...(progress.rowsTotal === undefined ? {} : { rowsTotal: progress.rowsTotal }),
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(and(eq(exportJobs.id, id), eq(exportJobs.status, EXPORT_JOB_STATUS.running), eq(exportJobs.lockedBy, instance)))
    .returning({ id: exportJobs.id });
  return rows.length > 0;
}

export async function finishJob(
  db: DbOrTx,
  id: number,
  instance: string,
  done: { file: Buffer; fileName: string; contentType: string; rowsDone: number; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(exportJobs)
    .set({
      status: EXPORT_JOB_STATUS.done,
      file: done.file,
      fileBytes: done.file.length,
      fileName: done.fileName,
      contentType: done.contentType,
      rowsDone: done.rowsDone,
      finishedAt: new Date(),
      expiresAt: done.expiresAt,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(exportJobs.id, id), eq(exportJobs.status, EXPORT_JOB_STATUS.running), eq(exportJobs.lockedBy, instance)))
    .returning({ id: exportJobs.id });
  return rows.length > 0;
}

export async function failJob(db: DbOrTx, id: number, instance: string, error: string): Promise<void> {
  await db
    .update(exportJobs)
    .set({ status: EXPORT_JOB_STATUS.failed, error: error.slice(0, 200), finishedAt: new Date(), lockedBy: null, lockedUntil: null })
    .where(and(eq(exportJobs.id, id), eq(exportJobs.status, EXPORT_JOB_STATUS.running), eq(exportJobs.lockedBy, instance)));
}

/** A slice of a finished file (bytes from 0), so a download streams it without holding it whole. */
export async function fileSlice(db: DbOrTx, id: number, from: number, length: number): Promise<Buffer | undefined> {
  const result = await db.execute<{ part: Buffer | Uint8Array | null }>(sql`
    select substring(file from ${from + 1} for ${length}) as part from export_jobs where id = ${id}`);
  const part = result.rows[0]?.part;
  return part ? Buffer.from(part) : undefined;
}

/** Clears the files of expired exports, a bounded batch at a time; answers how many. */
export async function purgeExpired(db: DbOrTx, limit: number): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    update export_jobs set file = null
    where id in (select id from export_jobs where file is not null and expires_at < now() order by expires_at limit ${limit})
    returning id`);
  return result.rows.length;
}

/** Removes export rows (and their files) finished longer ago than the history kept. */
export async function deleteOld(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    delete from export_jobs where id in (select id from export_jobs where finished_at < ${before} order by id limit ${limit}) returning id`);
  return result.rows.length;
}

/** Gives a job this instance stops writing back to the queue, to be written from the start. */
export async function releaseJob(db: DbOrTx, id: number, instance: string): Promise<void> {
  await db
    .update(exportJobs)
    .set({ status: EXPORT_JOB_STATUS.queued, rowsDone: 0, lockedBy: null, lockedUntil: null, startedAt: null })
    .where(and(eq(exportJobs.id, id), eq(exportJobs.status, EXPORT_JOB_STATUS.running), eq(exportJobs.lockedBy, instance)));
}
