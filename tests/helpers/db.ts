// A fresh database for one test file: a new PostgreSQL database when DATABASE_URL is set (CI),
// otherwise an in-memory PGlite. Either way it holds exactly what migrations give at start-up.
//
// Migrating from empty costs seconds on PostgreSQL and tens of seconds on PGlite, once per test file, which made the
// suite's embedded run take most of an hour. So the first file of a run migrates one database and keeps it as a
// template, keyed by the content of everything start-up applies (the migrations and the SQL function files): on
// PostgreSQL a template database copied by CREATE DATABASE ... TEMPLATE, on PGlite a dump of the data directory in the
// system's temporary folder. Every database still goes through openDatabase, whose migrator then finds nothing to do, so
// a test sees what start-up would give it; a change to any migration or function file makes a new template.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

export interface TestDatabase extends Database {
  url: string | undefined;
  drop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** An advisory-lock number the test runs agree on, so parallel files build the PostgreSQL template once. */
const TEMPLATE_LOCK_ID = 7_240_990;

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ pgliteSeed: await pgliteTemplate() });
    return { ...database, url: undefined, drop: () => database.close() };
  }
  const template = await postgresTemplate(base);
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      await withAdmin(base, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A digest of every file start-up applies to a database, in a fixed order. */
function schemaDigest(): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.sql') || entry.name === '_journal.json') files.push(full);
    }
  };
  walk(path.join(root, 'drizzle'));
  walk(path.join(root, 'src/server'));
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let digest: string | undefined;
const currentDigest = (): string => (digest ??= schemaDigest());

let pgliteSeed: Promise<Blob> | undefined;

/** The migrated PGlite data directory of this schema, made once and kept in the temporary folder. */
function pgliteTemplate(): Promise<Blob> {
  pgliteSeed ??= (async () => {
    const file = path.join(os.tmpdir(), `lucky-harbour-pglite-${currentDigest()}.tar.gz`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({});
    try {
      const dump = await database.dumpDataDir!();
      // Written beside and renamed, so a file running at the same moment never reads half a dump.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteSeed;
}

let postgresTemplateName: Promise<string> | undefined;

/** The migrated template database of this schema on the server of `base`, made once under an advisory lock. */
function postgresTemplate(base: string): Promise<string> {
  postgresTemplateName ??= withAdmin(base, async (admin) => {
    const name = `t_template_${currentDigest()}`;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      // Migrated under another name and renamed, so a run stopped half-way never leaves a template without its schema.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), poolMax: 2 });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return postgresTemplateName;
}

async function withAdmin<T>(base: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
