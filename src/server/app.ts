// Builds the Fastify app as a list: infrastructure (Redis, sockets, the session cache, the event bus), outside plugins
// and ours, the services in dependency order, the subscriptions that connect domains, the API routes, the pages and
// the scheduled jobs. Domains do not reach into each other here: each gets what it needs at construction, and side
// effects of one domain in another hang on events.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import { ping, type Database, type Db } from './db/client.ts';
import type { ReadRouter } from './db/reader.ts';
import { ensureMonthPartitions } from './db/partitions.ts';
import { AccountDirectory } from './ledger/accounts.ts';
import { valibotCompiler, valibotSerializer } from './lib/validation.ts';
import { ApiError, answerFrameworkError, errorBody, sendError } from './lib/errors.ts';
import type { EventPublisher } from './lib/events.ts';
import { createOutboxBus, instanceId, type OutboxBus } from './events/bus.ts';
import { outboxMetrics } from './events/outbox.ts';
import { createOutboxWorker, type OutboxWorker } from './events/worker.ts';
import { batchedLimiter, limiterWithFallback, memoryLimiter, pgLimiter, rateLimitStore, redisLimiter, requestLimitHook, type Limiter } from './lib/limiter.ts';
import { REQUEST_ID_LABEL, loggerOptions, logRequests, requestLogger } from './lib/logging.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { readYourWritesHooks, readYourWritesPublisher, redisRecentWriters } from './lib/read-your-writes.ts';
import { watchRedis } from './lib/redis-watch.ts';
import { GatewaySms, outboxSms, type SmsSender } from './integrations/sms/index.ts';
import { smsMetrics } from './integrations/sms/metrics.ts';
import { SMS_GATEWAYS } from './integrations/sms/outcomes.ts';
import { HttpGameProvider, type GameProvider } from './integrations/games/provider.ts';
import { PayBridgeGateway, type PaymentGateway } from './integrations/payments/gateway.ts';
import { AioGateway } from './integrations/payments/aio.ts';
import { createRealtime, type Realtime } from './realtime/server.ts';
import { Breakers } from './integrations/breakers.ts';
import { BreakerBoard } from './modules/system/breaker-board.ts';
import { invalidatingPublisher, sessionInvalidation, type SessionInvalidation } from './realtime/session-invalidation.ts';
import { startJobs } from './jobs/runner.ts';
import { purgeDeliveredOutbox, purgeJobRuns } from './jobs/purge.ts';
import { JOBS, scheduled } from './jobs/registry.ts';
import { SystemService } from './modules/system/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { batchingMetrics, jobFailuresCounter, refusedCallbacksCounter, registerMetrics } from './modules/system/metrics.ts';
import { AuthService, type Auth } from './modules/auth/service.ts';
import type { AuthEvents } from './modules/auth/events.ts';
import type { PartnersEvents } from './modules/partners/events.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { bearerToken, hashTokenBase64 } from './modules/auth/tokens.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { accountRoutes } from './modules/auth/account-routes.ts';
import { OPEN_DURING_FORCED_CHANGE } from './modules/auth/account-service.ts';
import { backofficeRoutes } from './modules/staff/plugin.ts';
import { backofficePlugins } from './backoffice.ts';
import { authenticateStaffToken } from './modules/staff/sessions.ts';
import { metricsSources } from './figures.ts';
import { WalletService } from './modules/wallet/service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { allPlatforms } from './modules/games/platform-facts.ts';
import { recoverOnExclusion } from './modules/wallet/subscriptions.ts';
import * as walletFacts from './modules/wallet/player-platform-facts.ts';
import { GamesService } from './modules/games/service.ts';
import { gameListRoutes } from './modules/games/routes.ts';
import { BetsService } from './modules/bets/service.ts';
import type { BetsEvents } from './modules/bets/events.ts';
import { betRoutes } from './modules/bets/routes.ts';
import { CashierService } from './modules/cashier/service.ts';
import type { CashierEvents } from './modules/cashier/events.ts';
import type { Timer } from './lib/timer.ts';
import { cashierRoutes } from './modules/cashier/routes.ts';
import { UsdtDeposits } from './modules/cashier/usdt/service.ts';
import { usdtRoutes } from './modules/cashier/usdt/routes.ts';
import { TronGrid, type TronChain } from './integrations/tron/trongrid.ts';
import { ProtectionService } from './modules/protection/service.ts';
import { mayReceiveOffers } from './modules/protection/gate.ts';
import type { ProtectionEvents } from './modules/protection/events.ts';
import { protectionRoutes } from './modules/protection/routes.ts';
import { VipService } from './modules/vip/service.ts';
import { ExchangeService } from './modules/vip/exchange-service.ts';
import { vipRoutes } from './modules/vip/routes.ts';
import { levelAfterDeposit, pointsAndLevelsAfterBets } from './modules/vip/subscriptions.ts';
import { ChatService } from './modules/chat/service.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { attachChatSockets } from './modules/chat/sockets.ts';
import { consultationRoutes } from './modules/consultations/routes.ts';
import { ConsultationService } from './modules/consultations/service.ts';
import { PromotionsService } from './modules/promotions/service.ts';
import { ReportsService } from './modules/reports/service.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { promotionsAfterDeposit, referralsAfterBets, registerBonus } from './modules/promotions/subscriptions.ts';
import { claimStaffUploads, claimUploads, configureFileUrls, fileUrl, publicFileUrl, purgeUnusedUploads } from './modules/uploads/service.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { MessagesService } from './modules/messages/service.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { RedPacketService } from './modules/redpacket/service.ts';
import { SeamlessService, type SeamlessLauncher } from './modules/seamless/service.ts';
import { seamlessRoutes } from './modules/seamless/routes.ts';
import { SeamlessBackofficeService } from './modules/seamless/backoffice-service.ts';
import { seamlessMetrics, type SeamlessMetrics } from './modules/seamless/metrics.ts';
import { riskMetrics, type RiskMetrics } from './modules/risk/metrics.ts';
import { HttpSeamlessLauncher } from './integrations/games/seamless.ts';
import { redPacketRoutes } from './modules/redpacket/routes.ts';
import { KycService } from './modules/kyc/service.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { KycBackofficeService } from './modules/kyc/backoffice-service.ts';
import { RiskService } from './modules/risk/service.ts';
import {
  signalsAfterCard,
  signalsAfterDepositRequest,
  signalsAfterProfileChange,
  signalsAfterDeposit,
  signalsAfterLogin,
  signalsAfterPersonalInfo,
  signalsAfterRegistration,
} from './modules/risk/subscriptions.ts';
import { PartnersService } from './modules/partners/service.ts';
import { VitalsService } from './modules/vitals/service.ts';
import { vitalsRoutes } from './modules/vitals/routes.ts';
import { agentRoutes, partnerSiteRoutes, trackingLinkRoutes } from './modules/partners/routes.ts';
import { isLocale, localeFrom } from '../i18n/index.ts';
import { CHAT_NAMESPACE } from '../shared/schemas/chat.ts';
import { LOCALE_COOKIE, type Locale } from '../shared/constants.ts';
import { healthView } from '../shared/schemas/system.ts';
import { errorView } from '../shared/schemas/envelope.ts';
import { PLATFORM_STATUS } from '../shared/statuses.ts';

