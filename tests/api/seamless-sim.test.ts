// The seamless stand-in provider (sim/seamless) against the real wallet API over HTTP: the player's launch
// reaches the provider through its adapter, the provider's authenticate, debits and credits come back signed, and its
// network faults (duplicate delivery, credit before debit, a debit delivered after its rollback, rollback storms,
// slow answers) leave the money moved once, the bet records right and the ledger balanced.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startSim, type Sim } from '../../sim/server.ts';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { addSeamlessPlatform, centralMinor } from '../helpers/seamless.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let sim: Sim;
let t: TestApp;
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  sim = await startSim({ settleTickMs: 0 });
  t = await createTestApp({ GAME_PROVIDER_URL: sim.url }, { provider: new FakeProvider() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  sim.state.seamlessWalletUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await addSeamlessPlatform(t, 'SMS', 'slots');
  await addSeamlessPlatform(t, 'SML', 'casino');
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
}, 120_000);
afterEach(async () => {
  await fetch(`${sim.url}/sim/seamless/faults`, { method: 'DELETE' });
  expect(await checkLedger(t.database.db)).toEqual([]);
});

async function launchToken(p: Player, code: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/games/seamless/link/${code}?productId=lobby`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.url as string);
  expect(url.pathname).toMatch(new RegExp(`^/seamless/play/${code}/`));
  return url.searchParams.get('token')!;
}

async function play(code: string, token: string, bet: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/sim/seamless/${code}/play`, { method: 'POST', body: JSON.stringify({ token, ...bet }) });
  return { statusCode: res.status, body: (await res.json()) as Record<string, string> };
}

const faults = (patch: Record<string, number>) => fetch(`${sim.url}/sim/seamless/faults`, { method: 'PUT', body: JSON.stringify(patch) });

async function settledRounds(playerId: number): Promise<Array<{ bet_id: string; stake: string; payout: string; status: string }>> {
  const res = await t.database.db.execute<{ bet_id: string; stake: string; payout: string; status: string }>(sql`
    select bet_id, stake_minor::text as stake, payout_minor::text as payout, status from bet_records where player_id = ${playerId} order by id`);
  return res.rows;
}

describe('the seamless stand-in over HTTP', () => {
  it('a slot spin and a live-table hand debit and credit the central wallet and become settled bet records', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    const spin = await play('SMS', await launchToken(p, 'SMS'), { stake: '500' });
    expect(spin.statusCode, JSON.stringify(spin.body)).toBe(200);
    let expected = 100_000n - 500n + BigInt(spin.body.payoutMinor!);
    expect(BigInt(spin.body.balance!)).toBe(expected);
    const hand = await play('SML', await launchToken(p, 'SML'), { bets: { banker: '1000', tie: '200' } });
    expect(hand.statusCode, JSON.stringify(hand.body)).toBe(200);
    expected += BigInt(hand.body.payoutMinor!) - 1200n;
    expect(await centralMinor(t, p.playerId)).toBe(expected);
    const rounds = await settledRounds(p.playerId);
    expect(rounds).toEqual([
      { bet_id: spin.body.roundId, stake: '500', payout: spin.body.payoutMinor, status: 'settled' },
      { bet_id: hand.body.roundId, stake: '1200', payout: hand.body.payoutMinor, status: 'settled' },
    ]);
  });

  it('duplicate deliveries, wins ahead of their bets and rollback storms still move each bet and win once', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    await faults({ duplicateDeliveryRate: 1, creditBeforeDebitRate: 1, rollbackStorm: 5 });
    let expected = 100_000n;
    for (let i = 0; i < 5; i++) {
      const spin = await play('SMS', await launchToken(p, 'SMS'), { stake: '100' });
      expect(spin.statusCode, JSON.stringify(spin.body)).toBe(200);
      expected += BigInt(spin.body.payoutMinor!) - 100n;
    }
    expect(await centralMinor(t, p.playerId)).toBe(expected);
    const stats = (await (await fetch(`${sim.url}/sim/seamless/stats`)).json()) as { duplicates: number; byStatus: Record<string, number> };
    expect(stats.duplicates).toBeGreaterThan(0);
    expect(stats.byStatus.DEBIT_NOT_FOUND).toBeGreaterThan(0);
  });

  it('a debit delivered after its rollback is refused and moves nothing', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    await faults({ delayedDebitAfterRollbackRate: 1, rollbackStorm: 3 });
    const spin = await play('SMS', await launchToken(p, 'SMS'), { stake: '500' });
    expect(spin.body).toMatchObject({ status: 'refused', code: 'DEBIT_ROLLED_BACK', balance: '10000' });
    expect(await centralMinor(t, p.playerId)).toBe(10_000n);
    expect(await settledRounds(p.playerId)).toEqual([]);
  });

  it('answers slower than the provider waits: retried with the same id, rolled back when none came, never taken twice', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    await faults({ timeoutMs: 1, maxRetries: 2 });
    const spin = await play('SMS', await launchToken(p, 'SMS'), { stake: '500' });
    // Authenticate itself may time out; either way no bet can have been taken without being returned.
    expect([403, 409]).toContain(spin.statusCode);
    await faults({ timeoutMs: 3000 });
    // Late answers may still be finishing: wait until the wallet is quiet, then the money must be back.
    await new Promise((r) => setTimeout(r, 500));
    const rounds = await settledRounds(p.playerId);
    const staked = rounds.reduce((sum, r) => sum + BigInt(r.stake) - BigInt(r.payout), 0n);
    expect(await centralMinor(t, p.playerId)).toBe(10_000n - staked);
  });
});
