// Stand-in game provider aggregator: a signed transfer-wallet API per platform (/providers/:code/*),
// launch and demo pages (/play/*), and unsigned operator controls (/sim/*). See sim/README.md.
// Product code reaches it only over HTTP.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { PLATFORMS } from './platforms.ts';
import { Platform } from './platform.ts';
import { parseFaultsPatch, type Faults } from './faults.ts';
import { sign, signatureMatches } from './sign.ts';
import { issueSession, verifySession } from './session.ts';
import { renderMessage, renderPlay } from './play.ts';
import { PLAYER_RE, TRANSFER_ID_RE, statusBody, type Answer, type Direction, type TransferRequest } from './wallet.ts';
import { startPaymentSim } from './payments/server.ts';
import { betLogAnswer, registerGameRoutes } from './games/routes.ts';
import { gamesOf } from './games/catalog.ts';
import { registerSeamlessSim } from './seamless/routes.ts';
import { registerTronSim, type TronSimOptions } from './tron/routes.ts';
import { registerAioSim } from './aio/routes.ts';
import type { AioSim, AioSimOptions } from './aio/gateway.ts';
import type { Chain } from './tron/chain.ts';
import { registerSmsSims, type SmsSims } from './sms/routes.ts';

export interface SimOptions {
  /** 0 or unset: any free port (see `url`). The CLI defaults to 4400. */
  port?: number;
  host?: string;
  /** Unset or empty: in-memory only. */
  dataDir?: string;
  secret?: string;
  requestTtlMs?: number;
  /** Base of launch and demo links; defaults to http://localhost:<port>. */
  publicUrl?: string;
  /** PayBridge merchant secret (merchant 'site'); default SIM_GATEWAY_SECRET, then 'dev-gateway-secret'. */
  gatewaySecret?: string;
  /** PayBridge waits after failed callback attempts; default SIM_GATEWAY_RETRY_MS, then [1s, 2s, 5s, 10s, 30s, 60s, 300s]. */
  gatewayCallbackRetryMs?: number[];
  /** How long PayBridge waits for the site's answer to one callback attempt; default 5000. */
  gatewayCallbackTimeoutMs?: number;
  /** The games' clock (round and match schedules); defaults to Date.now. Signatures always use real time. */
  gameClock?: () => number;
  /** How often timed games settle due rounds and matches, ms (default 250); 0 turns the ticker off. */
  settleTickMs?: number;
  /** Seamless mode: the operator's site origin whose /api/seamless/* it calls (default SIM_SEAMLESS_WALLET_URL, then http://127.0.0.1:4321). */
  seamlessWalletUrl?: string;
  /** Seamless mode: the wallet API's secret (default SIM_SEAMLESS_SECRET, then dev-seamless-secret). */
  seamlessSecret?: string;
  /** TronGrid's stand-in under /trongrid (sim/tron): block time, strangers' transfers, its rate limit. */
  tron?: Omit<TronSimOptions, 'publicUrl'>;
  /** The AIO-format gateway under /aio (sim/aio): its re-send schedule and how late barcode payments are reported. */
  aio?: AioSimOptions;
}

export interface SimState {
  platforms: Map<string, Platform>;
  secret: string;
  requestTtlMs: number;
  publicUrl: string;
  /** Where the seamless provider sends its wallet calls; tests set it once the site is listening. */
  seamlessWalletUrl: string;
  /** TronGrid's stand-in's chain (tests place transfers and make blocks through /sim/tron or here). */
  tron?: Chain;
  /** The SMS gateways' stand-ins (sim/sms): Mitake under /mitake, EVERY8D under /every8d, the phones' inbox. */
  sms?: SmsSims;
  /** The AIO-format gateway's stand-in (its orders and deliveries). */
  aio?: AioSim;
}

export interface Sim {
  url: string;
  close(): Promise<void>;
  state: SimState;
}

