// When a scheduled job runs next, and why a run happened. A job runs either every so many milliseconds after its last
// run ended (work that only has to keep up: bet ingestion, reconciliation) or at the times a cron expression names in
// Taipei time (work whose business meaning is a time of day: the day close, the nightly VIP run, the settlement of an
// ended period). Taiwan keeps no daylight saving time, so a Taipei time is always the same UTC time (00:05 Taipei is
// 16:05 UTC of the day before); the cron library still does the arithmetic, so no offset is written here.
import { CronExpressionParser } from 'cron-parser';
import { JOB_RUN_TRIGGER, type JobRunTrigger } from '../../shared/statuses.ts';

/** The time zone every cron schedule is read in: the business's days begin at midnight in Taipei. */
export const JOB_TIME_ZONE = 'Asia/Taipei';

/**
 * A run that starts more than this long after it was due was missed (every instance was down, or none could reach
 * the database) and is recorded as a catch-up. A due job is claimed within a tick of its time, so a minute is far
 * beyond the lateness of an instance that was up.
 */
export const CATCH_UP_GRACE_MS = 60_000;

/**
 * After a failed run of a cron job, the next attempt comes this soon (or at its next scheduled time if that is
 * sooner): the day close that failed at 00:05 is tried again at 00:15, not tomorrow. Interval jobs retry at their
 * own interval anyway.
 */
export const FAILED_RETRY_MS = 10 * 60_000;

export type Schedule =
  /** Switched off: the job does not run on this instance. */
  | { kind: 'off' }
  /** Every everyMs after the last run ended. */
  | { kind: 'interval'; everyMs: number }
  /** At each time the five-field cron expression names, read in JOB_TIME_ZONE. */
  | { kind: 'cron'; expression: string };

/** Every everyMs after the last run; 0 (or less) switches the job off, as the configuration's intervals always did. */
export function every(everyMs: number): Schedule {
  return everyMs > 0 ? { kind: 'interval', everyMs } : { kind: 'off' };
}

/** At the times the cron expression names in Taipei time; the expression is checked here, so a typo fails at start. */
export function taipeiCron(expression: string): Schedule {
  CronExpressionParser.parse(expression, { tz: JOB_TIME_ZONE });
  return { kind: 'cron', expression };
}

/** The first time after `after` the cron expression names, in Taipei time. */
export function nextCronTime(expression: string, after: Date): Date {
  return CronExpressionParser.parse(expression, { tz: JOB_TIME_ZONE, currentDate: after }).next().toDate();
}

/**
 * When a job runs next, computed from when its last run ended (or from now for a job seen for the first time). A
 * cron job's next time is the first one after `from`, however many were missed: a missed period runs once, never once
 * per missed period. A failed cron run is tried again after FAILED_RETRY_MS when that comes before its next time.
 */
export function nextRunAt(schedule: Schedule, from: Date, opts: { failed?: boolean } = {}): Date | undefined {
  switch (schedule.kind) {
    case 'off':
      return undefined;
    case 'interval':
      return new Date(from.getTime() + schedule.everyMs);
    case 'cron': {
      const next = nextCronTime(schedule.expression, from);
      const retry = new Date(from.getTime() + FAILED_RETRY_MS);
      return opts.failed && retry < next ? retry : next;
    }
  }
}

/**
 * Why a claimed run happens: an operator's request comes first (it is cleared by the run), then a run due more than
 * CATCH_UP_GRACE_MS before it was claimed is the catch-up of a time missed while no instance ran it, and anything else
 * is its schedule coming due. Times are the database's, so the instances' clocks do not matter.
 */
export function runTrigger(claim: { nextRunAt: Date; requestStamp: string | null; claimedAt: Date }): JobRunTrigger {
  if (claim.requestStamp !== null) return JOB_RUN_TRIGGER.run_now;
  if (claim.nextRunAt.getTime() < claim.claimedAt.getTime() - CATCH_UP_GRACE_MS) return JOB_RUN_TRIGGER.catch_up;
  return JOB_RUN_TRIGGER.schedule;
}

/** A schedule as the back office shows it: the interval, or the cron expression with its zone and, for a daily one, its time. */
export type ScheduleView =
  { kind: 'off' } | { kind: 'interval'; everyMs: number } | { kind: 'cron'; expression: string; timeZone: string; dailyAt: string | null };

/** A daily expression ("M H * * *") gives its time as HH:MM for display; any other expression gives null. */
export function scheduleView(schedule: Schedule): ScheduleView {
  if (schedule.kind !== 'cron') return schedule;
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(schedule.expression);
  const dailyAt = daily ? `${daily[2].padStart(2, '0')}:${daily[1].padStart(2, '0')}` : null;
  return { kind: 'cron', expression: schedule.expression, timeZone: JOB_TIME_ZONE, dailyAt };
}
