// The game-provider adapter (transfer-wallet model). Product code talks to providers only through this
// interface; the HTTP client below speaks the signed API that real aggregators and the stand-in in sim/ use.
import * as v from 'valibot';
import * as answers from '../answers.ts';
import { signedCall } from '../signed-http.ts';
import { CircuitOpenError, type Breakers } from '../breakers.ts';

/** What a transfer call ended in. Only `rejected` is definite enough to refund; `unclear` stays pending. */
export type TransferOutcome = { kind: 'applied'; balanceMinor: bigint } | { kind: 'rejected'; code: string } | { kind: 'unclear'; reason: string };

export type StatusOutcome = { kind: 'applied' } | { kind: 'rejected'; code: string } | { kind: 'not_found' } | { kind: 'unclear'; reason: string };

export type BalanceOutcome = { kind: 'ok'; balanceMinor: bigint } | { kind: 'maintenance' } | { kind: 'unavailable'; reason: string };

/** One record of a provider's bet log; a change to a bet appears again with a higher version. */
export interface ProviderBet {
  betId: string;
  player: string;
  game: string;
  gameType: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: 'open' | 'settled' | 'void';
  placedAt: Date;
  settledAt: Date | null;
  version: number;
  detail: Record<string, unknown>;
}

export interface BetLogPage {
  bets: ProviderBet[];
  nextCursor: string;
  hasMore: boolean;
}

export interface GameProvider {
  /** Reads the bet log from a cursor ('' for the start); throws ProviderError when the page cannot be read. */
  betLog(code: string, cursor: string, limit: number): Promise<BetLogPage>;
  createPlayer(code: string, player: string): Promise<void>;
  balance(code: string, player: string): Promise<BalanceOutcome>;
  transfer(code: string, req: { transferId: string; player: string; direction: 'in' | 'out'; amountMinor: bigint }): Promise<TransferOutcome>;
  transferStatus(code: string, transferId: string): Promise<StatusOutcome>;
  launchUrl(code: string, req: { player: string; game: string; lang: string }): Promise<string>;
  /** undefined when the platform offers no demo. */
  demoUrl(code: string, req: { game: string; lang: string }): Promise<string | undefined>;
  /** How long a signed request stays valid at the provider: after that, an unknown transfer can never apply. */
  readonly requestTtlMs: number;
}

export class ProviderError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`provider: ${code}`);
    this.code = code;
  }
}

