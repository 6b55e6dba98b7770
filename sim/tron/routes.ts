// TronGrid's stand-in, under /trongrid (the base URL the site is given in place of https://api.trongrid.io):
//   POST|GET /wallet/getnowblock, /walletsolidity/getnowblock           the newest and the newest solidified block
//   POST|GET /wallet/getblockbynum, /walletsolidity/getblockbynum {num} one block (an empty object when there is none)
//   GET /v1/blocks/{number}/events?only_confirmed&limit&fingerprint      every event of a block, paged
//   GET /v1/accounts/{address}/transactions/trc20?only_confirmed&only_unconfirmed&contract_address&only_to&only_from&limit&fingerprint
// and its limit: more than `rateLimitPerSec` requests in a second from one key (TRON-PRO-API-KEY, else the address)
// answer 403 with TronGrid's text and suspend the key for `penaltyMs`. Operator controls (unsigned) under /sim/tron.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Chain, SOLID_CONFIRMATIONS, USDT_CONTRACT, type ChainEvent } from './chain.ts';
import { accountBytes, evmHex, normaliseAddress, tronHex } from './address.ts';

export interface TronSimOptions {
  /** 0: blocks only through POST /sim/tron/blocks; default SIM_TRON_BLOCK_MS, then 3000. */
  blockIntervalMs?: number;
  /** Strangers' transfers in every block; default SIM_TRON_NOISE, then 0. */
  noisePerBlock?: number;
  /** Requests a key may make a second; default 15, TronGrid's limit. */
  rateLimitPerSec?: number;
  /** How long a key over the limit is refused; default 30 s, as TronGrid answers. */
  penaltyMs?: number;
  /** Where browsers and the site reach the stand-in (for meta.links.next). */
  publicUrl?: () => string;
}

const MAX_LIMIT = 200;
const DEFAULT_LIMIT = 20;
/** Transfers one control call may place. */
const MAX_PARTS = 50;
const TOKENS: Record<string, { symbol: string; name: string; decimals: number }> = {
  [USDT_CONTRACT]: { symbol: 'USDT', name: 'Tether USD', decimals: 6 },
};

/** Requests counted per key and second, the suspensions, and the busiest second seen (for the benchmark). */
class FrequencyLimit {
  perSec: number;
  penaltyMs: number;
  private readonly windows = new Map<string, { second: number; count: number }>();
  private readonly suspended = new Map<string, number>();
  readonly stats = { requests: 0, refused: 0, busiestSecond: 0 };
  private second = { at: 0, count: 0 };

  constructor(perSec: number, penaltyMs: number) {
    this.perSec = perSec;
    this.penaltyMs = penaltyMs;
  }

  /** Whether the request may be answered. */
  admit(key: string): boolean {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    this.stats.requests++;
    if (this.second.at !== second) this.second = { at: second, count: 0 };
    this.stats.busiestSecond = Math.max(this.stats.busiestSecond, ++this.second.count);
    if ((this.suspended.get(key) ?? 0) > now) {
      this.stats.refused++;
      return false;
    }
    const w = this.windows.get(key);
    const count = w && w.second === second ? w.count + 1 : 1;
    this.windows.set(key, { second, count });
    if (count <= this.perSec) return true;
    this.suspended.set(key, now + this.penaltyMs);
    this.stats.refused++;
    return false;
  }

  reset(): void {
    this.windows.clear();
    this.suspended.clear();
    this.stats.requests = 0;
    this.stats.refused = 0;
    this.stats.busiestSecond = 0;
  }
}

type Query = Record<string, string | undefined>;

