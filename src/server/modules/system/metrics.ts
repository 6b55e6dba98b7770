// Prometheus metrics at /metrics: request rate and latency per route and the Node process figures (fastify-metrics
// over prom-client), plus the business figures operators watch. Each app has its own registry, so several apps in
// one process (the tests) do not collide. The endpoint answers only with the scrape token: it tells an attacker
// too much to be public, and a token works behind any load balancer without a second port.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import metricsPlugin from 'fastify-metrics';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Server } from 'socket.io';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ReadRouter } from '../../db/reader.ts';
import { ApiError } from '../../lib/errors.ts';
import { JOB_RUN_RESULT } from '../../../shared/statuses.ts';
import { jobSuccesses, queueFigures } from './desk-repository.ts';

interface StatusCount {
  status: string;
  n: number;
}

/**
 * Where the business figures come from, one function per owning domain (the cashier's orders, the wallet's transfers
 * and findings, the bets' ingestion), handed in by the composition root: the cashier reads the system's settings, so
 * the system cannot import it.
 */
export interface MetricsSources {
  depositsLastDay(db: DbOrTx): Promise<StatusCount[]>;
  withdrawalsLastDay(db: DbOrTx): Promise<StatusCount[]>;
  pendingTransfers(db: DbOrTx): Promise<number>;
  openFindings(db: DbOrTx): Promise<number>;
  ingestionLag(db: DbOrTx): Promise<Array<{ gpCode: string; lagSeconds: number }>>;
}

export interface MetricsOptions {
  db: Db;
  /** The read replica's routing: its lag, whether it serves, and the queries sent to each server. */
  reads?: ReadRouter;
  io: Server;
  /** The scrape token (METRICS_TOKEN); without one the endpoint is off. */
  token: string | undefined;
  figures: MetricsSources;
  /** This instance's circuit breakers (integrations/breakers.ts), by name and state. */
  breakers: { list(): Array<{ name: string; state: string }> };
}

/** circuit_breaker_state's values: 0 closed (calls go out), 1 half open (one probe call), 2 open (calls refused). */
const BREAKER_STATE_VALUE: Record<string, number> = { closed: 0, half_open: 1, open: 2 };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function registerMetrics(app: FastifyInstance, opts: MetricsOptions): Promise<Registry> {
  const registry = new Registry();
  // The process figures from fastify-metrics; the route latency from routeLatency below.
  await app.register(metricsPlugin, {
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: { enabled: false },
  });
  routeLatency(app, registry);
  businessGauges(registry, opts.db, opts.figures);
  outboxAndJobGauges(registry, opts.db);
  instanceGauges(registry, opts);

  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!opts.token || !sameToken(given, opts.token)) throw new ApiError('not_found');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}

/** Routes whose latency is not recorded: the scrape itself and the balancers' no-op. */
const UNTIMED_ROUTES = new Set(['/metrics', '/api/health']);
/** Methods not recorded, as fastify-metrics left them out. */
const UNTIMED_METHODS = new Set(['HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

/**
 * http_request_duration_seconds by method, route and status code (what the dashboards and alerts read), for
 * registered routes only, as fastify-metrics recorded it. Each timed route gets an onResponse hook of its own when it
 * is registered, with its method and path fixed and its labelled children kept by status code: the duration is the
 * one Fastify already measures (reply.elapsedTime). The plugin spent an onRequest hook, a timer closure, a WeakMap
 * entry and a labels object on every request, a twentieth of a cached read such as GET /api/auth/me; a global hook
 * still had to read the route on every request (Fastify builds request.routeOptions anew on each read).
 */
function routeLatency(app: FastifyInstance, registry: Registry): void {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const timer = (method: string, route: string): onResponseHookHandler => {
    const children = new Map<number, { observe(seconds: number): void }>();
    return (request, reply, done) => {
      // A GET route's options also make its HEAD twin, which is not timed.
      if (request.method === method) {
        let child = children.get(reply.statusCode);
        if (!child) children.set(reply.statusCode, (child = histogram.labels(method, route, String(reply.statusCode))));
        child.observe(reply.elapsedTime / 1000);
      }
      done();
    };
  };
  app.addHook('onRoute', (route) => {
    if (UNTIMED_ROUTES.has(route.url) || route.config?.disableMetrics === true) return;
    const timers = [route.method]
      .flat()
      .filter((m) => !UNTIMED_METHODS.has(m))
      .map((m) => timer(m, route.url));
    if (timers.length > 0) route.onResponse = [...[route.onResponse ?? []].flat(), ...timers];
  });
}

/** The figures operators watch, read from their domains on each scrape. */
function businessGauges(registry: Registry, db: Db, figures: MetricsSources): void {
  new Gauge({
    name: 'deposits_last_24h',
    help: 'Deposit orders created in the last 24 hours, by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await figures.depositsLastDay(db)) this.set({ status: r.status }, r.n);
    },
  });
  new Gauge({
    name: 'withdrawals_last_24h',
    help: 'Withdrawals requested in the last 24 hours, by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await figures.withdrawalsLastDay(db)) this.set({ status: r.status }, r.n);
    },
  });
  new Gauge({
    name: 'platform_transfers_pending',
    help: 'Transfers to or from game platforms still waiting for a definite answer',
    registers: [registry],
    async collect() {
      this.set(await figures.pendingTransfers(db));
    },
  });
  new Gauge({
    name: 'reconciliation_findings_open',
    help: 'Reconciliation findings waiting for an operator',
    registers: [registry],
    async collect() {
      this.set(await figures.openFindings(db));
    },
  });
  new Gauge({
    name: 'bet_ingestion_lag_seconds',
    help: "Seconds since each platform's bet log was last pulled",
    labelNames: ['gp_code'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await figures.ingestionLag(db)) this.set({ gp_code: r.gpCode }, r.lagSeconds);
    },
  });
}

