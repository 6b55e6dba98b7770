// SQL of the system desk over the outbox and the job schedules (tables of this domain, written by src/server/events
// and src/server/jobs): figures per event kind, dead letters, redriving them, each job's state, its runs and "run now".
// Every read is bounded: the figures read the partial indexes of waiting and dead deliveries, the lag reads at most
// LAG_SAMPLE_MAX of the last hour's deliveries, and the lists page.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { OUTBOX_DELIVERY_STATUS } from '../../../shared/statuses.ts';

/** The newest deliveries of the last hour the lag is measured on; enough for a steady p99, cheap at any rate. */
export const LAG_SAMPLE_MAX = 20_000;
/** Event kinds and jobs the desk lists at most (far more than the code defines). */
const KINDS_MAX = 200;

const { pending, dead, delivered } = OUTBOX_DELIVERY_STATUS;
const num = (x: unknown): number => Number(x ?? 0);
/** A text column as read (null stays null; anything else is the driver's text of it). */
const textOrNull = (x: unknown): string | null => (x === null || x === undefined ? null : typeof x === 'string' ? x : JSON.stringify(x));
const text = (x: unknown): string => textOrNull(x) ?? '';
const numOrNull = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));
/** An epoch-milliseconds column (read as float8, the same on PostgreSQL and PGlite) as a Date. */
const dateOf = (ms: unknown): Date | null => (ms === null || ms === undefined ? null : new Date(Number(ms)));
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

export interface QueueFigures {
  event: string;
  pending: number;
  oldestPendingAt: Date | null;
  failing: number;
  dead: number;
}

/** Waiting, failing and dead deliveries per event kind, with the oldest waiting event's time. */
export async function queueFigures(db: DbOrTx): Promise<QueueFigures[]> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select event_name as event,
      count(*) filter (where status = ${pending})::int as pending,
      (extract(epoch from min(created_at) filter (where status = ${pending})) * 1000)::float8 as oldest_ms,
      count(*) filter (where status = ${pending} and attempts > 0)::int as failing,
      count(*) filter (where status = ${dead})::int as dead
    from outbox_deliveries
    where status in (${pending}, ${dead})
    group by event_name order by event_name limit ${KINDS_MAX}`);
  return res.rows.map((r) => ({
    event: text(r.event),
    pending: num(r.pending),
    oldestPendingAt: dateOf(r.oldest_ms),
    failing: num(r.failing),
    dead: num(r.dead),
  }));
}

/** The newest failure of a waiting delivery per event kind. */
export async function lastFailures(db: DbOrTx): Promise<Array<{ event: string; error: string | null; at: Date | null }>> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select distinct on (event_name) event_name as event, last_error, ${ms('last_failed_at')} as at_ms
    from outbox_deliveries
    where status = ${pending} and attempts > 0
    order by event_name, last_failed_at desc nulls last limit ${KINDS_MAX}`);
  return res.rows.map((r) => ({ event: text(r.event), error: textOrNull(r.last_error), at: dateOf(r.at_ms) }));
}

/** Delivery lag (event written to delivered) of the last hour's newest deliveries, per event kind. */
export async function deliveryLag(db: DbOrTx): Promise<Array<{ event: string; delivered: number; p50Ms: number | null; p99Ms: number | null }>> {
  const res = await db.execute<Record<string, unknown>>(sql`
    with recent as (
      select event_name, (extract(epoch from delivered_at - created_at) * 1000)::float8 as lag_ms
      from outbox_deliveries
      where status = ${delivered} and delivered_at > now() - interval '1 hour'
      order by delivered_at desc limit ${LAG_SAMPLE_MAX}
    )
    select event_name as event, count(*)::int as delivered,
      percentile_cont(0.5) within group (order by lag_ms)::float8 as p50,
      percentile_cont(0.99) within group (order by lag_ms)::float8 as p99
    from recent group by event_name order by event_name limit ${KINDS_MAX}`);
  return res.rows.map((r) => ({ event: text(r.event), delivered: num(r.delivered), p50Ms: numOrNull(r.p50), p99Ms: numOrNull(r.p99) }));
}

export interface DeadLetterRow {
  eventId: number;
  event: string;
  subscriber: string;
  attempts: number;
  lastError: string | null;
  lastFailedAt: Date | null;
  createdAt: Date | null;
  payload: string;
}

