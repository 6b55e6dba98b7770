// The SQL functions live in one file each (src/server/**/sql/<function>.sql) and src/server/db/migrate.ts applies them
// after the migrations. An empty database migrated that way holds exactly the functions of the files, and each has
// the definition an empty database migrated by the migrations that used to hold the functions had: the digests in
// sql-functions.expected.json are those of pg_get_functiondef over every function of public, taken from such a
// database (the same on PostgreSQL 15 and PGlite). A change to a function's file changes its digest on purpose: write
// the new ones with UPDATE_SQL_FUNCTIONS=1 and review the difference.
//
// The repeatable step itself runs against a scratch database with two small migrations and function files of its
// own: a migration's trigger gets its function first, an unchanged file is left alone, a changed one is applied
// again, a changed signature leaves no old one behind, a function redefined by hand is put back and a deleted file's
// function is dropped. On PGlite always, and on PostgreSQL as well when DATABASE_URL is set.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { migrateDatabase, readFunctionFiles } from '../../src/server/db/migrate.ts';

const EXPECTED = path.join(import.meta.dirname, 'sql-functions.expected.json');
const ROOT = path.resolve(import.meta.dirname, '../..');

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function functionsOf(db: Db): Promise<Array<{ identity: string; name: string; definition: string }>> {
  return rowsOf(
    await db.execute(sql`select p.oid::regprocedure::text as identity, p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`),
  );
}

/** A scratch database: a new one on the server of DATABASE_URL, or an in-memory PGlite. */
async function scratch(kind: 'pglite' | 'postgres'): Promise<{ db: Db; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const client = await PGlite.create('memory://');
    return { db: drizzlePglite(client) as unknown as Db, close: () => client.close() };
  }
  const base = process.env.DATABASE_URL!;
  const name = `t_sqlfn_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The forced drop at the end ends connections the pool may still be closing; that is expected here.
  pool.on('error', () => {});
  return {
    db: drizzlePg(pool),
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** An empty database opened (so migrated) by start-up's own path: never a test template. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `t_sqlfn_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('the SQL function files', () => {
  it('give an empty database exactly their functions, with the definitions the migrations gave', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      const functions = await functionsOf(database.db);
      const digests = Object.fromEntries(functions.map((f) => [f.identity, createHash('sha256').update(f.definition).digest('hex')]));
      if (process.env.UPDATE_SQL_FUNCTIONS) fs.writeFileSync(EXPECTED, `${JSON.stringify(digests, null, 2)}\n`);
      expect(digests).toEqual(JSON.parse(fs.readFileSync(EXPECTED, 'utf8')));

      // One function per file and one file per function: nothing lingers that no file defines.
      const files = readFunctionFiles();
      expect(functions.map((f) => f.name).sort()).toEqual(files.map((f) => f.name).sort());
      for (const f of files) {
        const body = /\$([a-z_]*)\$([\s\S]*)\$\1\$/i.exec(f.text)?.[2];
        expect(body, f.file).toBeTruthy();
        expect(functions.find((fn) => fn.name === f.name)!.definition, f.file).toContain(body);
      }
      const recorded = rowsOf<{ file: string; sha256: string }>(
        await database.db.execute(sql`select file, sha256 from drizzle.sql_function_files order by file`),
      );
      expect(recorded).toEqual(files.map((f) => ({ file: f.file, sha256: f.sha256 })));

      // Started again, the step finds nothing to do.
      const before = rowsOf(await database.db.execute(sql`select file, applied_at from drizzle.sql_function_files order by file`));
      await migrateDatabase(database.db, { migrationsFolder: path.join(ROOT, 'drizzle') });
      expect(rowsOf(await database.db.execute(sql`select file, applied_at from drizzle.sql_function_files order by file`))).toEqual(before);
    } finally {
      await drop();
    }
  }, 240_000);

  const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  it.each(kinds)(
    'are applied when they change and dropped when they go (%s)',
    async (kind) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-functions-'));
      const migrations = path.join(dir, 'drizzle');
      const functions = path.join(dir, 'server/things/sql');
      fs.mkdirSync(path.join(migrations, 'meta'), { recursive: true });
      fs.mkdirSync(functions, { recursive: true });
      const journal = {
        version: '7',
        dialect: 'postgresql',
        entries: [
          { idx: 0, version: '7', when: 1_700_000_000_000, tag: '0000_things', breakpoints: true },
          { idx: 1, version: '7', when: 1_700_000_001_000, tag: '0001_things_counted', breakpoints: true },
        ],
      };
      fs.writeFileSync(path.join(migrations, 'meta/_journal.json'), JSON.stringify(journal));
      fs.writeFileSync(path.join(migrations, '0000_things.sql'), 'create table things (id int primary key, seen int not null default 0);');
      // The trigger names its function, so the function's file is applied before this migration, and the insert runs it.
      fs.writeFileSync(
        path.join(migrations, '0001_things_counted.sql'),
        'create trigger things_seen after insert on things for each row execute function thing_seen();\n--> statement-breakpoint\ninsert into things (id) values (1);',
      );
      const write = (name: string, text: string): void => fs.writeFileSync(path.join(functions, `${name}.sql`), text);
      write(
        'thing_seen',
        '-- Counts a thing as seen.\ncreate or replace function thing_seen() returns trigger language plpgsql as $$\nbegin\n  update things set seen = seen + 1 where id = new.id;\n  return null;\nend\n$$;\n',
      );
      write('thing_double', 'create or replace function thing_double(p int) returns int language sql as $$ select p * 2 $$;\n');
      const { db, close } = await scratch(kind);
      const migrate = () => migrateDatabase(db, { migrationsFolder: migrations, functionRoot: path.join(dir, 'server') });
      const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(query))[0];
      const doubles = async () =>
        rowsOf<{ identity: string }>(await db.execute(sql`select oid::regprocedure::text as identity from pg_proc where proname = 'thing_double'`));
      try {
        await migrate();
        expect(await one(sql`select seen from things where id = 1`)).toEqual({ seen: 1 });
        expect(await one(sql`select thing_double(2) as v`)).toEqual({ v: 4 });
        const applied = rowsOf(await db.execute(sql`select file, applied_at from drizzle.sql_function_files order by file`));
        expect(applied).toHaveLength(2);

        await migrate();
        expect(rowsOf(await db.execute(sql`select file, applied_at from drizzle.sql_function_files order by file`))).toEqual(applied);

        write('thing_double', 'create or replace function thing_double(p int) returns int language sql as $$ select p * 3 $$;\n');
        await migrate();
        expect(await one(sql`select thing_double(2) as v`)).toEqual({ v: 6 });

        write('thing_double', 'create or replace function thing_double(p bigint) returns bigint language sql as $$ select p * 3 $$;\n');
        await migrate();
        expect(await doubles()).toEqual([{ identity: 'thing_double(bigint)' }]);

        // Redefined behind the file's back: the file wins at the next start.
        await db.execute(sql.raw('create or replace function thing_double(p bigint) returns bigint language sql as $$ select p * 100 $$'));
        await migrate();
        expect(await one(sql`select thing_double(2)::int as v`)).toEqual({ v: 6 });

        fs.rmSync(path.join(functions, 'thing_double.sql'));
        await migrate();
        expect(await doubles()).toEqual([]);
        expect(rowsOf(await db.execute(sql`select file from drizzle.sql_function_files`))).toHaveLength(1);
        expect(rowsOf(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))).toEqual([{ n: 2 }]);
      } finally {
        await close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
