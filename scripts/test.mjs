// `npm test`: unit and API tests, the fault tests one file at a time, then a fresh build, then the browser tests against the built site.
// Runs every step even when an earlier one fails (the build is skipped only when there is nothing to
// test against), and exits non-zero if any step failed. With CI=true the browser tests are required:
// a missing chromium fails the run instead of skipping it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Each vitest step also writes the JSON report here, so the summary at the end can name what failed: CI keeps
// only the tail of a long log, and the failures printed mid-run are often cut from it.
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const failures = [];
const MAX_LISTED_FAILURES = 30;

function vitestRun(label, projects) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = [vitest, 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const ok = run(label, args);
  if (!ok) failures.push(...failedTests(label, report));
  return ok;
}

// The failed tests of one report as "label: file > test: first line of the error"; a step that failed without
// a readable report (a crash before vitest wrote it) is named by its label alone.
function failedTests(label, report) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    return [`${label}: no report was written (see the log above)`];
  }
  const out = [];
  for (const file of json.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push(`${label}: ${rel} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed') out.push(`${label}: ${rel}: ${firstLine(file.message)}`);
  }
  return out.length ? out : [`${label}: vitest failed without a failed test (see the log above)`];
}

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** Seconds each step took, by label, for the summary. */
const durations = new Map();
const suiteStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(label, args, command = process.execPath) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  durations.set(label, Date.now() - started);
  console.log(`=== ${label}: ${ok ? 'passed' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds(Date.now() - started)} ===`);
  return ok;
}

const results = [];
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}; redis: ${process.env.REDIS_URL ? 'on' : 'off'}`);

results.push(['unit and API tests', vitestRun('unit and API tests', ['unit', 'api'])]);
results.push(['fault tests', vitestRun('fault tests', ['fault'])]);

// `npm run build`, through the npm that started this script when there is one (it puts Node 24 first on PATH).
const npm = process.env.npm_execpath;
const built = npm ? run('build', [npm, 'run', 'build']) : run('build', ['run', 'build'], 'npm');
results.push(['build', built]);

if (!fs.existsSync(chromium) && ci) {
  console.error(`\nCI=true and chromium is missing at ${chromium}: the browser tests are required.`);
  results.push(['browser tests', false]);
} else if (built) {
  results.push(['browser tests', vitestRun('browser tests', ['e2e'])]);
} else {
  results.push(['browser tests', false]);
  console.error('\nThe build failed, so the browser tests did not run.');
}

console.log('\n=== summary ===');
for (const [label, ok] of results) {
  const took = durations.has(label) ? ` (${seconds(durations.get(label))})` : '';
  console.log(`${ok ? 'passed' : 'FAILED'}  ${label}${took}`);
}
console.log(`whole suite: ${seconds(Date.now() - suiteStarted)}`);
if (failures.length) {
  console.log('\nfailed tests:');
  for (const f of failures.slice(0, MAX_LISTED_FAILURES)) console.log(`  ${f}`);
  if (failures.length > MAX_LISTED_FAILURES) console.log(`  … and ${failures.length - MAX_LISTED_FAILURES} more`);
}
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
