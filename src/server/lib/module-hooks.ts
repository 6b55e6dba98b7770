// Module resolution shortcuts for drizzle-orm, registered by every entry point (src/server/main.ts, the CLIs, the
// benches) with registerModuleHooks() before it loads anything that imports drizzle.
//
// Why: for every `.js` file it resolves or loads, Node's ESM loader (Node 24) asks for the file's package scope
// (get_format.js getFileProtocolModuleFormat → package_json_reader getPackageScopeConfig), and that function copies
// the package.json fields with an object spread, which runs the lazy `exports` getter: drizzle-orm's 178 KB
// package.json (its `exports` map names every one of its ~450 files) is handed over from C++ as a fresh string and
// parsed again, once per resolved import, about 2,000 times while the server's modules load. The garbage is large
// strings and objects that live long enough to be promoted, so V8 grows its young generation and large-object space
// and keeps the pages: importing drizzle-orm/node-postgres alone took a process from 50 MB to 283 MB resident, and
// nothing of it is used afterwards. Bare `drizzle-orm/...` imports pay the same parse once per importing file in
// package_json_reader read().
//
// What: a synchronous resolve hook (module.registerHooks) that answers, for specifiers Node would resolve the same
// way every time, without re-reading that package.json:
// - a relative specifier from a file inside drizzle-orm to a file inside it: the URL is the specifier resolved
//   against the parent, checked to be an existing regular file whose real path is itself (what Node's
//   finalizeResolution checks and returns), and the format is what Node's ESM_FILE_FORMAT gives for its extension:
//   `.mjs` module, `.cjs` commonjs, `.json` json, `.js` the `type` of the nearest package.json below node_modules
//   (read once). Anything else (a query, a percent-escape, a missing file, a symlink, a typeless scope, another
//   extension) goes to Node unchanged, so Node still raises its own errors;
// - a bare `drizzle-orm` or `drizzle-orm/sub` specifier: Node's own answer is remembered per installed copy of the
//   package (the node_modules/drizzle-orm directory Node's lookup finds from the importing file), subpath and
//   conditions, which are all that answer depends on, and reused for the next importing file.
// Other packages are left alone: drizzle-orm is the only dependency with a package.json this size (the next is
// under 40 KB), and a narrower hook is less to get wrong.
import fs from 'node:fs';
import { registerHooks, type ResolveFnOutput, type ResolveHookContext } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE = 'drizzle-orm';
const PACKAGE_DIR = `${path.sep}node_modules${path.sep}${PACKAGE}${path.sep}`;