export function registerTronSim(app: FastifyInstance, opts: TronSimOptions = {}): Chain {
  const chain = new Chain({
    blockIntervalMs: opts.blockIntervalMs ?? Number(process.env.SIM_TRON_BLOCK_MS ?? 3000),
    noisePerBlock: opts.noisePerBlock ?? Number(process.env.SIM_TRON_NOISE ?? 0),
  });
  const limit = new FrequencyLimit(opts.rateLimitPerSec ?? 15, opts.penaltyMs ?? 30_000);
  const publicUrl = opts.publicUrl ?? (() => '');
  const refusal = () => `The key exceeds the frequency limit(${limit.perSec}), and the query server is suspended for ${Math.round(limit.penaltyMs / 1000)}s`;

  /** Counts the request against its key; answers TronGrid's refusal (v1 shape or the full node's) when over. */
  function limited(req: FastifyRequest, reply: FastifyReply, shape: 'v1' | 'node'): boolean {
    const key = req.headers['tron-pro-api-key'];
    if (limit.admit(typeof key === 'string' && key ? `key:${key}` : `ip:${req.ip}`)) return false;
    void reply.code(403).send(shape === 'v1' ? { Success: false, Error: refusal(), StatusCode: 403 } : { Error: refusal() });
    return true;
  }

  const blockJson = (number: number) => ({
    blockID: chain.blockId(number),
    block_header: {
      raw_data: {
        number,
        txTrieRoot: '0'.repeat(64),
        witness_address: '41' + '0'.repeat(40),
        parentHash: chain.blockId(number - 1),
        version: 31,
        timestamp: chain.timestampOf(number),
      },
      witness_signature: '0'.repeat(130),
    },
  });

  for (const [path, solidified] of [
    ['/trongrid/wallet/getnowblock', false],
    ['/trongrid/walletsolidity/getnowblock', true],
  ] as const) {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      if (limited(req, reply, 'node')) return reply;
      return blockJson(solidified ? chain.solid() : chain.head());
    };
    app.get(path, handler);
    app.post(path, handler);
  }

  for (const [path, solidified] of [
    ['/trongrid/wallet/getblockbynum', false],
    ['/trongrid/walletsolidity/getblockbynum', true],
  ] as const) {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      if (limited(req, reply, 'node')) return reply;
      const num = Number(jsonBody(req).num ?? (req.query as Query).num);
      // The full node answers an empty object for a height it does not have.
      if (!Number.isSafeInteger(num) || num > (solidified ? chain.solid() : chain.head())) return {};
      return blockJson(num);
    };
    app.get(path, handler);
    app.post(path, handler);
  }

  app.get('/trongrid/v1/blocks/:number/events', async (req, reply) => {
    if (limited(req, reply, 'v1')) return reply;
    const q = req.query as Query;
    const number = Number((req.params as { number: string }).number === 'latest' ? chain.head() : (req.params as { number: string }).number);
    if (!Number.isSafeInteger(number) || number < 0) return reply.code(400).send({ success: false, error: 'invalid block number', statusCode: 400 });
    const confirmed = number <= chain.solid();
    // Only confirmed events asked for and the block not solidified yet: nothing to show.
    const events = q.only_confirmed === 'true' && !confirmed ? [] : (chain.eventsOf(number) ?? []);
    const page = pageOf(events, q, (e) => `${number}:${e.txid}:${e.eventIndex}`);
    return envelope(
      page.items.map((e) => eventJson(e, number, chain.timestampOf(number), !confirmed)),
      page.fingerprint,
      req,
    );
  });

  app.get('/trongrid/v1/accounts/:address/transactions/trc20', async (req, reply) => {
    if (limited(req, reply, 'v1')) return reply;
    const q = req.query as Query;
    const address = normaliseAddress((req.params as { address: string }).address);
    if (!address) return reply.code(400).send({ success: false, error: 'invalid address', statusCode: 400 });
    if (q.only_confirmed === 'true' && q.only_unconfirmed === 'true')
      return reply.code(400).send({ success: false, error: 'only_confirmed and only_unconfirmed cannot be used together', statusCode: 400 });
    const contract = q.contract_address ? normaliseAddress(q.contract_address) : undefined;
    const solid = chain.solid();
    const rows = chain
      .storedEvents(chain.head())
      .filter((e) => (q.only_to === 'true' ? e.to === address : q.only_from === 'true' ? e.from === address : e.to === address || e.from === address))
      .filter((e) => !contract || e.contract === contract)
      .filter((e) => (q.only_confirmed === 'true' ? e.block <= solid : q.only_unconfirmed === 'true' ? e.block > solid : true));
    const page = pageOf(rows, q, (e) => `${e.block}:${e.txid}:${e.eventIndex}`);
    return envelope(
      page.items.map((e) => ({
        transaction_id: e.txid,
        token_info: { address: e.contract, ...(TOKENS[e.contract] ?? { symbol: 'TKN', name: 'Token', decimals: 18 }) },
        block_timestamp: chain.timestampOf(e.block),
        from: e.from,
        to: e.to,
        type: 'Transfer',
        value: e.value.toString(),
      })),
      page.fingerprint,
      req,
    );
  });

  registerControls(app, chain, limit);

  function envelope(data: unknown[], fingerprint: string | undefined, req: FastifyRequest) {
    const meta: Record<string, unknown> = { at: Date.now(), page_size: data.length };
    if (fingerprint) {
      meta.fingerprint = fingerprint;
      const next = new URL(`${publicUrl()}${req.url}`, 'http://localhost');
      next.searchParams.set('fingerprint', fingerprint);
      meta.links = { next: `${publicUrl()}${next.pathname}${next.search}` };
    }
    return { data, success: true, meta };
  }
  return chain;
}

