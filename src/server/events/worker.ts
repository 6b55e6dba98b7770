// The outbox worker every instance runs: each poll claims a bounded batch of due deliveries (FOR UPDATE SKIP LOCKED
// and a lease, so two instances never take the same row and a dead instance's rows come back when its lease runs out)
// and runs them. A poll that ran anything polls again at once (a player's next event becomes due only once the one
// before it was delivered, so a queue of one player drains one delivery a poll); an empty one waits the poll
// interval. Stopping lets the batch in hand finish, like the job runner.
import type { EventFailureLog, EventMap } from '../lib/events.ts';
import type { OutboxBus } from './bus.ts';
import { claimDue } from './outbox.ts';

export interface OutboxWorkerOptions {
  /** Wait between polls that found less than a full batch. */
  pollIntervalMs: number;
  /** Deliveries one poll claims at most. */
  batchSize: number;
  /** A first attempt younger than this is left to the request that published it. */
  claimGraceMs: number;
}

export interface OutboxWorker {
  /** One poll: claims and runs at most a batch; answers how many deliveries it ran. */
  pollOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the batch in hand. */
  stop(): Promise<void>;
}

export function createOutboxWorker<E extends EventMap>(bus: OutboxBus<E>, opts: OutboxWorkerOptions, log: EventFailureLog): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const pollOnce = async (): Promise<number> => {
    const rows = await claimDue(bus.db, {
      instance: bus.instance,
      leaseMs: bus.leaseMs,
      limit: opts.batchSize,
      youngerThanMs: opts.claimGraceMs,
      subscribers: bus.subscribers(),
    });
    await bus.runClaimed(rows);
    return rows.length;
  };

  const tick = () => {
    if (stopped) return;
    running = pollOnce()
      .catch((err: unknown) => {
        log(err, { event: 'poll', subscriber: 'outbox worker' });
        return 0;
      })
      .then((ran) => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, ran > 0 ? 0 : opts.pollIntervalMs).unref();
      });
  };

  return {
    pollOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, opts.pollIntervalMs).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
