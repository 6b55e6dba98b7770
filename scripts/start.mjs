// `npm start`: builds the site when its sources changed since the last build, starts the stand-in game
// provider (unless GAME_PROVIDER_URL points at a real one), then serves the site.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { simSettings } from './sim-env.mjs';

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

const sourcesMtime = Math.max(
  newestMtime(path.join(root, 'src')),
  newestMtime(path.join(root, 'public')),
  fs.statSync(path.join(root, 'astro.config.mjs')).mtimeMs,
);
if (!fs.existsSync(entry) || fs.statSync(entry).mtimeMs < sourcesMtime) {
  for (const step of [[path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], [path.join(root, 'scripts/compress-dist.mjs')]]) {
    const built = spawnSync(process.execPath, step, { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const env = { ...process.env };
const children = [];
if (!env.GAME_PROVIDER_URL) {
  // The stand-in provider runs as its own process, as a real provider would be a separate system. It follows this
  // site: its port beside the site's, its seamless wallet calls to this site's own address (scripts/sim-env.mjs).
  const sim = simSettings(env, root);
  env.GAME_PROVIDER_URL = sim.providerUrl;
  children.push(
    spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'sim/server.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...sim.env },
    }),
  );
}
if (!env.SMS_DRIVER && children.length > 0) {
  // The demo's codes leave through the Mitake stand-in in the sim just started, with EVERY8D's as the failover, so
  // the gateway driver, its receipts and its reports run as they would for real; the phones' inbox is
  // GAME_PROVIDER_URL/sim/sms/inbox (the back office's SMS log keeps the codes masked).
  Object.assign(env, {
    SMS_DRIVER: 'mitake',
    SMS_MITAKE_URL: `${env.GAME_PROVIDER_URL}/mitake`,
    SMS_MITAKE_USERNAME: 'site',
    SMS_MITAKE_PASSWORD: 'dev-mitake-password',
    SMS_EVERY8D_URL: `${env.GAME_PROVIDER_URL}/every8d`,
    SMS_EVERY8D_UID: 'site',
    SMS_EVERY8D_PWD: 'dev-every8d-password',
  });
}
const app = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'src/server/main.ts')], { cwd: root, stdio: 'inherit', env });
children.push(app);

const stop = (signal) => {
  for (const c of children) if (c.exitCode === null) c.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
app.on('exit', (code) => {
  stop('SIGTERM');
  process.exit(code ?? 0);
});
