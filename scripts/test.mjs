// `npm test`: unit and API tests, the fault tests one file at a time, then a fresh build, then the browser tests against the built site.
// Runs every step even when an earlier one fails (the build is skipped only when there is nothing to
// test against), and exits non-zero if any step failed. With CI=true the browser tests are required:
// a missing chromium fails the run instead of skipping it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(label, args, command = process.execPath) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'passed' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  return ok;
}

const results = [];
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}; redis: ${process.env.REDIS_URL ? 'on' : 'off'}`);

results.push(['unit and API tests', run('unit and API tests', [vitest, 'run', '--project', 'unit', '--project', 'api'])]);
results.push(['fault tests', run('fault tests', [vitest, 'run', '--project', 'fault'])]);

// `npm run build`, through the npm that started this script when there is one (it puts Node 24 first on PATH).
const npm = process.env.npm_execpath;
const built = npm ? run('build', [npm, 'run', 'build']) : run('build', ['run', 'build'], 'npm');
results.push(['build', built]);

if (!fs.existsSync(chromium) && ci) {
  console.error(`\nCI=true and chromium is missing at ${chromium}: the browser tests are required.`);
  results.push(['browser tests', false]);
} else if (built) {
  results.push(['browser tests', run('browser tests', [vitest, 'run', '--project', 'e2e'])]);
} else {
  results.push(['browser tests', false]);
  console.error('\nThe build failed, so the browser tests did not run.');
}

console.log('\n=== summary ===');
for (const [label, ok] of results) console.log(`${ok ? 'passed' : 'FAILED'}  ${label}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
