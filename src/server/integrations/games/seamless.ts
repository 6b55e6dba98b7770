// The launch of a seamless provider's game: the provider is asked, over its signed API, for the game page
// that will exchange our launch token through the authenticate call. Everything else a seamless provider does, it
// does by calling us (src/server/modules/seamless/routes.ts).
import * as v from 'valibot';
import { signedCall } from '../signed-http.ts';
import type { Breakers } from '../breakers.ts';

export interface SeamlessLaunchOptions {
  baseUrl: string;
  secret: string;
  operator: string;
  timeoutMs: number;
}

const launchAnswer = v.object({ status: v.literal('ok'), url: v.pipe(v.string(), v.url()) });
const minor = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/),
  v.transform((text: string) => BigInt(text)),
);
const reportAnswer = v.object({
  status: v.literal('ok'),
  rounds: v.pipe(v.array(v.object({ round_id: v.string(), player: v.string(), stake: minor, payout: minor, status: v.string() })), v.maxLength(100_000)),
});

/** One round as the provider's report states it. */
export interface ProviderRoundReport {
  roundId: string;
  player: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  status: string;
}

export class HttpSeamlessLauncher {
  private readonly opts: SeamlessLaunchOptions;
  private readonly breakers: Breakers | undefined;
  /** breakers: one circuit breaker per seamless provider code (seamless:<code>). */
  constructor(opts: SeamlessLaunchOptions, breakers?: Breakers) {
    this.opts = opts;
    this.breakers = breakers;
  }

  private options(code: string) {
    return {
      baseUrl: this.opts.baseUrl,
      secret: this.opts.secret,
      identity: ['x-operator', this.opts.operator] as const,
      timeoutMs: this.opts.timeoutMs,
      sign: 'path-and-query' as const,
      breaker: this.breakers && { board: this.breakers, name: `seamless:${code}` },
    };
  }

  async launchUrl(code: string, q: { token: string; game: string; lang: string }): Promise<string> {
    const query = new URLSearchParams({ token: q.token, game: q.game, lang: q.lang });
    const answer = await signedCall(this.options(code), 'GET', `/seamless/${encodeURIComponent(code)}/launch?${query}`);
    const parsed = v.safeParse(launchAnswer, answer.body);
    if (answer.status !== 200 || !parsed.success) throw new Error(`seamless launch of ${code} answered ${answer.status}`);
    return parsed.output.url;
  }

  /** The provider's rounds of a time range, as its report states them (reconciliation compares them with ours). */
  async roundReport(code: string, from: Date, to: Date): Promise<ProviderRoundReport[]> {
    const query = new URLSearchParams({ from: String(from.getTime()), to: String(to.getTime()) });
    const answer = await signedCall(this.options(code), 'GET', `/seamless/${encodeURIComponent(code)}/rounds?${query}`);
    const parsed = v.safeParse(reportAnswer, answer.body);
    if (answer.status !== 200 || !parsed.success) throw new Error(`seamless round report of ${code} answered ${answer.status}`);
    return parsed.output.rounds.map((r) => ({ roundId: r.round_id, player: r.player, stakeMinor: r.stake, payoutMinor: r.payout, status: r.status }));
  }
}
