// HTTP for the games: the JSON API the play pages call (/play-api/:code/:game/*, authenticated by the
// signed launch session or, for demos, a play-money token), the client script, the signed bet log
// (wrapped by server.ts's provider checks) and the unsigned operator switches under /sim/bets.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../platform.ts';
import type { Answer } from '../wallet.ts';
import { verifySession } from '../session.ts';
import { DEMO_TOKEN_RE, type BetRecord, type Refusal, type Who } from './book.ts';
import { resolveGame } from './catalog.ts';
import type { Game } from './types.ts';

const CLIENT_JS = readFileSync(new URL('./client.js', import.meta.url), 'utf8');
const GAME_RE = /^[A-Za-z0-9_-]{1,64}$/;

export interface GamesContext {
  platforms: Map<string, Platform>;
  secret: string;
}

/** GET /providers/:code/bets (signature and platform faults already checked by the caller). */
export function betLogAnswer(platform: Platform, query: unknown): Answer {
  const q = (query ?? {}) as Record<string, string | undefined>;
  const limitText = q.limit ?? '100';
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
  if (limit < 1 || limit > 500) return { httpStatus: 422, body: { status: 'error', code: 'INVALID_LIMIT' } };
  const seq = platform.games.parseCursor(q.cursor ?? '');
  if (seq === null) return { httpStatus: 422, body: { status: 'error', code: 'INVALID_CURSOR' } };

  // The betLogFailAfter fault: serve what is left of the budget, then fail one call and disarm.
  const budget = platform.faults.current.betLogFailAfter;
  if (budget === 0) {
    platform.faults.update({ betLogFailAfter: null });
    platform.stats.errors++;
    return { httpStatus: 500, body: { status: 'error', code: 'INTERNAL' } };
  }
  const page = platform.games.page(seq, budget === null ? limit : Math.min(limit, budget));
  if (budget !== null) platform.faults.update({ betLogFailAfter: budget - page.bets.length });
  return { httpStatus: 200, body: { status: 'ok', ...page } };
}

