// The read replica (DATABASE_READ_URL): record lists, reports, exports and the back office's list screens read from a
// streaming standby, everything else from the primary. `reader` is a Db like any other; each query it runs picks its
// server at that moment:
//
// - the primary when no replica is configured, when the last health check could not reach it, found it no standby, or
//   found it further behind than READ_REPLICA_MAX_LAG_MS. A health check every READ_REPLICA_CHECK_MS (with a timeout)
//   decides this, so an outage costs no request its answer: a query the replica fails with a connection error in
//   the moment between two checks is marked down at once and asked again of the primary (reads only, so a repeat is
//   harmless);
// - the primary for whoever wrote in the last few seconds (read your own writes). A player's or staff member's own
//   command, and anything the site tells a player about (a credited deposit, a settled transfer), marks that person
//   (in Redis when there is one, so every instance knows; otherwise in this instance). Their reads then go to the
//   primary for the stickiness window: the replica is used only while it is at most maxLag behind, and it can fall
//   behind by no more than the time since the last check (interval plus timeout) before the next check sees it,
//   so after maxLag + 2 x interval + timeout it holds every write the person made. Comparing the replica's replay
//   LSN with the write's LSN would be exact, but needs the LSN of each write carried to every instance; a time
//   window needs only a key with an expiry.
//
// Who is asking is found through the request's async context (the app binds each request's principal with
// bindRequestContext). Money moves never use the reader: services read balances and lock rows through the primary.
import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

/** The same type as client.ts's Db (declared here too, so client.ts may import this file without a cycle). */
type Db = ReturnType<typeof drizzle<typeof schema>>;

export interface ReplicaOptions {
  url: string;
  /** A replica further behind than this serves nothing (READ_REPLICA_MAX_LAG_MS, default 2 s). */
  maxLagMs: number;
  /** How often the replica's reachability and lag are checked (READ_REPLICA_CHECK_MS, default 1 s). */
  checkEveryMs: number;
  /** Connections this instance holds to the replica at most. */
  poolMax: number;
}

export interface ReplicaStatus {
  configured: boolean;
  /** Reads go to the replica now. */
  serving: boolean;
  /** Seconds the replica was behind at the last check (0 caught up); NaN when unknown. */
  lagSeconds: number;
  /** WAL bytes the replica had not replayed at the last check. */
  lagBytes: number;
  /** Queries the reader sent to each server since start. */
  queries: { replica: number; primary: number };
  /** Why the replica is not serving, when it is not. */
  reason: string | undefined;
}

/** Who has written lately: marked after their write, asked before their read. */
export interface RecentWriters {
  mark(key: string, forMs: number): Promise<void>;
  has(key: string): Promise<boolean>;
}

/** The whole stickiness record in this instance (no Redis): bounded, expired entries dropped as it fills. */
export function localRecentWriters(max = 100_000): RecentWriters {
  const until = new Map<string, number>();
  return {
    async mark(key, forMs) {
      if (until.size >= max) for (const [k, t] of until) if (t < Date.now()) until.delete(k);
      if (until.size >= max) until.delete(until.keys().next().value!);
      until.set(key, Date.now() + forMs);
    },
    async has(key) {
      const t = until.get(key);
      return t !== undefined && t > Date.now();
    },
  };
}

interface RequestContext {
  principal(): string | undefined;
}
const context = new AsyncLocalStorage<RequestContext>();

/** Runs the rest of a request with its principal known to the reader ('p:<player id>', 's:<staff id>' or none). */
export function bindRequestContext(principal: () => string | undefined, next: () => void): void {
  context.run({ principal }, next);
}

/** Errors that mean the server or the connection is gone (not a fault of the query): the read is asked again of the primary. */
function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  // 57P01..57P03: shutdown; 08xxx: connection exceptions; 40001 on a standby: cancelled by a recovery conflict.
  if (typeof e.code === 'string' && (/^(08|57P0)/.test(e.code) || e.code === '40001')) return true;
  return /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

const CHECK_TIMEOUT_MS = 1_000;
/** Positions kept for the lag: at one check a second, the last ten minutes (a replica further behind is down anyway). */
const MAX_POSITIONS = 600;