/** A TronGrid event object as the v1 API writes it (addresses in the result the EVM way). */
function eventJson(e: ChainEvent, block: number, timestampMs: number, unconfirmed: boolean) {
  const from = evmHex(e.from);
  const to = evmHex(e.to);
  return {
    block_number: block,
    block_timestamp: timestampMs,
    caller_contract_address: e.contract,
    contract_address: e.contract,
    event_index: e.eventIndex,
    event_name: 'Transfer',
    result: { 0: from, 1: to, 2: e.value.toString(), from, to, value: e.value.toString() },
    result_type: { from: 'address', to: 'address', value: 'uint256' },
    event: 'Transfer(address indexed from, address indexed to, uint256 value)',
    transaction_id: e.txid,
    ...(unconfirmed ? { _unconfirmed: true } : {}),
  };
}

/** A page after the fingerprint (an opaque token naming the last item of the page before). */
function pageOf<T>(items: T[], q: Query, keyOf: (item: T) => string): { items: T[]; fingerprint: string | undefined } {
  const size = Math.min(MAX_LIMIT, Math.max(1, Number(q.limit) || DEFAULT_LIMIT));
  let start = 0;
  if (q.fingerprint) {
    const after = Buffer.from(q.fingerprint, 'base64url').toString();
    const i = items.findIndex((x) => keyOf(x) === after);
    start = i < 0 ? items.length : i + 1;
  }
  const slice = items.slice(start, start + size);
  const more = start + size < items.length;
  return { items: slice, fingerprint: more && slice.length ? Buffer.from(keyOf(slice.at(-1)!)).toString('base64url') : undefined };
}

