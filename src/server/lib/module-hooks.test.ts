import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveModule } from './module-hooks.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HOOKS_URL = pathToFileURL(path.join(import.meta.dirname, 'module-hooks.ts')).href;
const DRIZZLE = path.join(ROOT, 'node_modules/drizzle-orm');

/** Every `drizzle-orm...` specifier the app's server code imports. */
function drizzleEntries(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts')) for (const m of fs.readFileSync(full, 'utf8').matchAll(/from '(drizzle-orm[^']*)'/g)) found.add(m[1]);
    }
  };
  walk(path.join(ROOT, 'src/server'));
  return [...found].sort();
}

/**
 * Imports the app's drizzle entries and its schema (files in several directories importing drizzle) in a fresh Node,
 * with or without the hooks, and returns every resolution as the module loader finally received it, with the hooks'
 * counts. A recording hook registered last runs first, so it sees the answer of the chain below it.
 */
function resolutions(withHooks: boolean): { seen: Record<string, [string, string | null]>; counts: Record<string, number> | null } {
  const script = `
    import { registerHooks } from 'node:module';
    const hooks = ${withHooks} ? await import(${JSON.stringify(HOOKS_URL)}) : null;
    hooks?.registerModuleHooks();
    const seen = {};
    registerHooks({ resolve(specifier, context, next) {
      const r = next(specifier, context);
      seen[specifier + ' <- ' + context.parentURL] = [r.url, r.format ?? null];
      return r;
    } });
    for (const s of ${JSON.stringify(drizzleEntries())}) await import(s);
    await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'src/server/db/schema.ts')).href)});
    console.log(JSON.stringify({ seen, counts: hooks?.moduleHookCounts ?? null }));
  `;
  const child = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(0);
  return JSON.parse(child.stdout);
}

describe('module hooks', () => {
  it('answer drizzle-orm imports themselves, with exactly the URLs and formats Node gives', () => {
    const plain = resolutions(false);
    const hooked = resolutions(true);
    // Without the shortcuts Node answers every one of these itself (the memory the hooks exist to save).
    expect(hooked.counts!.relative).toBeGreaterThan(300);
    expect(hooked.counts!.bare).toBeGreaterThan(5);
    expect(Object.keys(plain.seen).length).toBeGreaterThan(400);
    expect(hooked.seen).toEqual(plain.seen);
  }, 60_000);

  it('gives a file the format of its extension and package scope, and leaves what it cannot vouch for to Node', () => {
    const parentURL = pathToFileURL(path.join(DRIZZLE, 'pg-core/index.js')).href;
    const context = { parentURL, conditions: ['node', 'import'], importAttributes: {} };
    const refuse = (): never => {
      throw new Error('passed to Node');
    };
    expect(resolveModule('./table.js', context, refuse)).toEqual({
      url: pathToFileURL(path.join(DRIZZLE, 'pg-core/table.js')).href,
      format: 'module',
      shortCircuit: true,
    });
    expect(resolveModule('../index.cjs', context, refuse)).toEqual({
      url: pathToFileURL(path.join(DRIZZLE, 'index.cjs')).href,
      format: 'commonjs',
      shortCircuit: true,
    });
    const node = () => ({ url: 'file:///from-node', format: 'module' });
    for (const specifier of ['./no-such-file.js', './table.js?x=1', './table%2Ejs', '../../pg/lib/index.js', './table.d.ts']) {
      expect(resolveModule(specifier, context, node).url, specifier).toBe('file:///from-node');
    }
    // require() goes through the CommonJS loader untouched.
    expect(resolveModule('./table.js', { ...context, conditions: ['node', 'require'] }, node).url).toBe('file:///from-node');
  });

  it('is registered by each entry point before anything else is imported', () => {
    for (const file of ['src/server/main.ts', 'src/server/ledger/cli.ts', 'src/server/ledger/archive-cli.ts', 'tests/perf/partners-bench.mjs']) {
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const statics = [...source.matchAll(/^import (?!type )(?:.* from )?'([^']+)';$/gm)].map((m) => m[1]);
      expect(statics[0], file).toMatch(/lib\/module-hooks\.ts$/);
      // Static imports are all resolved before the file runs: only built-ins and packages without drizzle may stay static.
      for (const s of statics.slice(1)) expect(s, `${file} imports ${s} statically`).toMatch(/^(node:|pg$)/);
      expect(source.indexOf('registerModuleHooks();'), file).toBeLessThan(source.indexOf('await import('));
    }
  });
});