interface Services {
  db: Db;
  /** Reads that may come from the read replica (record lists, reports, exports, back-office lists); see db/reader.ts. */
  reader: Db;
  reads: ReadRouter;
  system: SystemService;
  /** Every instance's circuit breakers, for the back office. */
  breakerBoard: BreakerBoard;
  auth: AuthService;
  sessionCache: SessionCache;
  limiter: Limiter;
  sms: SmsSender;
  realtime: Realtime;
  provider: GameProvider;
  wallet: WalletService;
  games: GamesService;
  bets: BetsService;
  cashier: CashierService;
  /** USDT on TRON: deposit addresses, the chain watcher, the rate. */
  usdt: UsdtDeposits;
  protection: ProtectionService;
  vip: VipService;
  exchange: ExchangeService;
  consultations: ConsultationService;
  chat: ChatService;
  messages: MessagesService;
  promotions: PromotionsService;
  redpacket: RedPacketService;
  /** The seamless wallet providers call bet by bet. */
  seamless: SeamlessService;
  /** Identity verification: levels, documents, the withdrawal check the cashier asks. */
  kyc: KycService;
  /** Duplicate accounts and withdrawal risk. */
  risk: RiskService;
  /** Partners, agents and their commission. */
  partners: PartnersService;
  /** The field web vitals the pages report, counted into /metrics and hourly buckets. */
  vitals: VitalsService;
  /** Publishes the domains' events; services built by routes (the back office's) announce through it too. */
  events: EventPublisher<AppEvents>;
}

/** A registered route as the contract tests see it. */
interface RouteEntry {
  method: string;
  url: string;
  responses: string[];
  schemas: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The onRequest hook of every player route (a callback hook: see decorateApp). */
    requirePlayer: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** Every route as registered (method, full path, the status codes it declares a response schema for and those schemas), for the contract tests. */
    routeList: RouteEntry[];
    /**
     * Starts a graceful shutdown's first step: readiness answers 503 from now on, so the balancer takes this instance
     * out while it still serves what reaches it (main.ts, then app.close()).
     */
    startDraining(): void;
    readonly draining: boolean;
    /** The outbox: this instance's id on the deliveries it leases, and its worker (tests poll it by hand). */
    outbox: { instance: string; worker: OutboxWorker };
  }
  interface FastifyRequest {
    locale: Locale;
    auth: Auth | undefined;
  }
}

/** Caps every JSON body; forms here are a few hundred bytes. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** The window of RATE_LIMIT_PER_MIN, the per-address limit on API requests. */
const REQUEST_LIMIT_WINDOW_MS = 60_000;

/** Every event a domain publishes, by name: the union of what each domain declares in its events.ts. */
type AppEvents = CashierEvents & BetsEvents & AuthEvents & ProtectionEvents & PartnersEvents;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Mounts the built Astro site; API tests leave it off. */
  pages?: boolean;
  /** Runs the scheduled jobs (reconciliation); tests drive them by hand. */
  jobs?: boolean;
  /** Runs the outbox worker (by default whenever the jobs run); tests without it poll by hand (app.outbox.worker). */
  outboxWorker?: boolean;
  /** A provider to use instead of the HTTP one (tests with fakes). */
  provider?: GameProvider;
  /** A payment gateway to use instead of the HTTP one. */
  gateway?: PaymentGateway;
  /** A launcher of seamless games to use instead of the HTTP one. */
  seamlessLauncher?: SeamlessLauncher;
  /** The TRON chain to read instead of TronGrid at config.tron.baseUrl. */
  tronChain?: TronChain;
  logger?: boolean;
  /** Deferred writes (the cashier's refused-callback counts); tests pass a ManualTimer instead of real time. */
  timer?: Timer;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = createFastify(opts);
  const infra = await createInfrastructure(app, opts);
  const metrics = await registerPlugins(app, opts, infra);
  const services = createServices(opts, infra, {
    refusedCallback: refusedCallbacksCounter(metrics),
    log: app.log,
    seamlessMetrics: seamlessMetrics(metrics, opts.database.db),
    riskMetrics: riskMetrics(metrics, app.log),
    registry: metrics,
  });
  services.vitals.start();
  infra.bindAuth(services.auth);
  const { sms } = opts.config;
  smsMetrics(metrics, opts.database.db, {
    gateways: sms.driver === 'gateway' ? SMS_GATEWAYS.filter((g) => sms[g] !== undefined) : [],
    creditAlertBelow: sms.creditAlertBelow,
  });
  batchingMetrics(metrics, () => [
    { batch: 'wallet_starts', provider: '', counts: services.wallet.batching.starts },
    { batch: 'wallet_settlements', provider: '', counts: services.wallet.batching.settlements },
    ...Object.entries(services.seamless.batching).flatMap(([provider, b]) => [
      { batch: 'seamless_debits', provider, counts: b.debits },
      { batch: 'seamless_credits', provider, counts: b.credits },
    ]),
  ]);
  decorateApp(app, services);
  decorateDraining(app);
  infra.events.useMetrics(outboxMetrics(metrics));
  subscribe(infra.events, services);
  const outboxWorker = createOutboxWorker(infra.events, opts.config.outbox, (err, at) => app.log.error({ err }, `${at.subscriber} failed`));
  app.decorate('outbox', { instance: infra.events.instance, worker: outboxWorker });
  attachChat(app, opts.config, services);
  await registerRoutes(app, opts);
  if (opts.pages) {
    const { registerPages } = await import('./pages.ts');
    await registerPages(app);
  } else {
    app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(request.locale, 'not_found')));
  }
  const jobs = opts.jobs
    ? startJobs(opts.database, scheduledJobs(opts, services), app.log, {
        onFailure: jobFailuresCounter(metrics),
        instance: opts.config.instanceName,
        leaseMs: opts.config.jobLeaseMs,
      })
    : undefined;
  if (opts.outboxWorker ?? opts.jobs) outboxWorker.start();
  registerShutdown(app, infra, services, { stop: async () => void (await Promise.all([jobs?.stop(), outboxWorker.stop()])) });
  return app;
}

