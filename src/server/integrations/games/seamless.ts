// The launch of a seamless provider's game (issue 22): the provider is asked, over its signed API, for the game page
// that will exchange our launch token through the authenticate call. Everything else a seamless provider does, it
// does by calling us (src/server/modules/seamless/routes.ts).
import * as v from 'valibot';
import { signedCall } from '../signed-http.ts';

export interface SeamlessLaunchOptions { baseUrl: string; secret: string; operator: string; timeoutMs: number }

const launchAnswer = v.object({ status: v.literal('ok'), url: v.pipe(v.string(), v.url()) });

export class HttpSeamlessLauncher {
  private readonly opts: SeamlessLaunchOptions;
  constructor(opts: SeamlessLaunchOptions) {
    this.opts = opts;
  }

  async launchUrl(code: string, q: { token: string; game: string; lang: string }): Promise<string> {
    const query = new URLSearchParams({ token: q.token, game: q.game, lang: q.lang });
    const answer = await signedCall(
      { baseUrl: this.opts.baseUrl, secret: this.opts.secret, identity: ['x-operator', this.opts.operator], timeoutMs: this.opts.timeoutMs, sign: 'path-and-query' },
      'GET', `/seamless/${encodeURIComponent(code)}/launch?${query}`,
    );
    const parsed = v.safeParse(launchAnswer, answer.body);
    if (answer.status !== 200 || !parsed.success) throw new Error(`seamless launch of ${code} answered ${answer.status}`);
    return parsed.output.url;
  }
}
