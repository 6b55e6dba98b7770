// Reads the process environment once, with defaults that make `npm start` work on a fresh machine.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Put before every Redis key and channel this site uses (REDIS_KEY_PREFIX), so several sites or test servers can
   * share one Redis without sharing counters or events. Every instance of one site must use the same prefix.
   */
  redisKeyPrefix: string;
  dataDir: string;
  /** Seeds the demo player and the operator account (settings and platforms are always seeded). */
  seedDemo: boolean;
  smsDriver: 'outbox' | 'http';
  smsHttpUrl: string | undefined;
  smsHttpKey: string | undefined;
  /** Behind a load balancer the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
  logLevel: string;
  /** Bearer token a Prometheus scraper sends to /metrics (METRICS_TOKEN); unset turns the endpoint off. */
  metricsToken: string | undefined;
  nodeEnv: string;
  provider: { baseUrl: string; secret: string; operator: string; timeoutMs: number; requestTtlMs: number };
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
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const smsDriver = env.SMS_DRIVER === 'http' ? 'http' : 'outbox';
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? '',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    seedDemo: bool(env.SEED_DEMO, true),
    smsDriver,
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    smsHttpKey: env.SMS_HTTP_KEY || undefined,
    trustProxy: bool(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    nodeEnv: env.NODE_ENV ?? 'development',
    provider: {
      baseUrl: (env.GAME_PROVIDER_URL || 'http://127.0.0.1:4400').replace(/\/$/, ''),
      secret: env.GAME_PROVIDER_SECRET || 'dev-provider-secret',
      operator: env.GAME_PROVIDER_OPERATOR || 'site',
      timeoutMs: Number(env.GAME_PROVIDER_TIMEOUT_MS ?? 5000),
      requestTtlMs: Number(env.GAME_PROVIDER_REQUEST_TTL_MS ?? 30000),
    },
    reconcileIntervalMs: Number(env.RECONCILE_INTERVAL_MS ?? 5000),
    betIngestIntervalMs: Number(env.BET_INGEST_INTERVAL_MS ?? 5000),
    gateway: {
      baseUrl: (env.PAYMENT_GATEWAY_URL || `${(env.GAME_PROVIDER_URL || 'http://127.0.0.1:4400').replace(/\/$/, '')}/gateway`).replace(/\/$/, ''),
      merchant: env.PAYMENT_GATEWAY_MERCHANT || 'site',
      secret: env.PAYMENT_GATEWAY_SECRET || 'dev-gateway-secret',
      timeoutMs: Number(env.PAYMENT_GATEWAY_TIMEOUT_MS ?? 8000),
    },
    siteUrl: (env.SITE_URL || `http://localhost:${env.PORT ?? 4321}`).replace(/\/$/, ''),
    callbackBaseUrl: (env.CALLBACK_BASE_URL || `http://127.0.0.1:${env.PORT ?? 4321}`).replace(/\/$/, ''),
    depositExpiryIntervalMs: Number(env.DEPOSIT_EXPIRY_INTERVAL_MS ?? 30000),
  };
}