function createFastify(opts: BuildOptions): FastifyInstance {
  const { config } = opts;
  return Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    // One line per request from logRequests instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LABEL }),
    // The request's logger makes its pino child only when the request logs (lib/logging.ts, RequestLogger).
    childLoggerFactory: requestLogger,
    // A hop count becomes the function Fastify's types accept; addresses and CIDR lists pass as they are.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Large ids and keys are refused before routing rather than by each handler.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot decode answers the site's error shape or page, not Fastify's own JSON.
    frameworkErrors: answerFrameworkError,
    // A request that reaches this instance while it closes is served (the database is still open until every request
    // has finished) rather than refused with Fastify's own 503 body; the drain (main.ts) keeps such requests few.
    return503OnClosing: false,
  });
}

// ---- infrastructure ------------------------------------------------------------------------------

interface Infrastructure {
  redis: Redis | undefined;
  redisSub: Redis | undefined;
  limiter: Limiter;
  /** This instance's circuit breakers in front of the providers, the gateway and SMS. */
  breakers: Breakers;
  /** Every instance's breakers for the back office, shared through Redis. */
  breakerBoard: BreakerBoard;
  /** Counts the per-request limit of @fastify/rate-limit: Redis, or this instance's memory while Redis is away. */
  requestLimiter: Limiter;
  /** Counts routes' own limits of @fastify/rate-limit, with a round trip per hit (exact across instances). */
  routeLimiter: Limiter;
  sms: SmsSender;
  realtime: Realtime;
  sessionCache: SessionCache;
  invalidation: SessionInvalidation;
  events: OutboxBus<AppEvents>;
  /** The socket server signs players in with the auth service, which is built after it (it needs the publisher). */
  bindAuth(auth: AuthService): void;
}

async function createInfrastructure(app: FastifyInstance, opts: BuildOptions): Promise<Infrastructure> {
  const { config, database } = opts;
  // Commands issued in the same tick (every request's rate-limit count, socket events) go to Redis in one write
  // instead of one each. The subscriber connection of the socket fan-out keeps plain one-by-one commands.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true }) : undefined;
  const redisSub = redis?.duplicate({ enableAutoPipelining: false });
  for (const [name, connection] of [
    ['commands', redis],
    ['subscriber', redisSub],
  ] as const)
    watchRedis(app.log, name, connection);
  let auth: AuthService | undefined;
  const sockets = createRealtime({
    httpServer: app.server,
    authenticate: (token) => auth!.authenticate(token),
    redis: redis && redisSub ? { pub: redis, sub: redisSub, keyPrefix: config.redisKeyPrefix } : undefined,
  });
  // The chat's namespace is created here, in the same tick as the Redis connections, so its adapter's SUBSCRIBE waits
  // in ioredis's offline queue. Created after an await, the SUBSCRIBE can reach Redis between the connection and its
  // ready check (SUBSCRIBE is allowed while Redis loads), and the ready check's INFO then fails in subscriber mode.
  sockets.io.of(CHAT_NAMESPACE);
  // Player sessions cached per instance, dropped by the database's NOTIFY (PostgreSQL only; see session-cache.ts).
  const sessionCache = new SessionCache(config.databaseUrl, (msg) => app.log.warn(msg));
  const invalidation = sessionInvalidation(sessionCache, database, (err, msg) => app.log.warn({ err }, msg));
  const realtime: Realtime = { ...sockets, publisher: readYourWritesPublisher(invalidatingPublisher(sockets.publisher, invalidation), database.reads) };
  await sessionCache.start();
  readYourWritesHooks(app, database, invalidation);
  if (redis && database.reads.status().configured) database.reads.useRecentWriters(redisRecentWriters(redis, config.redisKeyPrefix));
  // The board is built after the breakers but before any call can change one; a change is published at once.
  const breakers = new Breakers(config.breakers, (name, state) => {
    if (state === 'open') app.log.warn({ breaker: name }, 'circuit breaker open: calls are refused until a probe succeeds');
    else app.log.info({ breaker: name, state }, 'circuit breaker state');
    void breakerBoard.publish();
  });
  const breakerBoard = new BreakerBoard({ redis, keyPrefix: config.redisKeyPrefix, local: () => breakers.list(), name: config.instanceName });
  breakerBoard.start();
  return {
    redis,
    redisSub,
    realtime,
    sessionCache,
    invalidation,
    breakers,
    breakerBoard,
    ...limiters(app, opts, redis),
    sms: config.sms.driver === 'gateway' ? new GatewaySms(database.db, config.sms, breakers) : outboxSms(database.db),
    events: createOutboxBus<AppEvents>({
      db: database.db,
      instance: instanceId(config.instanceName),
      leaseMs: config.outbox.leaseMs,
      log: (err, at) => app.log.error({ err, event: at.event }, `${at.subscriber} failed`),
    }),
    bindAuth: (service) => {
      auth = service;
    },
  };
}

