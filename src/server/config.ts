// Reads the process environment once, with defaults that make `npm start` work on a fresh machine.
import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { STAFF_IDLE_TIMEOUT_BOUNDS_MS, STAFF_IDLE_TIMEOUT_MS } from './modules/staff/idle-timeout.ts';
import { AIO_DEFAULT_LIMITS, type AioCodeExpiry, type AioConfig, type AioLimits, type AioMethod } from './integrations/payments/aio.ts';

export interface Config {
  port: number;
  host: string;
  /** Unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /**
   * A streaming replica for reads that may lag (DATABASE_READ_URL; unset reads everything from the primary), used while
   * it is at most READ_REPLICA_MAX_LAG_MS behind (default 2000), checked every READ_REPLICA_CHECK_MS (default 1000).
   */
  replica: { url: string; maxLagMs: number; checkEveryMs: number; poolMax: number } | undefined;
  redisUrl: string | undefined;
  /**
   * Put before every Redis key and channel this site uses (REDIS_KEY_PREFIX), so several sites or test servers can
   * share one Redis without sharing counters or events. Every instance of one site must use the same prefix.
   */
  redisKeyPrefix: string;
  /** This instance's name on the back office's breaker screen (INSTANCE_NAME; by default the host name and process id). */
  instanceName: string | undefined;
  dataDir: string;
  /** Seeds the demo player and the operator account (settings and platforms are always seeded). */
  seedDemo: boolean;
  /**
   * SMS (integrations/sms): SMS_DRIVER outbox (the default: nothing leaves, the back office's SMS log is the phone; a
   * demo only) or mitake / every8d, the primary gateway, with the other as failover when it is configured too.
   * Mitake: SMS_MITAKE_URL (default https://smsapi.mitake.com.tw), SMS_MITAKE_USERNAME, SMS_MITAKE_PASSWORD; EVERY8D:
   * SMS_EVERY8D_URL (default https://api.e8d.tw), SMS_EVERY8D_UID, SMS_EVERY8D_PWD, SMS_EVERY8D_RETRY_MINUTES (how
   * long the carrier keeps trying, default 10). SMS_TIMEOUT_MS bounds each call (default 5000). Mitake's receipts come
   * to CALLBACK_BASE_URL/api/sms/mitake/receipt/SMS_RECEIPT_TOKEN; EVERY8D's delivery reports are asked for every
   * SMS_REPORT_INTERVAL_MS (default 60 s; 0 switches the job off). SMS_CREDIT_ALERT_BELOW: the credit under which the
   * SmsCreditLow alert fires (default 500).
   */
  sms: SmsConfig;
  /**
   * Which proxies' X-Forwarded-For is believed: false (none), a hop count, or a list of balancer
   * addresses and CIDR ranges. Fastify's trustProxy takes each form as it is.
   */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** Bearer token a Prometheus scraper sends to /metrics (METRICS_TOKEN); unset turns the endpoint off. */
  metricsToken: string | undefined;
  nodeEnv: string;
  provider: { baseUrl: string; secret: string; operator: string; timeoutMs: number; requestTtlMs: number };
  /**
   * The seamless wallet API providers call. secrets: the HMAC key of each provider code (SEAMLESS_SECRET_<CODE>),
   * defaultSecret for a code without its own (SEAMLESS_SECRET); allow: the addresses each provider may call from
   * (SEAMLESS_ALLOW_<CODE>, comma-separated; unset allows any); requestTtlMs: how old a signed timestamp may be.
   */
  seamless: { defaultSecret: string; secrets: Record<string, string>; allow: Record<string, string[]>; requestTtlMs: number; launchTtlMs: number };
  /** How often reconciliation looks at pending platform transfers; 0 switches the job off. */
  reconcileIntervalMs: number;
  /** How often bet records are pulled from the providers; 0 switches the job off. */
  betIngestIntervalMs: number;
  gateway: { baseUrl: string; merchant: string; secret: string; timeoutMs: number };
  /** Where players' browsers reach the site (gateway return links) and where the gateway posts callbacks. */
  siteUrl: string;
  callbackBaseUrl: string;
  /** How often unpaid gateway orders past their expiry are closed; 0 switches the job off. */
  depositExpiryIntervalMs: number;
  /**
   * The VIP nightly run (downgrades after grace, monthly and birthday rewards) runs at 00:30 Taipei time; set
   * (VIP_NIGHTLY_INTERVAL_MS, for tests and development), every so many milliseconds instead, 0 switching it off.
   */
  vipNightlyIntervalMs: number | undefined;
  /** How often settled valid bet turns into VIP points between nightly runs (VIP_POINTS_INTERVAL_MS, default 1 h; 0 off). */
  vipPointsIntervalMs: number;
  /**
   * The partners' settlement looks for an ended period at 00:10 Taipei time and the promotions' day close runs at
   * 00:05; set (PARTNERS_SETTLE_INTERVAL_MS, PROMOTIONS_DAILY_INTERVAL_MS, for tests and development), every so many
   * milliseconds instead, 0 switching the job off.
   */
  partnersSettleIntervalMs: number | undefined;
  promotionsDailyIntervalMs: number | undefined;
  /** How often paid deposits whose promotion hook never ran are looked for (PROMOTIONS_SWEEP_INTERVAL_MS, default 10 min; 0 off). */
  promotionsSweepIntervalMs: number;
  /**
   * How long an instance's claim on a scheduled job lasts before another instance may take the job over
   * (JOB_LEASE_MS, default 60 s); renewed while the run lasts, so only an instance that died lets it lapse.
   */
  jobLeaseMs: number;
  /** How often the red-packet job publishes rounds that opened or closed (show-redEnvelope, close-redEnvelope). */
  redPacketTickMs: number;
  /** 32-byte key (hex or base64) that encrypts staff TOTP secrets at rest. */
  staffTotpKey: Buffer;
  /**
   * The key signed cookies are signed with (the partner tracking cookie): COOKIE_SECRET, or when unset a key derived
   * from STAFF_TOTP_KEY (a secret production already requires), so it is never a public default in production.
   */
  cookieSecret: string;
  /** Admin and finance staff must have an authenticator (enrolled at sign-in); on by default in production. */
  staffTotpRequired: boolean;
  /** A back-office session unused this long ends (STAFF_IDLE_TIMEOUT_MS, 5 min to 12 h, default 30 min). */
  staffIdleTimeoutMs: number;
  /** Database connections this instance holds at most (DB_POOL_MAX, default 20). */
  dbPoolMax: number;
  /**
   * The outbox worker (src/server/events): how long it waits between polls that found less than a batch
   * (OUTBOX_POLL_INTERVAL_MS, default 500, at least 50), how many deliveries a poll claims (OUTBOX_BATCH_SIZE, default
   * 50, 1 to 500), how long a claimed delivery is leased (OUTBOX_LEASE_MS, default 60 s), and how young a first
   * attempt is left to the request that published it (OUTBOX_CLAIM_GRACE_MS, default 2 s).
   */
  outbox: { pollIntervalMs: number; batchSize: number; leaseMs: number; claimGraceMs: number };
  /** API requests one address may make a minute before it is answered 429 (RATE_LIMIT_PER_MIN, default 600). */
  rateLimitPerMin: number;
  /** Whether main.ts mounts the built Astro site (SERVE_PAGES=0 serves the API and sockets only). */
  servePages: boolean;
  /** The first operator's password when the database has none yet (BOOTSTRAP_ADMIN_PASSWORD); unset creates none. */
  bootstrapAdminPassword: string | undefined;
  /**
   * On SIGTERM, how long readiness fails before the instance stops taking connections (DRAIN_DELAY_MS, default 2 s):
   * long enough for the balancer's health checks to take it out (docs/operations.md, "Health and readiness").
   */
  drainDelayMs: number;
  /**
   * The circuit breakers in front of providers, gateways and SMS (integrations/breakers.ts): how many recent calls
   * must have failed, in percent, before a breaker opens (BREAKER_ERROR_PERCENT, default 50), how many calls the window
   * needs first (BREAKER_VOLUME, default 5), and how long it stays open before one probe call (BREAKER_RESET_MS,
   * default 30 s).
   */
  breakers: { errorPercent: number; volume: number; resetMs: number };
  /**
   * USDT on TRON (modules/cashier/usdt): TRON_XPUB, the operator's extended public key at m/44'/195'/<account>' (unset:
   * no addresses are handed out and USDT stays a manual method); TRON_API_URL, TronGrid or its stand-in (default the
   * stand-in under GAME_PROVIDER_URL/trongrid); TRON_API_KEY, sent as TRON-PRO-API-KEY; TRON_API_RPS, the requests a
   * second the adapter spaces itself to (default 10, under TronGrid's 15); TRON_USDT_CONTRACT; TRON_WATCH_INTERVAL_MS,
   * how often the watcher runs (default 3000, a block; 0 switches it off); TRON_START_BLOCK, where a fresh watcher
   * begins (default the solidified head at its first run).
   */
  tron: {
    xpub: string | undefined;
    baseUrl: string;
    apiKey: string;
    requestsPerSecond: number;
    timeoutMs: number;
    usdtContract: string;
    watchIntervalMs: number;
    startBlock: number | undefined;
  };
  /**
   * The AIO-format gateway dialect (integrations/payments/aio.ts), used in place of PayBridge when
   * PAYMENT_GATEWAY_DIALECT=aio: the merchant, its HashKey and HashIV, the gateway's address, each method's limits
   * (AIO_LIMITS, `atm=11-49999,cvs=33-6000,…` in whole TWD), how long issued codes last, and how often the
   * reconciler asks about orders the notices missed.
   */
  aio: AioConfig & { expiry: AioCodeExpiry; reconcileIntervalMs: number };
  gatewayDialect: 'paybridge' | 'aio';
}

