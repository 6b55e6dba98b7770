// Run after `npm install` changes the lock on a machine whose registry mirror lacks other platforms' binaries:
// `node scripts/lock-platform-stubs.mjs`. Without these entries `npm ci` refuses the lock ("Missing: ... from lock file").
// Adds lock entries for optional platform packages that a parent lists but the lock lacks, so `npm ci`
// accepts the lock; on other platforms npm skips them as optional (os/cpu/libc read from the name).
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pk = lock.packages;
const added = [];
for (const entry of Object.values(pk)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `node_modules/${name}`;
    if (pk[where]) continue;
    const m = name.match(/-(android|darwin|linux|freebsd|win32|wasm32)-([a-z0-9]+)(?:-(gnu|musl|gnueabihf|msvc|wasi))?$/);
    if (!m) {
      console.warn('cannot place', name);
      continue;
    }
    const [, os, cpu, abi] = m;
    const stub = { version, cpu: [os === 'wasm32' ? 'wasm32' : cpu === 'arm' ? 'arm' : cpu], license: entry.license ?? 'MIT', optional: true };
    if (os === 'wasm32') stub.cpu = ['wasm32'];
    else stub.os = [os];
    if (abi === 'gnu' || abi === 'gnueabihf') stub.libc = ['glibc'];
    if (abi === 'musl') stub.libc = ['musl'];
    pk[where] = stub;
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added.length}:`, added.join(' '));