/**
 * The app's limiters. With Redis, counting goes on while Redis is away: the app's own counters (sign-in failures, SMS
 * codes; security matters, and every instance must agree) move to PostgreSQL, the per-request limit to this
 * instance's memory (a per-instance limit: cheap, and neither open to everyone nor closed to everyone).
 */
function limiters(app: FastifyInstance, opts: BuildOptions, redis: Redis | undefined): { limiter: Limiter; requestLimiter: Limiter; routeLimiter: Limiter } {
  const db = opts.database.db;
  if (!redis) {
    const memory = memoryLimiter();
    return { limiter: pgLimiter(db), requestLimiter: memory, routeLimiter: memory };
  }
  const up = () => redis.status === 'ready';
  const shared = redisLimiter(redis, opts.config.redisKeyPrefix);
  const memory = memoryLimiter();
  const say = (which: string) => (fallback: boolean) => {
    if (fallback) app.log.warn(`redis unreachable: ${which} counted in ${which === 'request limits' ? "this instance's memory" : 'PostgreSQL'}`);
    else app.log.info(`redis back: ${which} counted in Redis again`);
  };
  return {
    limiter: limiterWithFallback(shared, pgLimiter(db), up, say('rate counters')),
    // The plugin-wide limit on every API request is batched (lib/limiter.ts, batchedLimiter, for its tolerance): a
    // Redis round trip per request cost a quarter of a cached read such as GET /api/auth/me. Routes' own limits stay exact.
    requestLimiter: limiterWithFallback(batchedLimiter(shared), memory, up, say('request limits')),
    routeLimiter: limiterWithFallback(shared, memory, up, () => {}),
  };
}

// ---- plugins -------------------------------------------------------------------------------------

/** Outside plugins first, then ours; answers the metrics registry the services count into. */
async function registerPlugins(app: FastifyInstance, opts: BuildOptions, infra: Infrastructure): Promise<Registry> {
  const { config, database } = opts;
  app.decorateRequest('locale', 'zh-TW');
  app.decorateRequest('auth', undefined);
  // After the cookie plugin, whose onRequest hook parses the clang cookie this one reads.
  // Signed cookies (the partner tracking cookie) carry an HMAC under the server's own key.
  await app.register(cookie, { secret: config.cookieSecret });
  // Multipart is parsed only by the upload routes, after authentication; these are the outer limits, each
  // route sets its own lower ones (SPEC.md section 5: three images of 500 KB for players).
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 4, fields: 4, parts: 8, headerPairs: 100 } });
  configureFileUrls(config.staffTotpKey);
  // A callback hook rather than an async one: it runs on every request and waits for nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const explicit = request.headers['x-locale'];
    request.locale = isLocale(explicit) ? explicit : localeFrom(request.cookies?.[LOCALE_COOKIE], request.headers['accept-language']);
    done();
  });
  registerSecurityHeaders(app, config);
  const refusal = () => Object.assign(new Error('rate limited'), { statusCode: 429 });
  // The limit per address on every API request without one of its own: our hook, which decides most requests in the
  // same tick (lib/limiter.ts, requestLimitHook). Pages and assets are cheap and cached; the limit guards the API.
  app.addHook(
    'onRequest',
    requestLimitHook(infra.requestLimiter, {
      max: config.rateLimitPerMin,
      windowMs: REQUEST_LIMIT_WINDOW_MS,
      applies: (request) => request.url.startsWith('/api/'),
      refusal,
    }),
  );
  // Routes' own limits (config.rateLimit), each counted exactly with a round trip per hit.
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore({ global: infra.requestLimiter, exact: infra.routeLimiter }),
    errorResponseBuilder: (request, context) => Object.assign(refusal(), { statusCode: context.statusCode }),
  });
  recordRoutes(app);
  // Before the routes, so the plugin's onRoute hook sees every one of them.
  await registerOpenApi(app, {
    needsSession: (route) =>
      [route.onRequest].flat().includes(app.requirePlayer) ||
      (route.url.startsWith('/api/backoffice/') && (route.config as { staff?: string } | undefined)?.staff !== 'public'),
  });
  const metrics = await registerMetrics(app, {
    db: database.db,
    reads: database.reads,
    io: infra.realtime.io,
    token: config.metricsToken,
    figures: metricsSources,
    breakers: infra.breakers,
  });
  logRequests(app);
  app.setValidatorCompiler(valibotCompiler);
  app.setSerializerCompiler(valibotSerializer(config.nodeEnv !== 'production'));
  app.setErrorHandler((err, request, reply) => sendError(request, reply, err as Error));
  return metrics;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on routes whose callers are servers, not browsers (a provider's wallet calls): no browser security headers. */
    securityHeaders?: boolean;
  }
}

/**
 * The browser security headers (helmet), on every answer but those of routes that say `securityHeaders: false`. They
 * are fixed (no nonce), so helmet's middleware runs once here and its headers are added to each reply in one go:
 * @fastify/helmet built the middleware again on every request (parsing the policy's directives each time, about 5 %
 * of a small API call's CPU), and helmet's own middleware calls res.setHeader once per header (another 5 %).
 * Pages get the document set; API answers (JSON, exports, images) get the short set of apiSecurityHeaderOptions.
 */
