// Brings a database up to date at start-up: drizzle's migrations (drizzle/*.sql, schema changes only) and then the SQL
// function files (src/server/**/sql/<function>.sql, one function each, its one definition).
//
// A function file is a repeatable migration keyed by its content: drizzle.sql_function_files records, per file, the
// sha256 it was applied with, the function it made and a digest of that function's definition as PostgreSQL prints
// it. A file is applied again when its content changed or when the function no longer matches the record (dropped or
// redefined by hand or by a migration), so the file always wins. A function whose file was deleted is dropped, and
// when a file changes a function's arguments the old signature is dropped, so nothing lingers.
//
// Some migrations need a function at their own point: a trigger names its function, a backfill calls one, the
// partitioning migration creates partitions through one. Before such a migration runs, the files of every function its
// statements name (and of the functions those name) are applied, so an empty database migrates from nothing. Bodies
// are created with check_function_bodies off, as pg_dump restores them: PL/pgSQL and SQL bodies are checked when they
// first run, not when they are created, so the order of the files never matters.
//
// Everything runs in one transaction, like drizzle's own migrator, whose bookkeeping (drizzle.__drizzle_migrations:
// hash and the journal's `when`) this keeps exactly, so a database migrated by either goes on with the other.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';

/** What the step needs of a database or a transaction (client.ts's Db and Tx, named here so client.ts can import this). */
interface Tx {
  execute(query: SQL): Promise<unknown>;
}
interface Migratable {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** One function file: its path from the repository root (the record's key), the function's name and its text. */
export interface FunctionFile {
  file: string;
  name: string;
  text: string;
  sha256: string;
}

interface Recorded {
  file: string;
  sha256: string;
  identity: string;
  definition_md5: string;
}

interface Present {
  oid: number;
  identity: string;
  definition_md5: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Where the function files live: every `sql` folder under src/server (a domain's, the ledger's, the database's). */
export const FUNCTION_ROOT = path.join(repoRoot, 'src/server');

/** The function files under root, in path order; each file's name is its function's name. */
export function readFunctionFiles(root = FUNCTION_ROOT): FunctionFile[] {
  const found: FunctionFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.sql') && path.basename(dir) === 'sql') {
        const text = fs.readFileSync(full, 'utf8');
        const file = path.relative(repoRoot, full).split(path.sep).join('/');
        found.push({ file, name: entry.name.slice(0, -'.sql'.length), text, sha256: createHash('sha256').update(text).digest('hex') });
      }
    }
  };
  walk(root);
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** SQL text without its comments and string literals, for finding the names it uses. */
function codeOf(text: string): string {
  return text.replace(/--[^\n]*/g, ' ').replace(/'(?:[^']|'')*'/g, "''");
}

/** The function files a piece of SQL needs: those whose function it names, and theirs in turn. */
function filesNamedBy(text: string, files: FunctionFile[]): FunctionFile[] {
  const needed = new Map<string, FunctionFile>();
  const queue = [codeOf(text)];
  while (queue.length) {
    const code = queue.pop()!;
    for (const f of files) {
      if (!needed.has(f.file) && new RegExp(`\\b${f.name}\\b`, 'i').test(code)) {
        needed.set(f.file, f);
        queue.push(codeOf(f.text));
      }
    }
  }
  return [...needed.values()];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The functions of public called `name`, with their identity (name and argument types) and a digest of their definition. */
async function present(tx: Tx, name: string): Promise<Present[]> {
  return rowsOf<Present>(
    await tx.execute(sql`select p.oid::int as oid, p.oid::regprocedure::text as identity, md5(pg_get_functiondef(p.oid)) as definition_md5
      from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = ${name} and p.prokind in ('f', 'p') order by p.oid`),
  );
}

/** The migration run: its transaction, the function files and what the database recorded of them. */
class Run {
  readonly tx: Tx;
  readonly files: FunctionFile[];
  readonly recorded: Map<string, Recorded>;

  constructor(tx: Tx, files: FunctionFile[], recorded: Map<string, Recorded>) {
    this.tx = tx;
    this.files = files;
    this.recorded = recorded;
  }

  /** True when the file was applied with this content and its function is still exactly what it made. */
  async current(f: FunctionFile): Promise<boolean> {
    const r = this.recorded.get(f.file);
    if (!r || r.sha256 !== f.sha256) return false;
    return (await present(this.tx, f.name)).some((p) => p.identity === r.identity && p.definition_md5 === r.definition_md5);
  }

  /** Creates or replaces the file's function; a signature it no longer has is dropped. */
  async apply(f: FunctionFile): Promise<void> {
    const before = await present(this.tx, f.name);
    await this.tx.execute(sql`select set_config('check_function_bodies', 'off', true)`);
    await this.tx.execute(sql.raw(f.text));
    await this.tx.execute(sql`select set_config('check_function_bodies', 'on', true)`);
    const after = await present(this.tx, f.name);
    const made = after.filter((p) => !before.some((b) => b.oid === p.oid));
    if (made.length > 1 || (made.length === 0 && after.length !== 1)) {
      throw new Error(`${f.file} must define exactly one function, ${f.name}; public now has ${after.map((p) => p.identity).join(', ')}`);
    }
    // A new signature: the old ones were this file's function before, and go (a dependent trigger makes this fail loudly).
    if (made.length === 1) for (const old of before) await this.tx.execute(sql.raw(`drop function ${old.identity}`));
    const fn = made[0] ?? after[0];
    const row: Recorded = { file: f.file, sha256: f.sha256, identity: fn.identity, definition_md5: fn.definition_md5 };
    await this.tx.execute(sql`insert into drizzle.sql_function_files (file, sha256, identity, definition_md5, applied_at)
      values (${row.file}, ${row.sha256}, ${row.identity}, ${row.definition_md5}, now())
      on conflict (file) do update set sha256 = excluded.sha256, identity = excluded.identity,
        definition_md5 = excluded.definition_md5, applied_at = excluded.applied_at`);
    this.recorded.set(f.file, row);
  }

  /** Applies each of these files that is not current. */
  async bringUp(files: FunctionFile[]): Promise<void> {
    for (const f of files) if (!(await this.current(f))) await this.apply(f);
  }

  /** Drops the functions of files that are gone, unless a file that is still here made the same function. */
  async dropRemoved(): Promise<void> {
    const kept = new Set(this.files.map((f) => this.recorded.get(f.file)?.identity));
    for (const r of [...this.recorded.values()]) {
      if (this.files.some((f) => f.file === r.file)) continue;
      if (!kept.has(r.identity)) await this.tx.execute(sql.raw(`drop function if exists ${r.identity}`));
      await this.tx.execute(sql`delete from drizzle.sql_function_files where file = ${r.file}`);
      this.recorded.delete(r.file);
    }
  }
}

/** Runs one migration's statements (a chunk that holds only comments is left out) and records it as drizzle does. */
async function runMigration(tx: Tx, migration: MigrationMeta): Promise<void> {
  for (const statement of migration.sql) {
    if (codeOf(statement).trim() === '') continue;
    await tx.execute(sql.raw(statement));
  }
  await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
}

/** Applies the pending migrations of migrationsFolder and then the function files, in one transaction. */
export async function migrateDatabase(db: Migratable, opts: { migrationsFolder: string; functionRoot?: string }): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: opts.migrationsFolder });
  const files = readFunctionFiles(opts.functionRoot);
  await db.transaction(async (tx) => {
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    await tx.execute(sql`create table if not exists drizzle.sql_function_files (file text primary key, sha256 text not null,
      identity text not null, definition_md5 text not null, applied_at timestamptz not null default now())`);
    const last = rowsOf<{ created_at: string }>(await tx.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`))[0];
    const recorded = rowsOf<Recorded>(await tx.execute(sql`select file, sha256, identity, definition_md5 from drizzle.sql_function_files`));
    const run = new Run(tx, files, new Map(recorded.map((r) => [r.file, r])));
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      await run.bringUp(filesNamedBy(migration.sql.join('\n'), files));
      await runMigration(tx, migration);
    }
    await run.bringUp(files);
    await run.dropRemoved();
  });
}
