// Builds the Fastify app: outside plugins first, then our plugins, then the API routes, then the pages.
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { ping, type Database, type Db } from './db/client.ts';
import { valibotCompiler, valibotSerializer } from './lib/validation.ts';
import { ApiError, errorBody, sendError } from './lib/errors.ts';
import { bearerToken } from './modules/auth/tokens.ts';
import { pgLimiter, redisLimiter, type Limiter } from './lib/limiter.ts';
import { httpSms, outboxSms, type SmsSender } from './integrations/sms/index.ts';
import { SystemService } from './modules/system/service.ts';
import { AuthService, type Auth } from './modules/auth/service.ts';
import { INVALIDATE_CHANNEL, SessionCache } from './modules/auth/session-cache.ts';
import { sql } from 'drizzle-orm';
import { systemRoutes } from './modules/system/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { accountRoutes } from './modules/auth/account-routes.ts';
import { OPEN_DURING_FORCED_CHANGE } from './modules/auth/account-service.ts';
import { backofficeRoutes } from './modules/staff/plugin.ts';
import { createRealtime, type Realtime } from './realtime/server.ts';
import { HttpGameProvider, type GameProvider } from './integrations/games/provider.ts';
import { WalletService } from './modules/wallet/service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { allPlatforms } from './modules/wallet/repository.ts';
import { GamesService } from './modules/games/service.ts';
import { BetsService } from './modules/bets/service.ts';
import { betRoutes } from './modules/bets/routes.ts';
import { gameListRoutes } from './modules/games/routes.ts';
import { PayBridgeGateway, type PaymentGateway } from './integrations/payments/gateway.ts';
import { CashierService } from './modules/cashier/service.ts';
import type { Timer } from './lib/timer.ts';
import { cashierRoutes } from './modules/cashier/routes.ts';
import { startJobs } from './jobs/runner.ts';
import { loggerOptions, logRequests } from './lib/logging.ts';
import { refusedCallbacksCounter, registerMetrics } from './modules/system/metrics.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { ProtectionService } from './modules/protection/service.ts';
import { protectionRoutes } from './modules/protection/routes.ts';
import { VipService } from './modules/vip/service.ts';
import { ExchangeService } from './modules/vip/exchange-service.ts';
import { vipRoutes } from './modules/vip/routes.ts';
import { ChatService } from './modules/chat/service.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { attachChatSockets } from './modules/chat/sockets.ts';
import { CHAT_NAMESPACE } from '../shared/schemas/chat.ts';
import { liveStaffSession } from './modules/staff/repository.ts';
import { hashToken } from './modules/auth/tokens.ts';
import { consultationRoutes } from './modules/consultations/routes.ts';
import { ConsultationService } from './modules/consultations/service.ts';
import { PromotionsService } from './modules/promotions/service.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { isLocale, localeFrom } from '../i18n/index.ts';
import { LOCALE_COOKIE, type Locale } from '../shared/constants.ts';
import { healthView } from '../shared/schemas/system.ts';
import { errorView } from '../shared/schemas/envelope.ts';
import { claimStaffUploads, claimUploads, configureFileUrls, fileUrl, publicFileUrl, purgeUnusedUploads } from './modules/uploads/service.ts';
import { MessagesService } from './modules/messages/service.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { RedPacketService } from './modules/redpacket/service.ts';
import { redPacketRoutes } from './modules/redpacket/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { PLATFORM_STATUS } from '../shared/statuses.ts';

export interface Services {
  db: Db;
  system: SystemService;
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
  protection: ProtectionService;
  vip: VipService;
  exchange: ExchangeService;
  consultations: ConsultationService;
  chat: ChatService;
  messages: MessagesService;
  promotions: PromotionsService;
  redpacket: RedPacketService;
}

/** A registered route as the contract tests see it. */
export interface RouteEntry { method: string; url: string; responses: string[]; schemas: Record<string, unknown> }

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    requirePlayer: (request: FastifyRequest) => Promise<void>;
    /** Every route as registered (method, full path, the status codes it declares a response schema for and those schemas), for the contract tests. */
    routeList: RouteEntry[];
  }
  interface FastifyRequest {
    locale: Locale;
    auth: Auth | undefined;
  }
}

/** How often the promotions' daily job looks for a closed day to settle. */
const PROMOTION_JOB_INTERVAL_MS = 10 * 60 * 1000;

