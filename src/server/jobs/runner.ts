// Scheduled work on the job_schedules table. At start each instance writes a row for every job it runs (its next run
// computed from the schedule when the row is new). Every tick it looks for due rows and claims each with one
// conditional UPDATE that sets a lease (locked_until, locked_by): the row is due (its time has come or an operator
// asked for a run) and nobody's lease is current, so exactly one instance runs a job at a time however many are up.
// The lease is renewed while a run lasts longer; an instance that dies mid-run lets its lease lapse and another takes
// the job over. Each run is kept in job_runs with why it ran (schedule, run_now, catch_up), where, how long and how it
// ended, and the row's last_* columns and next run are written when it ends. The next run is computed from the time
// the run ended, so a job missed while every instance was down runs once when one comes back (schedule.ts).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { killPoint } from '../lib/fault-kill.ts';
import { JOB_RUN_RESULT, type JobRunTrigger } from '../../shared/statuses.ts';
import { nextRunAt, runTrigger, type Schedule } from './schedule.ts';
import * as store from './store.ts';

export interface Job {
  name: string;
  /** Taken as an advisory lock around each run: some jobs' own SQL relies on it (registry.ts). */
  lockId: number;
  schedule: Schedule;
  run(): Promise<unknown>;
}

export interface JobRunnerOptions {
  /** Hears each failed run by job name (the job_failures_total metric). */
  onFailure?: (job: string) => void;
  /** This instance's name in locked_by and job_runs.instance (INSTANCE_NAME; by default the host and process id). */
  instance?: string;
  /** How long a claim holds a job before another instance may take it over; renewed while the run lasts. */
  leaseMs?: number;
  /** How often due jobs are looked for; by default a second, or the shortest interval when that is shorter. */
  tickMs?: number;
}

/** A claim's lease: long enough that a busy instance renews it in time, short enough that a dead one's job soon moves. */
export const JOB_LEASE_MS = 60_000;
/** Due jobs are looked for at most this often and at least this often (small intervals in tests tick faster). */
const MIN_TICK_MS = 20;
const MAX_TICK_MS = 1_000;
/** Width of the instance column. */
const INSTANCE_MAX_CHARS = 64;
/**
 * Runs one instance has going at once. Each run holds a pool connection for its advisory lock while its work takes
 * others; with every due job started at once (an instance starting after the others were down catches all of them
 * up) the lock holders alone could take the whole pool (DB_POOL_MAX, 20 by default) and wait for each other's work
 * forever. Six runs hold at most six lock connections and leave the rest to the work, requests and the outbox worker;
 * a due job beyond them starts at a later tick, oldest due first.
 */
export const MAX_CONCURRENT_JOBS = 6;

let runnersStarted = 0;

/**
 * A given name (INSTANCE_NAME) is kept as it is, so an instance that restarts knows its own leases; the default, the
 * host and process id, gets a number for every runner after the first, since tests start several in one process.
 */
function instanceId(given: string | undefined): string {
  if (given) return given.slice(0, INSTANCE_MAX_CHARS);
  const n = runnersStarted++;
  const base = `${os.hostname()}:${process.pid}`;
  return (n === 0 ? base : `${base}#${n}`).slice(0, INSTANCE_MAX_CHARS);
}

function tickOf(jobs: Job[], given: number | undefined): number {
  if (given !== undefined) return given;
  const intervals = jobs.flatMap((j) => (j.schedule.kind === 'interval' ? [j.schedule.everyMs] : []));
  return Math.max(MIN_TICK_MS, Math.min(MAX_TICK_MS, ...intervals));
}

