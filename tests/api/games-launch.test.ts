// With automatic transfer on, concurrent game launches all open the game; the ones that lose the
// race for the central wallet open with what is already on the platform instead of answering insufficient funds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

const provider = new FakeProvider();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});

describe('auto transfer and concurrent launches', () => {
  it('every launch opens; the central wallet moves once', async () => {
    const p = await seedPlayer(t, { centralMinor: 50_000n });
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/autoTransfer', headers: p.headers, payload: { auto_transfer: true } })).statusCode).toBe(200);
    const launches = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ url: '/api/games/link/LVC', headers: p.headers })));
    for (const l of launches) expect(l.statusCode, l.body).toBe(200);
    const moved = launches.map((l) => l.json().data.auto_transfer).filter((x) => x);
    expect(moved.length).toBeGreaterThanOrEqual(1);
    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me.json().data.amount).toBe('0.00');
    expect(me.json().data.total_money).toBe('500.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
