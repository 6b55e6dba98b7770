// The outbox's statements: writing an event with its deliveries in the publisher's transaction, claiming due
// deliveries under a lease, recording how a delivery ended, and purging what was delivered long ago. The tables are
// the system domain's (drizzle/0110_outbox_and_schedules.sql tells the life of a row).
import { sql, type SQL } from 'drizzle-orm';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { Db, DbOrTx } from '../db/client.ts';
import { outboxDeliveries, outboxEvents } from '../db/schema.ts';
import { OUTBOX_DELIVERY_STATUS } from '../../shared/statuses.ts';

/** A delivery that fails this many times is moved to the dead letters, where an operator redrives it. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** The first retry waits this long; each further one twice as long as the one before. */
export const OUTBOX_RETRY_BASE_MS = 1_000;
/** No retry waits longer than this (the sixth and later retries of a failing subscriber). */
export const OUTBOX_RETRY_CAP_MS = 5 * 60_000;
/** The stored error is cut to the column's length. */
const ERROR_MAX_CHARS = 2_000;
/** How many event ids one call may name (the request path names the one or two it just wrote). */
const EVENT_IDS_MAX = 100;

// ---- payloads ------------------------------------------------------------------------------------

/**
 * Payloads carry bigint amounts and dates, which JSON has no type for: they are stored tagged and read back as
 * what they were, so a subscriber sees the same payload whether it runs on the request path or from the worker.
 */
export function encodePayload(payload: object): unknown {
  return JSON.parse(
    JSON.stringify(payload, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key];
      if (typeof raw === 'bigint') return { $bigint: raw.toString() };
      if (raw instanceof Date) return { $date: raw.toISOString() };
      return value;
    }),
  );
}

export function decodePayload<P>(stored: unknown): P {
  return JSON.parse(JSON.stringify(stored), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      const keys = Object.keys(v);
      if (keys.length === 1 && typeof v.$bigint === 'string') return BigInt(v.$bigint);
      if (keys.length === 1 && typeof v.$date === 'string') return new Date(v.$date);
    }
    return value;
  }) as P;
}

/** Events about one player reach each subscriber oldest first; others (a batch of players) carry no order. */
export function orderKeyOf(payload: object): string | null {
  const playerId = (payload as { playerId?: unknown }).playerId;
  return typeof playerId === 'number' ? `player:${playerId}` : null;
}

// ---- writing -------------------------------------------------------------------------------------

/** Writes the event and one pending delivery per subscriber key, in the caller's transaction. */
export async function writeEvent(tx: DbOrTx, name: string, payload: object, subscribers: string[]): Promise<number> {
  const orderKey = orderKeyOf(payload);
  const [row] = await tx
    .insert(outboxEvents)
    .values({ name, payload: encodePayload(payload), orderKey })
    .returning({ id: outboxEvents.id });
  const eventId = row!.id;
  await tx.insert(outboxDeliveries).values(subscribers.map((subscriber) => ({ eventId, subscriber, eventName: name, orderKey })));
  return eventId;
}

// ---- claiming and settling -----------------------------------------------------------------------

export interface ClaimedDelivery {
  eventId: number;
  subscriber: string;
  eventName: string;
  attempts: number;
  payload: unknown;
  eventCreatedAt: Date;
}

export interface ClaimOptions {
  instance: string;
  leaseMs: number;
  limit: number;
  /** Only these events' deliveries (the request path's own); otherwise any due delivery. */
  eventIds?: number[];
  /** The worker leaves a first attempt this young to the request that wrote it. */
  youngerThanMs?: number;
  /**
   * Only deliveries to these subscriber keys: the ones this instance runs. During a rolling deploy an older instance
   * leaves a new subscriber's deliveries to the instances that have it, rather than failing them into the dead letters.
   */
  subscribers: string[];
}

/**
 * Claims due deliveries for this instance: pending, due, not leased by a live lease, and not behind an older pending
 * delivery of the same order key to the same subscriber. Rows another claimer holds are skipped, not waited for, and
 * the lease makes a crashed claimer's rows due again once it runs out.
 */