export interface SmsConfig {
  driver: 'outbox' | 'gateway';
  primary: 'mitake' | 'every8d';
  mitake: { baseUrl: string; username: string; password: string } | undefined;
  every8d: { baseUrl: string; uid: string; pwd: string; retryMinutes: number } | undefined;
  timeoutMs: number;
  receiptToken: string;
  receiptUrl: string;
  reportIntervalMs: number;
  creditAlertBelow: number;
}

/** The public development defaults: anyone can read them in this repository, so production refuses them. */
export const DEV_SECRETS = {
  GAME_PROVIDER_SECRET: 'dev-provider-secret',
  PAYMENT_GATEWAY_SECRET: 'dev-gateway-secret',
  STAFF_TOTP_KEY: '0'.repeat(64),
  SEAMLESS_SECRET: 'dev-seamless-secret',
  SMS_RECEIPT_TOKEN: 'dev-sms-receipt-token',
} as const;

/** The published test merchant of the AIO format (developers.ecpay.com.tw): public, so production refuses it. */
export const AIO_TEST_MERCHANT = { merchantId: '3002607', hashKey: 'pwFHCqoQZGmho4w6', hashIv: 'EkRm7iFT261dpevs' } as const;

/** COOKIE_SECRET, or a key derived from the staff TOTP key (HKDF, its own label) when unset. */
function cookieSecretOf(env: NodeJS.ProcessEnv): string {
  if (env.COOKIE_SECRET) return env.COOKIE_SECRET;
  const base = parseKey(env.STAFF_TOTP_KEY) ?? Buffer.from(DEV_SECRETS.STAFF_TOTP_KEY, 'hex');
  return Buffer.from(hkdfSync('sha256', base, Buffer.alloc(0), 'lucky-harbour signed cookies', 32)).toString('hex');
}

