// Structure gates of DESIGN.md section 3 that dependency-cruiser cannot express, run by `npm run lint:deps`:
// - no two server domains (src/server/modules/<domain>) import each other, in any files: one of them must
//   reach the other through an event or be reached only through its service;
// - no function in src/server is longer than FUNCTION_LINES_MAX lines (TigerBeetle's limit: a function that
//   does not fit on a screen is doing more than one thing);
// - no file under src/server/modules reads the ledger's tables (accounts, journals, postings), neither by
//   importing them from src/server/db/schema*.ts nor by naming them in SQL text (`from accounts`, `join postings`):
//   the ledger owns them, and domains ask src/server/ledger (read.ts for reads, accounts.ts to open accounts);
// - every table of the schema has one owning domain in src/server/db/owners.ts (TABLE_OWNERS), and no file under
//   src/server/modules names another domain's table, neither by importing it from the schema nor in SQL text: a
//   domain's tables are read and written by that domain only, and the others ask its service or its read API
//   (a *-facts.ts file of the owner, which may hand out a sub-select so the caller's list stays one statement);
// - every SQL function has exactly one file, src/server/<home>/sql/<function>.sql, holding its one definition
//   (src/server/db/migrate.ts applies them): no function is defined in two files, none in a migration (drizzle/), and
//   a file defines the one function it is named after. A domain's SQL files (modules/<domain>/sql, ledger/sql for the
//   ledger) name only that domain's tables, as its TypeScript does, except the crossings SQL_CROSSINGS lists.
// Exits 1 and names every offender.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const FUNCTION_LINES_MAX = 70;
const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'src/server');
const modulesDir = path.join(serverDir, 'modules');

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const domainOf = (file) => {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
};

const LEDGER_TABLES = new Set(['accounts', 'journals', 'postings']);
const LEDGER_SQL = /\b(?:from|join|into|update)\s+(accounts|journals|postings)\b/gi;
const isSchemaFile = (file) => path.relative(path.join(serverDir, 'db'), file).match(/^schema[\w-]*\.ts$/) !== null;

/** Where a file under src/server/modules reaches into the ledger's tables: imports of them and SQL naming them. */
function ledgerTableUses(file, source) {
  const found = [];
  const namespaces = new Set();
  const at = (node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('.') &&
      isSchemaFile(path.resolve(path.dirname(file), node.moduleSpecifier.text))
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          const name = (el.propertyName ?? el.name).text;
          if (LEDGER_TABLES.has(name)) found.push(`${at(el)} imports ${name}`);
        }
      }
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && LEDGER_TABLES.has(node.name.text)) {
      found.push(`${at(node)} uses ${node.expression.text}.${node.name.text}`);
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const m of node.text.matchAll(LEDGER_SQL)) found.push(`${at(node)} SQL "${m[0].replace(/\s+/g, ' ')}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The tables the schema files declare, by the name they are exported under: `export const x = pgTable('x_y', ...)`. */
function schemaTables() {
  const byExport = new Map();
  for (const entry of fs.readdirSync(path.join(serverDir, 'db'))) {
    const file = path.join(serverDir, 'db', entry);
    if (!isSchemaFile(file)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isCallExpression(node.initializer) &&
        node.initializer.expression.getText(source) === 'pgTable' &&
        ts.isStringLiteral(node.initializer.arguments[0])
      ) {
        byExport.set(node.name.text, node.initializer.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return byExport;
}

/** TABLE_OWNERS of src/server/db/owners.ts, read from its text (this script runs without compiling TypeScript): table -> domain. */
function tableOwners() {
  const file = path.join(serverDir, 'db/owners.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const owners = new Map();
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'TABLE_OWNERS') {
      let init = node.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) init = init.expression;
      for (const prop of init.properties) {
        const domain = prop.name.getText(source);
        for (const el of prop.initializer.elements) {
          if (owners.has(el.text)) problems.push(`table with two owners: ${el.text} (${owners.get(el.text)}, ${domain}) in src/server/db/owners.ts`);
          owners.set(el.text, domain);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return owners;
}

const OWNED_SQL = /\b(?:from|join|into|update)\s+([a-z_]+)\b/gi;

/**
 * Where a file of a domain names a table another domain owns: imports of it from the schema and SQL naming it.
 * Seed files (seed.ts) are left out: they write a fresh database's demo rows once at start, before any player or
 * operator arrives, and a seed that runs through other domains' services would need their whole wiring (ledger,
 * events, audit) for rows nobody reads as money; the rule guards the code that runs against live data.
 */
function foreignTableUses(file, source, domain, tableOf, owners) {
  if (path.basename(file) === 'seed.ts') return [];
  const found = [];
  const namespaces = new Set();
  const at = (node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const foreign = (table) => {
    const owner = owners.get(table);
    return owner !== undefined && owner !== domain && owner !== 'ledger' ? owner : undefined;
  };
  const visit = (node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text.startsWith('.') &&
      isSchemaFile(path.resolve(path.dirname(file), node.moduleSpecifier.text))
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          const table = tableOf.get((el.propertyName ?? el.name).text);
          if (table && foreign(table)) found.push(`${at(el)} imports ${table} of ${foreign(table)}`);
        }
      }
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      const table = tableOf.get(node.name.text);
      if (table && foreign(table)) found.push(`${at(node)} uses ${table} of ${foreign(table)}`);
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const m of node.text.matchAll(OWNED_SQL)) {
        if (foreign(m[1])) found.push(`${at(node)} SQL "${m[0].replace(/\s+/g, ' ')}" of ${foreign(m[1])}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Tables that a domain's SQL function names although another domain owns them, as they were when the functions got
 * their files: each is a statement on a hot path (a seamless debit or credit, a transfer into play, a red-packet
 * claim) that reads or locks the other domain's rows in the same statement, and each is to go the way the seamless
 * debit's gate check went (protection_gate_lock_clear: the owner's function, called by name). The list only shrinks:
 * a crossing that is not listed fails, and so does a listed one that no longer occurs.
 */