export function registerGameRoutes(app: FastifyInstance, ctx: GamesContext): void {
  const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) => reply.code(status).header('cache-control', 'no-store').send(body);
  const fail = (reply: FastifyReply, r: Refusal) => {
    const { httpStatus, ...rest } = r;
    return send(reply, httpStatus, { status: 'error', ...rest });
  };

  app.get('/play-assets/client.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CLIENT_JS));

  /** Platform, game and who is playing, from the path and the x-session / x-demo header. */
  function resolve(req: FastifyRequest, reply: FastifyReply): { platform: Platform; game: Game; who: Who } | undefined {
    const { code, game: requested } = req.params as { code: string; game: string };
    const platform = ctx.platforms.get(code);
    const game = platform && GAME_RE.test(requested) ? resolveGame(code, requested) : undefined;
    if (!platform || !game) {
      void send(reply, 404, { status: 'error', code: 'UNKNOWN_GAME', message: 'No such game.' });
      return undefined;
    }
    if (platform.faults.current.maintenance) {
      void send(reply, 503, { status: 'error', code: 'MAINTENANCE', message: 'This game platform is under maintenance.' });
      return undefined;
    }
    const demo = req.headers['x-demo'];
    if (typeof demo === 'string') {
      if (!platform.def.demo) {
        void send(reply, 404, { status: 'error', code: 'NO_DEMO', message: 'This platform has no demo.' });
        return undefined;
      }
      if (!DEMO_TOKEN_RE.test(demo)) {
        void send(reply, 401, { status: 'error', code: 'SESSION_EXPIRED', message: 'Invalid demo token.' });
        return undefined;
      }
      return { platform, game, who: { demo } };
    }
    const token = req.headers['x-session'];
    const session = typeof token === 'string' ? verifySession(ctx.secret, token) : null;
    if (!session || session.code !== code || session.game !== requested) {
      void send(reply, 401, {
        status: 'error',
        code: 'SESSION_EXPIRED',
        message: 'This game session is invalid or has expired. Launch the game again from the site.',
      });
      return undefined;
    }
    return { platform, game, who: { player: session.player } };
  }

  const playerBet = (b: BetRecord) => ({
    betId: b.betId,
    game: b.game,
    stakeMinor: b.stakeMinor,
    payoutMinor: b.payoutMinor,
    status: b.status,
    placedAt: b.placedAt,
    settledAt: b.settledAt,
    version: b.version,
    detail: b.detail,
  });

  app.get('/play-api/:code/:game/state', async (req, reply) => {
    const r = resolve(req, reply);
    if (!r) return reply;
    const { platform, game, who } = r;
    const now = platform.games.now();
    const balance = platform.games.balanceOf(who);
    if (balance === undefined) return fail(reply, { httpStatus: 404, code: 'PLAYER_NOT_FOUND', message: 'Unknown player.' });
    const events = game.kind === 'timed' ? platform.games.events(game, now) : undefined;
    await platform.journal.sync();
    return send(reply, 200, {
      status: 'ok',
      now,
      mode: 'demo' in who ? 'demo' : 'real',
      game: game.id,
      balanceMinor: balance.toString(),
      events,
      bets: platform.games.recentBets(who, game.id).map(playerBet),
    });
  });

  app.post('/play-api/:code/:game/bets', async (req, reply) => {
    const r = resolve(req, reply);
    if (!r) return reply;
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(typeof req.body === 'string' ? req.body : '');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return send(reply, 400, { status: 'error', code: 'BAD_JSON', message: 'The body must be a JSON object.' });
    }
    const placed = r.platform.games.place(r.who, r.game, body);
    if (!placed.ok) return fail(reply, placed.refusal);
    // Nothing is confirmed before the journal holds it.
    await r.platform.journal.sync();
    return send(reply, 200, { status: 'ok', bet: playerBet(placed.bet), balanceMinor: placed.balanceMinor.toString() });
  });

  app.post('/play-api/:code/:game/demo-reset', async (req, reply) => {
    const r = resolve(req, reply);
    if (!r) return reply;
    if (!('demo' in r.who)) return send(reply, 403, { status: 'error', code: 'NOT_DEMO', message: 'Only a demo balance can be reset.' });
    return send(reply, 200, { status: 'ok', balanceMinor: r.platform.games.resetDemo(r.who.demo).toString() });
  });

  // ---- operator switches (unsigned, like /sim/faults) ----

  const platformOr404 = (req: FastifyRequest, reply: FastifyReply): Platform | undefined => {
    const platform = ctx.platforms.get((req.params as { code: string }).code);
    if (!platform) void reply.code(404).send({ status: 'error', code: 'UNKNOWN_PLATFORM' });
    return platform;
  };
  const jsonBody = (req: FastifyRequest): Record<string, unknown> | null => {
    try {
      const parsed: unknown = typeof req.body === 'string' && req.body !== '' ? JSON.parse(req.body) : {};
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  app.get('/sim/bets/:code', async (req, reply) => {
    const platform = platformOr404(req, reply);
    if (!platform) return reply;
    const q = req.query as Record<string, string | undefined>;
    const limit = Math.min(1000, Math.max(1, Number(q.limit) || 100));
    const bets = platform.games.allBets({ player: q.player, status: q.status });
    const counts = platform.games.counts();
    return { status: 'ok', total: counts.bets, open: counts.open, changes: counts.changes, bets: bets.slice(0, limit) };
  });

  app.post('/sim/bets/:code/correct', async (req, reply) => {
    const platform = platformOr404(req, reply);
    if (!platform) return reply;
    const body = jsonBody(req);
    if (!body) return reply.code(400).send({ status: 'error', code: 'BAD_JSON' });
    const r = platform.games.correct(body);
    if (!r.ok) return fail(reply, r.refusal);
    await platform.journal.sync();
    return { status: 'ok', changed: r.changed, bet: r.bet, balanceMinor: r.balanceMinor.toString() };
  });

  app.post('/sim/bets/:code/settle-now', async (req, reply) => {
    const platform = platformOr404(req, reply);
    if (!platform) return reply;
    const settled = platform.games.settleDue(platform.games.now(), true);
    await platform.journal.sync();
    return { status: 'ok', settled };
  });
}