export async function claimDue(db: DbOrTx, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const ids = o.eventIds?.slice(0, EVENT_IDS_MAX);
  if ((ids && !ids.length) || !o.subscribers.length) return [];
  const known = sql`and d.subscriber in (${sql.join(
    o.subscribers.map((k) => sql`${k}`),
    sql`, `,
  )})`;
  const onlyEvents: SQL = ids
    ? sql`and d.event_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const notYoung: SQL = o.youngerThanMs ? sql`and (d.attempts > 0 or d.next_attempt_at <= now() - make_interval(secs => ${o.youngerThanMs / 1000}))` : sql``;
  const res = await db.execute<{ event_id: string; subscriber: string; event_name: string; attempts: number; payload: unknown; created_at: string | Date }>(sql`
    with due as (
      select d.event_id, d.subscriber from outbox_deliveries d
      where d.status = ${OUTBOX_DELIVERY_STATUS.pending} and d.next_attempt_at <= now()
        and (d.locked_until is null or d.locked_until <= now())
        ${known} ${onlyEvents} ${notYoung}
        and (d.order_key is null or not exists (
          select 1 from outbox_deliveries o
          where o.status = ${OUTBOX_DELIVERY_STATUS.pending} and o.order_key = d.order_key and o.subscriber = d.subscriber and o.event_id < d.event_id))
      order by d.next_attempt_at, d.event_id
      limit ${o.limit}
      for update of d skip locked
    )
    update outbox_deliveries d set locked_until = now() + make_interval(secs => ${o.leaseMs / 1000}), locked_by = ${o.instance}
    from due, outbox_events e
    where d.event_id = due.event_id and d.subscriber = due.subscriber and e.id = d.event_id
    returning d.event_id, d.subscriber, d.event_name, d.attempts, e.payload, e.created_at`);
  return res.rows
    .map((r) => ({
      eventId: Number(r.event_id),
      subscriber: r.subscriber,
      eventName: r.event_name,
      attempts: Number(r.attempts),
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
      eventCreatedAt: new Date(r.created_at),
    }))
    .sort((a, b) => a.eventId - b.eventId);
}

/** Marks a delivery this instance holds as delivered; false when its lease was lost to another instance meanwhile. */
export async function markDelivered(db: DbOrTx, d: { eventId: number; subscriber: string }, instance: string): Promise<boolean> {
  const res = await db.execute(sql`
    update outbox_deliveries set status = ${OUTBOX_DELIVERY_STATUS.delivered}, delivered_at = now(), locked_until = null, locked_by = null
    where event_id = ${d.eventId} and subscriber = ${d.subscriber} and status = ${OUTBOX_DELIVERY_STATUS.pending} and locked_by = ${instance}`);
  return (res.rowCount ?? (res as unknown as { affectedRows?: number }).affectedRows ?? 0) > 0;
}

/** How long the retry after this many failed attempts waits: doubling from the base, capped. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(OUTBOX_RETRY_CAP_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, failedAttempts - 1));
}

/**
 * Records a failed attempt: the error and its time, and either the next attempt after the back-off or, once the
 * attempts reach OUTBOX_MAX_ATTEMPTS, the dead letters. Answers the status the row now has.
 */
export async function markFailed(
  db: DbOrTx,
  d: { eventId: number; subscriber: string; attempts: number },
  instance: string,
  err: unknown,
): Promise<'pending' | 'dead' | undefined> {
  const failed = d.attempts + 1;
  const status = failed >= OUTBOX_MAX_ATTEMPTS ? OUTBOX_DELIVERY_STATUS.dead : OUTBOX_DELIVERY_STATUS.pending;
  const message = (err instanceof Error ? err.stack || err.message : String(err)).slice(0, ERROR_MAX_CHARS);
  const res = await db.execute<{ status: 'pending' | 'dead' }>(sql`
    update outbox_deliveries set attempts = attempts + 1, status = ${status}, last_error = ${message}, last_failed_at = now(),
      next_attempt_at = now() + make_interval(secs => ${retryDelayMs(failed) / 1000}), locked_until = null, locked_by = null
    where event_id = ${d.eventId} and subscriber = ${d.subscriber} and status = ${OUTBOX_DELIVERY_STATUS.pending} and locked_by = ${instance}
    returning status`);
  return res.rows[0]?.status;
}

/**
 * Deletes events older than `olderThanMs` whose every delivery was delivered (their delivery rows go with them), at
 * most `limit` a call; a dead or pending delivery keeps its event. Answers how many events went.
 */
export async function purgeDelivered(db: Db | DbOrTx, olderThanMs: number, limit: number): Promise<number> {
  const res = await db.execute<{ id: string }>(sql`
    delete from outbox_events where id in (
      select e.id from outbox_events e
      where e.created_at < now() - make_interval(secs => ${olderThanMs / 1000})
        and not exists (select 1 from outbox_deliveries d where d.event_id = e.id and d.status <> ${OUTBOX_DELIVERY_STATUS.delivered})
      order by e.created_at
      limit ${limit})
    returning id`);
  return res.rows.length;
}

// ---- metrics -------------------------------------------------------------------------------------

/** What the worker and the request path tell about each delivery's end, by subscriber key. */
export interface OutboxMetrics {
  delivered(subscriber: string, lagMs: number): void;
  failed(subscriber: string): void;
  dead(subscriber: string): void;
}

export const NO_OUTBOX_METRICS: OutboxMetrics = { delivered: () => {}, failed: () => {}, dead: () => {} };

/**
 * outbox_deliveries_delivered_total, outbox_deliveries_failed_total and outbox_deliveries_dead_total by subscriber, and
 * outbox_delivery_lag_seconds (from the event's commit to its delivery) on this instance's registry.
 */
export function outboxMetrics(registry: Registry): OutboxMetrics {
  const labelNames = ['subscriber'];
  const registers = [registry];
  const delivered = new Counter({ name: 'outbox_deliveries_delivered_total', help: 'Event deliveries that ran, by subscriber', labelNames, registers });
  const failed = new Counter({ name: 'outbox_deliveries_failed_total', help: 'Event delivery attempts that failed, by subscriber', labelNames, registers });
  const dead = new Counter({ name: 'outbox_deliveries_dead_total', help: 'Event deliveries moved to the dead letters, by subscriber', labelNames, registers });
  const lag = new Histogram({
    name: 'outbox_delivery_lag_seconds',
    help: 'From an event being written to a subscriber having run it',
    labelNames,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 120, 600],
    registers,
  });
  return {
    delivered: (subscriber, lagMs) => {
      delivered.inc({ subscriber });
      lag.observe({ subscriber }, Math.max(0, lagMs) / 1000);
    },
    failed: (subscriber) => failed.inc({ subscriber }),
    dead: (subscriber) => dead.inc({ subscriber }),
  };
}