export const DEFAULT_SECRET = 'dev-provider-secret';
export const DEFAULT_REQUEST_TTL_MS = 30_000;
/** How far ahead of the sim's clock a request timestamp may be. */
export const MAX_CLOCK_AHEAD_MS = 5_000;

const GAME_RE = /^[A-Za-z0-9_-]{1,64}$/;
const LANG_RE = /^[A-Za-z]{0,8}(?:-[A-Za-z0-9]{1,8})*$/;

type Body = Record<string, unknown>;
type Handler = (ctx: { platform: Platform; req: FastifyRequest; reply: FastifyReply; body: Body }) => Promise<Answer | 'hijacked'>;

export async function startSim(opts: SimOptions = {}): Promise<Sim> {
  const host = opts.host ?? '127.0.0.1';
  const secret = opts.secret || process.env.SIM_SECRET || DEFAULT_SECRET;
  const requestTtlMs = opts.requestTtlMs ?? DEFAULT_REQUEST_TTL_MS;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : undefined;

  const platforms = new Map<string, Platform>();
  for (const def of PLATFORMS) platforms.set(def.code, await Platform.open(def, dataDir, { now: opts.gameClock, tickMs: opts.settleTickMs }));
  const state: SimState = {
    platforms,
    secret,
    requestTtlMs,
    publicUrl: opts.publicUrl ?? '',
    seamlessWalletUrl: (opts.seamlessWalletUrl || process.env.SIM_SEAMLESS_WALLET_URL || 'http://127.0.0.1:4321').replace(/\/+$/, ''),
  };

  const hangs = new Set<NodeJS.Timeout>();
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 64 * 1024, routerOptions: { maxParamLength: 200 } });

  // Signatures cover the raw body, so every body arrives as a string and handlers parse it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: 'error', code: 'NOT_FOUND' }));
  app.setErrorHandler((err: { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) console.error('sim: handler failed', err);
    return reply.code(status).send({ status: 'error', code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST' });
  });

  /** Holds the connection for hangMs, then destroys the socket without an answer. */
  function hang(req: FastifyRequest, reply: FastifyReply, hangMs: number): 'hijacked' {
    reply.hijack();
    const socket = req.raw.socket;
    const timer = setTimeout(() => {
      hangs.delete(timer);
      socket.destroy();
    }, hangMs);
    hangs.add(timer);
    socket.once('close', () => {
      clearTimeout(timer);
      hangs.delete(timer);
    });
    return 'hijacked';
  }

  /** Wraps a provider endpoint: platform, latency, maintenance, signature, error fault, JSON body. */
  function provider(handler: Handler) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const code = (req.params as { code: string }).code;
      const platform = platforms.get(code);
      if (!platform) return reply.code(404).send({ status: 'error', code: 'UNKNOWN_PLATFORM' });
      const latency = platform.faults.current.latencyMs;
      if (latency > 0) await sleep(latency);
      const faults = platform.faults.current;
      if (faults.maintenance) return reply.code(503).send({ status: 'error', code: 'MAINTENANCE' });

      const rawBody = typeof req.body === 'string' ? req.body : '';
      const rejected = checkSignature(req, rawBody);
      if (rejected) return reply.code(401).send({ status: 'error', code: rejected });

      if (platform.faults.roll(faults.errorRate)) {
        platform.stats.errors++;
        return reply.code(500).send({ status: 'error', code: 'INTERNAL' });
      }

      let body: Body = {};
      if (req.method !== 'GET' && rawBody !== '') {
        try {
          const parsed: unknown = JSON.parse(rawBody);
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
          body = parsed as Body;
        } catch {
          return reply.code(400).send({ status: 'error', code: 'BAD_JSON' });
        }
      }
      const answer = await handler({ platform, req, reply, body });
      if (answer === 'hijacked') return reply;
      // Nothing is confirmed before the journal holds it.
      await platform.journal.sync();
      return reply.code(answer.httpStatus).send(answer.body);
    };
  }

  function checkSignature(req: FastifyRequest, rawBody: string): 'BAD_SIGNATURE' | 'STALE_REQUEST' | null {
    const operator = req.headers['x-operator'];
    const timestamp = req.headers['x-timestamp'];
    const signature = req.headers['x-signature'];
    if (typeof operator !== 'string' || operator === '') return 'BAD_SIGNATURE';
    if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) return 'BAD_SIGNATURE';
    if (typeof signature !== 'string') return 'BAD_SIGNATURE';
    if (!signatureMatches(sign(secret, req.method, req.url, timestamp, rawBody), signature)) return 'BAD_SIGNATURE';
    const age = Date.now() - Number(timestamp);
    if (age > requestTtlMs || age < -MAX_CLOCK_AHEAD_MS) return 'STALE_REQUEST';
    return null;
  }

  const ok = (body: Body): Answer => ({ httpStatus: 200, body: { status: 'ok', ...body } });
  const error = (httpStatus: number, code: string): Answer => ({ httpStatus, body: { status: 'error', code } });

  app.post(
    '/providers/:code/players',
    provider(async ({ platform, body }) => {
      const player = body.player;
      if (typeof player !== 'string' || !PLAYER_RE.test(player)) return error(422, 'INVALID_PLAYER');
      const created = platform.wallet.createPlayer(player);
      return ok({ player, created });
    }),
  );

  app.get(
    '/providers/:code/players/:player/balance',
    provider(async ({ platform, req }) => {
      const { player } = req.params as { player: string };
      const balance = platform.wallet.balance(player);
      if (balance === undefined) return error(404, 'PLAYER_NOT_FOUND');
      return ok({ player, balanceMinor: balance.toString() });
    }),
  );

  app.post(
    '/providers/:code/transfers',
    provider(async ({ platform, req, reply, body }) => {
      const { transferId, player, direction, amountMinor } = body;
      if (typeof transferId !== 'string' || !TRANSFER_ID_RE.test(transferId)) return error(422, 'INVALID_TRANSFER_ID');
      if (typeof player !== 'string' || !PLAYER_RE.test(player)) return error(422, 'INVALID_PLAYER');
      if (direction !== 'in' && direction !== 'out') return error(422, 'INVALID_DIRECTION');
      const transfer: TransferRequest = {
        transferId,
        player,
        direction: direction as Direction,
        // A non-string amount is recorded in a form no valid amount can take, so it stays INVALID_AMOUNT on replay.
        amountMinor: typeof amountMinor === 'string' ? amountMinor : `json:${JSON.stringify(amountMinor) ?? 'undefined'}`,
      };
      const faults = platform.faults.current;
      if (platform.faults.roll(faults.timeoutBeforeApplyRate)) {
        platform.stats.timeoutsBeforeApply++;
        return hang(req, reply, faults.hangMs);
      }
      platform.stats.deliveries++;
      let answer = platform.wallet.transfer(transfer);
      if (platform.faults.roll(faults.duplicateDeliveryRate)) {
        // The network delivered the request twice; the second delivery's answer is the one sent back.
        platform.stats.deliveries++;
        platform.stats.duplicateDeliveries++;
        await new Promise((r) => setImmediate(r));
        answer = platform.wallet.transfer(transfer);
      }
      if (platform.faults.roll(faults.timeoutAfterApplyRate)) {
        await platform.journal.sync();
        platform.stats.timeoutsAfterApply++;
        return hang(req, reply, faults.hangMs);
      }
      return answer;
    }),
  );

  app.get(
    '/providers/:code/transfers/:transferId',
    provider(async ({ platform, req }) => {
      const { transferId } = req.params as { transferId: string };
      const rec = platform.wallet.getTransfer(transferId);
      if (!rec) return { httpStatus: 404, body: { status: 'not_found', transferId } };
      return { httpStatus: 200, body: statusBody(rec) };
    }),
  );

  // The bet log by cursor (sim/games/routes.ts; README "Bet log").
  app.get(
    '/providers/:code/bets',
    provider(async ({ platform, req }) => betLogAnswer(platform, req.query)),
  );

  app.get(
    '/providers/:code/launch',
    provider(async ({ platform, req }) => {
      const q = req.query as Record<string, string | undefined>;
      const player = q.player ?? '';
      const game = q.game || 'lobby';
      const lang = q.lang ?? '';
      if (!PLAYER_RE.test(player)) return error(422, 'INVALID_PLAYER');
      if (!GAME_RE.test(game)) return error(422, 'INVALID_GAME');
      if (!LANG_RE.test(lang)) return error(422, 'INVALID_LANG');
      if (!platform.wallet.hasPlayer(player)) return error(404, 'PLAYER_NOT_FOUND');
      const session = issueSession(secret, { code: platform.def.code, player, game, lang });
      return ok({ url: `${state.publicUrl}/play/${platform.def.code}/${game}?session=${session}&lang=${encodeURIComponent(lang)}` });
    }),
  );

  app.get(
    '/providers/:code/demo',
    provider(async ({ platform, req }) => {
      const q = req.query as Record<string, string | undefined>;
      const game = q.game || 'lobby';
      const lang = q.lang ?? '';
      if (!platform.def.demo) return error(404, 'NO_DEMO');
      if (!GAME_RE.test(game)) return error(422, 'INVALID_GAME');
      if (!LANG_RE.test(lang)) return error(422, 'INVALID_LANG');
      return ok({ url: `${state.publicUrl}/play/${platform.def.code}/${game}?demo=1&lang=${encodeURIComponent(lang)}` });
    }),
  );

  // The pages behind launch and demo links (what the player's browser opens).
  app.get('/play/:code/:game', async (req, reply) => {
    const { code, game } = req.params as { code: string; game: string };
    const q = req.query as Record<string, string | undefined>;
    const lang = LANG_RE.test(q.lang ?? '') ? (q.lang ?? '') : '';
    const platform = platforms.get(code);
    const html = (status: number, text: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(text);
    if (!platform || !GAME_RE.test(game)) return html(404, renderMessage('expired', lang));
    if (platform.faults.current.maintenance) return html(503, renderMessage('maintenance', lang));
    if (q.demo === '1') {
      if (!platform.def.demo) return html(404, renderMessage('no-demo', lang));
      return html(200, renderPlay({ platform: platform.def, game, lang, player: null, balanceMinor: null }));
    }
    const session = verifySession(secret, q.session ?? '');
    if (!session || session.code !== code || session.game !== game) return html(403, renderMessage('expired', lang));
    const balanceMinor = platform.wallet.balance(session.player) ?? 0n;
    return html(200, renderPlay({ platform: platform.def, game, lang: session.lang || lang, player: session.player, balanceMinor }));
  });

  // The games' play API, client script and /sim/bets switches.
  registerGameRoutes(app, { platforms, secret });
  // Seamless mode (sim/seamless): games that debit and credit the operator's wallet API bet by bet.
  registerSeamlessSim(app, {
    walletUrl: () => state.seamlessWalletUrl,
    walletSecret: opts.seamlessSecret || process.env.SIM_SEAMLESS_SECRET || 'dev-seamless-secret',
    secret,
    requestTtlMs,
    publicUrl: () => state.publicUrl,
  });

  // Operator controls: unsigned, for tests and the back office when the sim runs locally.
  const platformOr404 = (req: FastifyRequest, reply: FastifyReply): Platform | undefined => {
    const platform = platforms.get((req.params as { code: string }).code);
    if (!platform) void reply.code(404).send({ status: 'error', code: 'UNKNOWN_PLATFORM' });
    return platform;
  };
  const allFaults = (): Record<string, Faults> => Object.fromEntries([...platforms].map(([code, p]) => [code, p.faults.current]));

  app.get('/sim/health', async () => ({ status: 'ok' }));
  app.get('/sim/platforms', async () => ({
    platforms: PLATFORMS.map((d) => ({
      code: d.code,
      name: d.name,
      group: d.group,
      alsoGroups: d.alsoGroups,
      demo: d.demo,
      games: gamesOf(d.code).map((g) => g.id),
    })),
  }));
  app.get('/sim/faults', async () => allFaults());
  app.delete('/sim/faults', async () => {
    for (const p of platforms.values()) p.faults.reset();
    return allFaults();
  });
  app.get('/sim/faults/:code', async (req, reply) => {
    const platform = platformOr404(req, reply);
    return platform ? platform.faults.current : reply;
  });
  app.put('/sim/faults/:code', async (req, reply) => {
    const platform = platformOr404(req, reply);
    if (!platform) return reply;
    let input: unknown;
    try {
      input = typeof req.body === 'string' && req.body !== '' ? JSON.parse(req.body) : {};
    } catch {
      return reply.code(400).send({ status: 'error', code: 'BAD_JSON' });
    }
    const parsed = parseFaultsPatch(input);
    if (!parsed.ok) return reply.code(422).send({ status: 'error', code: 'INVALID_FAULTS', field: parsed.field });
    return platform.faults.update(parsed.patch);
  });
  app.get('/sim/balances/:code', async (req, reply) => {
    const platform = platformOr404(req, reply);
    if (!platform) return reply;
    await platform.journal.sync();
    const players: Record<string, string> = {};
    let total = 0n;
    for (const [player, balance] of platform.wallet.allBalances()) {
      players[player] = balance.toString();
      total += balance;
    }
    return { players, totalMinor: total.toString() };
  });
  app.get('/sim/stats/:code', async (req, reply) => {
    const platform = platformOr404(req, reply);
    return platform ? platform.stats : reply;
  });

  state.tron = registerTronSim(app, { ...opts.tron, publicUrl: () => state.publicUrl });
  state.sms = registerSmsSims(app);
  state.aio = registerAioSim(app, opts.aio);
  await app.register(startPaymentSim, {
    dataDir,
    gatewaySecret: opts.gatewaySecret,
    gatewayCallbackRetryMs: opts.gatewayCallbackRetryMs,
    callbackTimeoutMs: opts.gatewayCallbackTimeoutMs,
    requestTtlMs,
    publicUrl: () => state.publicUrl,
  });
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  state.publicUrl = (opts.publicUrl || `http://localhost:${port}`).replace(/\/+$/, '');

  let closing: Promise<void> | undefined;
  return {
    url,
    state,
    close() {
      closing ??= (async () => {
        for (const timer of hangs) clearTimeout(timer);
        hangs.clear();
        state.sms?.close();
        await app.close();
        for (const p of platforms.values()) await p.close();
      })();
      return closing;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

// CLI: node --disable-warning=ExperimentalWarning sim/server.ts
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = process.env;
  const port = Number(env.SIM_PORT || 4400);
  const sim = await startSim({
    port,
    host: env.SIM_HOST || '127.0.0.1',
    // Unset: ./data/sim; set but empty: in-memory only.
    dataDir: env.SIM_DATA_DIR ?? './data/sim',
    secret: env.SIM_SECRET || DEFAULT_SECRET,
    requestTtlMs: env.SIM_REQUEST_TTL_MS ? Number(env.SIM_REQUEST_TTL_MS) : DEFAULT_REQUEST_TTL_MS,
    publicUrl: env.SIM_PUBLIC_URL || undefined,
  });
  console.log(`sim: provider aggregator on ${sim.url} (${env.SIM_DATA_DIR === '' ? 'in memory' : `data in ${resolve(env.SIM_DATA_DIR ?? './data/sim')}`})`);
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