function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pageHeaders = fixedHeaders(helmet(securityHeaderOptions(config)));
  const apiHeaders = fixedHeaders(helmet(apiSecurityHeaderOptions(config)));
  app.addHook('onRequest', (request, reply, done) => {
    const { config: routeConfig, url } = request.routeOptions;
    // No route: a page (served by the not-found handler) or an unknown path, told apart by the requested path.
    if (routeConfig.securityHeaders !== false) reply.headers(isApiAnswer(url ?? request.url) ? apiHeaders : pageHeaders);
    done();
  });
}

/** Whether a path answers data rather than a document: the API but its documentation pages (Swagger UI's HTML). */
export function isApiAnswer(path: string): boolean {
  return path.startsWith('/api/') && !path.startsWith('/api/docs');
}

/**
 * helmet's settings for API answers, as OWASP's REST Security Cheat Sheet lists them for APIs: a policy that allows
 * nothing and no framing (an answer opened as a document runs nothing and cannot be framed), nosniff, no referrer, the
 * resource for this origin only, and HSTS in production. The document headers (the page policy's sources, the opener
 * and agent-cluster isolation, DNS prefetching, IE's download and XSS switches, Flash's cross-domain policy) mean
 * nothing on JSON and were 560 bytes and seven more headers on every API answer: a third of a cached GET
 * /api/auth/me's bytes, on every poll of every signed-in phone.
 */
export function apiSecurityHeaderOptions(config: Pick<Config, 'nodeEnv'>): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.nodeEnv === 'production' ? undefined : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** helmet's settings for this site; exported for the test that compares the answers' headers with helmet's own. */
export function securityHeaderOptions(config: Pick<Config, 'nodeEnv'> & Partial<Pick<Config, 'gatewayDialect' | 'aio'>>): Parameters<typeof helmet>[0] {
  // The AIO dialect's checkout is a form the deposit page posts to the gateway, so the gateway's origin may take forms.
  const gatewayForms = config.gatewayDialect === 'aio' && config.aio ? [new URL(config.aio.checkoutUrl).origin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Astro adds a <meta> policy with the hashes of its inline scripts; both policies must allow a script.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for the previews of pictures a player has chosen and not yet sent (URL.createObjectURL).
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...gatewayForms],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.nodeEnv === 'production' ? undefined : false,
  };
}

/**
 * The headers a helmet middleware sets, by lower-case name, read by running it once against a response that only
 * records them. Its settings must not depend on the request (no nonce functions): the same headers then go on every
 * answer. The middleware answers in the same tick; a middleware that did not would fail here, at start-up.
 */
export function fixedHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware(new IncomingMessage(new Socket()), recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not answer at once');
  return headers;
}

/** Keeps every route as registered, for the contract tests (app.routeList). */
function recordRoutes(app: FastifyInstance): void {
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const schemas = (route.schema?.response ?? {}) as Record<string, unknown>;
    const responses = Object.keys(schemas);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url, responses, schemas });
  });
}

// ---- services ------------------------------------------------------------------------------------

interface ServiceExtras {
  /** The Prometheus counter of refused payment callbacks. */
  refusedCallback: (gateway: string, outcome: string) => void;
  log: FastifyInstance['log'];
  seamlessMetrics: SeamlessMetrics;
  riskMetrics: RiskMetrics;
  /** The app's Prometheus registry, for the services that keep histograms of their own (the web vitals). */
  registry: Registry;
}

/** The services in dependency order: each is given at construction what it asks of the others. */
function createServices(opts: BuildOptions, infra: Infrastructure, extras: ServiceExtras): Services {
  const {
    database: { db, reader, reads },
  } = opts;
  const { limiter, sms, realtime, sessionCache, events } = infra;
  const publish = realtime.publisher;
  const core = createCoreServices(opts, infra, extras);
  const money = createMoneyServices(opts, infra, extras, core);
  const { accounts } = core;
  const vip = new VipService({ db, accounts, publish });
  const consultations = new ConsultationService({ db, publish });
  return {
    db,
    reader,
    reads,
    system: core.system,
    breakerBoard: infra.breakerBoard,
    auth: core.auth,
    sessionCache,
    limiter,
    sms,
    realtime,
    ...money,
    protection: core.protection,
    vip,
    consultations,
    events,
    partners: core.partners,
    exchange: new ExchangeService({ db, vip, publish }),
    messages: new MessagesService({ db, publish, imageUrl: publicFileUrl, mayReceiveOffers }),
    redpacket: new RedPacketService({ db, accounts, publish, pictureUrl: publicFileUrl }),
    promotions: new PromotionsService({ db, accounts, publish, log: (err, what) => extras.log.error({ err }, `promotions: ${what} failed`) }),
    chat: createChat(db, limiter, consultations),
    // Signal values are hashed under a key derived from the same server secret every instance shares.
    risk: core.risk,
    vitals: new VitalsService({ db, registry: extras.registry, log: (err, what) => extras.log.warn({ err }, `web vitals: ${what} failed`) }),
  };
}

/** The services the money paths ask: settings, the protection gate, the ledger's accounts, risk, partners and sign-in. */
function createCoreServices(opts: BuildOptions, infra: Infrastructure, extras: ServiceExtras) {
  const {
    config,
    database: { db },
  } = opts;
  const { limiter, sms, realtime, sessionCache, events } = infra;
  const publish = realtime.publisher;
  const system = new SystemService(db);
  // One protection gate, asked by deposits, transfers into play and game launch.
  const protection = new ProtectionService({ db, publish, system, events });
  const accounts = new AccountDirectory(db);
  // Before auth: registration asks it whether a recommended code is a partner's.
  const risk = new RiskService({ db, serverKey: config.staffTotpKey, metrics: extras.riskMetrics });
  const partners = new PartnersService({
    db,
    accounts,
    system,
    limiter,
    totpKey: config.staffTotpKey,
    siteUrl: config.siteUrl,
    fileUrl: publicFileUrl,
    linked: risk,
    events,
  });
  const auth = new AuthService({
    db,
    system,
    limiter,
    sms,
    publish,
    sessionCache,
    events,
    screenPhone: (phone) => protection.assertPhoneNotExcluded(phone),
    partners: {
      isPartnerCode: (code) => partners.binding.isPartnerCode(code),
      bindInTransaction: (tx, playerId, attribution) => partners.binding.bindAtRegistration(tx, playerId, attribution),
    },
  });
  return { system, protection, accounts, risk, partners, auth };
}

