// Durable events and scheduled jobs (owned by the system domain; written by src/server/events and src/server/jobs):
// each event kept with the transaction that published it, one delivery row per subscriber with its attempts and
// state, each scheduled job's next run and last outcome, and every run of a job. drizzle/0110_outbox_and_schedules.sql
// explains the life of a row.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { staff } from './schema-core.ts';
import type { JobRunResult, JobRunTrigger, OutboxDeliveryStatus } from '../../shared/statuses.ts';

const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An event a domain published, written in the publisher's transaction. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** Events with the same key (a player) reach each subscriber oldest first; null when order does not matter. */
    orderKey: varchar('order_key', { length: 64 }),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);

/** One subscriber's delivery of one event. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subscriber: varchar('subscriber', { length: 96 }).notNull(),
    eventName: varchar('event_name', { length: 64 }).notNull(),
    orderKey: varchar('order_key', { length: 64 }),
    status: varchar('status', { length: 12 }).$type<OutboxDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    /** While set and in the future, the instance named in locked_by is delivering it; after, any instance may retry. */
    lockedUntil: tsz('locked_until'),
    lockedBy: varchar('locked_by', { length: 64 }),
    lastError: varchar('last_error', { length: 2000 }),
    lastFailedAt: tsz('last_failed_at'),
    deliveredAt: tsz('delivered_at'),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'outbox_deliveries_pk', columns: [t.eventId, t.subscriber] }),
    index('outbox_deliveries_due_idx')
      .on(t.nextAttemptAt, t.eventId)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_deliveries_order_idx')
      .on(t.orderKey, t.eventId)
      .where(sql`${t.status} = 'pending' AND ${t.orderKey} IS NOT NULL`),
    index('outbox_deliveries_dead_idx')
      .on(t.eventName, t.eventId)
      .where(sql`${t.status} = 'dead'`),
    index('outbox_deliveries_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.status} = 'delivered'`),
    check('outbox_deliveries_status_known', sql`${t.status} IN ('pending', 'delivered', 'dead')`),
    check('outbox_deliveries_attempts_range', sql`${t.attempts} >= 0`),
  ],
);

/** A scheduled job: when it runs next, whether an operator asked for a run now, and how its last run ended. */
export const jobSchedules = pgTable(
  'job_schedules',
  {
    name: varchar('name', { length: 64 }).primaryKey(),
    nextRunAt: tsz('next_run_at').notNull(),
    runRequestedAt: tsz('run_requested_at'),
    runRequestedBy: bigint('run_requested_by', { mode: 'number' }).references(() => staff.id),
    lockedUntil: tsz('locked_until'),
    lockedBy: varchar('locked_by', { length: 64 }),
    lastStartedAt: tsz('last_started_at'),
    lastFinishedAt: tsz('last_finished_at'),
    lastDurationMs: integer('last_duration_ms'),
    lastResult: varchar('last_result', { length: 8 }).$type<Exclude<JobRunResult, 'running'>>(),
    lastError: varchar('last_error', { length: 2000 }),
  },
  (t) => [check('job_schedules_result_known', sql`${t.lastResult} IS NULL OR ${t.lastResult} IN ('ok', 'failed')`)],
);

/** One run of a scheduled job, on the instance that claimed it. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    trigger: varchar('trigger', { length: 12 }).$type<JobRunTrigger>().notNull(),
    instance: varchar('instance', { length: 64 }).notNull(),
    startedAt: tsz('started_at').notNull().defaultNow(),
    finishedAt: tsz('finished_at'),
    durationMs: integer('duration_ms'),
    result: varchar('result', { length: 8 }).$type<JobRunResult>().notNull().default('running'),
    error: varchar('error', { length: 2000 }),
  },
  (t) => [
    index('job_runs_name_started_idx').on(t.name, t.startedAt),
    check('job_runs_trigger_known', sql`${t.trigger} IN ('schedule', 'run_now', 'catch_up')`),
    check('job_runs_result_known', sql`${t.result} IN ('running', 'ok', 'failed')`),
  ],
);