function jsonBody(req: FastifyRequest): Record<string, unknown> {
  if (typeof req.body !== 'string' || req.body === '') return {};
  try {
    const parsed: unknown = JSON.parse(req.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The operator controls: the chain's state, new blocks, transfers, re-organisations, noise and the limit. */
function registerControls(app: FastifyInstance, chain: Chain, limit: FrequencyLimit): void {
  app.get('/sim/tron/state', async () => ({
    head: chain.head(),
    solid: chain.solid(),
    solidConfirmations: SOLID_CONFIRMATIONS,
    manual: chain.manual,
    noisePerBlock: chain.noisePerBlock,
    rateLimitPerSec: limit.perSec,
    ...limit.stats,
  }));

  app.post('/sim/tron/blocks', async (req, reply) => {
    const count = Number(jsonBody(req).count ?? 1);
    if (!Number.isInteger(count) || count < 1 || count > 10_000) return reply.code(422).send({ status: 'error', code: 'INVALID_COUNT' });
    if (!chain.manual) return reply.code(409).send({ status: 'error', code: 'CLOCK_MODE' });
    return { head: chain.produce(count), solid: chain.solid() };
  });

  // {transfers: [{to, value, contract?, from?}], block?}: one transaction with one Transfer event per part.
  app.post('/sim/tron/transfers', async (req, reply) => {
    const body = jsonBody(req);
    const parts = Array.isArray(body.transfers) ? (body.transfers as Array<Record<string, unknown>>) : [];
    if (!parts.length || parts.length > MAX_PARTS) return reply.code(422).send({ status: 'error', code: 'INVALID_TRANSFERS' });
    const valid = parts.every(
      (p) =>
        typeof p.to === 'string' &&
        accountBytes(p.to) &&
        typeof p.value === 'string' &&
        /^\d{1,30}$/.test(p.value) &&
        (p.contract === undefined || (typeof p.contract === 'string' && accountBytes(p.contract))) &&
        (p.from === undefined || (typeof p.from === 'string' && accountBytes(p.from))),
    );
    if (!valid) return reply.code(422).send({ status: 'error', code: 'INVALID_TRANSFERS' });
    const block = typeof body.block === 'number' ? body.block : undefined;
    const placed = chain.transfer(
      parts.map((p) => ({
        to: p.to as string,
        value: BigInt(p.value as string),
        contract: p.contract as string | undefined,
        from: p.from as string | undefined,
      })),
      block,
    );
    return { ...placed, events: parts.map((_, i) => ({ eventIndex: i })) };
  });

  // {txids: [...], reinclude?}: the blocks holding them are replaced before they solidify.
  app.post('/sim/tron/reorg', async (req, reply) => {
    const body = jsonBody(req);
    const txids = Array.isArray(body.txids) ? body.txids.filter((x): x is string => typeof x === 'string') : [];
    if (!txids.length) return reply.code(422).send({ status: 'error', code: 'INVALID_TXIDS' });
    if (!chain.reorg(txids, body.reinclude === true)) return reply.code(409).send({ status: 'error', code: 'NOT_REORGANISABLE' });
    return { head: chain.head(), solid: chain.solid() };
  });

  // {noisePerBlock?, rateLimitPerSec?, penaltyMs?}
  app.put('/sim/tron/config', async (req, reply) => {
    const body = jsonBody(req);
    const whole = (x: unknown, max: number) => x === undefined || (Number.isInteger(x) && (x as number) >= 0 && (x as number) <= max);
    if (!whole(body.noisePerBlock, 5_000) || !whole(body.rateLimitPerSec, 10_000) || !whole(body.penaltyMs, 600_000))
      return reply.code(422).send({ status: 'error', code: 'INVALID_CONFIG' });
    if (body.noisePerBlock !== undefined) chain.noisePerBlock = body.noisePerBlock as number;
    if (body.rateLimitPerSec !== undefined) limit.perSec = body.rateLimitPerSec as number;
    if (body.penaltyMs !== undefined) limit.penaltyMs = body.penaltyMs as number;
    return { noisePerBlock: chain.noisePerBlock, rateLimitPerSec: limit.perSec, penaltyMs: limit.penaltyMs };
  });

  app.post('/sim/tron/stats/reset', async () => {
    limit.reset();
    return { status: 'ok' };
  });

  // The 41-prefixed hex of an address, as TronGrid's paths also accept it (for tests of the path forms).
  app.get('/sim/tron/hex/:address', async (req, reply) => {
    const hexForm = tronHex((req.params as { address: string }).address);
    return hexForm ? { hex: hexForm } : reply.code(422).send({ status: 'error', code: 'INVALID_ADDRESS' });
  });
}
