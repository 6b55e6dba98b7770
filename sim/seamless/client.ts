// The seamless provider's side of the wallet API: every bet and win is a signed HTTP call to the
// operator's /api/seamless/<code>/<call>, exactly as a real provider makes it. A call that times out or answers 5xx is
// sent again with the same transaction id; a debit that never got an answer is cancelled with a rollback. Fault
// switches make the network misbehave the ways real ones do (see faults in sim/seamless/server.ts).
import { createHmac } from 'node:crypto';

export interface SeamlessFaults {
  /** Share of calls delivered twice at once (the second copy's answer is the one used). */
  duplicateDeliveryRate: number;
  /** Share of rounds whose credit is sent before its debit (then again after it). */
  creditBeforeDebitRate: number;
  /** Share of debits lost on the way: a rollback is sent for them, then the debit arrives late. */
  delayedDebitAfterRollbackRate: number;
  /** Rollbacks sent at once whenever a rollback is sent (1 = a single one). */
  rollbackStorm: number;
  /** Added before every call leaves (a slow provider). */
  latencyMs: number;
  /** How long the provider waits for an answer; a small value makes every answer "slow". */
  timeoutMs: number;
  /** Times a call without an answer is sent again with the same id. */
  maxRetries: number;
}

export const DEFAULT_SEAMLESS_FAULTS: SeamlessFaults = {
  duplicateDeliveryRate: 0,
  creditBeforeDebitRate: 0,
  delayedDebitAfterRollbackRate: 0,
  rollbackStorm: 1,
  latencyMs: 0,
  timeoutMs: 3_000,
  maxRetries: 3,
};

/** Accepts a patch of switches, each within its bounds; answers the field that is wrong otherwise. */
export function parseSeamlessFaults(input: unknown): { ok: true; patch: Partial<SeamlessFaults> } | { ok: false; field: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, field: '' };
  const bounds: Record<keyof SeamlessFaults, [number, number]> = {
    duplicateDeliveryRate: [0, 1],
    creditBeforeDebitRate: [0, 1],
    delayedDebitAfterRollbackRate: [0, 1],
    rollbackStorm: [1, 50],
    latencyMs: [0, 30_000],
    timeoutMs: [1, 60_000],
    maxRetries: [0, 10],
  };
  const patch: Partial<SeamlessFaults> = {};
  for (const [key, value] of Object.entries(input)) {
    const range = bounds[key as keyof SeamlessFaults];
    if (!range || typeof value !== 'number' || !Number.isFinite(value) || value < range[0] || value > range[1]) return { ok: false, field: key };
    patch[key as keyof SeamlessFaults] = value;
  }
  return { ok: true, patch };
}

export interface WalletAnswer {
  status: string;
  balance?: string;
  player?: string;
  replayed?: boolean;
}

export interface SeamlessStats {
  calls: number;
  retries: number;
  timeouts: number;
  serverErrors: number;
  duplicates: number;
  rollbacks: number;
  byStatus: Record<string, number>;
}

export class SeamlessWalletClient {
  readonly faults: SeamlessFaults = { ...DEFAULT_SEAMLESS_FAULTS };
  readonly stats: SeamlessStats = { calls: 0, retries: 0, timeouts: 0, serverErrors: 0, duplicates: 0, rollbacks: 0, byStatus: {} };
  private readonly walletUrl: () => string;
  private readonly secret: string;

  constructor(opts: { walletUrl: () => string; secret: string }) {
    this.walletUrl = opts.walletUrl;
    this.secret = opts.secret;
  }

  roll(rate: number): boolean {
    return rate > 0 && Math.random() < rate;
  }

  /** One delivery: signed now, answered or undefined when no answer came in time (or a 5xx, which says "try again"). */
  private async deliver(code: string, call: string, raw: string): Promise<WalletAnswer | undefined> {
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', this.secret).update(`${timestamp}\n${raw}`).digest('hex');
    this.stats.calls++;
    try {
      const res = await fetch(`${this.walletUrl()}/api/seamless/${code}/${call}`, {
        method: 'POST',
        body: raw,
        signal: AbortSignal.timeout(this.faults.timeoutMs),
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      });
      if (res.status >= 500) {
        this.stats.serverErrors++;
        await res.body?.cancel();
        return undefined;
      }
      const answer = (await res.json()) as WalletAnswer;
      this.stats.byStatus[answer.status] = (this.stats.byStatus[answer.status] ?? 0) + 1;
      return answer;
    } catch {
      this.stats.timeouts++;
      return undefined;
    }
  }

  /** Sends a call until it is answered, retrying with the same content (and so the same transaction id). */
  async send(code: string, call: string, body: Record<string, unknown>): Promise<WalletAnswer | undefined> {
    const raw = JSON.stringify(body);
    for (let attempt = 0; attempt <= this.faults.maxRetries; attempt++) {
      if (attempt > 0) this.stats.retries++;
      if (this.faults.latencyMs > 0) await sleep(this.faults.latencyMs);
      let answer: WalletAnswer | undefined;
      if (this.roll(this.faults.duplicateDeliveryRate)) {
        this.stats.duplicates++;
        const both = await Promise.all([this.deliver(code, call, raw), this.deliver(code, call, raw)]);
        answer = both[1] ?? both[0];
      } else {
        answer = await this.deliver(code, call, raw);
      }
      if (answer) return answer;
    }
    return undefined;
  }

  /** Cancels a debit: the rollback (as a storm when switched on), answered by the first copy that got an answer. */
  async rollback(
    code: string,
    body: { player: string; round_id: string; transaction_id: string; debit_transaction_id: string },
  ): Promise<WalletAnswer | undefined> {
    this.stats.rollbacks++;
    const copies = Math.max(1, Math.floor(this.faults.rollbackStorm));
    const answers = await Promise.all(Array.from({ length: copies }, () => this.send(code, 'rollback', body)));
    return answers.find((a) => a !== undefined);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