/** The outbox and job figures are read once per this many milliseconds however often Prometheus (or several) scrapes. */
const DESK_FIGURES_CACHE_MS = 5_000;

/**
 * The system desk's figures (the same reads as the back office's, desk-repository.ts): per event kind the deliveries
 * waiting, the age of the oldest and the dead letters; per scheduled job its last success and whether its last run
 * ended well. Every instance reports the same database figures, so the alert rules take the max over instances. Two
 * bounded queries on partial indexes, shared by the gauges and cached for a few seconds so a scrape stays cheap.
 * The job label is job_name: Prometheus gives `job` to the scrape target and would rename ours.
 */
function outboxAndJobGauges(registry: Registry, db: Db): void {
  let cached: { at: number; figures: Promise<[Awaited<ReturnType<typeof queueFigures>>, Awaited<ReturnType<typeof jobSuccesses>>]> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!cached || now - cached.at > DESK_FIGURES_CACHE_MS) {
      const read = Promise.all([queueFigures(db), jobSuccesses(db)]);
      cached = { at: now, figures: read };
      // A failed read is not kept: the next scrape asks again.
      read.catch(() => {
        if (cached?.figures === read) cached = undefined;
      });
    }
    return cached.figures;
  };
  const perKind = (name: string, help: string, value: (q: Awaited<ReturnType<typeof queueFigures>>[number], now: number) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['event'],
      registers: [registry],
      async collect() {
        const [kinds] = await figures();
        this.reset();
        const now = Date.now();
        for (const q of kinds) this.set({ event: q.event }, value(q, now));
      },
    });
  perKind('outbox_pending', 'Event deliveries waiting (first try or a retry), by event kind', (q) => q.pending);
  perKind('outbox_oldest_pending_age_seconds', 'Age of the oldest waiting delivery, by event kind (0 when none waits)', (q, now) =>
    q.oldestPendingAt ? Math.max(0, (now - q.oldestPendingAt.getTime()) / 1000) : 0,
  );
  perKind('outbox_dead', 'Event deliveries given up (dead letters waiting for a redrive), by event kind', (q) => q.dead);
  new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When each scheduled job last ended well (Unix seconds); absent for a job that never has',
    labelNames: ['job_name'],
    registers: [registry],
    async collect() {
      const [, jobs] = await figures();
      this.reset();
      for (const j of jobs) if (j.lastSuccessAt) this.set({ job_name: j.name }, j.lastSuccessAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'job_last_result',
    help: "Each scheduled job's last run: 1 ended well, 0 failed; absent for a job that never ran",
    labelNames: ['job_name'],
    registers: [registry],
    async collect() {
      const [, jobs] = await figures();
      this.reset();
      for (const j of jobs) if (j.lastResult) this.set({ job_name: j.name }, j.lastResult === JOB_RUN_RESULT.ok ? 1 : 0);
    },
  });
}

/** This instance's sockets and database pool. */
function instanceGauges(registry: Registry, opts: MetricsOptions): void {
  new Gauge({
    name: 'sockets_connected',
    help: 'Realtime sockets connected to this instance',
    registers: [registry],
    collect() {
      this.set(opts.io.engine.clientsCount);
    },
  });
  if (opts.reads) replicaGauges(registry, opts.reads);
  new Gauge({
    name: 'circuit_breaker_state',
    help: 'Each circuit breaker of this instance: 0 closed, 1 half open, 2 open (calls to that system refused)',
    labelNames: ['breaker'],
    registers: [registry],
    collect() {
      this.reset();
      for (const b of opts.breakers.list()) this.set({ breaker: b.name }, BREAKER_STATE_VALUE[b.state] ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections of this instance (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      // node-postgres exposes its pool on the drizzle client; PGlite has no pool.
      const pool = (opts.db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } }).$client;
      if (typeof pool?.totalCount !== 'number') return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount ?? 0);
      this.set({ state: 'waiting' }, pool.waitingCount ?? 0);
    },
  });
}

