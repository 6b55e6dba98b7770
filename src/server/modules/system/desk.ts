// The system desk: what the outbox holds per event kind (queue depth, oldest waiting, delivery lag, failures, dead
// letters), redriving dead letters, every scheduled job's last run and next run, a job's runs, and "run now". The
// worker (src/server/events) and the runner (src/server/jobs) act on what this writes: a redriven delivery is an
// ordinary waiting one, due now; a run request is picked up by whichever instance claims the job next. Each operator
// action writes its audit row in the same transaction as the change.
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { offsetOf, type Paging } from '../../../shared/schemas/paging.ts';
import {
  JOB_LAST_RESULTS,
  PAYLOAD_SHOWN_MAX,
  type DeadLetterView,
  type DeadLettersQuery,
  type JobDeskView,
  type JobRunView,
  type OutboxDeskView,
  type OutboxKindView,
  type RedriveBody,
  type RedriveView,
  type RunNowView,
} from '../../../shared/schemas/backoffice/system-desk.ts';
import { JOB_RUN_RESULT, JOB_RUN_TRIGGER, OUTBOX_DELIVERY_STATUS, statusValues } from '../../../shared/statuses.ts';
import { recordAudit } from '../staff/audit.ts';
import type { Operator, PageOf } from '../staff/service.ts';
import * as repo from './desk-repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const whole = (x: number | null) => (x === null ? null : Math.round(x));
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : null;

/**
 * Payload fields that carry a player's personal or payment details (a card number, a phone, a payer's account, a real
 * name, a birthday, an address): the desk shows only their last characters, enough to tell two events apart.
 */
const PERSONAL_FIELD_RE = /card|phone|account|realname|real_name|birthday|password|secret|token|^ip$|device/i;
const KEPT_CHARS = 4;

function masked(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => masked(v, key));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)]));
  if (!PERSONAL_FIELD_RE.test(key) || value === null) return value;
  const text = String(value as string | number | boolean);
  return text.length <= KEPT_CHARS ? '•'.repeat(text.length) : `${'•'.repeat(Math.min(8, text.length - KEPT_CHARS))}${text.slice(-KEPT_CHARS)}`;
}

/**
 * The payload as indented JSON text with personal fields masked, cut at PAYLOAD_SHOWN_MAX characters so one huge
 * event cannot swell the page. The island shows it as text, never as markup.
 */
function payloadText(raw: string): { payload: string; payload_cut: boolean } {
  let text = raw;
  try {
    text = JSON.stringify(masked(JSON.parse(raw)), null, 2);
  } catch {
    // Stored jsonb is always valid JSON; the text as stored is shown if it ever is not.
  }
  return text.length > PAYLOAD_SHOWN_MAX ? { payload: text.slice(0, PAYLOAD_SHOWN_MAX), payload_cut: true } : { payload: text, payload_cut: false };
}

function deadLetterView(r: repo.DeadLetterRow): DeadLetterView {
  return {
    event_id: r.eventId,
    event: r.event,
    subscriber: r.subscriber,
    attempts: r.attempts,
    last_error: r.lastError,
    last_failed_at: iso(r.lastFailedAt),
    created_at: iso(r.createdAt),
    ...payloadText(r.payload),
  };
}

function jobView(r: repo.JobRow): JobDeskView {
  return {
    name: r.name,
    next_run_at: iso(r.nextRunAt),
    run_requested_at: iso(r.runRequestedAt),
    running: r.running,
    last_started_at: iso(r.lastStartedAt),
    last_finished_at: iso(r.lastFinishedAt),
    last_duration_ms: r.lastDurationMs,
    last_result: oneOf(JOB_LAST_RESULTS, r.lastResult),
    last_error: r.lastError,
  };
}

function jobRunView(r: repo.JobRunRow): JobRunView {
  return {
    id: r.id,
    // The table's checks allow only these values; one outside them (another version's) reads as a scheduled, running run.
    trigger: oneOf(statusValues(JOB_RUN_TRIGGER), r.trigger) ?? JOB_RUN_TRIGGER.schedule,
    instance: r.instance,
    started_at: iso(r.startedAt),
    finished_at: iso(r.finishedAt),
    duration_ms: r.durationMs,
    result: oneOf(statusValues(JOB_RUN_RESULT), r.result) ?? JOB_RUN_RESULT.running,
    error: r.error,
  };
}

