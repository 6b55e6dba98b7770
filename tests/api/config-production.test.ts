// A production server with public secrets or implicit demo data must not start at all.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function start(env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/SECRET|TOTP_KEY|SEED_DEMO|NODE_ENV|DATABASE_URL|REDIS_URL/.test(k)));
  return spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...clean, PORT: '1', DATA_DIR: '/nonexistent-dir-for-this-test', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('production start-up', () => {
  it('refuses to start without secrets, naming each one, and exits non-zero', () => {
    const r = start({ NODE_ENV: 'production' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Refusing to start in production');
    for (const name of ['GAME_PROVIDER_SECRET', 'PAYMENT_GATEWAY_SECRET', 'STAFF_TOTP_KEY', 'SEED_DEMO']) expect(r.stderr).toContain(name);
  });

  it('refuses the public default secrets even with SEED_DEMO set', () => {
    const r = start({
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      GAME_PROVIDER_SECRET: 'dev-provider-secret',
      PAYMENT_GATEWAY_SECRET: 'dev-gateway-secret',
      STAFF_TOTP_KEY: '0'.repeat(64),
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('GAME_PROVIDER_SECRET is the public development default');
    expect(r.stderr).toContain('PAYMENT_GATEWAY_SECRET is the public development default');
  });
});
