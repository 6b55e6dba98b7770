// The TronGrid adapter: the chain as the USDT watcher reads it. TronGrid serves the full node's HTTP API
// (/wallet/getnowblock, /walletsolidity/getnowblock: the newest block and the newest solidified one) and its own v1 API
// (/v1/blocks/{number}/events: every event of one block, paged by fingerprint; /v1/accounts/{address}/transactions/trc20:
// an address's TRC-20 history). Product code reaches TronGrid, or its stand-in in sim/tron, only through this file.
//
// TronGrid limits each key (TRON-PRO-API-KEY) to about 15 requests a second and answers more with 403 (or 429/503)
// and a body saying "The key exceeds the frequency limit(15), and the query server is suspended for 30s". The adapter
// spaces its own requests to `requestsPerSecond` (below that limit) and, after such an answer, sends nothing more
// until the suspension is over: every call meanwhile fails at once with TronRateLimited.
import * as v from 'valibot';
import { problemAt } from '../answers.ts';
import { addressFromHex, isTronAddress } from './address.ts';

export interface TronGridOptions {
  baseUrl: string;
  /** TRON-PRO-API-KEY; empty sends none (the stand-in and a self-hosted node need none). */
  apiKey: string;
  /** Requests this adapter sends at most a second, spaced evenly. */
  requestsPerSecond: number;
  timeoutMs: number;
}

export interface ChainBlock {
  number: number;
  blockId: string;
  timestampMs: number;
}

/** One TRC-20 (or TRC-721) Transfer event of a block. */
export interface TransferEvent {
  txid: string;
  eventIndex: number;
  blockNumber: number;
  blockTimestampMs: number;
  /** The contract that emitted it, base58. */
  contract: string;
  from: string;
  to: string;
  /** The token amount in the contract's smallest unit (6 decimals for USDT). */
  value: bigint;
}

/** One entry of an address's TRC-20 history (GET /v1/accounts/{address}/transactions/trc20). */
export interface AccountTransfer {
  txid: string;
  blockTimestampMs: number;
  contract: string;
  decimals: number;
  from: string;
  to: string;
  type: string;
  value: bigint;
}

export interface TronChain {
  /** The newest block. */
  nowBlock(): Promise<ChainBlock>;
  /** The newest solidified block: nothing at or below it can change any more. */
  solidBlock(): Promise<ChainBlock>;
  /** Every Transfer event of one block, all pages; `confirmed` asks for the block's solidified events only. */
  blockTransfers(blockNumber: number, confirmed: boolean): Promise<TransferEvent[]>;
  /** One page of an address's TRC-20 history, newest first. */
  accountTransfers(
    address: string,
    q: { contract?: string; onlyConfirmed?: boolean; limit?: number; fingerprint?: string },
  ): Promise<{ transfers: AccountTransfer[]; fingerprint: string | undefined }>;
}

export class TronGridError extends Error {
  readonly code: string;
  constructor(code: string, message?: string) {
    super(message ?? `trongrid: ${code}`);
    this.code = code;
  }
}

/** TronGrid suspended the key; nothing is sent before `untilMs`. */
export class TronRateLimited extends TronGridError {
  readonly untilMs: number;
  constructor(untilMs: number) {
    super('RATE_LIMITED', `trongrid: rate limited until ${new Date(untilMs).toISOString()}`);
    this.untilMs = untilMs;
  }
}

/** What TronGrid's answers say of the suspension that follows too many requests. */
const SUSPENSION_MS = 30_000;
/** The v1 API's largest page. */
export const MAX_PAGE = 200;
/** Pages of one block's events read at most: a main-network block has a few hundred events, far below this. */
const MAX_BLOCK_PAGES = 50;
/** The largest answer read: a page of 200 events is about 150 KB. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

const blockAnswer = v.object({
  blockID: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  block_header: v.object({
    raw_data: v.object({ number: v.pipe(v.number(), v.safeInteger(), v.minValue(0)), timestamp: v.pipe(v.number(), v.safeInteger()) }),
  }),
});

const txid = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const base58 = v.pipe(v.string(), v.check(isTronAddress, 'not a TRON address'));
const uint = v.pipe(
  v.string(),
  v.regex(/^\d{1,78}$/),
  v.transform((x) => BigInt(x)),
);
const meta = v.object({ fingerprint: v.optional(v.string()) });

const eventAnswer = v.object({
  success: v.literal(true),
  data: v.array(
    v.object({
      transaction_id: txid,
      event_index: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
      event_name: v.string(),
      block_number: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
      block_timestamp: v.pipe(v.number(), v.safeInteger()),
      contract_address: base58,
      result: v.record(v.string(), v.string()),
    }),
  ),
  meta: v.optional(meta, {}),
});

const historyAnswer = v.object({
  success: v.literal(true),
  data: v.array(
    v.object({
      transaction_id: txid,
      token_info: v.object({ address: base58, decimals: v.pipe(v.number(), v.safeInteger()) }),
      block_timestamp: v.pipe(v.number(), v.safeInteger()),
      from: base58,
      to: base58,
      type: v.string(),
      value: uint,
    }),
  ),
  meta: v.optional(meta, {}),
});

function parse<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, body);
  if (!r.success) throw new TronGridError(problemAt(r.issues));
  return r.output;
}

/** A Transfer event's parties and amount, or undefined when the event is another kind or malformed. */
function transferOf(e: v.InferOutput<typeof eventAnswer>['data'][number]): TransferEvent | undefined {
  if (e.event_name !== 'Transfer') return undefined;
  const from = addressFromHex(e.result.from ?? '');
  const to = addressFromHex(e.result.to ?? '');
  const raw = e.result.value ?? '';
  if (!from || !to || !/^\d{1,78}$/.test(raw)) return undefined;
  return {
    txid: e.transaction_id,
    eventIndex: e.event_index,
    blockNumber: e.block_number,
    blockTimestampMs: e.block_timestamp,
    contract: e.contract_address,
    from,
    to,
    value: BigInt(raw),
  };
}

