// A cluster of its own for the fault tests: a PostgreSQL (Debian's initdb and postgres in a temporary folder) and a
// Redis (redis-server) on free ports, the stand-in provider and gateway (sim/), two app instances and HAProxy in front
// of them with the configuration template of tests/lb. The tests stop and start the PostgreSQL and Redis they were
// given, which disturbs no other test and nothing of the machine's services. Needs haproxy on PATH (or HAPROXY_BIN),
// redis-server, and PostgreSQL's binaries under /usr/lib/postgresql/<version>/bin. The PostgreSQL is
// tests/helpers/pg-cluster.ts's, the same the backup and replica tests start.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { startSim, type Sim } from '../../sim/server.ts';
import { freePort, postgresBin, removeScratch, scratch, startCluster as startPgCluster } from '../helpers/pg-cluster.ts';

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.join(ROOT, 'test-results');
const HAPROXY = process.env.HAPROXY_BIN || 'haproxy';
const STARTUP_TIMEOUT_MS = 90_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 15_000, everyMs = 200): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** Which tools a cluster needs and whether they are here, so a test can say why it is skipped. */
export function missingTools(): string[] {
  const missing: string[] = [];
  if (spawnSync(HAPROXY, ['-v']).status !== 0) missing.push(`haproxy (${HAPROXY})`);
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server');
  if (!postgresBin()) missing.push('PostgreSQL (initdb, postgres under /usr/lib/postgresql/<version>/bin)');
  return missing;
}

// ---- processes ---------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export interface Proc {
  name: string;
  child: ChildProcess;
  logFile: string;
  lines: string[];
  exited: Promise<number | string | null>;
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function startProcess(name: string, cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; uid?: number; gid?: number } = {}): Proc {
  fs.mkdirSync(RESULTS, { recursive: true });
  const logFile = path.join(RESULTS, `fault-${name}.log`);
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'], uid: opts.uid, gid: opts.gid });
  children.add(child);
  const lines: string[] = [];
  let partial = '';
  child.stdout!.on('data', (d: Buffer) => {
    log.write(d);
    partial += d.toString();
    const parts = partial.split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.on('data', (d: Buffer) => log.write(d));
  let done = false;
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true;
      children.delete(child);
      log.end();
      resolve(signal ?? code);
    }),
  );
  return {
    name,
    child,
    logFile,
    lines,
    exited,
    alive: () => !done,
    stop: async (signal = 'SIGTERM') => {
      if (!done) child.kill(signal);
      await exited;
    },
  };
}

// ---- PostgreSQL --------------------------------------------------------------------------------------