/** USDT on TRON: the deposit addresses from the operator's xpub, and the chain watcher reading TronGrid (or a test's chain). */
function createUsdt(opts: BuildOptions, infra: Infrastructure, extras: ServiceExtras, core: ReturnType<typeof createCoreServices>): UsdtDeposits {
  const { tron } = opts.config;
  return new UsdtDeposits({
    db: opts.database.db,
    accounts: core.accounts,
    publish: infra.realtime.publisher,
    events: infra.events,
    gate: core.protection,
    chain: tron.xpub ? (opts.tronChain ?? new TronGrid(tron)) : undefined,
    xpub: tron.xpub,
    usdtContract: tron.usdtContract,
    startBlock: tron.startBlock,
    log: (err, what) => extras.log.error({ err }, `usdt: ${what} failed`),
  });
}

/** The services that move money with the outside systems: games (transfer and seamless), bets, wallet, KYC, cashier. */
function createMoneyServices(opts: BuildOptions, infra: Infrastructure, extras: ServiceExtras, core: ReturnType<typeof createCoreServices>) {
  const {
    config,
    database: { db, reader },
  } = opts;
  const { limiter, realtime, events } = infra;
  const { system, protection, accounts, risk } = core;
  const publish = realtime.publisher;
  const provider = opts.provider ?? new HttpGameProvider(config.provider, infra.breakers);
  const bets = new BetsService({ db, reader, provider, accounts, publish, walletFacts, events });
  const wallet = new WalletService({
    db,
    reader,
    provider,
    publish,
    accounts,
    gate: protection,
    // Wins a provider has not reported yet must be in the ledger before money leaves that platform.
    beforeTransferOut: async (code) => {
      await bets.ingest(code, 2).catch((err: unknown) => extras.log.warn({ err, code }, 'bet sync before transfer failed'));
    },
  });
  const games = new GamesService({ db, provider, wallet, gate: protection });
  const kyc = new KycService({ db, limiter });
  const usdt = createUsdt(opts, infra, extras, core);
  const cashier = new CashierService({
    db,
    reader,
    system,
    gateway:
      opts.gateway ?? (config.gatewayDialect === 'aio' ? new AioGateway(config.aio, infra.breakers) : new PayBridgeGateway(config.gateway, infra.breakers)),
    publish,
    accounts,
    limiter,
    gate: protection,
    kyc,
    risk,
    events,
    onCallbackRefused: extras.refusedCallback,
    timer: opts.timer,
    usdtChain: usdt,
    urls: { notifyUrl: `${config.callbackBaseUrl}/api/payments/paybridge/callback`, siteUrl: config.siteUrl },
    aio: {
      returnUrl: `${config.callbackBaseUrl}/api/payments/aio/return`,
      infoUrl: `${config.callbackBaseUrl}/api/payments/aio/payment-info`,
      expiry: config.aio.expiry,
    },
  });
  const seamless = new SeamlessService({
    db,
    accounts,
    gate: protection,
    publish,
    events,
    config: config.seamless,
    metrics: extras.seamlessMetrics,
    sealKey: config.staffTotpKey,
    launcher: opts.seamlessLauncher ?? new HttpSeamlessLauncher(config.provider, infra.breakers),
  });
  return { provider, wallet, games, bets, cashier, seamless, kyc, usdt };
}

/**
 * Live chat on its own socket.io namespace; players and agents sign in with their own tokens. A message left while
 * no agent is online becomes a consultation the service desk answers.
 */
function createChat(db: Db, limiter: Limiter, consultations: ConsultationService): ChatService {
  return new ChatService({
    db,
    limiter,
    leaveMessage: (m) => consultations.create({ playerId: m.playerId, title: m.title, information: m.content, imageIds: m.images, source: 'chat' }),
    // Pictures come from POST /api/uploads/images; their signed URLs go only to the player and the agents.
    images: {
      claim: async (tx, playerId, ids) => {
        await claimUploads(tx, { playerId, ids, purpose: 'chat' });
      },
      claimStaff: async (tx, staffId, ids) => {
        await claimStaffUploads(tx, { staffId, ids, purpose: 'chat' });
      },
      url: (id) => fileUrl(id),
    },
  });
}

