// Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite under the data dir.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { ReadRouter, type ReplicaOptions } from './reader.ts';
import { migrateDatabase } from './migrate.ts';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * For reads that may come from the read replica (record lists, reports, exports, back-office lists): the replica
   * while it is healthy and the asker has not just written, the primary otherwise (see reader.ts). Never for money.
   */
  reader: Db;
  /** The replica's routing, health and lag (always present; without DATABASE_READ_URL everything is the primary). */
  reads: ReadRouter;
  kind: 'postgres' | 'pglite';
  /**
   * Runs fn only if this instance wins the named advisory lock, so exactly one instance runs a job at a
   * time; answers undefined when another holds it. The lock lives on its own connection.
   */
  withAdvisoryLock<T>(lockId: number, fn: () => Promise<T>): Promise<T | undefined>;
  /** PGlite only: the whole data directory as a gzipped tar, which `pgliteSeed` opens again (tests keep a migrated one). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** A lock number every instance agrees on, so only one of them applies migrations (and the SQL function files) at a time. */
const MIGRATION_LOCK_ID = 7_240_001;

/** Connections one app instance holds at most when nothing else is said (config.ts reads DB_POOL_MAX). */
const DEFAULT_POOL_MAX = 20;

/** How long opening one pool connection may take before the request that wanted it fails (503). */
const CONNECT_TIMEOUT_MS = 5_000;

/** PostgreSQL: a bounded pool, migrations under an advisory lock, the read router over the optional replica. */
async function openPostgres(url: string, opts: { poolMax?: number; replica?: ReplicaOptions }): Promise<Database> {
  // The pool is bounded: each app instance holds at most this many connections.
  const pool = openPool(url, opts.poolMax ?? DEFAULT_POOL_MAX);
  const db = drizzlePg(pool, { schema });
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateDatabase(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const withAdvisoryLock = async <T>(lockId: number, fn: () => Promise<T>): Promise<T | undefined> => {
    const c = await pool.connect();
    try {
      const got = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [lockId]);
      if (!got.rows[0]?.ok) return undefined;
      try {
        return await fn();
      } finally {
        await c.query('select pg_advisory_unlock($1)', [lockId]);
      }
    } finally {
      c.release();
    }
  };
  const reads = new ReadRouter(pool, db, opts.replica);
  // The first check before the first request, so a healthy replica serves from the start.
  if (opts.replica) await reads.check();
  return {
    db,
    reader: reads.reader,
    reads,
    kind: 'postgres',
    withAdvisoryLock,
    close: async () => {
      await reads.close();
      await pool.end();
    },
  };
}

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolMax?: number;
  replica?: ReplicaOptions;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one; tests use a migrated one. */
  pgliteSeed?: Blob;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts);
  const { PGlite } = await import('@electric-sql/pglite');
  let dataDir = 'memory://';
  let releaseLock = () => {};
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    dataDir = path.join(opts.dataDir, 'pglite');
    releaseLock = lockDataDir(opts.dataDir);
  }
  const client = await PGlite.create(dataDir, opts.pgliteSeed ? { loadDataDir: opts.pgliteSeed } : {});
  const db = drizzlePglite(client, { schema });
  // PGlite's drizzle flavour has the same query API; the cast keeps one Db type for repositories.
  await migrateDatabase(db, { migrationsFolder });
  // PGlite lives inside this one process, so a local flag is the whole lock.
  const held = new Set<number>();
  const withAdvisoryLock = async <T>(lockId: number, fn: () => Promise<T>): Promise<T | undefined> => {
    if (held.has(lockId)) return undefined;
    held.add(lockId);
    try {
      return await fn();
    } finally {
      held.delete(lockId);
    }
  };
  const reads = new ReadRouter(undefined, db as unknown as Db, undefined);
  return {
    db: db as unknown as Db,
    reader: reads.reader,
    reads,
    kind: 'pglite',
    withAdvisoryLock,
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** The bounded pool of one instance, with the listeners that keep a lost connection from ending the process. */
function openPool(url: string, max: number): pg.Pool {
  // A connection attempt to a database that is restarting gives up after a few seconds, so a request waits that long
  // at most and answers 503 (lib/errors.ts) instead of hanging; the pool opens fresh connections once it is back.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server closes (restart, failover, dropped database) is reported here; without a
  // listener the 'error' event would crash the process. The pool replaces the connection on next use.
  pool.on('error', (err) => {
    console.error(`postgres: idle connection lost (${(err as { code?: string }).code ?? err.message})`);
  });
  // A connection that is checked out (a transaction, a job's advisory lock) has no pool listener: when the server
  // ends it between two queries (a restart: 57P01), its 'error' event would end the process. With this listener the
  // error reaches the query that is waiting, or the next one, and the pool drops the dead connection on release.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      console.error(`postgres: connection lost while in use (${(err as { code?: string }).code ?? err.message})`);
    });
  });
  return pool;
}

/**
 * PGlite is one process's database: two processes opening the same directory would corrupt it. A lock
 * file with the owner's pid keeps a second one out (and is taken over when its owner is gone).
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch {
      const owner = Number(fs.readFileSync(file, 'utf8'));
      let alive: boolean;
      try {
        process.kill(owner, 0);
        alive = owner !== process.pid;
      } catch {
        alive = false;
      }
      if (alive) {
        throw new Error(`The embedded database in ${dir} is in use by process ${owner}. Stop that process, or set DATABASE_URL to use PostgreSQL.`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
