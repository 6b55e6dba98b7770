// The event bus on the outbox: `publish` writes the event and one delivery per subscriber in the publisher's
// transaction, `deliver` runs the request's own deliveries right after its commit, and the worker (worker.ts) runs
// every delivery that was not done then, on whichever instance claims it. Every run of a subscriber goes through
// runClaimed below, so the request path and the worker record successes, failures and dead letters the same way.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, DbOrTx } from '../db/client.ts';
import type { EventBus, EventFailureLog, EventHandler, EventMap, PublishedEvent, SubscriberName } from '../lib/events.ts';
import { killPoint } from '../lib/fault-kill.ts';
import { claimDue, decodePayload, markDelivered, markFailed, NO_OUTBOX_METRICS, writeEvent, type ClaimedDelivery, type OutboxMetrics } from './outbox.ts';

/** A subscriber key fits the delivery row's column. */
const SUBSCRIBER_KEY_MAX = 96;

/** How long a claimed delivery is this instance's before another may take it over (a subscriber slower than this may run twice). */
export const DEFAULT_LEASE_MS = 60_000;

interface Subscriber {
  key: string;
  label: string;
  event: string;
  /** The order the subscribers of one event run in (the order they subscribed). */
  rank: number;
  run: EventHandler<never>;
}

export interface OutboxBusDeps {
  db: Db;
  /** Names this instance on the rows it leases; unique per running bus (two buses in one process differ). */
  instance?: string;
  leaseMs?: number;
  log: EventFailureLog;
  metrics?: OutboxMetrics;
}

export interface OutboxBus<E extends EventMap> extends EventBus<E> {
  readonly instance: string;
  /** Runs claimed deliveries one after the other (an event's subscribers in their order). */
  runClaimed(rows: ClaimedDelivery[]): Promise<void>;
  readonly leaseMs: number;
  readonly db: Db;
  /** The subscriber keys this instance runs (the only deliveries it claims). */
  subscribers(): string[];
  /** Counts deliveries into these metrics from now on (the registry exists only after the bus). */
  useMetrics(m: OutboxMetrics): void;
}

/** An instance id for leases: the configured name (or host), the process and a random part, within 64 characters. */
export function instanceId(name: string | undefined): string {
  return `${(name ?? hostname()).slice(0, 32)}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export function createOutboxBus<E extends EventMap>(deps: OutboxBusDeps): OutboxBus<E> {
  const byEvent = new Map<string, Subscriber[]>();
  const byKey = new Map<string, Subscriber>();
  const instance = deps.instance ?? instanceId(undefined);
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  let metrics = deps.metrics ?? NO_OUTBOX_METRICS;

  const rankOf = (row: ClaimedDelivery) => byKey.get(row.subscriber)?.rank ?? Number.MAX_SAFE_INTEGER;
  const subscribers = () => [...byKey.keys()];
  const runClaimed = async (rows: ClaimedDelivery[]) => {
    const ordered = [...rows].sort((a, b) => a.eventId - b.eventId || rankOf(a) - rankOf(b));
    for (const row of ordered) await runOne({ db: deps.db, log: deps.log, instance, metrics }, byKey.get(row.subscriber), row);
  };

  return {
    instance,
    leaseMs,
    db: deps.db,
    subscribers,
    runClaimed,
    useMetrics(m) {
      metrics = m;
    },
    on(name, subscriber: SubscriberName, handler) {
      register(byEvent, byKey, name, subscriber, handler);
    },
    async publish(tx: DbOrTx, name, payload): Promise<PublishedEvent | undefined> {
      const subs = byEvent.get(name);
      if (!subs?.length) return undefined;
      return {
        eventId: await writeEvent(
          tx,
          name,
          payload,
          subs.map((s) => s.key),
        ),
      };
    },
    async deliver(...events) {
      const eventIds = events.filter((e): e is PublishedEvent => e !== undefined).map((e) => e.eventId);
      if (!eventIds.length) return;
      // The fault tests' moment after the publisher's commit, before any of its deliveries ran.
      killPoint('after_commit');
      try {
        const rows = await claimDue(deps.db, {
          instance,
          leaseMs,
          limit: eventIds.length * Math.max(1, byKey.size),
          eventIds,
          subscribers: subscribers(),
        });
        await runClaimed(rows);
      } catch (err) {
        // The deliveries stay pending: the worker claims them once their first attempt is no longer young.
        deps.log(err, { event: 'deliver', subscriber: 'request path' });
      }
    },
  };
}

/** Adds a subscriber under its key, refusing a key that is too long for the delivery row or already taken. */
function register(byEvent: Map<string, Subscriber[]>, byKey: Map<string, Subscriber>, name: string, subscriber: SubscriberName, handler: EventHandler<never>) {
  if (subscriber.key.length > SUBSCRIBER_KEY_MAX) throw new Error(`subscriber key over ${SUBSCRIBER_KEY_MAX} characters: ${subscriber.key}`);
  if (byKey.has(subscriber.key)) throw new Error(`subscriber key used twice: ${subscriber.key}`);
  const sub: Subscriber = { ...subscriber, event: name, rank: byKey.size, run: handler };
  byEvent.set(name, [...(byEvent.get(name) ?? []), sub]);
  byKey.set(subscriber.key, sub);
}

/**
 * Runs one claimed delivery and records its end: delivered, or failed with its error and next attempt, or dead. A
 * delivery whose lease another instance took over meanwhile is not marked by this one.
 */
async function runOne(
  ctx: { db: Db; log: EventFailureLog; instance: string; metrics: OutboxMetrics },
  sub: Subscriber | undefined,
  row: ClaimedDelivery,
): Promise<void> {
  try {
    if (!sub) throw new Error(`no subscriber ${row.subscriber} on this instance`);
    await (sub.run as EventHandler<unknown>)(decodePayload(row.payload), { eventId: row.eventId });
  } catch (err) {
    ctx.log(err, { event: row.eventName, subscriber: sub?.label ?? row.subscriber });
    ctx.metrics.failed(row.subscriber);
    const now = await markFailed(ctx.db, row, ctx.instance, err).catch(() => undefined);
    if (now === 'dead') ctx.metrics.dead(row.subscriber);
    return;
  }
  // The fault tests' hardest moment: the subscriber's effect has committed and its delivery is not yet marked.
  killPoint('in_subscriber');
  if (await markDelivered(ctx.db, row, ctx.instance)) ctx.metrics.delivered(row.subscriber, Date.now() - row.eventCreatedAt.getTime());
}