export interface HttpProviderOptions {
  baseUrl: string;
  secret: string;
  operator: string;
  timeoutMs: number;
  requestTtlMs: number;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export class HttpGameProvider implements GameProvider {
  readonly requestTtlMs: number;
  private readonly opts: HttpProviderOptions;
  private readonly breakers: Breakers | undefined;
  /** breakers: one circuit breaker per platform code (provider:<code>); without a board calls go straight out. */
  constructor(opts: HttpProviderOptions, breakers?: Breakers) {
    this.opts = opts;
    this.breakers = breakers;
    this.requestTtlMs = opts.requestTtlMs;
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const { baseUrl, secret, operator, timeoutMs } = this.opts;
    const code = /^\/providers\/([^/?]+)/.exec(path)?.[1] ?? 'unknown';
    const breaker = this.breakers && { board: this.breakers, name: `provider:${decodeURIComponent(code)}` };
    return signedCall({ baseUrl, secret, identity: ['x-operator', operator], timeoutMs, sign: 'path-and-query', breaker }, method, path, body);
  }

  private path(code: string, rest: string): string {
    return `/providers/${encodeURIComponent(code)}${rest}`;
  }

  async betLog(code: string, cursor: string, limit: number): Promise<BetLogPage> {
    const q = new URLSearchParams({ cursor, limit: String(limit) });
    let a: Answer;
    try {
      a = await this.call('GET', this.path(code, `/bets?${q}`));
    } catch (err) {
      throw new ProviderError(failureCode(err));
    }
    if (a.status !== 200) throw new ProviderError(String(a.body.code ?? `HTTP_${a.status}`));
    const log = v.safeParse(answers.providerBetLog, a.body);
    if (!log.success) throw new ProviderError(answers.problemAt(log.issues));
    const bets = log.output.bets.map((b): ProviderBet => ({
      betId: b.betId,
      player: b.player,
      game: b.game,
      gameType: b.gameType,
      stakeMinor: b.stakeMinor,
      payoutMinor: b.payoutMinor,
      status: b.status,
      placedAt: b.placedAt,
      settledAt: b.settledAt ?? null,
      version: b.version,
      detail: b.detail,
    }));
    return { bets, nextCursor: log.output.nextCursor ?? cursor, hasMore: log.output.hasMore === true };
  }

  async createPlayer(code: string, player: string): Promise<void> {
    const a = await this.call('POST', this.path(code, '/players'), { player });
    if (a.status !== 200) throw new ProviderError(String(a.body.code ?? `HTTP_${a.status}`));
  }

  async balance(code: string, player: string): Promise<BalanceOutcome> {
    try {
      const a = await this.call('GET', this.path(code, `/players/${encodeURIComponent(player)}/balance`));
      if (a.status === 200) {
        const answer = v.safeParse(answers.providerBalance, a.body);
        return answer.success ? { kind: 'ok', balanceMinor: answer.output.balanceMinor } : { kind: 'unavailable', reason: answers.problemAt(answer.issues) };
      }
      if (a.status === 404) return { kind: 'ok', balanceMinor: 0n };
      if (a.status === 503 || a.body.code === 'MAINTENANCE') return { kind: 'maintenance' };
      return { kind: 'unavailable', reason: String(a.body.code ?? `HTTP_${a.status}`) };
    } catch (err) {
      return { kind: 'unavailable', reason: failureCode(err).toLowerCase() };
    }
  }

  async transfer(code: string, req: { transferId: string; player: string; direction: 'in' | 'out'; amountMinor: bigint }): Promise<TransferOutcome> {
    let a: Answer;
    try {
      a = await this.call('POST', this.path(code, '/transfers'), {
        transferId: req.transferId,
        player: req.player,
        direction: req.direction,
        amountMinor: req.amountMinor.toString(),
      });
    } catch (err) {
      // An open breaker sent nothing, so nothing was applied: a definite refusal, refunded at once.
      if (err instanceof CircuitOpenError) return { kind: 'rejected', code: 'CIRCUIT_OPEN' };
      // A timeout or a dropped connection says nothing about whether the provider applied it.
      return { kind: 'unclear', reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network error' };
    }
    if (a.status === 200 && a.body.status === 'applied') {
      // Applied is what matters; a balance that does not parse is reported as unknown (0) rather than undoing it.
      const applied = v.safeParse(answers.providerApplied, a.body);
      return { kind: 'applied', balanceMinor: applied.success ? applied.output.balanceMinor : 0n };
    }
    if (a.body.status === 'rejected') return { kind: 'rejected', code: String(a.body.code ?? 'REJECTED') };
    // Signature and freshness refusals, maintenance and unknown platforms are refused before anything is applied.
    if ([401, 404, 503].includes(a.status) && a.body.status === 'error') return { kind: 'rejected', code: String(a.body.code ?? `HTTP_${a.status}`) };
    return { kind: 'unclear', reason: `HTTP ${a.status} ${String(a.body.code ?? '')}`.trim() };
  }

  async transferStatus(code: string, transferId: string): Promise<StatusOutcome> {
    try {
      const a = await this.call('GET', this.path(code, `/transfers/${encodeURIComponent(transferId)}`));
      if (a.status === 200 && a.body.status === 'applied') return { kind: 'applied' };
      if (a.status === 200 && a.body.status === 'rejected') return { kind: 'rejected', code: String(a.body.code ?? 'REJECTED') };
      if (a.status === 404 && a.body.status === 'not_found') return { kind: 'not_found' };
      return { kind: 'unclear', reason: `HTTP ${a.status} ${String(a.body.code ?? '')}`.trim() };
    } catch (err) {
      return { kind: 'unclear', reason: failureCode(err).toLowerCase() };
    }
  }

  async launchUrl(code: string, req: { player: string; game: string; lang: string }): Promise<string> {
    const q = new URLSearchParams({ player: req.player, game: req.game, lang: req.lang });
    const a = await this.call('GET', this.path(code, `/launch?${q}`));
    if (a.status !== 200) throw new ProviderError(String(a.body.code ?? `HTTP_${a.status}`));
    const answer = v.safeParse(answers.providerUrl, a.body);
    if (!answer.success) throw new ProviderError(answers.problemAt(answer.issues));
    return answer.output.url;
  }

  async demoUrl(code: string, req: { game: string; lang: string }): Promise<string | undefined> {
    const q = new URLSearchParams({ game: req.game, lang: req.lang });
    const a = await this.call('GET', this.path(code, `/demo?${q}`));
    if (a.status === 404 && a.body.code === 'NO_DEMO') return undefined;
    if (a.status !== 200) throw new ProviderError(String(a.body.code ?? `HTTP_${a.status}`));
    const answer = v.safeParse(answers.providerUrl, a.body);
    if (!answer.success) throw new ProviderError(answers.problemAt(answer.issues));
    return answer.output.url;
  }
}

/** Why a call got no answer: TIMEOUT, CIRCUIT_OPEN (not sent) or NETWORK. */
function failureCode(err: unknown): string {
  if (err instanceof CircuitOpenError) return 'CIRCUIT_OPEN';
  return (err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK';
}
