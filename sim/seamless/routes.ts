// The seamless stand-in's HTTP side (sim/README.md "Seamless mode"): the signed launch and round-report
// calls the operator makes, the game pages players open (which play through the operator's wallet API), and the
// unsigned /sim/seamless/* switches on loopback.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sign, signatureMatches } from '../sign.ts';
import { SeamlessWalletClient, parseSeamlessFaults, DEFAULT_SEAMLESS_FAULTS } from './client.ts';
import { SEAMLESS_PLATFORMS, SeamlessProvider, type PlayResult } from './provider.ts';
import { renderSeamlessPage } from './page.ts';

export interface SeamlessSimOptions {
  /** Where the operator's wallet API is (its site origin); a function because tests learn it after start. */
  walletUrl: () => string;
  /** The seamless wallet secret shared with the operator (SIM_SEAMLESS_SECRET, default dev-seamless-secret). */
  walletSecret: string;
  /** The provider API's secret: the operator signs launch and report calls with it. */
  secret: string;
  requestTtlMs: number;
  publicUrl: () => string;
}

const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;
const GAME_RE = /^[A-Za-z0-9_-]{1,64}$/;
const LANG_RE = /^[A-Za-z]{0,8}(?:-[A-Za-z0-9]{1,8})*$/;
const STAKE_RE = /^[1-9]\d{0,8}$/;

type Body = Record<string, unknown>;

function bodyOf(req: FastifyRequest): Body {
  try {
    const parsed: unknown = typeof req.body === 'string' && req.body !== '' ? JSON.parse(req.body) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
  } catch {
    return {};
  }
}