/** Reads a 256-bit key written as 64 hex digits or as base64; undefined for anything else. */
function parseKey(text: string | undefined): Buffer | undefined {
  if (!text) return undefined;
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  const b = Buffer.from(text, 'base64');
  return b.length === 32 ? b : undefined;
}

/**
 * TRUST_PROXY: unset, empty, 0 or false trusts nobody; a whole number trusts that many hops in front of the
 * app; anything else is a comma-separated list of balancer addresses or CIDR ranges. 'true' is refused,
 * because trusting every hop lets a client choose its own address with X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text.toLowerCase() === 'true') throw new Error('TRUST_PROXY=true trusts every hop; give a hop count (e.g. 1) or the balancer addresses');
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What keeps a production server from starting: secrets left unset or at their public defaults, and a
 * demo-data switch left implicit. Empty when the environment is fit for production.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const secret = (name: keyof typeof DEV_SECRETS, minLength = 16) => {
    const value = env[name];
    if (!value) problems.push(`${name} is not set`);
    else if (value === (DEV_SECRETS as Record<string, string>)[name]) problems.push(`${name} is the public development default`);
    else if (value.length < minLength) problems.push(`${name} is shorter than ${minLength} characters`);
  };
  secret('GAME_PROVIDER_SECRET');
  secret('PAYMENT_GATEWAY_SECRET');
  secret('STAFF_TOTP_KEY');
  // Seamless providers sign with their own key or the shared one; the public default would let anyone move money.
  if (env.SEAMLESS_SECRET === DEV_SECRETS.SEAMLESS_SECRET) problems.push('SEAMLESS_SECRET is the public development default');
  if (env.STAFF_TOTP_KEY && env.STAFF_TOTP_KEY !== DEV_SECRETS.STAFF_TOTP_KEY && !parseKey(env.STAFF_TOTP_KEY)) {
    problems.push('STAFF_TOTP_KEY must be 32 bytes as 64 hex digits or base64');
  }
  // The published test merchant's keys are public: only a demo installation may use them.
  const demo = /^(1|true)$/i.test(env.SEED_DEMO ?? '');
  if (env.PAYMENT_GATEWAY_DIALECT === 'aio' && !demo && (!env.AIO_HASH_KEY || env.AIO_HASH_KEY === AIO_TEST_MERCHANT.hashKey || !env.AIO_HASH_IV)) {
    problems.push("AIO_HASH_KEY and AIO_HASH_IV must be the merchant's own (not the published test merchant's)");
  }
  if (env.COOKIE_SECRET !== undefined && env.COOKIE_SECRET.length < 32) problems.push('COOKIE_SECRET is shorter than 32 characters');
  problems.push(...smsProblems(env, secret));
  if (env.SEED_DEMO === undefined || !/^(0|1|true|false)$/i.test(env.SEED_DEMO)) {
    problems.push('SEED_DEMO must be set explicitly to 0 (production) or 1 (a demo installation)');
  }
  try {
    parseTrustProxy(env.TRUST_PROXY);
  } catch (err) {
    problems.push((err as Error).message);
  }
  return problems;
}

/** A gateway driver needs its gateway's account and a receipt token nobody can guess; the outbox driver is a demo's. */
function smsProblems(env: NodeJS.ProcessEnv, secret: (name: 'SMS_RECEIPT_TOKEN') => void): string[] {
  const problems: string[] = [];
  const driver = env.SMS_DRIVER ?? '';
  if (driver === 'mitake' || driver === 'every8d') {
    if (!env.SMS_MITAKE_USERNAME && !env.SMS_EVERY8D_UID) problems.push('SMS_MITAKE_USERNAME or SMS_EVERY8D_UID must be set for the SMS gateways');
    if (driver === 'mitake' && !env.SMS_MITAKE_USERNAME) problems.push('SMS_DRIVER=mitake needs SMS_MITAKE_USERNAME and SMS_MITAKE_PASSWORD');
    if (driver === 'every8d' && !env.SMS_EVERY8D_UID) problems.push('SMS_DRIVER=every8d needs SMS_EVERY8D_UID and SMS_EVERY8D_PWD');
    if (env.SMS_MITAKE_USERNAME) secret('SMS_RECEIPT_TOKEN');
  } else if (!/^(1|true)$/i.test(env.SEED_DEMO ?? '')) {
    // The outbox driver sends nothing: codes wait in the back office's SMS log in clear. Only a demo has it.
    problems.push("SMS_DRIVER must be mitake or every8d (with that gateway's account); the outbox driver is for demo installations only");
  }
  return problems;
}

