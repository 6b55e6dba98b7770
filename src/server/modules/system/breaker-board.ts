// Every instance's circuit breakers on one screen. Each instance keeps breakers of its own (integrations/breakers.ts),
// so one instance alone cannot say whether the gateway is refused everywhere or only here. Each instance therefore
// writes its view into one Redis hash (a field per instance) whenever a breaker changes state and every few seconds
// besides; the back office reads the hash, drops views older than STALE_MS (an instance that died or lost Redis) and
// puts this instance's live view in place of its stored one.
//
// While Redis is down the screen still answers: with this instance's own view only, and `shared: false`, so the screen
// says the other instances could not be asked. Nothing depends on the board: breakers open and close per instance as
// before, and the metric circuit_breaker_state reports each instance's view to Prometheus either way.
import os from 'node:os';
import type { Redis } from 'ioredis';
import type { BreakerView } from '../../integrations/breakers.ts';
import * as v from 'valibot';
import { instanceBreakersView, type BreakerBoardView, type InstanceBreakersView } from '../../../shared/schemas/backoffice/operations.ts';

/** How often an instance writes its view although nothing changed, so the readers know it is alive. */
const PUBLISH_EVERY_MS = 5_000;
/** A view older than this is an instance that stopped (or lost Redis): dropped from the screen and from the hash. */
const STALE_MS = 20_000;
/** Instances the screen lists at most; the hash never holds more than the instances alive within STALE_MS. */
const MAX_INSTANCES = 100;
/** A Redis call of the board gives up after this, so the screen answers quickly while Redis hangs. */
const REDIS_TIMEOUT_MS = 1_000;

/** This process's name on the screen: the host and the process id. */
export function instanceName(): string {
  return `${os.hostname()}:${process.pid}`;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('redis timeout')), REDIS_TIMEOUT_MS).unref())]);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export class BreakerBoard {
  private readonly redis: Redis | undefined;
  private readonly key: string;
  private readonly name: string;
  private readonly local: () => BreakerView[];
  private timer: NodeJS.Timeout | undefined;

  constructor(opts: { redis: Redis | undefined; keyPrefix: string; local: () => BreakerView[]; name?: string }) {
    this.redis = opts.redis;
    this.key = `${opts.keyPrefix}breakers:board`;
    this.local = opts.local;
    this.name = opts.name ?? instanceName();
  }

  private own(): InstanceBreakersView {
    return { instance: this.name, reported_at: new Date().toISOString(), breakers: this.local() };
  }

  /** Writes this instance's view; a failure (Redis away) is left for the next change or tick to repair. */
  async publish(): Promise<void> {
    if (!this.redis || this.redis.status !== 'ready') return;
    await withTimeout(this.redis.hset(this.key, this.name, JSON.stringify(this.own()))).catch(() => {});
  }

  /** Publishes every PUBLISH_EVERY_MS until stop(); the timer does not keep the process alive. */
  start(): void {
    this.timer ??= setInterval(() => void this.publish(), PUBLISH_EVERY_MS).unref();
    void this.publish();
  }

  /** Stops publishing and takes this instance's view off the board (a drained instance has no breakers left). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.redis?.status === 'ready') await withTimeout(this.redis.hdel(this.key, this.name)).catch(() => {});
  }

  /** Every live instance's view, this one's first and live; without Redis this one's alone. */
  async read(): Promise<BreakerBoardView> {
    const own = this.own();
    if (!this.redis || this.redis.status !== 'ready') return { shared: false, instances: [own] };
    let stored: Record<string, string>;
    try {
      stored = await withTimeout(this.redis.hgetall(this.key));
    } catch {
      return { shared: false, instances: [own] };
    }
    const now = Date.now();
    const others: InstanceBreakersView[] = [];
    const stale: string[] = [];
    for (const [field, raw] of Object.entries(stored)) {
      if (field === this.name) continue;
      // Another instance wrote it, perhaps an older version: checked against the schema, not trusted as it is.
      const parsed = v.safeParse(instanceBreakersView, parseJson(raw));
      const view = parsed.success ? parsed.output : undefined;
      if (!view || now - Date.parse(view.reported_at) > STALE_MS) stale.push(field);
      else others.push(view);
    }
    if (stale.length) await withTimeout(this.redis.hdel(this.key, ...stale)).catch(() => {});
    others.sort((a, b) => a.instance.localeCompare(b.instance));
    return { shared: true, instances: [own, ...others].slice(0, MAX_INSTANCES) };
  }
}