/** @type {Record<string, string[]>} */
const SQL_CROSSINGS = {
  'modules/seamless/sql/seamless_debit_call.sql': ['accounts', 'players'],
  'modules/seamless/sql/seamless_credit_call.sql': ['accounts'],
  'modules/wallet/sql/wallet_start_transfer_in.sql': ['game_platforms', 'protection_exclusions', 'protection_limits', 'seamless_platforms'],
  'modules/redpacket/sql/red_packet_refusal.sql': ['bet_records', 'deposit_orders', 'players', 'protection_exclusions', 'protection_limits'],
  'modules/redpacket/sql/red_packet_pay.sql': ['accounts', 'bonus_wallets'],
  'modules/reports/sql/report_active_rebuild_day.sql': ['bet_player_days'],
};

/** SQL text without its comments, for reading the statements it holds. @param {string} text */
const sqlCode = (text) => text.replace(/--[^\n]*/g, ' ');
const DEFINES_FUNCTION = /\bcreate\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(?:public\.)?"?([a-z_][a-z0-9_]*)/gi;

/** Every .sql file under dir. @param {string} dir @returns {string[]} */
function walkSql(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkSql(full));
    else if (entry.name.endsWith('.sql')) out.push(full);
  }
  return out;
}

/** The one-file-per-function rule and the ownership of the tables the function files name. @param {Map<string, string>} owners */
function checkSqlFunctions(owners) {
  /** @type {Map<string, string[]>} */
  const homes = new Map();
  for (const file of walkSql(serverDir)) {
    const rel = path.relative(serverDir, file).split(path.sep).join('/');
    if (path.basename(path.dirname(file)) !== 'sql') {
      problems.push(`SQL file outside a sql folder: src/server/${rel} (function files live in <home>/sql/<function>.sql)`);
      continue;
    }
    const code = sqlCode(fs.readFileSync(file, 'utf8'));
    const names = [...code.matchAll(DEFINES_FUNCTION)].map((m) => m[1].toLowerCase());
    const own = path.basename(file, '.sql');
    if (names.length !== 1 || names[0] !== own)
      problems.push(`src/server/${rel} must define exactly one function, ${own} (it defines ${names.join(', ') || 'none'})`);
    for (const name of names) homes.set(name, [...(homes.get(name) ?? []), `src/server/${rel}`]);
    const domain = rel.startsWith('modules/') ? rel.split('/')[1] : rel.startsWith('ledger/') ? 'ledger' : undefined;
    if (!domain) continue;
    const allowed = new Set(SQL_CROSSINGS[rel] ?? []);
    const crossed = new Set();
    for (const m of code.matchAll(OWNED_SQL)) {
      const table = m[1].toLowerCase();
      const owner = owners.get(table);
      const foreign = owner !== undefined && owner !== domain && (owner !== 'ledger' || LEDGER_TABLES.has(table));
      if (!foreign) continue;
      crossed.add(table);
      if (!allowed.has(table)) problems.push(`another domain's table: src/server/${rel} SQL "${m[0].replace(/\s+/g, ' ')}" of ${owner}`);
    }
    for (const table of allowed)
      if (!crossed.has(table)) problems.push(`SQL_CROSSINGS lists ${table} for src/server/${rel}, which no longer names it: take it off the list`);
  }
  for (const [name, files] of homes) if (files.length > 1) problems.push(`function ${name} is defined in more than one file: ${files.join(', ')}`);
  for (const file of walkSql(path.join(root, 'drizzle'))) {
    for (const m of sqlCode(fs.readFileSync(file, 'utf8')).matchAll(DEFINES_FUNCTION)) {
      const home = homes.get(m[1].toLowerCase())?.[0] ?? `src/server/<domain>/sql/${m[1]}.sql`;
      problems.push(`function ${m[1]} defined in a migration: ${path.relative(root, file)} (its definition belongs in ${home}; no migration is needed)`);
    }
  }
  for (const rel of Object.keys(SQL_CROSSINGS))
    if (!fs.existsSync(path.join(serverDir, rel))) problems.push(`SQL_CROSSINGS names a file that is gone: src/server/${rel}`);
}