/** STAFF_IDLE_TIMEOUT_MS within its bounds; a value outside them stops the server rather than being bent silently. */
function staffIdleTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return STAFF_IDLE_TIMEOUT_MS;
  const ms = Number(value);
  const { min, max } = STAFF_IDLE_TIMEOUT_BOUNDS_MS;
  if (!Number.isInteger(ms) || ms < min || ms > max) throw new Error(`STAFF_IDLE_TIMEOUT_MS must be whole milliseconds from ${min} to ${max}`);
  return ms;
}

/** A number of milliseconds when the variable is set, undefined when it is unset or empty (the job keeps its Taipei time). */
function optionalMs(value: string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

/** SEAMLESS_SECRET_<CODE> and SEAMLESS_ALLOW_<CODE> of every provider code named in the environment. */
function seamlessConfig(env: NodeJS.ProcessEnv): Config['seamless'] {
  const secrets: Record<string, string> = {};
  const allow: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(env)) {
    const secret = /^SEAMLESS_SECRET_([A-Z0-9]{1,20})$/.exec(name);
    if (secret && value) secrets[secret[1]] = value;
    const addresses = /^SEAMLESS_ALLOW_([A-Z0-9]{1,20})$/.exec(name);
    if (addresses && value)
      allow[addresses[1]] = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
  }
  return {
    // In production a provider without a key of its own is refused rather than checked against the public default.
    defaultSecret: env.SEAMLESS_SECRET || ((env.NODE_ENV ?? 'development') === 'production' ? '' : DEV_SECRETS.SEAMLESS_SECRET),
    secrets,
    allow,
    requestTtlMs: Number(env.SEAMLESS_REQUEST_TTL_MS ?? 30000),
    launchTtlMs: Number(env.SEAMLESS_LAUNCH_TTL_MS ?? 4 * 60 * 60_000),
  };
}

