// A small typed in-process event bus. A domain publishes what happened once its transaction has committed; the
// domains that care subscribe here instead of being wired into the publisher's code. Handlers run one after the
// other in the order they subscribed, each awaited, so a request that publishes answers only after every
// subscriber has run (tests and the player's next read see the outcome). A subscriber that fails is logged and
// skipped: it never fails the publisher nor undoes what was committed, and the next subscriber still runs.

/** Event names mapped to their payloads; each domain declares its own in modules/<domain>/events.ts. */
export type EventMap = { [name: string]: object };

type EventHandler<P> = (payload: P) => Promise<void> | void;

/** What a publishing service holds: it can announce its own events and nothing else. */
export interface EventPublisher<E extends EventMap> {
  publish<K extends keyof E & string>(name: K, payload: E[K]): Promise<void>;
}

export interface EventBus<E extends EventMap> extends EventPublisher<E> {
  /** Adds a handler; `label` names it in the log when it fails. */
  on<K extends keyof E & string>(name: K, handler: EventHandler<E[K]>, label?: string): void;
}

export type EventFailureLog = (err: unknown, context: { event: string; subscriber: string }) => void;

export function createEventBus<E extends EventMap>(logFailure: EventFailureLog): EventBus<E> {
  const handlers = new Map<string, Array<{ run: EventHandler<never>; label: string }>>();
  return {
    on(name, handler, label) {
      const list = handlers.get(name) ?? [];
      list.push({ run: handler as EventHandler<never>, label: label ?? `${name}#${list.length + 1}` });
      handlers.set(name, list);
    },
    async publish(name, payload) {
      for (const { run, label } of handlers.get(name) ?? []) {
        try {
          await (run as EventHandler<typeof payload>)(payload);
        } catch (err) {
          logFailure(err, { event: name, subscriber: label });
        }
      }
    },
  };
}
