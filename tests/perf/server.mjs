// Shared by the benchmarks and the CI Lighthouse floor: builds the site when its sources are newer than
// the build, and starts the real server on a free port with its own fresh database and the demo data.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The server runs as production does, which refuses the public development secrets; the stand-in
 * provider and gateway (startSim) read the same ones from SIM_SECRET and SIM_GATEWAY_SECRET.
 */
export const TEST_SECRETS = {
  GAME_PROVIDER_SECRET: (process.env.SIM_SECRET ||= `perf-provider-${randomBytes(12).toString('hex')}`),
  PAYMENT_GATEWAY_SECRET: (process.env.SIM_GATEWAY_SECRET ||= `perf-gateway-${randomBytes(12).toString('hex')}`),
  STAFF_TOTP_KEY: randomBytes(32).toString('hex'),
};
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

function newestMtime(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds unless dist/ is newer than every source of the site. */
export function ensureBuilt() {
  const entry = path.join(ROOT, 'dist/server/entry.mjs');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src')),
    newestMtime(path.join(ROOT, 'public')),
    fs.statSync(path.join(ROOT, 'astro.config.mjs')).mtimeMs,
  );
  if (fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= sources) return;
  console.log('building the site (sources are newer than dist/) ...');
  for (const step of [[path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], [path.join(ROOT, 'scripts/compress-dist.mjs')]]) {
    const r = spawnSync(process.execPath, step, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`build step failed: ${step.join(' ')}`);
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `src/server/main.ts` as production would run it. `env` adds or overrides variables.
 * Returns { url, stop() }.
 */
export async function startServer(env = {}) {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...TEST_SECRETS,
    ...env,
  };
  let cleanup = async () => {};
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `perf_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    childEnv.DATABASE_URL = url.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-pglite-'));
    childEnv.DATABASE_URL = '';
    childEnv.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  // Never leave the server behind, even when this script dies on an uncaught error.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  void exited.then(() => process.off('exit', orphanGuard));

  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (exitCode !== undefined) {
      await cleanup().catch(() => undefined);
      throw new Error(`the server exited with ${exitCode} during start-up:\n${stderr}`);
    }
    if (
      await fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      await exited;
      await cleanup().catch(() => undefined);
      throw new Error(`the server did not become ready in time:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    /** The server process, for benchmarks that read its CPU time (/proc/<pid>/stat). */
    pid: child.pid,
    async stop() {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      await cleanup().catch((err) => console.warn('cleanup failed:', err.message));
    },
  };
}