/** The SMS settings (see Config.sms). */
function smsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const receiptToken = env.SMS_RECEIPT_TOKEN || DEV_SECRETS.SMS_RECEIPT_TOKEN;
  const callbackBase = trim(env.CALLBACK_BASE_URL || `http://127.0.0.1:${env.PORT ?? 4321}`);
  const driver = env.SMS_DRIVER === 'mitake' || env.SMS_DRIVER === 'every8d' ? env.SMS_DRIVER : undefined;
  return {
    driver: driver ? 'gateway' : 'outbox',
    primary: driver ?? 'mitake',
    mitake: env.SMS_MITAKE_USERNAME
      ? { baseUrl: trim(env.SMS_MITAKE_URL || 'https://smsapi.mitake.com.tw'), username: env.SMS_MITAKE_USERNAME, password: env.SMS_MITAKE_PASSWORD ?? '' }
      : undefined,
    every8d: env.SMS_EVERY8D_UID
      ? {
          baseUrl: trim(env.SMS_EVERY8D_URL || 'https://api.e8d.tw'),
          uid: env.SMS_EVERY8D_UID,
          pwd: env.SMS_EVERY8D_PWD ?? '',
          retryMinutes: Number(env.SMS_EVERY8D_RETRY_MINUTES ?? 10),
        }
      : undefined,
    timeoutMs: Number(env.SMS_TIMEOUT_MS ?? 5000),
    receiptToken,
    receiptUrl: `${callbackBase}/api/sms/mitake/receipt/${encodeURIComponent(receiptToken)}`,
    reportIntervalMs: Number(env.SMS_REPORT_INTERVAL_MS ?? 60_000),
    creditAlertBelow: Number(env.SMS_CREDIT_ALERT_BELOW ?? 500),
  };
}

/** USDT on TRON's settings (see Config.tron). */
function tronConfig(env: NodeJS.ProcessEnv): Config['tron'] {
  return {
    xpub: env.TRON_XPUB || undefined,
    baseUrl: (env.TRON_API_URL || `${(env.GAME_PROVIDER_URL || 'http://127.0.0.1:4400').replace(/\/$/, '')}/trongrid`).replace(/\/$/, ''),
    apiKey: env.TRON_API_KEY ?? '',
    requestsPerSecond: Number(env.TRON_API_RPS ?? 10),
    timeoutMs: Number(env.TRON_API_TIMEOUT_MS ?? 8000),
    usdtContract: env.TRON_USDT_CONTRACT || 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    watchIntervalMs: Number(env.TRON_WATCH_INTERVAL_MS ?? 3000),
    startBlock: env.TRON_START_BLOCK ? Number(env.TRON_START_BLOCK) : undefined,
  };
}

