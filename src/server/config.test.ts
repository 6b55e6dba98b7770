import { describe, expect, it } from 'vitest';
import { DEV_SECRETS, loadConfig, parseTrustProxy, productionProblems } from './config.ts';

const GOOD = {
  NODE_ENV: 'production',
  SEED_DEMO: '0',
  GAME_PROVIDER_SECRET: 'a-provider-secret-of-some-length',
  PAYMENT_GATEWAY_SECRET: 'a-gateway-secret-of-some-length',
  STAFF_TOTP_KEY: 'ab'.repeat(32),
  SMS_DRIVER: 'mitake',
  SMS_MITAKE_USERNAME: 'site',
  SMS_MITAKE_PASSWORD: 'a-mitake-password',
  SMS_RECEIPT_TOKEN: 'a-receipt-token-0123456',
};

describe('production settings', () => {
  it('accepts real secrets and an explicit SEED_DEMO', () => {
    expect(productionProblems(GOOD)).toEqual([]);
  });

  it('refuses every secret that is unset or the public default', () => {
    for (const name of ['GAME_PROVIDER_SECRET', 'PAYMENT_GATEWAY_SECRET', 'STAFF_TOTP_KEY'] as const) {
      expect(productionProblems({ ...GOOD, [name]: undefined }).join()).toContain(name);
      expect(productionProblems({ ...GOOD, [name]: DEV_SECRETS[name] }).join()).toContain(`${name} is the public development default`);
    }
    expect(productionProblems({ ...GOOD, STAFF_TOTP_KEY: 'x'.repeat(40) }).join()).toContain('STAFF_TOTP_KEY must be 32 bytes');
    expect(productionProblems({ ...GOOD, SMS_RECEIPT_TOKEN: undefined }).join()).toContain('SMS_RECEIPT_TOKEN');
    expect(productionProblems({ ...GOOD, SMS_RECEIPT_TOKEN: 'dev-sms-receipt-token' }).join()).toContain('public development default');
    expect(productionProblems({ ...GOOD, SMS_DRIVER: 'every8d' }).join()).toContain('SMS_EVERY8D_UID');
    // The outbox driver keeps codes readable in the back office: a demo installation only.
    expect(productionProblems({ ...GOOD, SMS_DRIVER: undefined }).join()).toContain('SMS_DRIVER must be mitake or every8d');
    expect(productionProblems({ ...GOOD, SMS_DRIVER: undefined, SEED_DEMO: '1' })).toEqual([]);
  });

  it('wants SEED_DEMO said explicitly', () => {
    expect(productionProblems({ ...GOOD, SEED_DEMO: undefined }).join()).toContain('SEED_DEMO');
    expect(productionProblems({ ...GOOD, SEED_DEMO: 'yes' }).join()).toContain('SEED_DEMO');
    expect(productionProblems({ ...GOOD, SEED_DEMO: '1' })).toEqual([]);
  });

  it('seeds demo data by default only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('is a hop count or a list of balancer addresses, never every hop', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16')).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
    expect(productionProblems({ ...GOOD, TRUST_PROXY: 'true' }).join()).toContain('TRUST_PROXY');
  });
});

describe('STAFF_IDLE_TIMEOUT_MS', () => {
  it('defaults to 30 minutes and takes whole milliseconds within 5 minutes and 12 hours', () => {
    expect(loadConfig({}).staffIdleTimeoutMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ STAFF_IDLE_TIMEOUT_MS: '900000' }).staffIdleTimeoutMs).toBe(900_000);
    for (const bad of ['60000', '86400000', '15.5', 'soon']) {
      expect(() => loadConfig({ STAFF_IDLE_TIMEOUT_MS: bad })).toThrow(/STAFF_IDLE_TIMEOUT_MS/);
    }
  });
});

describe('settings read once here rather than where they are used', () => {
  it('reads the pool size, the API rate limit, whether pages are served and the first operator password', () => {
    expect(loadConfig({})).toMatchObject({ dbPoolMax: 20, rateLimitPerMin: 600, servePages: true, bootstrapAdminPassword: undefined });
    expect(loadConfig({ DB_POOL_MAX: '40', RATE_LIMIT_PER_MIN: '5', SERVE_PAGES: '0', BOOTSTRAP_ADMIN_PASSWORD: 'first-pass-123' })).toMatchObject({
      dbPoolMax: 40,
      rateLimitPerMin: 5,
      servePages: false,
      bootstrapAdminPassword: 'first-pass-123',
    });
  });
});