/**
 * The read replica (DATABASE_READ_URL) as this instance sees it at its last health check: its lag in seconds and WAL
 * bytes (NaN when unreachable), whether reads go to it (1) or to the primary (0), and the reader's queries by server.
 * Without a replica only db_reader_queries_total{server="primary"} moves.
 */
function replicaGauges(registry: Registry, reads: ReadRouter): void {
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'How far the read replica was behind the primary at the last check (NaN when unreachable)',
    registers: [registry],
    collect() {
      if (reads.status().configured) this.set(reads.status().lagSeconds);
    },
  });
  new Gauge({
    name: 'db_replica_lag_bytes',
    help: 'WAL bytes the read replica had not replayed at the last check',
    registers: [registry],
    collect() {
      if (reads.status().configured) this.set(reads.status().lagBytes);
    },
  });
  new Gauge({
    name: 'db_replica_serving',
    help: 'Whether reads that may lag go to the read replica (1) or to the primary (0)',
    registers: [registry],
    collect() {
      this.set(reads.status().serving ? 1 : 0);
    },
  });
  // A counter brought up to the router's own counts on each scrape.
  const seen = { replica: 0, primary: 0 };
  new Counter({
    name: 'db_reader_queries_total',
    help: 'Queries of record lists, reports, exports and back-office lists, by the server that answered',
    labelNames: ['server'],
    registers: [registry],
    collect() {
      const q = reads.status().queries;
      for (const server of ['replica', 'primary'] as const) {
        this.inc({ server }, q[server] - seen[server]);
        seen[server] = q[server];
      }
    },
  });
}

/**
 * payment_callbacks_refused_total: callbacks the cashier refused unread, by gateway and outcome (forged_or_malformed
 * when the signature or shape failed, rate_limited when the sender had failed too often). Per instance, as
 * counters are; the back office's figure (gateway_callback_refusals) is the same count over every instance.
 */
export function refusedCallbacksCounter(registry: Registry): (gateway: string, outcome: string) => void {
  const counter = new Counter({
    name: 'payment_callbacks_refused_total',
    help: 'Payment callbacks refused unread (forged, malformed or from a sender over its limit), by gateway and outcome',
    labelNames: ['gateway', 'outcome'],
    registers: [registry],
  });
  return (gateway, outcome) => counter.inc({ gateway, outcome });
}

/**
 * job_failures_total: scheduled job runs that failed on this instance, by job_name (jobs/runner.ts). Not `job`:
 * Prometheus gives that label to the scrape target and would rename ours.
 */
export function jobFailuresCounter(registry: Registry): (job: string) => void {
  const counter = new Counter({ name: 'job_failures_total', help: 'Scheduled job runs that failed, by job', labelNames: ['job_name'], registers: [registry] });
  return (job) => counter.inc({ job_name: job });
}

/** One statement batcher's counts (lib/statement-batcher.ts), named for the metrics. */
export interface BatchCounts {
  batch: string;
  provider: string;
  counts: { batches: number; batchedItems: number; failedBatches: number };
}

/**
 * statement_batches_total, statement_batched_items_total and statement_batches_failed_total: how the hot money paths'
 * batchers (transfers into play, seamless debits and credits) did on this instance, read from their counts on each
 * scrape. Items per batch tell whether batching pays under the load of the moment; failed batches (sent again item
 * by item) should stay near zero, and a rise means a batch statement keeps meeting an item that raises.
 */
export function batchingMetrics(registry: Registry, read: () => BatchCounts[]): void {
  const counter = (name: string, help: string, of: (c: BatchCounts['counts']) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['batch', 'provider'],
      registers: [registry],
      collect() {
        this.reset();
        for (const b of read()) this.inc({ batch: b.batch, provider: b.provider }, of(b.counts));
      },
    });
  counter('statement_batches_total', 'Batch statements committed, by batch and provider', (c) => c.batches);
  counter('statement_batched_items_total', 'Items answered by committed batch statements, by batch and provider', (c) => c.batchedItems);
  counter('statement_batches_failed_total', 'Batch statements that failed and were sent again item by item, by batch and provider', (c) => c.failedBatches);
}