/** AIO_LIMITS: `method=min-max` pairs in whole TWD, comma-separated; a method not named keeps the published limit. */
export function parseAioLimits(text: string | undefined): AioLimits {
  const limits: AioLimits = structuredClone(AIO_DEFAULT_LIMITS);
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(card|atm|cvs|barcode|online_banking)=(\d{1,9})-(\d{1,9})$/.exec(part);
    if (!m || Number(m[2]) > Number(m[3])) throw new Error(`AIO_LIMITS: cannot read "${part}" (method=min-max in whole TWD)`);
    limits[m[1] as AioMethod] = { min: Number(m[2]), max: Number(m[3]) };
  }
  return limits;
}

/** The AIO dialect's settings (see Config.aio). */
function aioConfig(env: NodeJS.ProcessEnv): Config['aio'] {
  const base = (env.AIO_GATEWAY_URL || `${(env.GAME_PROVIDER_URL || 'http://127.0.0.1:4400').replace(/\/$/, '')}/aio`).replace(/\/$/, '');
  return {
    merchantId: env.AIO_MERCHANT_ID || AIO_TEST_MERCHANT.merchantId,
    hashKey: env.AIO_HASH_KEY || AIO_TEST_MERCHANT.hashKey,
    hashIv: env.AIO_HASH_IV || AIO_TEST_MERCHANT.hashIv,
    checkoutUrl: `${base}/Cashier/AioCheckOut/V5`,
    queryUrl: `${base}/Cashier/QueryTradeInfo/V5`,
    timeoutMs: Number(env.PAYMENT_GATEWAY_TIMEOUT_MS ?? 8000),
    limits: parseAioLimits(env.AIO_LIMITS),
    expiry: {
      atmDays: Number(env.AIO_ATM_EXPIRE_DAYS ?? 3),
      cvsMinutes: Number(env.AIO_CVS_EXPIRE_MINUTES ?? 4320),
      barcodeDays: Number(env.AIO_BARCODE_EXPIRE_DAYS ?? 7),
    },
    reconcileIntervalMs: Number(env.AIO_RECONCILE_INTERVAL_MS ?? 5 * 60_000),
  };
}

/** The transfer-wallet game provider's address, secret and timeouts. */
function providerConfig(env: NodeJS.ProcessEnv): Config['provider'] {
  return {
    baseUrl: (env.GAME_PROVIDER_URL || 'http://127.0.0.1:4400').replace(/\/$/, ''),
    secret: env.GAME_PROVIDER_SECRET || DEV_SECRETS.GAME_PROVIDER_SECRET,
    operator: env.GAME_PROVIDER_OPERATOR || 'site',
    timeoutMs: Number(env.GAME_PROVIDER_TIMEOUT_MS ?? 5000),
    requestTtlMs: Number(env.GAME_PROVIDER_REQUEST_TTL_MS ?? 30000),
  };
}

/** The outbox worker's bounds; values outside them are clamped so a typo cannot make it spin or stall. */
function outboxConfig(env: NodeJS.ProcessEnv): Config['outbox'] {
  const clamp = (v: string | undefined, dflt: number, min: number, max: number) => {
    const n = v === undefined || v === '' ? dflt : Number(v);
    return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : dflt;
  };
  return {
    pollIntervalMs: clamp(env.OUTBOX_POLL_INTERVAL_MS, 500, 50, 60_000),
    batchSize: clamp(env.OUTBOX_BATCH_SIZE, 50, 1, 500),
    leaseMs: clamp(env.OUTBOX_LEASE_MS, 60_000, 1_000, 30 * 60_000),
    claimGraceMs: clamp(env.OUTBOX_CLAIM_GRACE_MS, 2_000, 0, 60_000),
  };
}

/** The scheduled jobs' own settings (a time of day when unset for the daily ones), apart to keep loadConfig short. */
function scheduledJobSettings(
  env: NodeJS.ProcessEnv,
): Pick<
  Config,
  'vipNightlyIntervalMs' | 'vipPointsIntervalMs' | 'partnersSettleIntervalMs' | 'promotionsDailyIntervalMs' | 'promotionsSweepIntervalMs' | 'jobLeaseMs'
