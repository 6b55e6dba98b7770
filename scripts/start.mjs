// `npm start`: builds the site when its sources changed since the last build, then serves it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesMtime = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'public')), fs.statSync(path.join(root, 'astro.config.mjs')).mtimeMs);
if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < sourcesMtime) {
  for (const step of [[path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], [path.join(root, 'scripts/compress-dist.mjs')]]) {
    const built = spawnSync(process.execPath, step, { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
const served = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit' });
process.exit(served.status ?? 0);
