// Structure gates of DESIGN.md section 3 that dependency-cruiser cannot express, run by `npm run lint:deps`:
// - no two server domains (src/server/modules/<domain>) import each other, in any files: one of them must
//   reach the other through an event or be reached only through its service;
// - no function in src/server is longer than FUNCTION_LINES_MAX lines (TigerBeetle's limit: a function that
//   does not fit on a screen is doing more than one thing);
// - no file under src/server/modules reads the ledger's tables (accounts, journals, postings), neither by
//   importing them from src/server/db/schema*.ts nor by naming them in SQL text (`from accounts`, `join postings`):
//   the ledger owns them, and domains ask src/server/ledger (read.ts for reads, accounts.ts to open accounts).
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
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.startsWith('.')
      && isSchemaFile(path.resolve(path.dirname(file), node.moduleSpecifier.text))) {
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
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const m of node.text.matchAll(LEDGER_SQL)) found.push(`${at(node)} SQL "${m[0].replace(/\s+/g, ' ')}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const problems = [];
const edges = new Map();
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
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)
      || ts.isConstructorDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) {
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
}

for (const [key, files] of edges) {
  const [a, b] = key.split(' -> ');
  if (a < b && edges.has(`${b} -> ${a}`)) {
    problems.push(`domains import each other: ${a} <-> ${b} (${a} -> ${b}: ${[...new Set(files)].join(', ')}; ${b} -> ${a}: ${[...new Set(edges.get(`${b} -> ${a}`))].join(', ')})`);
  }
}

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`\n${problems.length} structure problem(s)`);
  process.exit(1);
}
console.log('structure: no domains import each other; every server function is within', FUNCTION_LINES_MAX, 'lines; only the ledger reads its tables');