> {
  return {
    vipNightlyIntervalMs: optionalMs(env.VIP_NIGHTLY_INTERVAL_MS),
    vipPointsIntervalMs: Number(env.VIP_POINTS_INTERVAL_MS ?? 60 * 60_000),
    partnersSettleIntervalMs: optionalMs(env.PARTNERS_SETTLE_INTERVAL_MS),
    promotionsDailyIntervalMs: optionalMs(env.PROMOTIONS_DAILY_INTERVAL_MS),
    promotionsSweepIntervalMs: Number(env.PROMOTIONS_SWEEP_INTERVAL_MS ?? 10 * 60_000),
    jobLeaseMs: Number(env.JOB_LEASE_MS ?? 60_000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    replica:
      env.DATABASE_READ_URL && env.DATABASE_URL
        ? {
            url: env.DATABASE_READ_URL,
            maxLagMs: Number(env.READ_REPLICA_MAX_LAG_MS ?? 2_000),
            checkEveryMs: Number(env.READ_REPLICA_CHECK_MS ?? 1_000),
            poolMax: Number(env.DB_POOL_MAX ?? 20),
          }
        : undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? '',
    instanceName: env.INSTANCE_NAME || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    // Demo data (a rich player and a known operator password) only when asked for; development keeps it
    // on by default so `npm start` shows something, production must say so (see productionProblems).
    seedDemo: bool(env.SEED_DEMO, (env.NODE_ENV ?? 'development') !== 'production'),
    sms: smsConfig(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    nodeEnv: env.NODE_ENV ?? 'development',
    provider: providerConfig(env),
    seamless: seamlessConfig(env),
    reconcileIntervalMs: Number(env.RECONCILE_INTERVAL_MS ?? 5000),
    betIngestIntervalMs: Number(env.BET_INGEST_INTERVAL_MS ?? 5000),
    gateway: {
      baseUrl: (env.PAYMENT_GATEWAY_URL || `${(env.GAME_PROVIDER_URL || 'http://127.0.0.1:4400').replace(/\/$/, '')}/gateway`).replace(/\/$/, ''),
      merchant: env.PAYMENT_GATEWAY_MERCHANT || 'site',
      secret: env.PAYMENT_GATEWAY_SECRET || DEV_SECRETS.PAYMENT_GATEWAY_SECRET,
      timeoutMs: Number(env.PAYMENT_GATEWAY_TIMEOUT_MS ?? 8000),
    },
    siteUrl: (env.SITE_URL || `http://localhost:${env.PORT ?? 4321}`).replace(/\/$/, ''),
    callbackBaseUrl: (env.CALLBACK_BASE_URL || `http://127.0.0.1:${env.PORT ?? 4321}`).replace(/\/$/, ''),
    depositExpiryIntervalMs: Number(env.DEPOSIT_EXPIRY_INTERVAL_MS ?? 30000),
    ...scheduledJobSettings(env),
    redPacketTickMs: Number(env.RED_PACKET_TICK_MS ?? 2000),
    staffTotpKey: parseKey(env.STAFF_TOTP_KEY) ?? Buffer.from(DEV_SECRETS.STAFF_TOTP_KEY, 'hex'),
    cookieSecret: cookieSecretOf(env),
    staffTotpRequired: bool(env.STAFF_TOTP_REQUIRED, (env.NODE_ENV ?? 'development') === 'production'),
    staffIdleTimeoutMs: staffIdleTimeout(env.STAFF_IDLE_TIMEOUT_MS),
    dbPoolMax: Number(env.DB_POOL_MAX ?? 20),
    outbox: outboxConfig(env),
    rateLimitPerMin: Number(env.RATE_LIMIT_PER_MIN ?? 600),
    servePages: env.SERVE_PAGES !== '0',
    bootstrapAdminPassword: env.BOOTSTRAP_ADMIN_PASSWORD,
    drainDelayMs: Number(env.DRAIN_DELAY_MS ?? 2000),
    breakers: {
      errorPercent: Number(env.BREAKER_ERROR_PERCENT ?? 50),
      volume: Number(env.BREAKER_VOLUME ?? 5),
      resetMs: Number(env.BREAKER_RESET_MS ?? 30_000),
    },
    tron: tronConfig(env),
    aio: aioConfig(env),
    gatewayDialect: env.PAYMENT_GATEWAY_DIALECT === 'aio' ? 'aio' : 'paybridge',
  };
}