export function startJobs(
  database: Database,
  jobs: Job[],
  log: FastifyBaseLogger,
  opts: JobRunnerOptions = {},
): { stop(): Promise<void>; pendingTimers(): number; instance: string } {
  const enabled = new Map(jobs.filter((j) => j.schedule.kind !== 'off').map((j) => [j.name, j]));
  const ctx: RunContext = {
    database,
    log,
    instance: instanceId(opts.instance),
    leaseMs: opts.leaseMs ?? JOB_LEASE_MS,
    onFailure: opts.onFailure ?? (() => {}),
  };
  const tickMs = tickOf([...enabled.values()], opts.tickMs);
  const running = new Map<string, Promise<void>>();
  let registered = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const tick = async () => {
    timer = undefined;
    try {
      if (!registered) {
        await store.releaseOwnLeases(database.db, ctx.instance);
        await store.registerSchedules(database.db, [...enabled.values()]);
        registered = true;
      }
      const idle = [...enabled.keys()].filter((name) => !running.has(name));
      const free = MAX_CONCURRENT_JOBS - running.size;
      const due = idle.length && free > 0 ? await store.dueJobs(database.db, idle) : [];
      for (const name of due.slice(0, Math.max(0, free))) {
        if (stopped) break;
        const run = runIfClaimed(ctx, enabled.get(name)!).finally(() => running.delete(name));
        running.set(name, run);
      }
    } catch (err) {
      // The database may be restarting: the next tick tries again, registering first if that did not happen yet.
      log.error({ err }, 'job tick failed');
    }
  };
  const schedule = () => {
    if (stopped || !enabled.size) return;
    timer = setTimeout(() => {
      ticking = tick().finally(schedule);
    }, tickMs).unref();
  };
  schedule();
  return {
    instance: ctx.instance,
    pendingTimers: () => (timer ? 1 : 0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...running.values()]);
    },
  };
}

interface RunContext {
  database: Database;
  log: FastifyBaseLogger;
  instance: string;
  leaseMs: number;
  onFailure: (job: string) => void;
}

/** Claims the job if it is still due and free, and runs it under its advisory lock; a job claimed elsewhere is skipped. */
async function runIfClaimed(ctx: RunContext, job: Job): Promise<void> {
  try {
    const claim = await store.claimJob(ctx.database.db, job.name, ctx.instance, ctx.leaseMs);
    if (!claim) return;
    const ran = await ctx.database.withAdvisoryLock(job.lockId, async () => {
      // A holder is still named only when its run never ended; with the lock won, it is not running any more (it died,
      // or it was this instance's name before a restart), so its run is marked lost.
      if (claim.previousHolder) await store.abandonRuns(ctx.database.db, job.name, claim.previousHolder);
      return runRecorded(ctx, job, claim, runTrigger(claim));
    });
    // Only a run whose lease lapsed while it still runs holds the lock now; the claim's lease expires by itself and
    // the job is tried again then.
    if (ran === undefined) ctx.log.warn({ job: job.name }, 'job still running elsewhere');
  } catch (err) {
    ctx.log.error({ err, job: job.name }, 'job bookkeeping failed');
  }
}

/** One run: its job_runs row, the lease renewed while it lasts, then its outcome and the next run written. */
async function runRecorded(ctx: RunContext, job: Job, claim: store.Claim, trigger: JobRunTrigger): Promise<true> {
  const { db } = ctx.database;
  const runId = await store.insertRun(db, job.name, trigger, ctx.instance);
  const renew = setInterval(
    () => {
      store.renewLease(db, job.name, ctx.instance, ctx.leaseMs).catch((err: unknown) => ctx.log.warn({ err, job: job.name }, 'job lease renewal failed'));
    },
    Math.max(1, Math.floor(ctx.leaseMs / 3)),
  ).unref();
  const startedAt = Date.now();
  const started = performance.now();
  let failure: { err: unknown } | undefined;
  try {
    await job.run();
    // The fault tests' moment inside a job: its body has run, its run is not yet recorded as finished.
    killPoint('in_job');
  } catch (err) {
    failure = { err };
  } finally {
    clearInterval(renew);
    // The run is logged (debug) with its start and end on the instance that ran it, so operators and the
    // two-instance test (tests/lb) can see that one instance at a time runs each job.
    ctx.log.debug({ job: job.name, pid: process.pid, startedAt, endedAt: Date.now(), trigger }, 'job ran');
  }
  const durationMs = Math.round(performance.now() - started);
  const endedAt = new Date(claim.claimedAt.getTime() + durationMs);
  await store.finishRun(db, {
    runId,
    name: job.name,
    instance: ctx.instance,
    startedAt: claim.claimedAt,
    durationMs,
    result: failure ? JOB_RUN_RESULT.failed : JOB_RUN_RESULT.ok,
    error: failure ? errorText(failure.err) : null,
    nextRunAt: nextRunAt(job.schedule, endedAt, { failed: !!failure }) ?? endedAt,
    requestSeen: claim.requestStamp,
  });
  if (failure) {
    ctx.log.error({ err: failure.err, job: job.name }, 'job failed');
    ctx.onFailure(job.name);
  }
  return true;
}

/** The error as the system desk shows it: its message, cut to the column's width. */
function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, store.ERROR_MAX_CHARS);
}
