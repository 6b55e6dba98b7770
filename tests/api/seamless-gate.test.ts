// The protection gate decides every seamless debit: a time-out or self-exclusion blocks the player, a loss
// or wager limit that the stake does not fit answers insufficient funds; open rounds' stakes count as money in play.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeLauncher, addSeamlessPlatform, centralMinor, seamlessCall } from '../helpers/seamless.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const CODE = 'SMG';
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), seamlessLauncher: new FakeLauncher() });
  await addSeamlessPlatform(t, CODE);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});

let seq = 0;
const debit = (p: Player, amount: string, round = `g-r${++seq}`) =>
  seamlessCall(t, CODE, 'debit', { player: String(p.playerId), round_id: round, transaction_id: `g-d${++seq}`, game_code: 'lucky-7', amount });
const protection = (p: Player, url: string, payload: object) =>
  t.app.inject({ method: url.endsWith('limits') ? 'PUT' : 'POST', url, headers: p.headers, payload });

describe('the protection gate on seamless debits', () => {
  it('a time-out blocks the player', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    expect((await debit(p, '100')).body.status).toBe('OK');
    expect((await protection(p, '/api/protection/timeout', { duration: '24h' })).statusCode).toBe(200);
    expect((await debit(p, '100')).body).toMatchObject({ status: 'PLAYER_BLOCKED', balance: '9900' });
    expect(await centralMinor(t, p.playerId)).toBe(9_900n);
  });

  it('a self-exclusion blocks the player', async () => {
    const p = await seedPlayer(t, { centralMinor: 10_000n });
    expect((await protection(p, '/api/protection/self-exclusion', { duration: '6m', confirm_account: p.account })).statusCode).toBe(200);
    expect((await debit(p, '100')).body).toMatchObject({ status: 'PLAYER_BLOCKED', balance: '10000' });
  });

  it('a loss limit counts open stakes and refuses the stake that does not fit', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    expect((await protection(p, '/api/protection/limits', { kind: 'loss', period: 'day', value: '10' })).statusCode).toBe(200);
    expect((await debit(p, '600')).body.status).toBe('OK');
    // 6.00 is staked in an open round: 4.00 is left of the 10.00 limit.
    expect((await debit(p, '500')).body).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '99400' });
    expect((await debit(p, '400')).body.status).toBe('OK');
    expect(await centralMinor(t, p.playerId)).toBe(99_000n);
  });

  it('a wager limit counts every stake of the day', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    expect((await protection(p, '/api/protection/limits', { kind: 'wager', period: 'day', value: '20' })).statusCode).toBe(200);
    const round = 'g-wager';
    const first = await debit(p, '1500', round);
    expect(first.body.status).toBe('OK');
    expect((await debit(p, '600', round)).body.status).toBe('INSUFFICIENT_FUNDS');
    expect((await debit(p, '500', round)).body.status).toBe('OK');
  });
});