type NextResolve = (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput;

/** What the hook did, for the tests: answered itself, or passed on to Node. */
export const moduleHookCounts = { relative: 0, bare: 0, passed: 0 };

/** The package root (with a trailing separator) of a path inside an installed drizzle-orm, or undefined. */
function packageRootOf(file: string): string | undefined {
  const at = file.lastIndexOf(PACKAGE_DIR);
  return at === -1 ? undefined : file.slice(0, at + PACKAGE_DIR.length);
}

const scopeTypeByDir = new Map<string, string | null>();

/**
 * The `type` of the package scope of a file: the nearest package.json at or above its directory, stopping at a
 * node_modules directory as Node's getPackageScopeConfig does; null when there is none or it has no `type`.
 */
function scopeType(dir: string): string | null {
  const known = scopeTypeByDir.get(dir);
  if (known !== undefined) return known;
  let type: string | null = null;
  const pjson = path.join(dir, 'package.json');
  if (fs.statSync(pjson, { throwIfNoEntry: false })?.isFile()) {
    const value: unknown = (JSON.parse(fs.readFileSync(pjson, 'utf8')) as { type?: unknown }).type;
    type = value === 'module' || value === 'commonjs' ? value : null;
  } else if (path.basename(dir) !== 'node_modules' && path.dirname(dir) !== dir) {
    type = scopeType(path.dirname(dir));
  }
  scopeTypeByDir.set(dir, type);
  return type;
}

/** Node's ESM_FILE_FORMAT for a file by its extension and package scope; undefined when Node would have to detect it. */
function fileFormat(file: string): string | undefined {
  const ext = path.extname(file);
  if (ext === '.mjs') return 'module';
  if (ext === '.cjs') return 'commonjs';
  if (ext === '.json') return 'json';
  if (ext === '.js') return scopeType(path.dirname(file)) ?? undefined;
  return undefined;
}

/** A relative import between two files of drizzle-orm, answered as Node would; undefined to let Node answer. */
function resolveRelative(specifier: string, parentURL: string): ResolveFnOutput | undefined {
  if (/[?#%\\]/.test(specifier) || !parentURL.startsWith('file:')) return undefined;
  const parent = fileURLToPath(parentURL);
  const root = packageRootOf(parent);
  if (root === undefined) return undefined;
  const file = path.resolve(path.dirname(parent), specifier);
  if (!file.startsWith(root)) return undefined;
  const format = fileFormat(file);
  if (format === undefined) return undefined;
  let real: string;
  try {
    real = fs.realpathSync.native(file);
  } catch {
    return undefined;
  }
  if (real !== file || !fs.statSync(file).isFile()) return undefined;
  return { url: pathToFileURL(file).href, format, shortCircuit: true };
}

const packageDirByDir = new Map<string, string | null>();

/** The node_modules/drizzle-orm directory Node's package lookup finds from a directory (walking up), or null. */
function installedPackageDir(dir: string): string | null {
  const known = packageDirByDir.get(dir);
  if (known !== undefined) return known;
  const candidate = path.join(dir, 'node_modules', PACKAGE);
  let found: string | null;
  if (fs.statSync(candidate, { throwIfNoEntry: false })?.isDirectory()) found = candidate;
  else found = path.dirname(dir) === dir ? null : installedPackageDir(path.dirname(dir));
  packageDirByDir.set(dir, found);
  return found;
}

const bareAnswers = new Map<string, ResolveFnOutput>();

/** A bare drizzle-orm import from outside the package: Node's answer, remembered per installed copy. */
function resolveBare(specifier: string, context: ResolveHookContext, nextResolve: NextResolve): ResolveFnOutput | undefined {
  const parentURL = context.parentURL;
  if (parentURL === undefined || !parentURL.startsWith('file:')) return undefined;
  const parent = fileURLToPath(parentURL);
  // A file inside the package could self-reference it; that path is Node's alone.
  if (packageRootOf(parent) !== undefined) return undefined;
  const dir = installedPackageDir(path.dirname(parent));
  if (dir === null) return undefined;
  const key = `${dir}\0${specifier}\0${[...context.conditions].join(',')}`;
  const known = bareAnswers.get(key);
  if (known) return { ...known, shortCircuit: true };
  const answer = nextResolve(specifier, context);
  bareAnswers.set(key, { url: answer.url, format: answer.format });
  moduleHookCounts.passed++;
  return answer;
}

/** The resolve hook: drizzle-orm's imports answered without Node's package.json re-reads, everything else by Node. */
export function resolveModule(specifier: string, context: ResolveHookContext, nextResolve: NextResolve): ResolveFnOutput {
  let answer: ResolveFnOutput | undefined;
  // Only `import`: require() resolves through the CommonJS loader, which this hook leaves to Node.
  if (!context.conditions.includes('import')) answer = undefined;
  else if ((specifier.startsWith('./') || specifier.startsWith('../')) && context.parentURL !== undefined) {
    answer = resolveRelative(specifier, context.parentURL);
    if (answer) moduleHookCounts.relative++;
  } else if (specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`)) {
    answer = resolveBare(specifier, context, nextResolve);
    if (answer?.shortCircuit) moduleHookCounts.bare++;
  }
  if (answer) return answer;
  moduleHookCounts.passed++;
  return nextResolve(specifier, context);
}

let registered = false;

/** Registers the hook once per process (a second call does nothing). */
export function registerModuleHooks(): void {
  if (registered) return;
  registered = true;
  registerHooks({ resolve: resolveModule });
}
