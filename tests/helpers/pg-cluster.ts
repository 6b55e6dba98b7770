// A PostgreSQL cluster of a test's own: Debian's initdb and postgres in a temporary folder on a free port, so a test may
// stop it, archive its WAL, copy it with pg_basebackup or recover it to a point in time without touching the machine's
// PostgreSQL. When the tests run as root (containers, CI), the server runs as the postgres user, as initdb requires.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<major>/bin), or undefined. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const majors = fs
    .readdirSync(base)
    .filter((d) => fs.existsSync(path.join(base, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(base, majors[0], 'bin') : undefined;
}

/** The user and group the server runs as: the postgres account when this process is root, else this process. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!passwd) throw new Error('running as root needs a postgres user to run the test cluster');
  const [, , uid, gid] = passwd.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs one of the PostgreSQL binaries as the server's user; answers its output. */
export async function pgTool(tool: string, args: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const user = serverUser();
  const { stdout } = await run(path.join(bin, tool), args, {
    ...(user ?? {}),
    env: { ...process.env, ...opts.env },
    timeout: opts.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Makes a folder the server's user owns (a cluster's data directory, a WAL archive). */
export function serverFolder(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const user = serverUser();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  return dir;
}

export interface Cluster {
  port: number;
  dataDir: string;
  /** A connection URL to a database of this cluster (postgres by default). */
  url(database?: string): string;
  start(): Promise<void>;
  /** Stops the server: 'fast' rolls back open transactions; 'immediate' is a crash (recovery on next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server as stop(mode) does and starts it again on the same port, as `pg_ctl restart` would. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<T[]>;
}

/** A scratch folder for clusters, removed by removeScratch. World-traversable, so the postgres user reaches its part. */
export function scratch(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function removeScratch(dir: string): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

/** A cluster object for a data directory that exists (initdb'd, or restored from a base backup). */
export function clusterAt(dataDir: string, port: number): Cluster {
  let child: ChildProcess | undefined;
  const logFile = `${dataDir}.log`;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: Cluster = {
    port,
    dataDir,
    url,
    async start() {
      const bin = postgresBin()!;
      const out = fs.openSync(logFile, 'a');
      child = spawn(
        path.join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`],
        {
          ...(serverUser() ?? {}),
          stdio: ['ignore', out, out],
        },
      );
      fs.closeSync(out);
      const until = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode}): ${fs.readFileSync(logFile, 'utf8').slice(-3_000)}`);
        try {
          await cluster.query('select 1');
          return;
        } catch (err) {
          if (Date.now() > until)
            throw new Error(`postgres not ready: ${(err as Error).message}; ${fs.readFileSync(logFile, 'utf8').slice(-3_000)}`, { cause: err });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async stop(mode = 'fast') {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      // SIGINT is PostgreSQL's fast shutdown, SIGQUIT its immediate one.
      c.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    },
    async restart(mode = 'fast') {
      await cluster.stop(mode);
      await cluster.start();
    },
    async query(text, values, database) {
      const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 3_000 });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query(text, values as unknown[])).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
  return cluster;
}

/**
 * initdb and start a cluster in dir/<name>. Trust authentication on 127.0.0.1 only, replication allowed (wal_level
 * replica is the default), and any extra settings written to postgresql.conf (archive_mode, archive_command...).
 */
export async function startCluster(dir: string, name: string, settings: Record<string, string> = {}): Promise<Cluster> {
  const dataDir = path.join(dir, name);
  serverFolder(dataDir);
  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  fs.appendFileSync(path.join(dataDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  const conf = { fsync: 'off', max_connections: '60', shared_buffers: '32MB', max_wal_senders: '4', ...settings };
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `\n${Object.entries(conf)
      .map(([k, v]) => `${k} = '${v.replace(/'/g, "''")}'`)
      .join('\n')}\n`,
  );
  const cluster = clusterAt(dataDir, await freePort());
  await cluster.start();
  return cluster;
}

/**
 * A hot standby of primary made with pg_basebackup -R (streaming replication, standby.signal and primary_conninfo
 * written by pg_basebackup), started on a port of its own.
 */
export async function startStandby(primary: Cluster, dir: string, name: string): Promise<Cluster> {
  const dataDir = path.join(dir, name);
  serverFolder(dataDir);
  await pgTool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), "\nhot_standby = 'on'\n");
  const standby = clusterAt(dataDir, await freePort());
  await standby.start();
  return standby;
}
