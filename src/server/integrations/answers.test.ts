// The adapters read outside answers through schemas: a missing or malformed field is a named provider or gateway
// error, never a SyntaxError from deep inside a money path. A local HTTP server plays a provider that answers badly.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Breakers } from './breakers.ts';
import { HttpGameProvider, ProviderError } from './games/provider.ts';
import { GatewayError, PayBridgeGateway } from './payments/gateway.ts';
import { MAX_ANSWER_BYTES } from './signed-http.ts';

let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () => new HttpGameProvider({ baseUrl: base, secret: 's'.repeat(32), operator: 'op', timeoutMs: 2_000, requestTtlMs: 30_000 });
const bet = {
  betId: 'b1',
  player: 'p1',
  game: 'g',
  gameType: 'slots',
  stakeMinor: '100',
  payoutMinor: '0',
  status: 'settled',
  placedAt: '2026-11-01T00:00:00Z',
  settledAt: '2026-11-01T00:00:01Z',
  version: 1,
};

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('game provider answers', () => {
  it('reads a well-formed bet log', async () => {
    answer = { status: 200, body: { bets: [bet], nextCursor: 'c2', hasMore: true } };
    const page = await provider().betLog('SPB', 'c1', 10);
    expect(page).toMatchObject({ nextCursor: 'c2', hasMore: true });
    expect(page.bets[0]).toMatchObject({ betId: 'b1', stakeMinor: 100n, payoutMinor: 0n, status: 'settled', version: 1 });
  });

  it('names the missing field of a bet instead of throwing a SyntaxError', async () => {
    const { stakeMinor: _dropped, ...noStake } = bet;
    answer = { status: 200, body: { bets: [noStake] } };
    const err = await rejection(provider().betLog('SPB', '', 10));
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('BAD_ANSWER at bets.0.stakeMinor');
    answer = { status: 200, body: { bets: [{ ...bet, stakeMinor: '1.5' }] } };
    expect(((await rejection(provider().betLog('SPB', '', 10))) as ProviderError).code).toBe('BAD_ANSWER at bets.0.stakeMinor');
    answer = { status: 200, body: { bets: [{ ...bet, placedAt: 'yesterday' }] } };
    expect(((await rejection(provider().betLog('SPB', '', 10))) as ProviderError).code).toBe('BAD_ANSWER at bets.0.placedAt');
  });

  it('reports a balance without its amount as unavailable, with the reason', async () => {
    answer = { status: 200, body: { balance: '12' } };
    expect(await provider().balance('SPB', 'p1')).toEqual({ kind: 'unavailable', reason: 'BAD_ANSWER at balanceMinor' });
    answer = { status: 200, body: { balanceMinor: '1200' } };
    expect(await provider().balance('SPB', 'p1')).toEqual({ kind: 'ok', balanceMinor: 1200n });
  });

  it('refuses a launch answer without a URL', async () => {
    answer = { status: 200, body: { link: 'x' } };
    expect(((await rejection(provider().launchUrl('SPB', { player: 'p1', game: 'g', lang: 'en' }))) as ProviderError).code).toBe('BAD_ANSWER at url');
  });
});

describe('payment gateway answers', () => {
  const gateway = () => new PayBridgeGateway({ baseUrl: base, secret: 's'.repeat(32), merchant: 'm', timeoutMs: 2_000 });
  it('names what a created order lacks', async () => {
    answer = { status: 200, body: { status: 'created', orderId: 'o1', expiresAt: 'soon' } };
    const err = await rejection(
      gateway().createOrder({
        merchantOrderId: 'DP1',
        amountMinor: 10_000n,
        method: 'card',
        notifyUrl: 'http://x/n',
        returnUrl: 'http://x/r',
        expiresInSec: 600,
        description: 'd',
      } as Parameters<PayBridgeGateway['createOrder']>[0]),
    );
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe('BAD_ANSWER at expiresAt');
  });

  it('names an order state it does not know', async () => {
    answer = { status: 200, body: { order: { state: 'refunded', amountMinor: '100' } } };
    expect(((await rejection(gateway().orderState('DP1'))) as GatewayError).code).toBe('BAD_ANSWER at order.state');
    answer = { status: 200, body: { order: { state: 'paid', amountMinor: '100' } } };
    expect(await gateway().orderState('DP1')).toEqual({ state: 'paid', amountMinor: 100n });
  });
});

describe('answers past the size cap', () => {
  // A provider that streams an answer of `bytes` (valid JSON, no length said beforehand) and notes whether the
  // caller hung up before it was all sent.
  let big: http.Server;
  let bigBase = '';
  let bytes = 0;
  let cutOff = 0;
  beforeAll(async () => {
    big = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => {
        if (!res.writableFinished) cutOff++;
      });
      const pad = 64 * 1024;
      res.write(`{"balanceMinor":"1200","pad":"`);
      let sent = 0;
      const more = () => {
        while (sent < bytes) {
          sent += pad;
          if (!res.write('x'.repeat(pad))) return void res.once('drain', more);
        }
        res.end('"}');
      };
      more();
    });
    await new Promise<void>((resolve) => big.listen(0, '127.0.0.1', resolve));
    bigBase = `http://127.0.0.1:${(big.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => big.close(() => resolve())));

  it(`fails a call whose answer is longer than ${MAX_ANSWER_BYTES} bytes, hangs up, and counts it against the breaker`, async () => {
    const breakers = new Breakers({ errorPercent: 50, volume: 2, resetMs: 60_000 });
    const bigProvider = new HttpGameProvider({ baseUrl: bigBase, secret: 's'.repeat(32), operator: 'op', timeoutMs: 5_000, requestTtlMs: 30_000 }, breakers);
    bytes = 8 * 1024;
    expect(await bigProvider.balance('SPB', 'p1')).toEqual({ kind: 'ok', balanceMinor: 1200n });
    // Far longer than the cap and than what the sockets buffer, so the stand-in notices the caller hung up.
    bytes = 32 * MAX_ANSWER_BYTES;
    expect(await bigProvider.balance('SPB', 'p1')).toEqual({ kind: 'unavailable', reason: 'network' });
    await vi.waitFor(() => expect(cutOff).toBe(1));
    expect(await bigProvider.transfer('SPB', { transferId: 'T1', player: 'p1', direction: 'in', amountMinor: 1n })).toEqual({
      kind: 'unclear',
      reason: 'network error',
    });
    // Two failures of three calls: the breaker is open and the next call is not sent.
    expect(await bigProvider.balance('SPB', 'p1')).toEqual({ kind: 'unavailable', reason: 'circuit_open' });
  });
});