const problems = [];
const edges = new Map();
const tableOf = schemaTables();
const owners = tableOwners();
for (const table of new Set(tableOf.values()))
  if (!owners.has(table)) problems.push(`table without an owner: ${table} (add it to TABLE_OWNERS in src/server/db/owners.ts)`);
for (const table of owners.keys())
  if (![...tableOf.values()].includes(table)) problems.push(`owner of a table the schema does not declare: ${table} in src/server/db/owners.ts`);
for (const file of walk(serverDir)) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const from = domainOf(file);
  const visit = (node) => {
    if (from && (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      if (spec.startsWith('.')) {
        const to = domainOf(path.resolve(path.dirname(file), spec));
        if (to && to !== from) {
          const key = `${from} -> ${to}`;
          if (!edges.has(key)) edges.set(key, []);
          edges.get(key).push(path.relative(root, file));
        }
      }
    }
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessor(node) ||
      ts.isSetAccessor(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      if (lines > FUNCTION_LINES_MAX) {
        const name = node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
        problems.push(`function over ${FUNCTION_LINES_MAX} lines: ${path.relative(root, file)}:${start} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (from) for (const use of ledgerTableUses(file, source)) problems.push(`ledger table outside the ledger: ${use}`);
  if (from) for (const use of foreignTableUses(file, source, from, tableOf, owners)) problems.push(`another domain's table: ${use}`);
}

checkSqlFunctions(new Map([...owners].map(([table, domain]) => [String(table), String(domain)])));

for (const [key, files] of edges) {
  const [a, b] = key.split(' -> ');
  if (a < b && edges.has(`${b} -> ${a}`)) {
    problems.push(
      `domains import each other: ${a} <-> ${b} (${a} -> ${b}: ${[...new Set(files)].join(', ')}; ${b} -> ${a}: ${[...new Set(edges.get(`${b} -> ${a}`))].join(', ')})`,
    );
  }
}

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`\n${problems.length} structure problem(s)`);
  process.exit(1);
}
console.log(
  'structure: no domains import each other; every server function is within',
  FUNCTION_LINES_MAX,
  "lines; only the ledger reads its tables; each domain's tables are named by that domain only; each SQL function has one file",
);