export class SystemDesk {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The outbox's figures per event kind: every kind with a waiting or dead delivery or a delivery in the last hour. */
  async outbox(): Promise<OutboxDeskView> {
    const now = Date.now();
    const [queue, failures, lag] = await Promise.all([repo.queueFigures(this.db), repo.lastFailures(this.db), repo.deliveryLag(this.db)]);
    const kinds = new Map<string, OutboxKindView>();
    const kind = (event: string): OutboxKindView => {
      let k = kinds.get(event);
      if (!k) {
        k = {
          event,
          pending: 0,
          oldest_pending_at: null,
          oldest_pending_age_ms: null,
          failing: 0,
          last_error: null,
          last_failed_at: null,
          dead: 0,
          delivered_last_hour: 0,
          lag_p50_ms: null,
          lag_p99_ms: null,
        };
        kinds.set(event, k);
      }
      return k;
    };
    for (const q of queue) {
      Object.assign(kind(q.event), {
        pending: q.pending,
        oldest_pending_at: iso(q.oldestPendingAt),
        oldest_pending_age_ms: q.oldestPendingAt ? Math.max(0, now - q.oldestPendingAt.getTime()) : null,
        failing: q.failing,
        dead: q.dead,
      });
    }
    for (const f of failures) Object.assign(kind(f.event), { last_error: f.error, last_failed_at: iso(f.at) });
    for (const l of lag) Object.assign(kind(l.event), { delivered_last_hour: l.delivered, lag_p50_ms: whole(l.p50Ms), lag_p99_ms: whole(l.p99Ms) });
    return {
      kinds: [...kinds.values()].sort((a, b) => a.event.localeCompare(b.event)),
      lag_sample_max: repo.LAG_SAMPLE_MAX,
      as_of: new Date(now).toISOString(),
    };
  }

  async deadLetters(q: DeadLettersQuery): Promise<PageOf<DeadLetterView>> {
    const { rows, total } = await repo.deadLetters(this.db, { event: q.event || undefined, limit: q.pageSize, offset: offsetOf(q) });
    return { data: rows.map(deadLetterView), total, page: q.page, pageSize: q.pageSize };
  }

  /** One dead delivery back in the queue; 404 when there is no such delivery, 409 when it is not dead (any more). */
  async redrive(op: Operator, input: RedriveBody): Promise<RedriveView> {
    return this.db.transaction(async (tx) => {
      const row = await repo.deliveryForUpdate(tx, input.event_id, input.subscriber);
      if (!row) throw new ApiError('not_found');
      if (row.status !== OUTBOX_DELIVERY_STATUS.dead) throw new ApiError('delivery_not_dead');
      const redriven = await repo.redriveDead(tx, { eventId: input.event_id, subscriber: input.subscriber });
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'system.redrive',
        target: `outbox_delivery:${input.event_id}`,
        before: { status: row.status, attempts: row.attempts },
        after: { status: OUTBOX_DELIVERY_STATUS.pending, attempts: 0 },
        detail: { event: row.event, subscriber: input.subscriber },
        ip: op.ip,
      });
      return { redriven };
    });
  }

  /** Every dead delivery of one event kind back in the queue; nothing to redrive answers 0 and writes no audit row. */
  async redriveKind(op: Operator, event: string): Promise<RedriveView> {
    return this.db.transaction(async (tx) => {
      const deadBefore = await repo.deadCount(tx, event);
      if (deadBefore === 0) return { redriven: 0 };
      const redriven = await repo.redriveDead(tx, { event });
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'system.redrive_kind',
        target: `event_kind:${event}`,
        before: { dead: deadBefore },
        after: { dead: deadBefore - redriven, redriven },
        detail: { event },
        ip: op.ip,
      });
      return { redriven };
    });
  }

  async jobs(): Promise<{ jobs: JobDeskView[] }> {
    return { jobs: (await repo.jobs(this.db)).map(jobView) };
  }

  async jobRuns(name: string, p: Paging): Promise<PageOf<JobRunView>> {
    if (!(await repo.jobExists(this.db, name))) throw new ApiError('not_found');
    const { rows, total } = await repo.jobRuns(this.db, name, { limit: p.pageSize, offset: offsetOf(p) });
    return { data: rows.map(jobRunView), total, page: p.page, pageSize: p.pageSize };
  }

  /** Asks the runner for a run of the job now; asking again while a request waits only renews it. */
  async runNow(op: Operator, name: string): Promise<RunNowView> {
    return this.db.transaction(async (tx) => {
      const row = await repo.jobForUpdate(tx, name);
      if (!row) throw new ApiError('not_found');
      const requestedAt = await repo.requestRun(tx, name, op.staffId);
      await recordAudit(tx, {
        staffId: op.staffId,
        action: 'system.run_job',
        target: `job:${name}`,
        before: { run_requested_at: iso(row.runRequestedAt) },
        after: { run_requested_at: requestedAt.toISOString() },
        detail: { job: name },
        ip: op.ip,
      });
      return { name, run_requested_at: requestedAt.toISOString() };
    });
  }
}
