// The adapter against answers in the shapes TronGrid documents: the full node's block (blockID, block_header.raw_data),
// the v1 event object (result addresses written the EVM way, event_index, meta.fingerprint for the next page), an
// address's TRC-20 history (token_info, from, to, value) and the refusal of a key over its frequency limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TronGrid, TronGridError, TronRateLimited } from './trongrid.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TXID = 'f'.repeat(64);
const block = (number: number) => ({
  blockID: number.toString(16).padStart(16, '0') + 'a'.repeat(48),
  block_header: {
    raw_data: {
      number,
      txTrieRoot: '0'.repeat(64),
      witness_address: '41' + '0'.repeat(40),
      parentHash: '0'.repeat(64),
      version: 30,
      timestamp: 1_700_000_000_000,
    },
    witness_signature: '0'.repeat(130),
  },
});
const event = (i: number, name = 'Transfer') => ({
  block_number: 85758417,
  block_timestamp: 1787946738000,
  caller_contract_address: USDT,
  contract_address: USDT,
  event_index: i,
  event_name: name,
  result: {
    0: '0xd4040ff90042a66f485bf4d0bd073b2613f4bbfb',
    1: '0x8840e6c55b9ada326d211d818c34a994aeced808',
    2: '10000000',
    from: '0xd4040ff90042a66f485bf4d0bd073b2613f4bbfb',
    to: '0x8840e6c55b9ada326d211d818c34a994aeced808',
    value: '10000000',
  },
  result_type: { from: 'address', to: 'address', value: 'uint256' },
  event: 'Transfer(address indexed from, address indexed to, uint256 value)',
  transaction_id: TXID,
});

let server: http.Server;
let base = '';
const seen: Array<{ method: string; url: string; key: string | undefined }> = [];
let limited = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, key: req.headers['tron-pro-api-key'] as string | undefined });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url!, 'http://x');
    if (limited)
      return send(403, { Success: false, Error: 'The key exceeds the frequency limit(15), and the query server is suspended for 30s', StatusCode: 403 });
    if (url.pathname === '/wallet/getnowblock') return send(200, block(85758435));
    if (url.pathname === '/walletsolidity/getnowblock') return send(200, block(85758417));
    if (url.pathname === '/v1/blocks/85758417/events') {
      // Two pages: the first names the fingerprint of its last event.
      if (!url.searchParams.get('fingerprint'))
        return send(200, { data: [event(0), event(1, 'Approval')], success: true, meta: { at: 1, page_size: 2, fingerprint: 'next1' } });
      return send(200, { data: [event(2)], success: true, meta: { at: 1, page_size: 1 } });
    }
    if (url.pathname === '/v1/accounts/TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL/transactions/trc20')
      return send(200, {
        data: [
          {
            transaction_id: TXID,
            token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
            block_timestamp: 1787946738000,
            from: 'TVJF7zCn8pffXP7rPd2RPsWJxQ4YaUTmTB',
            to: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
            type: 'Transfer',
            value: '10000000',
          },
        ],
        success: true,
        meta: { at: 1787946740000, page_size: 1 },
      });
    if (url.pathname === '/v1/blocks/1/events') return send(200, { data: [{ transaction_id: 'nope' }], success: true, meta: {} });
    send(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const grid = () => new TronGrid({ baseUrl: base, apiKey: 'k1', requestsPerSecond: 1000, timeoutMs: 2000 });

describe('TronGrid adapter', () => {
  it("reads the newest and the newest solidified block from the full node's API", async () => {
    const g = grid();
    expect(await g.nowBlock()).toMatchObject({ number: 85758435, timestampMs: 1_700_000_000_000 });
    expect((await g.solidBlock()).number).toBe(85758417);
    expect(seen.slice(-2).map((s) => `${s.method} ${s.url} ${s.key}`)).toEqual(['POST /wallet/getnowblock k1', 'POST /walletsolidity/getnowblock k1']);
  });

  it("follows a block's event pages by fingerprint and keeps the Transfer events, with base58 parties", async () => {
    const transfers = await grid().blockTransfers(85758417, true);
    expect(transfers.map((t) => t.eventIndex)).toEqual([0, 2]);
    expect(transfers[0]).toEqual({
      txid: TXID,
      eventIndex: 0,
      blockNumber: 85758417,
      blockTimestampMs: 1787946738000,
      contract: USDT,
      from: 'TVJF7zCn8pffXP7rPd2RPsWJxQ4YaUTmTB',
      to: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
      value: 10_000_000n,
    });
    const urls = seen.slice(-2).map((s) => s.url);
    expect(urls[0]).toBe('/v1/blocks/85758417/events?limit=200&only_confirmed=true');
    expect(urls[1]).toBe('/v1/blocks/85758417/events?limit=200&only_confirmed=true&fingerprint=next1');
  });

  it("reads an address's TRC-20 history with the documented query", async () => {
    const page = await grid().accountTransfers('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', { contract: USDT, onlyConfirmed: true, limit: 50 });
    expect(page.transfers).toEqual([
      {
        txid: TXID,
        blockTimestampMs: 1787946738000,
        contract: USDT,
        decimals: 6,
        from: 'TVJF7zCn8pffXP7rPd2RPsWJxQ4YaUTmTB',
        to: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
        type: 'Transfer',
        value: 10_000_000n,
      },
    ]);
    expect(seen.at(-1)!.url).toBe(`/v1/accounts/TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL/transactions/trc20?limit=50&only_confirmed=true&contract_address=${USDT}`);
  });

  it('refuses a malformed answer by name', async () => {
    await expect(grid().blockTransfers(1, false)).rejects.toMatchObject({ code: expect.stringMatching(/^BAD_ANSWER/) as unknown });
  });

  it('stops sending for the suspension TronGrid announces once it refuses a key', async () => {
    const g = grid();
    limited = true;
    await expect(g.nowBlock()).rejects.toBeInstanceOf(TronRateLimited);
    limited = false;
    const before = seen.length;
    const err = await g.nowBlock().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TronRateLimited);
    expect((err as TronRateLimited).untilMs).toBeGreaterThan(Date.now() + 25_000);
    expect(seen.length).toBe(before);
    expect(g.counts).toMatchObject({ rateLimited: 1 });
    expect(err).toBeInstanceOf(TronGridError);
  });

  it('spaces its requests to the rate it is given', async () => {
    const g = new TronGrid({ baseUrl: base, apiKey: '', requestsPerSecond: 20, timeoutMs: 2000 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => g.nowBlock()));
    // Five requests at 20 a second need four gaps of 50 ms between them.
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(seen.at(-1)!.key).toBeUndefined();
  });
});