/** A page of dead deliveries, newest event first, optionally of one kind, with their events' payloads as text. */
export async function deadLetters(db: DbOrTx, p: { event?: string; limit: number; offset: number }): Promise<{ rows: DeadLetterRow[]; total: number }> {
  const kind = p.event ? sql`and d.event_name = ${p.event}` : sql``;
  const [page, count] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      select d.event_id, d.event_name, d.subscriber, d.attempts, d.last_error, ${ms('d.last_failed_at')} as failed_ms,
        ${ms('e.created_at')} as created_ms, e.payload::text as payload
      from outbox_deliveries d join outbox_events e on e.id = d.event_id
      where d.status = ${dead} ${kind}
      order by d.event_id desc, d.subscriber limit ${p.limit} offset ${p.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_deliveries d where d.status = ${dead} ${kind}`),
  ]);
  const rows = page.rows.map((r) => ({
    eventId: num(r.event_id),
    event: text(r.event_name),
    subscriber: text(r.subscriber),
    attempts: num(r.attempts),
    lastError: textOrNull(r.last_error),
    lastFailedAt: dateOf(r.failed_ms),
    createdAt: dateOf(r.created_ms),
    payload: text(r.payload),
  }));
  return { rows, total: num(count.rows[0]?.n) };
}

/** One delivery's state, locked for its redrive; undefined when there is no such delivery. */
export async function deliveryForUpdate(db: DbOrTx, eventId: number, subscriber: string) {
  const res = await db.execute<{ status: string; attempts: number; event_name: string }>(sql`
    select status, attempts, event_name from outbox_deliveries
    where event_id = ${eventId} and subscriber = ${subscriber} for update`);
  const r = res.rows[0];
  return r ? { status: text(r.status), attempts: num(r.attempts), event: text(r.event_name) } : undefined;
}

/**
 * Puts dead deliveries back in the queue as new: waiting, no attempts, due now, no lease, so the worker on any
 * instance picks them up. Only rows still dead change; the answer is how many did. The error is kept for the record.
 */
export async function redriveDead(db: DbOrTx, where: { eventId: number; subscriber: string } | { event: string }): Promise<number> {
  const which = 'event' in where ? sql`event_name = ${where.event}` : sql`event_id = ${where.eventId} and subscriber = ${where.subscriber}`;
  const res = await db.execute(sql`
    update outbox_deliveries set status = ${pending}, attempts = 0, next_attempt_at = now(), locked_until = null, locked_by = null
    where status = ${dead} and ${which}`);
  return Number((res as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as { rowCount?: number }).rowCount ?? 0);
}

/** How many deliveries of an event kind are dead, counted under the caller's transaction. */
export async function deadCount(db: DbOrTx, event: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_deliveries where status = ${dead} and event_name = ${event}`);
  return num(res.rows[0]?.n);
}

export interface JobRow {
  name: string;
  nextRunAt: Date | null;
  runRequestedAt: Date | null;
  running: boolean;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastResult: string | null;
  lastError: string | null;
}

/** Every scheduled job, by name. */
export async function jobs(db: DbOrTx): Promise<JobRow[]> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select name, ${ms('next_run_at')} as next_ms, ${ms('run_requested_at')} as requested_ms,
      coalesce(locked_until > now(), false) as running, ${ms('last_started_at')} as started_ms, ${ms('last_finished_at')} as finished_ms,
      last_duration_ms, last_result, last_error
    from job_schedules order by name limit ${KINDS_MAX}`);
  return res.rows.map((r) => ({
    name: text(r.name),
    nextRunAt: dateOf(r.next_ms),
    runRequestedAt: dateOf(r.requested_ms),
    running: r.running === true,
    lastStartedAt: dateOf(r.started_ms),
    lastFinishedAt: dateOf(r.finished_ms),
    lastDurationMs: numOrNull(r.last_duration_ms),
    lastResult: textOrNull(r.last_result),
    lastError: textOrNull(r.last_error),
  }));
}

/** A job's schedule row, locked for "run now"; undefined when no such job is scheduled. */
export async function jobForUpdate(db: DbOrTx, name: string): Promise<{ runRequestedAt: Date | null } | undefined> {
  const res = await db.execute<{ requested_ms: unknown }>(
    sql`select ${ms('run_requested_at')} as requested_ms from job_schedules where name = ${name} for update`,
  );
  const r = res.rows[0];
  return r ? { runRequestedAt: dateOf(r.requested_ms) } : undefined;
}

/** Asks for a run now: the runner on whichever instance claims the row runs it with the trigger run_now and clears it. */
export async function requestRun(db: DbOrTx, name: string, staffId: number): Promise<Date> {
  const res = await db.execute<{ requested_ms: unknown }>(sql`
    update job_schedules set run_requested_at = now(), run_requested_by = ${staffId}
    where name = ${name} returning ${ms('run_requested_at')} as requested_ms`);
  return dateOf(res.rows[0]?.requested_ms) ?? new Date();
}

export interface JobRunRow {
  id: number;
  trigger: string;
  instance: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
  result: string;
  error: string | null;
}

/** A page of a job's runs, newest first. */
export async function jobRuns(db: DbOrTx, name: string, p: { limit: number; offset: number }): Promise<{ rows: JobRunRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      select id, trigger, instance, ${ms('started_at')} as started_ms, ${ms('finished_at')} as finished_ms, duration_ms, result, error
      from job_runs where name = ${name} order by started_at desc, id desc limit ${p.limit} offset ${p.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from job_runs where name = ${name}`),
  ]);
  const rows = page.rows.map((r) => ({
    id: num(r.id),
    trigger: text(r.trigger),
    instance: text(r.instance),
    startedAt: dateOf(r.started_ms),
    finishedAt: dateOf(r.finished_ms),
    durationMs: numOrNull(r.duration_ms),
    result: text(r.result),
    error: textOrNull(r.error),
  }));
  return { rows, total: num(count.rows[0]?.n) };
}

/** Whether a job is scheduled at all (a runs page of an unknown job is a 404, not an empty list). */
export async function jobExists(db: DbOrTx, name: string): Promise<boolean> {
  const res = await db.execute(sql`select 1 from job_schedules where name = ${name}`);
  return res.rows.length > 0;
}

/** Each job's last success: the schedule's last finish when the last run ended well, else the newest good run. */
export async function jobSuccesses(db: DbOrTx): Promise<Array<{ name: string; lastResult: string | null; lastSuccessAt: Date | null }>> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select s.name, s.last_result,
      ${ms(`case when s.last_result = 'ok' then s.last_finished_at else (
        select r.finished_at from job_runs r where r.name = s.name and r.result = 'ok' order by r.started_at desc limit 1) end`)} as success_ms
    from job_schedules s order by s.name limit ${KINDS_MAX}`);
  return res.rows.map((r) => ({
    name: text(r.name),
    lastResult: textOrNull(r.last_result),
    lastSuccessAt: dateOf(r.success_ms),
  }));
}