function decorateApp(app: FastifyInstance, services: Services): void {
  app.decorate('services', services);
  /** The one place that turns a bearer token into a player; routes that need one run it onRequest, before validation. */
  // A callback hook rather than an async one: a session this instance has cached is let in within the same tick.
  const admit = (request: FastifyRequest, found: Auth | undefined): ApiError | undefined => {
    if (!found) return new ApiError('unauthorized');
    if (found.forcePassword && !OPEN_DURING_FORCED_CHANGE.has(request.routeOptions.url ?? '')) return new ApiError('password_change_required');
    request.auth = found;
    return undefined;
  };
  app.decorate('requirePlayer', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const bearer = connectionBearer(request);
    if (!bearer) {
      done(new ApiError('unauthorized'));
      return;
    }
    const cached = services.auth.authenticateNow(bearer.token, bearer.key);
    if (cached) {
      done(admit(request, cached));
      return;
    }
    services.auth.authenticate(bearer.token, bearer.key).then(
      (found) => done(admit(request, found)),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

/**
 * The last Authorization header each kept-alive connection sent, with its token and the token's hash. A signed-in
 * page polls on one connection with the same header, so the header is parsed and hashed once per connection rather
 * than on every call (a fifth of what a cached GET /auth/me costs beyond the no-op route). Whether the session is
 * still live is asked on every call all the same: only the hashing is remembered.
 */
const connectionBearers = new WeakMap<object, { header: string; token: string; key: string }>();

function connectionBearer(request: FastifyRequest): { token: string; key: string } | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const socket = request.raw.socket;
  const known = connectionBearers.get(socket);
  if (known?.header === header) return known;
  const token = bearerToken(header);
  if (!token) return undefined;
  const found = { header, token, key: hashTokenBase64(token) };
  // Requests injected in tests have no socket of their own to remember it by.
  if (socket) connectionBearers.set(socket, found);
  return found;
}

function decorateDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('draining', { getter: () => draining });
  app.decorate('startDraining', () => {
    if (draining) return;
    draining = true;
    app.log.info('draining: readiness fails from now on');
  });
  // While draining, every answer closes its connection: the balancer's next request opens a new one, which goes to
  // an instance still in service once the health checks have noticed, and no idle keep-alive connection holds up
  // the close that follows.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
}

// ---- subscriptions -------------------------------------------------------------------------------

/**
 * Which domain reacts to which event, in the order the handlers run. VIP comes before promotions, so a deposit's
 * level is settled before its promotions are judged. Each subscriber has a stable key: its deliveries are stored
 * under it, so a key is never renamed while deliveries may be pending (add a new one instead). Every handler may run
 * more than once for one event (at-least-once delivery) and changes nothing the second time; the event's id is
 * handed to those that have no natural key of their own (risk signals).
 */
function subscribe(events: OutboxBus<AppEvents>, s: Services): void {
  // Signals first, so promotions judged on the same event already see the accounts they link.
  events.on('player.registered', { key: 'risk.signals_after_registration', label: 'risk signals after registration' }, signalsAfterRegistration(s.risk));
  events.on('deposit.credited', { key: 'risk.signals_after_deposit', label: 'risk signals after deposit' }, signalsAfterDeposit(s.risk));
  events.on('deposit.credited', { key: 'vip.evaluation_after_deposit', label: 'vip evaluation after deposit' }, levelAfterDeposit(s.vip));
  events.on('deposit.credited', { key: 'promotions.after_deposit', label: 'promotions after deposit' }, promotionsAfterDeposit(s.promotions));
  events.on('bets.ingested', { key: 'vip.evaluation_after_bets', label: 'vip evaluation after bets' }, pointsAndLevelsAfterBets(s.vip));
  events.on('bets.ingested', { key: 'promotions.after_bets', label: 'promotions after bets' }, referralsAfterBets(s.promotions));
  events.on('player.registered', { key: 'promotions.register_bonus', label: 'promotions after registration' }, registerBonus(s.promotions));
  events.on('player.registered', { key: 'partners.own_player_announced', label: 'partners: a suspected own player announced' }, (e) =>
    s.partners.afterRegistration(e.playerId),
  );
  events.on('player.signed_in', { key: 'risk.signals_after_login', label: 'risk signals after login' }, signalsAfterLogin(s.risk));
  events.on('card.bound', { key: 'risk.signals_after_card', label: 'risk signals after card binding' }, signalsAfterCard(s.risk));
  events.on(
    'deposit.requested',
    { key: 'risk.signals_after_deposit_request', label: 'risk signals after a deposit request' },
    signalsAfterDepositRequest(s.risk),
  );
  events.on('personal.saved', { key: 'risk.signals_after_personal_info', label: 'risk signals after personal info' }, signalsAfterPersonalInfo(s.risk));
  events.on(
    'player.profile_changed',
    { key: 'risk.signals_after_profile_change', label: 'risk signals after an operator edit of personal details' },
    signalsAfterProfileChange(s.risk),
  );
  // A withdrawal already decided is left as it is (applyRisk answers the stored decision).
  events.on(
    'withdrawal.requested',
    { key: 'cashier.withdrawal_risk_decision', label: 'risk decision of a withdrawal (hold or automatic approval)' },
    async (e) => {
      await s.cashier.applyRisk(e.withdrawalId);
    },
  );
  events.on(
    'player.excluded',
    { key: 'wallet.recovery_under_exclusion', label: 'wallet recovery under exclusion' },
    recoverOnExclusion({
      db: s.db,
      wallet: s.wallet,
      note: (db, playerId, action, detail) => s.protection.note(db, playerId, action, detail),
      noted: (db, playerId, action, exclusionId) => s.protection.noted(db, playerId, action, exclusionId),
    }),
  );
}

function attachChat(app: FastifyInstance, config: Config, services: Services): void {
  attachChatSockets(services.realtime.io, {
    chat: services.chat,
    authenticatePlayer: (token) => services.auth.authenticate(token),
    authenticateStaff: (token) => authenticateStaffToken(services.db, token, config.staffIdleTimeoutMs),
    log: (err, msg) => app.log.error({ err }, msg),
  });
}

// ---- routes --------------------------------------------------------------------------------------

/** The API under /api: health and readiness, then each domain's player routes, then the back office. */
async function registerRoutes(app: FastifyInstance, opts: BuildOptions): Promise<void> {
  const { config, database } = opts;
  const secureCookies = config.nodeEnv === 'production';
  // A partner's domain sends its home page to the partner's landing page when the auto-redirect settings say so.
  app.addHook('onRequest', app.services.partners.domainRedirect);
  await app.register(trackingLinkRoutes, { secureCookies });
  await app.register(
    async (api) => {
      // Liveness for load balancers: answers without touching the database (also the benchmarks' no-op baseline).
      api.get('/health', { config: { rateLimit: false }, schema: { response: { 200: healthView } } }, async () => ({ status: 'ok' as const }));
      // Readiness: this instance takes new work. It fails while the instance drains before shutting down and while it
      // cannot reach its database, so the balancer sends requests elsewhere (docs/operations.md, "Health and readiness").
      api.get('/ready', { config: { rateLimit: false }, schema: { response: { 200: healthView, 503: errorView } } }, async (request, reply) => {
        if (app.draining) return reply.code(503).send(errorBody(request.locale, 'service_unavailable'));
        try {
          await ping(database.db);
          return { status: 'ok' };
        } catch {
          return reply.code(503).send(errorBody(request.locale, 'service_unavailable'));
        }
      });
      for (const routes of PLAYER_ROUTES) await api.register(routes);
      await api.register(partnerSiteRoutes);
      await api.register(agentRoutes, { secureCookies });
      await api.register(backofficeRoutes, { prefix: '/backoffice', idleTimeoutMs: config.staffIdleTimeoutMs, plugins: backofficePlugins(config) });
    },
    { prefix: '/api' },
  );
}

/** Each domain's player routes, in the order they are registered. */
const PLAYER_ROUTES = [
  systemRoutes,
  authRoutes,
  accountRoutes,
  walletRoutes,
  betRoutes,
  gameListRoutes,
  cashierRoutes,
  usdtRoutes,
  protectionRoutes,
  vipRoutes,
  consultationRoutes,
  chatRoutes,
  messageRoutes,
  redPacketRoutes,
  uploadRoutes,
  promotionRoutes,
  seamlessRoutes,
  kycRoutes,
  vitalsRoutes,
];

// ---- jobs and shutdown ---------------------------------------------------------------------------

/** The scheduled work, named in jobs/registry.ts with its lock and schedule. */
function scheduledJobs(opts: BuildOptions, s: Services) {
  const { config, database } = opts;
  const livePlatforms = async () => [...new Set((await allPlatforms(database.db)).filter((p) => p.status === PLATFORM_STATUS.on).map((p) => p.gpCode))];
  return [
    scheduled(JOBS.reconcileTransfers, config, () => s.wallet.reconcile()),
    scheduled(JOBS.ingestBets, config, async () => s.bets.ingestAll(await livePlatforms())),
    scheduled(JOBS.expireDeposits, config, () => s.cashier.expireOrders()),
    scheduled(JOBS.aioReconcile, config, async () => (s.cashier.aio ? s.cashier.aio.reconcile() : undefined)),
    scheduled(JOBS.vipNightly, config, () => s.vip.nightly()),
    // The nightly run posts points too: the points job skips while it runs, so the two never post the same bets at once.
    scheduled(JOBS.vipPoints, config, () => database.withAdvisoryLock(JOBS.vipNightly.lockId, () => s.vip.awardPoints())),
    scheduled(JOBS.redPacketRounds, config, () => s.redpacket.tick()),
    scheduled(JOBS.purgeUploads, config, () => purgeUnusedUploads(database.db)),
    scheduled(JOBS.promotionsDaily, config, () => s.promotions.runDueJobs()),
    // The day close sweeps deposits too: the sweep skips while it runs.
    scheduled(JOBS.promotionsDepositSweep, config, () => database.withAdvisoryLock(JOBS.promotionsDaily.lockId, () => s.promotions.sweepDeposits())),
    scheduled(JOBS.reportsRebuild, config, () => new ReportsService({ db: database.db }).rebuildPastDay()),
    scheduled(JOBS.seamlessReconcile, config, () =>
      new SeamlessBackofficeService({
        db: database.db,
        accounts: s.seamless.accounts,
        config: config.seamless,
        provider: s.seamless.provider,
        wallet: s.seamless,
      }).reconcileAll(),
    ),
    scheduled(JOBS.purgeKycDocuments, config, () =>
      new KycBackofficeService({
        db: database.db,
        kyc: s.kyc,
        publish: s.realtime.publisher,
        cards: async () => [],
      }).purgeExpired(),
    ),
    scheduled(JOBS.partnersSettle, config, () => s.partners.settleDue()),
    scheduled(JOBS.usdtWatch, config, () => s.usdt.watch()),
    scheduled(JOBS.smsReports, config, () => s.sms.pollReports()),
    scheduled(JOBS.ensurePartitions, config, () => ensureMonthPartitions(database.db)),
    scheduled(JOBS.purgeWebVitals, config, () => s.vitals.purge()),
    scheduled(JOBS.purgeOutbox, config, () => purgeDeliveredOutbox(database.db)),
    scheduled(JOBS.purgeJobRuns, config, () => purgeJobRuns(database.db)),
  ];
}

function registerShutdown(app: FastifyInstance, infra: Infrastructure, services: Services, jobs: { stop(): Promise<void> } | undefined): void {
  // Open sockets would keep the HTTP server from closing, so they are let go before it starts to close. Their
  // connections are dropped rather than sent socket.io's "disconnect" (which tells a client to stay away): a client
  // that loses its transport reconnects by itself, through the balancer, to an instance still in service, and
  // refetches what it shows.
  app.addHook('preClose', async () => {
    infra.realtime.handOff();
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
    // The refused callbacks of the last second are still only in memory.
    await services.cashier.flushRefusals();
    // So are the players of seamless rounds settled in the last second.
    await services.seamless.flushSettled();
    // And the web vitals counted since the last flush.
    await services.vitals.stop();
    await infra.sessionCache.close();
    // A stopped instance leaves the breaker board (its breakers go with it).
    await infra.breakerBoard.stop();
    // Before Redis is quit: pending socket disconnects publish through it.
    infra.realtime.stop();
    if (infra.redis) await infra.redis.quit().catch(() => {});
    if (infra.redisSub) await infra.redisSub.quit().catch(() => {});
    infra.breakers.shutdown();
  });
}