export interface Postgres {
  port: number;
  url(db: string): string;
  /** A fast shutdown, as `pg_ctl restart -m fast` begins: open sessions are ended, their transactions rolled back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

/** A PostgreSQL of the test's own (tests/helpers/pg-cluster.ts), tuned for speed: nothing here must survive a crash. */
export async function startPostgres(name: string): Promise<Postgres> {
  const dir = scratch(`fault-pg-${name}-`);
  const cluster = await startPgCluster(dir, 'data', { synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' });
  return {
    port: cluster.port,
    url: (db) => cluster.url(db),
    start: () => cluster.start(),
    stop: () => cluster.stop('fast'),
    restart: () => cluster.restart('fast'),
    destroy: async () => {
      await cluster.stop('fast');
      removeScratch(dir);
    },
  };
}

// ---- Redis -------------------------------------------------------------------------------------------

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(name: string): Promise<RedisServer> {
  const port = await freePort();
  let proc: Proc | undefined;
  const start = async () => {
    proc = startProcess(`${name}-redis`, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await waitFor(
      'redis answers',
      async () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(port, '127.0.0.1');
          s.once('connect', () => {
            s.write('PING\r\n');
          });
          s.once('data', (d) => {
            s.destroy();
            resolve(d.toString().startsWith('+PONG'));
          });
          s.once('error', () => resolve(false));
        }),
      15_000,
      100,
    );
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      await proc?.stop('SIGTERM');
    },
  };
}

// ---- the app behind HAProxy --------------------------------------------------------------------------

export interface Instance extends Proc {
  port: number;
  url: string;
}

export interface Cluster {
  pg: Postgres;
  redis: RedisServer;
  sim: Sim;
  dbUrl: string;
  lbUrl: string;
  metricsToken: string;
  /** The HMAC key seamless providers sign their calls with (SEAMLESS_SECRET). */
  seamlessSecret: string;
  instances: Record<'a' | 'b', Instance>;
  /** Starts (again) the named instance on its port, with the cluster's settings. */
  startInstance(name: 'a' | 'b'): Promise<Instance>;
  close(): Promise<void>;
}

const SECRETS = () => ({
  provider: `fault-provider-${randomBytes(8).toString('hex')}`,
  gateway: `fault-gateway-${randomBytes(8).toString('hex')}`,
  totpKey: randomBytes(32).toString('hex'),
  metrics: `fault-metrics-${randomBytes(8).toString('hex')}`,
  seamless: `fault-seamless-${randomBytes(8).toString('hex')}`,
});

/**
 * Starts everything. env adds to (or overrides) the instances' settings; the defaults shorten what a test waits for:
 * jobs every second, provider calls time out after 1 s, breakers reset after 2 s, a drain of 1.5 s (the balancer
 * takes an instance out after two failed checks 500 ms apart).
 */
export async function startCluster(name: string, env: Record<string, string> = {}): Promise<Cluster> {
  const pgServer = await startPostgres(name);
  const redis = await startRedis(name);
  const secrets = SECRETS();
  const sim = await startSim({ secret: secrets.provider, gatewaySecret: secrets.gateway, settleTickMs: 0 });
  const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
  await admin.connect();
  await admin.query('create database app');
  await admin.end();
  const dbUrl = pgServer.url('app');
  const ports = { a: await freePort(), b: await freePort() };
  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const instanceEnv: Record<string, string> = {
    DATABASE_URL: dbUrl,
    REDIS_URL: redis.url,
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    GAME_PROVIDER_URL: sim.url,
    GAME_PROVIDER_SECRET: secrets.provider,
    PAYMENT_GATEWAY_SECRET: secrets.gateway,
    STAFF_TOTP_KEY: secrets.totpKey,
    METRICS_TOKEN: secrets.metrics,
    REDIS_KEY_PREFIX: `${name}:`,
    SEAMLESS_SECRET: secrets.seamless,
    SITE_URL: lbUrl,
    CALLBACK_BASE_URL: lbUrl,
    SERVE_PAGES: '0',
    RATE_LIMIT_PER_MIN: '100000',
    RECONCILE_INTERVAL_MS: '1000',
    BET_INGEST_INTERVAL_MS: '1000',
    DEPOSIT_EXPIRY_INTERVAL_MS: '1000',
    GAME_PROVIDER_TIMEOUT_MS: '1000',
    PAYMENT_GATEWAY_TIMEOUT_MS: '1000',
    BREAKER_RESET_MS: '2000',
    BREAKER_VOLUME: '4',
    DRAIN_DELAY_MS: '1500',
    ...env,
  };
  const instances = {} as Record<'a' | 'b', Instance>;
  const startInstance = async (which: 'a' | 'b'): Promise<Instance> => {
    const proc = startProcess(`${name}-${which}`, process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], {
      env: { ...instanceEnv, PORT: String(ports[which]), HOST: '127.0.0.1', INSTANCE_NAME: which },
    });
    const url = `http://127.0.0.1:${ports[which]}`;
    const started = Date.now();
    while (
      !(await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (!proc.alive()) throw new Error(`instance ${which} exited during start-up; see ${proc.logFile}`);
      if (Date.now() - started > STARTUP_TIMEOUT_MS) throw new Error(`instance ${which} not ready in ${STARTUP_TIMEOUT_MS} ms; see ${proc.logFile}`);
      await sleep(200);
    }
    instances[which] = { ...proc, port: ports[which], url };
    return instances[which];
  };
  // One after the other: the first applies the migrations and seeds, the second finds them done.
  await startInstance('a');
  await startInstance('b');
  const template = fs.readFileSync(path.join(ROOT, 'tests/lb/haproxy.cfg.template'), 'utf8');
  const cfg = template
    .replace('{{BIND}}', `127.0.0.1:${lbPort}`)
    .replace('{{SERVERS}}', (['a', 'b'] as const).map((n) => `    server ${n} 127.0.0.1:${ports[n]} check cookie ${n}`).join('\n'));
  const cfgFile = path.join(RESULTS, `fault-${name}-haproxy.cfg`);
  fs.writeFileSync(cfgFile, cfg);
  const valid = spawnSync(HAPROXY, ['-c', '-f', cfgFile], { encoding: 'utf8' });
  if (valid.status !== 0) throw new Error(`haproxy refuses the template: ${valid.stdout}${valid.stderr}`);
  const haproxy = startProcess(`${name}-haproxy`, HAPROXY, ['-db', '-f', cfgFile]);
  await waitFor(
    'both instances up behind the balancer',
    async () => {
      const seen = new Set<string | null>();
      for (let i = 0; i < 6; i++) {
        const r = await fetch(`${lbUrl}/api/health`);
        if (r.ok) seen.add(r.headers.get('x-served-by'));
      }
      return seen.size === 2;
    },
    20_000,
  );
  return {
    pg: pgServer,
    redis,
    sim,
    dbUrl,
    lbUrl,
    metricsToken: secrets.metrics,
    seamlessSecret: secrets.seamless,
    instances,
    startInstance,
    close: async () => {
      await haproxy.stop();
      for (const inst of Object.values(instances)) await inst.stop('SIGKILL');
      await sim.close();
      await redis.stop();
      await pgServer.destroy();
    },
  };
}

// ---- talking to it -----------------------------------------------------------------------------------

export interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string; status?: string; data?: unknown };
  servedBy: string | null;
  raw: string;
}

/** A client with an address of its own (the per-address limits stay per client); node pins a request to an instance. */
export function client(
  baseUrl: string,
  ip = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
) {
  return async function call(
    method: 'GET' | 'POST' | 'PUT',
    route: string,
    o: { body?: unknown; token?: string; node?: string; key?: string; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, 'x-locale': 'en' };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.node) headers.cookie = `lh_node=${o.node}`;
    if (o.key) headers['idempotency-key'] = o.key;
    const res = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
    });
    const raw = await res.text();
    let body: Answer['body'];
    try {
      body = JSON.parse(raw) as Answer['body'];
    } catch {
      body = {};
    }
    return { status: res.status, body, servedBy: res.headers.get('x-served-by'), raw };
  };
}

/** One instance's Prometheus text, read directly (not through the balancer). */
export async function metricsOf(instance: Instance, token: string): Promise<string> {
  const res = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`metrics of ${instance.name}: ${res.status}`);
  return res.text();
}

/** A sample's value from Prometheus text: metric{labels} value. */
export function sample(text: string, metric: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${metric}{`) && l.includes(labels));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}
