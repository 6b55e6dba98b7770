// The runner's statements on job_schedules and job_runs (system domain). Times that decide who runs what are the
// database's (now()), so instances whose clocks differ still agree.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { JOB_RUN_RESULT, type JobRunResult, type JobRunTrigger } from '../../shared/statuses.ts';
import { nextRunAt, type Schedule } from './schedule.ts';

/** Width of the error columns. */
export const ERROR_MAX_CHARS = 2000;
/** Jobs one registration statement writes at most (the registry has a few dozen). */
const REGISTER_BATCH = 100;
/** Lost runs one claim marks failed at most (one a crash; a few if the instance died several times in a row). */
const ABANDONED_RUNS_MAX = 10;
/** What an abandoned run's row says: the instance running it stopped (or lost the database) before it ended. */
const ABANDONED_ERROR = 'The instance running this job stopped before the run ended; another instance took the job over.';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * One row per job this instance runs. A new row's next run comes from its schedule; an existing row keeps its next
 * run unless the schedule now gives an earlier one (a shortened interval takes effect at once), so a time missed while
 * every instance was down stays in the past and is caught up.
 */
export async function registerSchedules(db: Db, jobs: Array<{ name: string; schedule: Schedule }>, now: Date = new Date()): Promise<void> {
  for (let i = 0; i < jobs.length; i += REGISTER_BATCH) {
    const values = jobs.slice(i, i + REGISTER_BATCH).flatMap((j) => {
      const next = nextRunAt(j.schedule, now);
      return next ? [sql`(${j.name}, ${next})`] : [];
    });
    if (!values.length) continue;
    await db.execute(sql`
      insert into job_schedules (name, next_run_at) values ${sql.join(values, sql`, `)}
      on conflict (name) do update set next_run_at = least(job_schedules.next_run_at, excluded.next_run_at)`);
  }
}

/**
 * Leases this instance's name still holds from before it restarted (it was killed mid-run) are let go at start, so
 * its jobs run again at once rather than after the lease lapses. Nothing of this runner is running yet; were another
 * live process to share the name, the advisory lock around each run would still keep the two runs apart.
 */
export async function releaseOwnLeases(db: Db, instance: string): Promise<void> {
  // locked_by stays: the next claim sees it and marks the run that was lost failed (abandonRuns).
  await db.execute(sql`update job_schedules set locked_until = null where locked_by = ${instance}`);
}

/** Of the named jobs, those due now (their time has come or a run was asked for) that nobody holds. */
export async function dueJobs(db: Db, names: string[]): Promise<string[]> {
  const res = await db.execute<{ name: string }>(sql`
    select name from job_schedules
    where name in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})
      and (next_run_at <= now() or run_requested_at is not null)
      and (locked_until is null or locked_until < now())
    order by next_run_at`);
  return rowsOf<{ name: string }>(res).map((r) => r.name);
}

export interface Claim {
  nextRunAt: Date;
  /** An operator asked for a run: the request's time exactly as stored (microseconds), so the run clears that request and no newer one. */
  requestStamp: string | null;
  claimedAt: Date;
  /** Who held the job before, when their lease lapsed without the run ending (they died mid-run). */
  previousHolder: string | null;
}

type ClaimRow = {
  next_run_at: Date | string;
  run_requested_at: string | null;
  claimed_at: Date | string;
  previous_holder: string | null;
};

/**
 * Claims a due job for this instance with one conditional UPDATE: two instances claiming at once both reach the row,
 * the second re-reads it after the first commits, finds a current lease and claims nothing. The self-join reads who
 * held the row before (an UPDATE's RETURNING shows only the new row).
 */
export async function claimJob(db: Db, name: string, instance: string, leaseMs: number): Promise<Claim | undefined> {
  const res = await db.execute<ClaimRow>(sql`
    update job_schedules s
    set locked_until = now() + ${leaseMs}::integer * interval '1 millisecond', locked_by = ${instance}
    from job_schedules as held
    where s.name = ${name} and held.name = s.name
      and (s.next_run_at <= now() or s.run_requested_at is not null)
      and (s.locked_until is null or s.locked_until < now())
    returning s.next_run_at, s.run_requested_at::text as run_requested_at, now() as claimed_at, held.locked_by as previous_holder`);
  const row = rowsOf<ClaimRow>(res)[0];
  if (!row) return undefined;
  return {
    nextRunAt: asDate(row.next_run_at),
    requestStamp: row.run_requested_at,
    claimedAt: asDate(row.claimed_at),
    previousHolder: row.previous_holder,
  };
}

/** Keeps the claim while the run lasts; a lease another instance took over (ours lapsed) is left to it. */
export async function renewLease(db: Db, name: string, instance: string, leaseMs: number): Promise<void> {
  await db.execute(sql`
    update job_schedules set locked_until = now() + ${leaseMs}::integer * interval '1 millisecond'
    where name = ${name} and locked_by = ${instance}`);
}

/**
 * The runs an instance that died left "running" are marked failed, so the desk does not show them running for ever.
 * Only the last day's runs of the job are looked at (the index's range): a lost run is found at the next claim.
 */
export async function abandonRuns(db: Db, name: string, instance: string): Promise<void> {
  await db.execute(sql`
    update job_runs set result = ${JOB_RUN_RESULT.failed}, finished_at = now(), error = ${ABANDONED_ERROR}
    where id in (
      select id from job_runs
      where name = ${name} and started_at > now() - interval '1 day' and instance = ${instance} and result = ${JOB_RUN_RESULT.running}
      order by started_at desc
      limit ${ABANDONED_RUNS_MAX}
    )`);
}

export async function insertRun(db: Db, name: string, trigger: JobRunTrigger, instance: string): Promise<number> {
  const res = await db.execute<{ id: number | string }>(sql`
    insert into job_runs (name, trigger, instance) values (${name}, ${trigger}, ${instance}) returning id`);
  return Number(rowsOf<{ id: number | string }>(res)[0].id);
}

export interface RunOutcome {
  runId: number;
  name: string;
  instance: string;
  startedAt: Date;
  durationMs: number;
  result: Exclude<JobRunResult, 'running'>;
  error: string | null;
  nextRunAt: Date;
  /** The operator's request this run answered (Claim.requestStamp): cleared unless a newer one came while it ran. */
  requestSeen: string | null;
}

/** The run's row and the job's last_* columns and next run, together; the lease is let go if it is still ours. */
export async function finishRun(db: Db, o: RunOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update job_runs set finished_at = now(), duration_ms = ${o.durationMs}, result = ${o.result}, error = ${o.error}
      where id = ${o.runId}`);
    await tx.execute(sql`
      update job_schedules set
        next_run_at = ${o.nextRunAt},
        last_started_at = ${o.startedAt}, last_finished_at = now(), last_duration_ms = ${o.durationMs},
        last_result = ${o.result}, last_error = ${o.error},
        run_requested_by = case when run_requested_at <= ${o.requestSeen}::timestamptz then null else run_requested_by end,
        run_requested_at = case when run_requested_at <= ${o.requestSeen}::timestamptz then null else run_requested_at end,
        locked_by = case when locked_by = ${o.instance} then null else locked_by end,
        locked_until = case when locked_by = ${o.instance} then null else locked_until end
      where name = ${o.name}`);
  });
}