/** A WAL position ('16/B374D848') as a number, so two can be compared. */
function lsnValue(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export class ReadRouter {
  /** A Db whose queries go to the replica or the primary, as described above. */
  readonly reader: Db;
  /** The stickiness window: how long a writer's reads stay on the primary. */
  readonly stickyMs: number;
  private readonly replicaPool: pg.Pool | undefined;
  private serving = false;
  private lagSeconds = Number.NaN;
  private lagBytes = 0;
  private reason: string | undefined = 'not checked yet';
  private readonly queries = { replica: 0, primary: 0 };
  private timer: NodeJS.Timeout | undefined;
  private writers: RecentWriters = localRecentWriters();
  private checking: Promise<void> | undefined;
  /** The primary's WAL positions at recent checks, oldest first (for the lag; see lagOf). */
  private readonly positions: Array<{ at: number; lsn: bigint }> = [];
  private readonly primaryPool: pg.Pool | undefined;
  private readonly opts: ReplicaOptions | undefined;

  constructor(primaryPool: pg.Pool | undefined, primary: Db, opts: ReplicaOptions | undefined) {
    this.primaryPool = primaryPool;
    this.opts = opts;
    this.stickyMs = opts ? opts.maxLagMs + 2 * opts.checkEveryMs + CHECK_TIMEOUT_MS : 0;
    if (!opts || !primaryPool) {
      this.reader = primary;
      this.reason = 'no replica configured';
      return;
    }
    this.replicaPool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
    this.replicaPool.on('error', () => {
      this.markDown('replica connection lost');
    });
    // A checked-out connection the replica ends has no pool listener; without this one its 'error' would end the process.
    this.replicaPool.on('connect', (client) => {
      client.on('error', () => {
        this.markDown('replica connection lost while in use');
      });
    });
    // A stand-in pool for drizzle: the same query and connect as pg.Pool, each call sent to the server chosen now.
    // Its class name holds "Pool", so drizzle treats it as one (a transaction takes a connection of its own).
    class ReaderPool {
      private readonly router: ReadRouter;
      constructor(router: ReadRouter) {
        this.router = router;
      }

      async query(...args: unknown[]): Promise<unknown> {
        const target = await this.router.target();
        if (target === 'replica') {
          this.router.queries.replica++;
          try {
            return await (this.router.replicaPool!.query as (...a: unknown[]) => Promise<unknown>)(...args);
          } catch (err) {
            if (!isConnectionError(err)) throw err;
            this.router.markDown(`replica query failed (${(err as Error).message})`);
          }
        }
        this.router.queries.primary++;
        return (this.router.primaryPool!.query as (...a: unknown[]) => Promise<unknown>)(...args);
      }

      async connect(): Promise<pg.PoolClient> {
        return (await this.router.target()) === 'replica' ? this.router.replicaPool!.connect() : this.router.primaryPool!.connect();
      }
    }
    this.reader = drizzle(new ReaderPool(this) as unknown as pg.Pool, { schema });
    this.timer = setInterval(() => {
      void this.check();
    }, opts.checkEveryMs);
    this.timer.unref();
  }

  /** Where writers are remembered: Redis (every instance) in the app, this instance otherwise. */
  useRecentWriters(writers: RecentWriters): void {
    this.writers = writers;
  }

  /** Someone ('p:<id>' or 's:<id>') wrote, or was told of a change: their reads stay on the primary for a while. */
  async wrote(principal: string): Promise<void> {
    if (!this.replicaPool) return;
    await this.writers.mark(principal, this.stickyMs);
  }

  status(): ReplicaStatus {
    return {
      configured: Boolean(this.replicaPool),
      serving: this.serving,
      lagSeconds: this.lagSeconds,
      lagBytes: this.lagBytes,
      queries: { ...this.queries },
      reason: this.serving ? undefined : this.reason,
    };
  }

  /** Checks the replica now (also run on the timer); resolves when the status is up to date. */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.checking?.catch(() => {});
    await this.replicaPool?.end().catch(() => {});
  }

  private markDown(reason: string): void {
    this.serving = false;
    this.reason = reason;
  }

  private async target(): Promise<'replica' | 'primary'> {
    if (!this.serving) return 'primary';
    const who = context.getStore()?.principal();
    if (who && (await this.writers.has(who).catch(() => true))) return 'primary';
    return 'replica';
  }

  /**
   * How far behind the replica is, from the primary's positions seen at earlier checks: it has not replayed what the
   * primary had written at the oldest check whose position it has not reached, so it is at least that old (and at
   * most one check interval older). Measured this way an idle site's replica is not taken for a late one: its last
   * replayed transaction may be hours old and it still holds everything.
   */
  private lagOf(at: number, primaryLsn: bigint, replayed: bigint): { lag: number; behind: number } {
    this.positions.push({ at, lsn: primaryLsn });
    // Positions the replica has reached are of no more use. A full list drops its second oldest, so the oldest the
    // replica has not reached (what the lag is measured from) stays.
    while (this.positions.length && this.positions[0]!.lsn <= replayed) this.positions.shift();
    if (this.positions.length > MAX_POSITIONS) this.positions.splice(1, 1);
    const behind = primaryLsn > replayed ? Number(primaryLsn - replayed) : 0;
    const oldest = this.positions[0];
    return { behind, lag: behind === 0 || !oldest ? 0 : (at - oldest.at) / 1_000 };
  }

  private async runCheck(): Promise<void> {
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS).unref();
    });
    try {
      await Promise.race([
        timeout,
        (async () => {
          // The primary's position first: a replica that has replayed up to it was caught up at the moment of the check.
          const at = Date.now();
          const lsn = (await this.primaryPool!.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
          const r = (
            await this.replicaPool!.query<{ standby: boolean; replayed: string | null }>(
              'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
            )
          ).rows[0]!;
          if (!r.standby || !r.replayed) {
            // A promoted former replica is a database of its own now: its reads would silently miss the primary's writes.
            this.lagSeconds = Number.NaN;
            this.markDown('DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false)');
            return;
          }
          const { lag, behind } = this.lagOf(at, lsnValue(lsn), lsnValue(r.replayed));
          this.lagBytes = behind;
          this.lagSeconds = lag;
          if (lag * 1_000 > this.opts!.maxLagMs) this.markDown(`replica ${lag.toFixed(1)} s behind`);
          else {
            this.serving = true;
            this.reason = undefined;
          }
        })(),
      ]);
    } catch (err) {
      this.lagSeconds = Number.NaN;
      this.markDown(`replica unreachable (${(err as Error).message})`);
    }
  }
}
