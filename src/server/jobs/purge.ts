// The system domain's housekeeping of its own tables: outbox events every subscriber has received, and the runs of
// scheduled jobs, deleted once past their retention, in bounded batches so a long backlog never becomes one huge
// statement. Dead-lettered and pending deliveries keep their event however old it is: an operator may still redrive it.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { OUTBOX_DELIVERY_STATUS } from '../../shared/statuses.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a delivered event is kept after it was written (for tracing an effect back to its event). */
export const OUTBOX_RETENTION_MS = 7 * DAY_MS;
/** How long a job's run is kept (the system desk shows the last runs; a month covers any question about one). */
export const JOB_RUN_RETENTION_MS = 30 * DAY_MS;
/** Rows one statement deletes at most. */
export const PURGE_BATCH = 5_000;
/** Batches one run deletes at most; what is left waits for the next run. */
const PURGE_ROUNDS = 20;

/** Rows a statement touched: PGlite's drizzle answers affectedRows, node-postgres rowCount. */
function affected(result: unknown): number {
  const r = result as { affectedRows?: number; rowCount?: number | null };
  return Number(r.affectedRows ?? r.rowCount ?? 0);
}

/**
 * Deletes, oldest first and at most `limit` a statement, outbox events written before now - olderThanMs whose every
 * delivery was delivered (an event no subscriber wanted has none and goes too); their delivery rows go with them
 * (ON DELETE CASCADE). Answers how many events were deleted.
 */
export async function purgeDeliveredOutbox(
  db: DbOrTx,
  olderThanMs: number = OUTBOX_RETENTION_MS,
  limit: number = PURGE_BATCH,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  let deleted = 0;
  for (let round = 0; round < PURGE_ROUNDS; round++) {
    const n = affected(
      await db.execute(sql`
        delete from outbox_events where id in (
          select e.id from outbox_events e
          where e.created_at < ${cutoff}
            and not exists (
              select 1 from outbox_deliveries d where d.event_id = e.id and d.status <> ${OUTBOX_DELIVERY_STATUS.delivered}
            )
          order by e.created_at
          limit ${limit}
        )`),
    );
    deleted += n;
    if (n < limit) break;
  }
  return deleted;
}

/** Deletes, oldest first and at most `limit` a statement, the job runs started before now - olderThanMs. */
export async function purgeJobRuns(
  db: DbOrTx,
  olderThanMs: number = JOB_RUN_RETENTION_MS,
  limit: number = PURGE_BATCH,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  let deleted = 0;
  for (let round = 0; round < PURGE_ROUNDS; round++) {
    // Ids grow with time, so the oldest runs are the first ids; the scan stops at the first batch.
    const n = affected(
      await db.execute(sql`
        delete from job_runs where id in (select id from job_runs where started_at < ${cutoff} order by id limit ${limit})`),
    );
    deleted += n;
    if (n < limit) break;
  }
  return deleted;
}