export class TronGrid implements TronChain {
  private readonly opts: TronGridOptions;
  /** When the next request may leave, spacing them at requestsPerSecond. */
  private nextSlotMs = 0;
  /** Until when TronGrid suspended us. */
  private suspendedUntilMs = 0;
  /** Requests sent and rate-limit answers met, for the watcher's status line and the benchmark. */
  readonly counts = { requests: 0, rateLimited: 0 };

  constructor(opts: TronGridOptions) {
    this.opts = { ...opts, baseUrl: opts.baseUrl.replace(/\/+$/, '') };
  }

  async nowBlock(): Promise<ChainBlock> {
    return this.block('/wallet/getnowblock');
  }

  async solidBlock(): Promise<ChainBlock> {
    return this.block('/walletsolidity/getnowblock');
  }

  async blockTransfers(blockNumber: number, confirmed: boolean): Promise<TransferEvent[]> {
    const found: TransferEvent[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < MAX_BLOCK_PAGES; page++) {
      const q = new URLSearchParams({ limit: String(MAX_PAGE) });
      if (confirmed) q.set('only_confirmed', 'true');
      if (fingerprint) q.set('fingerprint', fingerprint);
      const a = parse(eventAnswer, await this.get(`/v1/blocks/${blockNumber}/events?${q.toString()}`));
      for (const e of a.data) {
        const t = e.block_number === blockNumber ? transferOf(e) : undefined;
        if (t) found.push(t);
      }
      fingerprint = a.meta.fingerprint;
      if (!fingerprint || a.data.length === 0) return found;
    }
    throw new TronGridError('TOO_MANY_PAGES', `trongrid: block ${blockNumber} has more than ${MAX_BLOCK_PAGES} pages of events`);
  }

  async accountTransfers(address: string, q: { contract?: string; onlyConfirmed?: boolean; limit?: number; fingerprint?: string }) {
    const params = new URLSearchParams({ limit: String(Math.min(MAX_PAGE, Math.max(1, q.limit ?? 20))) });
    if (q.onlyConfirmed) params.set('only_confirmed', 'true');
    if (q.contract) params.set('contract_address', q.contract);
    if (q.fingerprint) params.set('fingerprint', q.fingerprint);
    const a = parse(historyAnswer, await this.get(`/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${params.toString()}`));
    return {
      transfers: a.data.map((d) => ({
        txid: d.transaction_id,
        blockTimestampMs: d.block_timestamp,
        contract: d.token_info.address,
        decimals: d.token_info.decimals,
        from: d.from,
        to: d.to,
        type: d.type,
        value: d.value,
      })),
      fingerprint: a.meta.fingerprint,
    };
  }

  private async block(path: string): Promise<ChainBlock> {
    const a = parse(blockAnswer, await this.send('POST', path, '{}'));
    return { number: a.block_header.raw_data.number, blockId: a.blockID, timestampMs: a.block_header.raw_data.timestamp };
  }

  private get(path: string): Promise<unknown> {
    return this.send('GET', path);
  }

  private async send(method: 'GET' | 'POST', path: string, body?: string): Promise<unknown> {
    await this.slot();
    this.counts.requests++;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.opts.apiKey) headers['TRON-PRO-API-KEY'] = this.opts.apiKey;
    let res: Response;
    try {
      res = await fetch(`${this.opts.baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (err) {
      throw new TronGridError((err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK');
    }
    const text = await res.text();
    if (text.length > MAX_ANSWER_BYTES) throw new TronGridError('ANSWER_TOO_LARGE');
    if (isRateLimited(res.status, text)) {
      this.counts.rateLimited++;
      this.suspendedUntilMs = Date.now() + SUSPENSION_MS;
      throw new TronRateLimited(this.suspendedUntilMs);
    }
    if (res.status !== 200) throw new TronGridError(`HTTP_${res.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new TronGridError('BAD_ANSWER');
    }
  }

  /** Waits for this request's turn; refuses at once while TronGrid's suspension lasts. */
  private async slot(): Promise<void> {
    const now = Date.now();
    if (now < this.suspendedUntilMs) throw new TronRateLimited(this.suspendedUntilMs);
    const gapMs = 1000 / Math.max(1, this.opts.requestsPerSecond);
    const at = Math.max(now, this.nextSlotMs);
    this.nextSlotMs = at + gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** TronGrid's answer to a key over its frequency limit: 403 (v1 and full-node APIs), or 429/503 on some plans. */
function isRateLimited(status: number, text: string): boolean {
  return (status === 403 || status === 429 || status === 503) && /frequency limit/i.test(text);
}
