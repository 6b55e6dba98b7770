// Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite under the data dir.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** A lock number every instance agrees on, so only one of them applies migrations at a time. */
const MIGRATION_LOCK_ID = 7_240_001;

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    // The pool is bounded: each app instance holds at most this many connections.
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_MAX ?? 20) });
    const db = drizzlePg(pool, { schema });
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let dataDir = 'memory://';
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    dataDir = path.join(opts.dataDir, 'pglite');
  }
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite's drizzle flavour has the same query API; the cast keeps one Db type for repositories.
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
