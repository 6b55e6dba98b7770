// The typed event bus the domains publish through, as the domains see it. A domain publishes what happened inside
// the transaction that did it (the outbox in src/server/events writes the event and one delivery per subscriber in
// that transaction), so the state change and its event commit or fail together. Once the transaction has committed
// the publisher asks for its events to be delivered at once: a request that publishes answers only after every
// subscriber has run (tests and the player's next read see the outcome). Whatever is not delivered then (the process
// died, a subscriber failed) a worker on any instance delivers later, with retries; so every subscriber may see an
// event more than once and must change nothing the second time (it is handed the event's id for that).
import type { DbOrTx } from '../db/client.ts';

/** Event names mapped to their payloads; each domain declares its own in modules/<domain>/events.ts. */
export type EventMap = { [name: string]: object };

/** What a subscriber is told besides the payload: the event's id, stable across every delivery of it. */
export interface EventMeta {
  eventId: number;
}

export type EventHandler<P> = (payload: P, meta: EventMeta) => Promise<void> | void;

/** An event written in a transaction, to be delivered once that transaction has committed. */
export interface PublishedEvent {
  readonly eventId: number;
}

/** What a publishing service holds: it can announce its own events and nothing else. */
export interface EventPublisher<E extends EventMap> {
  /**
   * Writes the event and its deliveries in `tx`, the publisher's own transaction. Answers undefined when nobody
   * subscribes to it (nothing is written).
   */
  publish<K extends keyof E & string>(tx: DbOrTx, name: K, payload: E[K]): Promise<PublishedEvent | undefined>;
  /**
   * After the commit: runs these events' deliveries on this instance now, each subscriber in the order it subscribed.
   * Never fails: a subscriber's failure is logged and left to the worker's retries.
   */
  deliver(...events: Array<PublishedEvent | undefined>): Promise<void>;
}

/** A subscriber's stable machine key (kept on every delivery row, at most 96 characters) and its name in logs. */
export interface SubscriberName {
  key: string;
  label: string;
}

export interface EventBus<E extends EventMap> extends EventPublisher<E> {
  /** Adds a subscriber; the order of `on` calls is the order a published event's subscribers run in. */
  on<K extends keyof E & string>(name: K, subscriber: SubscriberName, handler: EventHandler<E[K]>): void;
}

export type EventFailureLog = (err: unknown, context: { event: string; subscriber: string }) => void;
