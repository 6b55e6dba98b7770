// TronGrid's stand-in over HTTP, as the site's adapter and the tests see it: blocks solidify 19 confirmations behind
// the head, a block's events and an address's history page by fingerprint, a re-organised transfer leaves its block,
// and a key over 15 requests a second is refused with TronGrid's answer for the suspension.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type Sim } from '../server.ts';
import { USDT_CONTRACT } from './chain.ts';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ tron: { blockIntervalMs: 0, rateLimitPerSec: 1000, penaltyMs: 1000 } });
});
afterAll(() => sim.close());

interface Block {
  blockID: string;
  block_header: { raw_data: { number: number } };
}
interface Page {
  data: Array<{ transaction_id: string; value: string; _unconfirmed?: boolean } & Record<string, unknown>>;
  meta: { fingerprint?: string };
}
interface State {
  head: number;
  solid: number;
}
interface Placed {
  txid: string;
  block: number;
}
/** The answer's body, read as the shape the test names. */
async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const PLAYER = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const OTHER_TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

describe('TronGrid stand-in', () => {
  it('solidifies a block once 19 blocks stand on it', async () => {
    const start = (await call<State>('GET', '/sim/tron/state')).body;
    expect(start.solid).toBe(start.head - 18);
    const now = (await call<Block>('POST', '/trongrid/wallet/getnowblock')).body;
    const solid = (await call<Block>('POST', '/trongrid/walletsolidity/getnowblock')).body;
    expect(now.block_header.raw_data.number).toBe(start.head);
    expect(solid.block_header.raw_data.number).toBe(start.solid);
    expect(now.blockID).toMatch(/^[0-9a-f]{64}$/);
    expect((await call('POST', '/trongrid/walletsolidity/getblockbynum', { num: start.head })).body).toEqual({});
    expect((await call<Block>('POST', '/trongrid/wallet/getblockbynum', { num: start.head })).body.blockID).toBe(now.blockID);
  });

  it("shows a transfer's event unconfirmed first, then confirmed at its 19th confirmation", async () => {
    const placed = (await call<Placed>('POST', '/sim/tron/transfers', { transfers: [{ to: PLAYER, value: '25000000' }] })).body;
    const events = (confirmed: boolean) => call<Page>('GET', `/trongrid/v1/blocks/${placed.block}/events${confirmed ? '?only_confirmed=true' : ''}`);
    await call('POST', '/sim/tron/blocks', { count: 1 });
    const unconfirmed = (await events(false)).body;
    expect(unconfirmed.data).toHaveLength(1);
    expect(unconfirmed.data[0]).toMatchObject({
      transaction_id: placed.txid,
      event_index: 0,
      event_name: 'Transfer',
      contract_address: USDT_CONTRACT,
      block_number: placed.block,
      result: { value: '25000000', to: '0x8840e6c55b9ada326d211d818c34a994aeced808' },
      _unconfirmed: true,
    });
    expect((await events(true)).body.data).toEqual([]);
    await call('POST', '/sim/tron/blocks', { count: 17 });
    expect((await events(true)).body.data).toEqual([]);
    await call('POST', '/sim/tron/blocks', { count: 1 });
    const confirmed = (await events(true)).body.data;
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]._unconfirmed).toBeUndefined();
  });

  it("pages an address's TRC-20 history newest first, filtered by contract and confirmation", async () => {
    const address = 'TVJF7zCn8pffXP7rPd2RPsWJxQ4YaUTmTB';
    for (let i = 1; i <= 3; i++) await call('POST', '/sim/tron/transfers', { transfers: [{ to: address, value: String(i * 1_000_000) }] });
    await call('POST', '/sim/tron/transfers', { transfers: [{ to: address, value: '7', contract: OTHER_TOKEN }] });
    await call('POST', '/sim/tron/blocks', { count: 1 });
    const first = (await call<Page>('GET', `/trongrid/v1/accounts/${address}/transactions/trc20?contract_address=${USDT_CONTRACT}&limit=2`)).body;
    expect(first.data.map((d) => d.value)).toEqual(['3000000', '2000000']);
    expect(first.data[0]).toMatchObject({ token_info: { symbol: 'USDT', address: USDT_CONTRACT, decimals: 6 }, to: address, type: 'Transfer' });
    expect(first.meta.fingerprint).toEqual(expect.any(String));
    const second = (
      await call<Page>(
        'GET',
        `/trongrid/v1/accounts/${address}/transactions/trc20?contract_address=${USDT_CONTRACT}&limit=2&fingerprint=${first.meta.fingerprint}`,
      )
    ).body;
    expect(second.data.map((d) => d.value)).toEqual(['1000000']);
    expect(second.meta.fingerprint).toBeUndefined();
    expect((await call<Page>('GET', `/trongrid/v1/accounts/${address}/transactions/trc20?only_confirmed=true`)).body.data).toEqual([]);
    expect((await call<Page>('GET', `/trongrid/v1/accounts/${address}/transactions/trc20`)).body.data).toHaveLength(4);
  });

  it('drops a re-organised transfer from its block before it solidifies, and refuses once it has', async () => {
    const placed = (await call<Placed>('POST', '/sim/tron/transfers', { transfers: [{ to: PLAYER, value: '1' }] })).body;
    await call('POST', '/sim/tron/blocks', { count: 2 });
    const idBefore = (await call<Block>('POST', '/trongrid/wallet/getblockbynum', { num: placed.block })).body.blockID;
    expect((await call('POST', '/sim/tron/reorg', { txids: [placed.txid] })).status).toBe(200);
    expect((await call<Page>('GET', `/trongrid/v1/blocks/${placed.block}/events`)).body.data).toEqual([]);
    expect((await call<Block>('POST', '/trongrid/wallet/getblockbynum', { num: placed.block })).body.blockID).not.toBe(idBefore);
    const kept = (await call<Placed>('POST', '/sim/tron/transfers', { transfers: [{ to: PLAYER, value: '2' }] })).body;
    await call('POST', '/sim/tron/blocks', { count: 19 });
    expect((await call('POST', '/sim/tron/reorg', { txids: [kept.txid] })).status).toBe(409);
  });

  it("refuses a key over its frequency limit with TronGrid's answer and suspends it", async () => {
    await call('PUT', '/sim/tron/config', { rateLimitPerSec: 15, penaltyMs: 60_000 });
    const key = { 'TRON-PRO-API-KEY': 'bench-key' };
    const answers = [];
    // More than 15 at once fall in one or two seconds; at most 30 of them can pass.
    for (let i = 0; i < 40; i++) answers.push(await call('GET', '/trongrid/v1/blocks/latest/events', undefined, key));
    const refused = answers.filter((a) => a.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.body).toEqual({
      Success: false,
      Error: 'The key exceeds the frequency limit(15), and the query server is suspended for 60s',
      StatusCode: 403,
    });
    expect((await call('POST', '/trongrid/wallet/getnowblock', undefined, key)).body).toEqual({
      Error: 'The key exceeds the frequency limit(15), and the query server is suspended for 60s',
    });
    // Another key is not held back by this one's suspension.
    expect((await call('POST', '/trongrid/wallet/getnowblock', undefined, { 'TRON-PRO-API-KEY': 'other' })).status).toBe(200);
    await call('PUT', '/sim/tron/config', { rateLimitPerSec: 1000, penaltyMs: 1000 });
  });
});
