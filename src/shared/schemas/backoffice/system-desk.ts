// Requests and answers of the system desk: the outbox per event kind (queue depth, oldest waiting, delivery lag,
// failures, dead letters), redriving dead letters, every scheduled job with its last run and "run now", and a job's
// recent runs. Messages are i18n keys: 'bo.*' keys live in the back-office catalogues, the others in the shared ones.
import * as v from 'valibot';
import { staffPageOf } from '../envelope.ts';
import { idNumber } from '../ids.ts';
import { pageQuery } from '../paging.ts';
import { JOB_RUN_RESULT, JOB_RUN_TRIGGER, statusValues } from '../../statuses.ts';

/** An event's name as the outbox stores it (`deposit.credited`): lower-case words joined by dots or underscores. */
const EVENT_NAME_RE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
/** A subscriber's key as the outbox stores it: printable text without control characters. */
const SUBSCRIBER_RE = /^\P{Cc}+$/u;
/** A scheduled job's name (`vip-nightly`). */
const JOB_NAME_RE = /^[a-z0-9][a-z0-9_-]*$/;
/** Characters of an event's payload the dead-letter list shows at most; a longer payload is cut and marked. */
export const PAYLOAD_SHOWN_MAX = 4_000;

const eventName = (message: string) => v.pipe(v.string(message), v.trim(), v.maxLength(64, message), v.regex(EVENT_NAME_RE, message));
const subscriberKey = v.pipe(
  v.string('v.sysdesk.subscriber'),
  v.minLength(1, 'v.sysdesk.subscriber'),
  v.maxLength(96, 'v.sysdesk.subscriber'),
  v.regex(SUBSCRIBER_RE, 'v.sysdesk.subscriber'),
);

// Requests.

/** The dead letters, newest first, optionally of one event kind. */
export const deadLettersQuery = v.object(
  { ...pageQuery, event: v.optional(v.union([v.literal(''), eventName('v.sysdesk.event')], 'v.sysdesk.event')) },
  'v.type.object',
);
export type DeadLettersQuery = v.InferOutput<typeof deadLettersQuery>;

/** One dead delivery to put back in the queue: the event and the subscriber that gave up on it. */
export const redriveBody = v.strictObject({ event_id: idNumber('v.sysdesk.event_id'), subscriber: subscriberKey }, 'v.type.object');
export type RedriveBody = v.InferOutput<typeof redriveBody>;

/** Every dead delivery of one event kind back in the queue. */
export const redriveKindBody = v.strictObject({ event: eventName('v.sysdesk.event') }, 'v.type.object');
export type RedriveKindBody = v.InferOutput<typeof redriveKindBody>;

/** A scheduled job by name, in the path. */
export const jobParams = v.object({
  name: v.pipe(v.string('error.not_found'), v.maxLength(64, 'error.not_found'), v.regex(JOB_NAME_RE, 'error.not_found')),
});

/** A job's runs, newest first. */
export const jobRunsQuery = v.object(pageQuery, 'v.type.object');

// Answers.

const instant = v.nullable(v.string());

/** The outbox's figures of one event kind. Ages and lags are whole milliseconds; null where there is nothing to measure. */
const outboxKindView = v.object({
  event: v.string(),
  /** Deliveries waiting (first try or a retry). */
  pending: v.number(),
  /** When the oldest waiting delivery's event was written, and how long ago that was. */
  oldest_pending_at: instant,
  oldest_pending_age_ms: v.nullable(v.number()),
  /** Waiting deliveries that failed at least once, with the newest failure's error and time. */
  failing: v.number(),
  last_error: v.nullable(v.string()),
  last_failed_at: instant,
  /** Deliveries given up (dead letters). */
  dead: v.number(),
  /** Deliveries of the last hour and their lag from the event's writing to delivery, at the median and the 99th percentile. */
  delivered_last_hour: v.number(),
  lag_p50_ms: v.nullable(v.number()),
  lag_p99_ms: v.nullable(v.number()),
});
export const outboxDeskView = v.object({
  kinds: v.array(outboxKindView),
  /** The lag is read from at most this many of the last hour's deliveries (the newest), so the page stays quick. */
  lag_sample_max: v.number(),
  as_of: v.string(),
});
export type OutboxKindView = v.InferOutput<typeof outboxKindView>;
export type OutboxDeskView = v.InferOutput<typeof outboxDeskView>;

const deadLetterView = v.object({
  event_id: v.number(),
  event: v.string(),
  subscriber: v.string(),
  attempts: v.number(),
  last_error: v.nullable(v.string()),
  last_failed_at: instant,
  created_at: instant,
  /** The event's payload as indented JSON text with personal fields masked (shown as text, never as markup), cut at PAYLOAD_SHOWN_MAX. */
  payload: v.string(),
  payload_cut: v.boolean(),
});
export const deadLettersView = staffPageOf(deadLetterView);
export type DeadLetterView = v.InferOutput<typeof deadLetterView>;

export const redriveView = v.object({ redriven: v.number() });
export type RedriveView = v.InferOutput<typeof redriveView>;

export const JOB_LAST_RESULTS = [JOB_RUN_RESULT.ok, JOB_RUN_RESULT.failed] as const;
const jobView = v.object({
  name: v.string(),
  next_run_at: instant,
  /** Set while an operator's "run now" waits for an instance to pick it up. */
  run_requested_at: instant,
  /** An instance holds the job's lease: it is running now. */
  running: v.boolean(),
  last_started_at: instant,
  last_finished_at: instant,
  last_duration_ms: v.nullable(v.number()),
  last_result: v.nullable(v.picklist(JOB_LAST_RESULTS)),
  last_error: v.nullable(v.string()),
});
export const jobsDeskView = v.object({ jobs: v.array(jobView) });
export type JobDeskView = v.InferOutput<typeof jobView>;

const jobRunView = v.object({
  id: v.number(),
  trigger: v.picklist(statusValues(JOB_RUN_TRIGGER)),
  instance: v.string(),
  started_at: instant,
  finished_at: instant,
  duration_ms: v.nullable(v.number()),
  result: v.picklist(statusValues(JOB_RUN_RESULT)),
  error: v.nullable(v.string()),
});
export const jobRunsView = staffPageOf(jobRunView);
export type JobRunView = v.InferOutput<typeof jobRunView>;

export const runNowView = v.object({ name: v.string(), run_requested_at: v.string() });
export type RunNowView = v.InferOutput<typeof runNowView>;