export function registerSeamlessSim(app: FastifyInstance, opts: SeamlessSimOptions): SeamlessProvider {
  const client = new SeamlessWalletClient({ walletUrl: opts.walletUrl, secret: opts.walletSecret });
  const provider = new SeamlessProvider(client);
  const platform = (code: string) => SEAMLESS_PLATFORMS.find((p) => p.code === code);

  /** The operator's signed calls, as on the transfer API: x-operator, x-timestamp, x-signature over method, path and body. */
  const signed = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const { 'x-operator': operator, 'x-timestamp': timestamp, 'x-signature': signature } = req.headers;
    const good =
      typeof operator === 'string' &&
      operator !== '' &&
      typeof timestamp === 'string' &&
      /^\d{1,16}$/.test(timestamp) &&
      typeof signature === 'string' &&
      signatureMatches(sign(opts.secret, req.method, req.url, timestamp, ''), signature);
    if (!good) void reply.code(401).send({ status: 'error', code: 'BAD_SIGNATURE' });
    else if (Math.abs(Date.now() - Number(timestamp)) > opts.requestTtlMs) void reply.code(401).send({ status: 'error', code: 'STALE_REQUEST' });
    else return true;
    return false;
  };

  app.get('/seamless/:code/launch', async (req, reply) => {
    if (!signed(req, reply)) return reply;
    const { code } = req.params as { code: string };
    const q = req.query as Record<string, string | undefined>;
    const def = platform(code);
    if (!def) return reply.code(404).send({ status: 'error', code: 'UNKNOWN_PLATFORM' });
    const game = q.game && q.game !== 'lobby' ? q.game : def.game;
    if (!TOKEN_RE.test(q.token ?? '') || !GAME_RE.test(game) || !LANG_RE.test(q.lang ?? ''))
      return reply.code(422).send({ status: 'error', code: 'INVALID_LAUNCH' });
    const query = new URLSearchParams({ token: q.token!, lang: q.lang ?? '' });
    return { status: 'ok', url: `${opts.publicUrl()}/seamless/play/${code}/${game}?${query}` };
  });

  app.get('/seamless/:code/rounds', async (req, reply) => {
    if (!signed(req, reply)) return reply;
    const { code } = req.params as { code: string };
    const q = req.query as Record<string, string | undefined>;
    const from = Number(q.from ?? 0);
    const to = Number(q.to ?? Date.now());
    if (!platform(code) || !Number.isFinite(from) || !Number.isFinite(to)) return reply.code(404).send({ status: 'error', code: 'UNKNOWN_PLATFORM' });
    return { status: 'ok', rounds: provider.report(code, from, to) };
  });

  app.get('/seamless/play/:code/:game', async (req, reply) => {
    const { code, game } = req.params as { code: string; game: string };
    const q = req.query as Record<string, string | undefined>;
    const def = platform(code);
    const lang = LANG_RE.test(q.lang ?? '') ? (q.lang ?? '') : '';
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!def || !GAME_RE.test(game) || !TOKEN_RE.test(q.token ?? '')) return reply.code(404).send(renderSeamlessPage({ def: undefined, lang }));
    return renderSeamlessPage({ def, lang });
  });

  // The page's own calls: the launch token becomes a session through the operator's authenticate, then each bet is
  // played through debit and credit calls. Answers carry the operator's balance after the call.
  app.post('/seamless/play/:code/session', async (req, reply) => {
    const { code } = req.params as { code: string };
    const b = bodyOf(req);
    const def = platform(code);
    if (!def || typeof b.token !== 'string' || !TOKEN_RE.test(b.token)) return reply.code(422).send({ status: 'error', code: 'INVALID_SESSION' });
    const opened = await provider.openSession(code, def.game, b.token, typeof b.lang === 'string' ? b.lang : '');
    if (!('session' in opened)) return reply.code(403).send({ status: 'error', code: opened.answer?.status ?? 'NO_ANSWER' });
    return { status: 'ok', session: opened.session, balance: opened.answer.balance, player: opened.answer.player };
  });

  app.post('/seamless/play/:code/bet', async (req, reply) => {
    const b = bodyOf(req);
    const session = typeof b.session === 'string' ? provider.sessions.get(b.session) : undefined;
    if (!session) return reply.code(403).send({ status: 'error', code: 'INVALID_SESSION' });
    const result = await play(provider, session, b);
    if (!result) return reply.code(422).send({ status: 'error', code: 'INVALID_BET' });
    return result.ok ? { status: 'ok', ...result } : reply.code(409).send({ status: 'refused', code: result.status, balance: result.balance });
  });

  app.get('/sim/seamless/faults', async () => client.faults);
  app.put('/sim/seamless/faults', async (req, reply) => {
    let input: unknown;
    try {
      input = typeof req.body === 'string' && req.body !== '' ? JSON.parse(req.body) : {};
    } catch {
      input = null;
    }
    const parsed = parseSeamlessFaults(input);
    if (!parsed.ok) return reply.code(422).send({ status: 'error', code: 'INVALID_FAULTS', field: parsed.field });
    Object.assign(client.faults, parsed.patch);
    return client.faults;
  });
  app.delete('/sim/seamless/faults', async () => Object.assign(client.faults, DEFAULT_SEAMLESS_FAULTS));
  app.get('/sim/seamless/stats', async () => client.stats);
  app.get('/sim/seamless/rounds/:code', async (req) => ({ rounds: provider.report((req.params as { code: string }).code, 0, Number.MAX_SAFE_INTEGER) }));
  // A headless round for tests and load: the launch token, then one bet, exactly as the page would play it.
  app.post('/sim/seamless/:code/play', async (req, reply) => {
    const { code } = req.params as { code: string };
    const b = bodyOf(req);
    const def = platform(code);
    if (!def || typeof b.token !== 'string') return reply.code(422).send({ status: 'error', code: 'INVALID_PLAY' });
    const opened = await provider.openSession(code, def.game, b.token, '');
    if (!('session' in opened)) return reply.code(403).send({ status: 'error', code: opened.answer?.status ?? 'NO_ANSWER' });
    const result = await play(provider, provider.sessions.get(opened.session)!, b);
    if (!result) return reply.code(422).send({ status: 'error', code: 'INVALID_BET' });
    return result.ok
      ? { status: 'ok', session: opened.session, ...result }
      : reply.code(409).send({ status: 'refused', code: result.status, balance: result.balance });
  });
  return provider;
}

/** One bet of the session's game: `stake` for the slot, `bets` ({player, banker, tie} stakes) for the live table. */
async function play(
  provider: SeamlessProvider,
  session: { player: string; code: string; game: string; lang: string },
  b: Body,
): Promise<PlayResult | undefined> {
  if (session.game === 'lucky-7') {
    if (typeof b.stake !== 'string' || !STAKE_RE.test(b.stake) || BigInt(b.stake) % 5n !== 0n || BigInt(b.stake) < 100n) return undefined;
    return provider.spin(session, BigInt(b.stake));
  }
  const spots = typeof b.bets === 'object' && b.bets !== null ? (b.bets as Record<string, unknown>) : {};
  const bets: Array<{ option: 'player' | 'banker' | 'tie'; stakeMinor: bigint }> = [];
  for (const option of ['player', 'banker', 'tie'] as const) {
    const stake = spots[option];
    if (stake === undefined) continue;
    if (typeof stake !== 'string' || !STAKE_RE.test(stake)) return undefined;
    bets.push({ option, stakeMinor: BigInt(stake) });
  }
  return bets.length ? provider.deal(session, bets) : undefined;
}