/** Caps every JSON body; forms here are a few hundred bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Mounts the built Astro site; API tests leave it off. */
  pages?: boolean;
  /** Runs the scheduled jobs (reconciliation); tests drive them by hand. */
  jobs?: boolean;
  /** A provider to use instead of the HTTP one (tests with fakes). */
  provider?: GameProvider;
  /** A payment gateway to use instead of the HTTP one. */
  gateway?: PaymentGateway;
  /** Deferred writes (the cashier's refused-callback counts); tests pass a ManualTimer instead of real time. */
  timer?: Timer;
  logger?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    // One line per request from logRequests instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count becomes the function Fastify's types accept; addresses and CIDR lists pass as they are.
    trustProxy: typeof config.trustProxy === 'number'
      ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
      : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Large ids and keys are refused before routing rather than by each handler.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const redisSub = redis?.duplicate();
  const limiter = redis ? redisLimiter(redis, config.redisKeyPrefix) : pgLimiter(database.db);
  const sms = config.smsDriver === 'http' && config.smsHttpUrl
    ? httpSms(database.db, { url: config.smsHttpUrl, apiKey: config.smsHttpKey })
    : outboxSms(database.db);
  const system = new SystemService(database.db);

  // The auth service needs the publisher and the socket server needs the auth service: a late binding.
  let authService: AuthService | undefined;
  const realtime = createRealtime({
    httpServer: app.server,
    authenticate: (token) => authService!.authenticate(token),
    redis: redis && redisSub ? { pub: redis, sub: redisSub, keyPrefix: config.redisKeyPrefix } : undefined,
  });
  // The chat's namespace is created here, in the same tick as the Redis connections, so its adapter's SUBSCRIBE waits
  // in ioredis's offline queue. Created after an await, the SUBSCRIBE can reach Redis between the connection and its
  // ready check (SUBSCRIBE is allowed while Redis loads), and the ready check's INFO then fails in subscriber mode.
  realtime.io.of(CHAT_NAMESPACE);
  // Player sessions cached per instance, dropped by the database's NOTIFY (PostgreSQL only; see session-cache.ts).
  const sessionCache = new SessionCache(config.databaseUrl, (msg) => app.log.warn(msg));
  await sessionCache.start();
  // Every revocation closes the session's sockets through the publisher after its commit: this instance
  // forgets those sessions there too, before the answer goes out, rather than when its NOTIFY arrives.
  const disconnect = realtime.publisher.disconnectSessions.bind(realtime.publisher);
  realtime.publisher.disconnectSessions = (ids) => {
    for (const id of ids) sessionCache.invalidate(`s:${id}`);
    disconnect(ids);
  };
  // Whatever a player is told changed also drops their cached GET /auth/me answer, here at once and on the
  // other instances through the same NOTIFY channel the database's triggers use.
  const playerChanged = (playerId: number) => {
    sessionCache.invalidate(`p:${playerId}`);
    if (database.kind === 'postgres') {
      void database.db.execute(sql`select pg_notify(${INVALIDATE_CHANNEL}, ${`p:${playerId}`})`)
        .catch((err: unknown) => app.log.warn({ err }, 'could not announce a player change'));
    }
  };
  const toPlayer = realtime.publisher.toPlayer.bind(realtime.publisher);
  realtime.publisher.toPlayer = (playerId, event, payload) => {
    playerChanged(playerId);
    toPlayer(playerId, event, payload);
  };
  // A signed-in player's own change (a transfer, a setting) is answered only after their cached view is gone,
  // so the GET /auth/me that follows shows it on whichever instance it reaches.
  app.addHook('onSend', async (request) => {
    if (request.auth && request.method !== 'GET') playerChanged(request.auth.playerId);
  });
  authService = new AuthService({ db: database.db, system, limiter, sms, publish: realtime.publisher, sessionCache });
  const provider = opts.provider ?? new HttpGameProvider(config.provider);
  const wallet = new WalletService({ db: database.db, provider, publish: realtime.publisher });
  const games = new GamesService({ db: database.db, provider, wallet });
  const bets = new BetsService({ db: database.db, provider, accounts: wallet.accounts, publish: realtime.publisher });
  // Wins a provider has not reported yet must be in the ledger before money leaves that platform.
  wallet.beforeTransferOut = async (code) => {
    await bets.ingest(code, 2).catch((err: unknown) => app.log.warn({ err, code }, 'bet sync before transfer failed'));
  };

  const gateway = opts.gateway ?? new PayBridgeGateway(config.gateway);
  const cashier = new CashierService({
    db: database.db, system, gateway, publish: realtime.publisher, accounts: wallet.accounts, limiter, timer: opts.timer,
    urls: { notifyUrl: `${config.callbackBaseUrl}/api/payments/paybridge/callback`, siteUrl: config.siteUrl },
  });

  // One protection gate, asked by deposits, transfers into play and game launch (issue 15).
  const protection = new ProtectionService({ db: database.db, wallet, publish: realtime.publisher, system });
  wallet.gate = protection;
  games.gate = protection;
  cashier.gate = protection;
  const vip = new VipService({ db: database.db, accounts: wallet.accounts, publish: realtime.publisher });
  const exchange = new ExchangeService({ db: database.db, vip, publish: realtime.publisher });
  const consultations = new ConsultationService({ db: database.db, publish: realtime.publisher });
  const messages = new MessagesService({ db: database.db, publish: realtime.publisher, imageUrl: publicFileUrl });
  const redpacket = new RedPacketService({ db: database.db, accounts: wallet.accounts, publish: realtime.publisher, pictureUrl: publicFileUrl });
  // VIP points and levels follow bets and deposits at once; a failure there must not undo the ingestion or the credit.
  // Promotions (issue 12): deposit modes and referrals after a credit, referrals after bets, the register bonus after a registration.
  const promotions = new PromotionsService({ db: database.db, accounts: wallet.accounts, publish: realtime.publisher });
  promotions.log = (err, what) => app.log.error({ err }, `promotions: ${what} failed`);
  bets.afterBatch = async (playerIds) => {
    await vip.afterBets(playerIds).catch((err: unknown) => app.log.error({ err }, 'vip evaluation after bets failed'));
    await promotions.onBets(playerIds).catch((err: unknown) => app.log.error({ err }, 'promotions after bets failed'));
  };
  cashier.afterDeposit = async (playerId, depositId) => {
    await vip.evaluate([playerId]).then(() => undefined, (err: unknown) => app.log.error({ err }, 'vip evaluation after deposit failed'));
    await promotions.onDepositCredited(playerId, depositId).catch((err: unknown) => app.log.error({ err }, 'promotions after deposit failed'));
  };
  authService.afterRegister = (playerId) => promotions.onRegistered(playerId).catch((err: unknown) => app.log.error({ err }, 'promotions after registration failed'));

  // Live chat (issue 14) on its own socket.io namespace; players and agents sign in with their own tokens.
  // A message left while no agent is online becomes a consultation the service desk answers.
  const chat = new ChatService({
    db: database.db, limiter,
    leaveMessage: (m) => consultations.create({ playerId: m.playerId, title: m.title, information: m.content, imageIds: m.images, source: 'chat' }),
    // Pictures come from POST /api/uploads/images; their signed URLs go only to the player and the agents.
    images: {
      claim: async (tx, playerId, ids) => { await claimUploads(tx, { playerId, ids, purpose: 'chat' }); },
      claimStaff: async (tx, staffId, ids) => { await claimStaffUploads(tx, { staffId, ids, purpose: 'chat' }); },
      url: (id) => fileUrl(id),
    },
  });
  attachChatSockets(realtime.io, {
    chat,
    authenticatePlayer: (token) => authService!.authenticate(token),
    authenticateStaff: async (token) => {
      const row = await liveStaffSession(database.db, hashToken(token), config.staffIdleTimeoutMs);
      return row && { staffId: row.staffId, username: row.username, role: row.role };
    },
    log: (err, msg) => app.log.error({ err }, msg),
  });

  app.decorate('services', {
    db: database.db, system, auth: authService, sessionCache, limiter, sms, realtime, provider, wallet, games, bets, cashier, protection, vip, exchange,
    consultations, chat, messages, promotions, redpacket,
  });
  /** The one place that turns a bearer token into a player; routes that need one run it onRequest, before validation. */
  app.decorate('requirePlayer', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const found = token ? await authService!.authenticate(token) : undefined;
    if (!found) throw new ApiError('unauthorized');
    if (found.forcePassword && !OPEN_DURING_FORCED_CHANGE.has(request.routeOptions.url ?? '')) throw new ApiError('password_change_required');
    request.auth = found;
  });
  app.decorateRequest('locale', 'zh-TW');
  app.decorateRequest('auth', undefined);

  // After the cookie plugin, whose onRequest hook parses the clang cookie this one reads.
  await app.register(cookie);
  // Multipart is parsed only by the upload routes, after authentication; these are the outer limits, each
  // route sets its own lower ones (SPEC.md section 5: three images of 500 KB for players).
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 4, fields: 4, parts: 8, headerPairs: 100 } });
  configureFileUrls(config.staffTotpKey);
  app.addHook('onRequest', async (request) => {
    const explicit = request.headers['x-locale'];
    request.locale = isLocale(explicit)
      ? explicit
      : localeFrom(request.cookies?.[LOCALE_COOKIE], request.headers['accept-language']);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Astro adds a <meta> policy with the hashes of its inline scripts; both policies must allow a script.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.nodeEnv === 'production' ? undefined : false,
  });
  await app.register(rateLimit, {
    global: true,
    max: Number(process.env.RATE_LIMIT_PER_MIN ?? 600),
    timeWindow: '1 minute',
    redis,
    nameSpace: `${config.redisKeyPrefix}frl:`,
    // Pages and assets are cheap and cached; the limit guards the API.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (request, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const schemas = (route.schema?.response ?? {}) as Record<string, unknown>;
    const responses = Object.keys(schemas);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: route.url, responses, schemas });
  });
  // Before the routes, so the plugin's onRoute hook sees every one of them.
  await registerOpenApi(app, {
    needsSession: (route) => [route.onRequest].flat().includes(app.requirePlayer)
      || (route.url.startsWith('/api/backoffice/') && (route.config as { staff?: string } | undefined)?.staff !== 'public'),
  });
  const metrics = await registerMetrics(app, { db: database.db, io: realtime.io, token: config.metricsToken });
  cashier.onCallbackRefused = refusedCallbacksCounter(metrics);
  logRequests(app);

  app.setValidatorCompiler(valibotCompiler);
  app.setSerializerCompiler(valibotSerializer(process.env.NODE_ENV !== 'production'));
  app.setErrorHandler((err, request, reply) => sendError(request, reply, err as Error));

  await app.register(async (api) => {
    // Liveness for load balancers: answers without touching the database (also the benchmarks' no-op baseline).
    api.get('/health', { config: { rateLimit: false }, schema: { response: { 200: healthView } } }, async () => ({ status: 'ok' as const }));
    // Readiness: this instance can reach its database.
    api.get('/ready', { config: { rateLimit: false }, schema: { response: { 200: healthView, 503: errorView } } }, async (_request, reply) => {
      try {
        await ping(database.db);
        return { status: 'ok' };
      } catch {
        return reply.code(503).send(errorBody('en', 'internal'));
      }
    });
    await api.register(systemRoutes);
    await api.register(authRoutes);
    await api.register(accountRoutes);
    await api.register(walletRoutes);
    await api.register(betRoutes);
    await api.register(gameListRoutes);
    await api.register(cashierRoutes);
    await api.register(protectionRoutes);
    await api.register(vipRoutes);
    await api.register(consultationRoutes);
    await api.register(chatRoutes);
    await api.register(messageRoutes);
    await api.register(redPacketRoutes);
    await api.register(uploadRoutes);
    await api.register(promotionRoutes);
    await api.register(backofficeRoutes, { prefix: '/backoffice', providerBaseUrl: config.provider.baseUrl, totpKey: config.staffTotpKey, totpRequired: config.staffTotpRequired, idleTimeoutMs: config.staffIdleTimeoutMs });
  }, { prefix: '/api' });

  if (opts.pages) {
    const { registerPages } = await import('./pages.ts');
    await registerPages(app);
  } else {
    app.setNotFoundHandler((request, reply) => reply.code(404).send(errorBody(request.locale, 'not_found')));
  }

  const jobs = opts.jobs
    ? startJobs(database, [
      { name: 'reconcile-transfers', lockId: 7_240_101, intervalMs: config.reconcileIntervalMs, run: () => wallet.reconcile() },
      {
        name: 'ingest-bets', lockId: 7_240_102, intervalMs: config.betIngestIntervalMs,
        run: async () => bets.ingestAll([...new Set((await allPlatforms(database.db)).filter((p) => p.status === PLATFORM_STATUS.on).map((p) => p.gpCode))]),
      },
      { name: 'expire-deposits', lockId: 7_240_103, intervalMs: config.depositExpiryIntervalMs, run: () => cashier.expireOrders() },
      { name: 'vip-nightly', lockId: 7_240_113, intervalMs: config.vipNightlyIntervalMs, run: () => vip.nightly() },
      { name: 'red-packet-rounds', lockId: 7_240_131, intervalMs: config.redPacketTickMs, run: () => redpacket.tick() },
      // Pictures uploaded but never sent with a consultation or chat message.
      { name: 'purge-uploads', lockId: 7_240_121, intervalMs: 3_600_000, run: () => purgeUnusedUploads(database.db) },
      // Settles yesterday's valid-bet rebates and rescue money; each promotion and day records its run, so repeats pay nothing.
      { name: 'promotions-daily', lockId: 7_240_122, intervalMs: PROMOTION_JOB_INTERVAL_MS, run: () => promotions.runDueJobs() },
    ], app.log)
    : undefined;

  // Open sockets would keep the HTTP server from closing, so they are let go before it starts to close.
  app.addHook('preClose', async () => {
    realtime.io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
    // The refused callbacks of the last second are still only in memory.
    await cashier.flushRefusals();
    await sessionCache.close();
    // Before Redis is quit: pending socket disconnects publish through it.
    realtime.stop();
    if (redis) await redis.quit().catch(() => {});
    if (redisSub) await redisSub.quit().catch(() => {});
  });

  return app;
}
