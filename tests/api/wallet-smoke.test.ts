import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

let t: TestApp;
const provider = new FakeProvider();
beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => {
  await t?.close();
});

describe('wallet smoke', () => {
  it('moves money to a platform and back, and the ledger holds', async () => {
    const p = await seedPlayer(t, { centralMinor: 100_000n });
    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me.json().data.amount).toBe('1000.00');
    const dep = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '250.50' } });
    expect(dep.statusCode).toBe(200);
    expect(dep.json().data.status).toBe('applied');
    const wallets = await t.app.inject({ method: 'POST', url: '/api/games/wallet', headers: p.headers, payload: { forceUpdate: true } });
    expect(wallets.json().data.find((w: { code: string }) => w.code === 'SLX').wallet).toBe('250.50');
    const back = await t.app.inject({ method: 'POST', url: '/api/players/withdrawAll', headers: p.headers });
    expect(back.statusCode).toBe(200);
    const me2 = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me2.json().data.amount).toBe('1000.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses more than the balance and leaves nothing behind', async () => {
    const p = await seedPlayer(t, { centralMinor: 1000n });
    const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/SLX', headers: p.headers, payload: { money: '10.01' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_funds');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('keeps an unclear transfer pending and reconciliation settles it', async () => {
    const p = await seedPlayer(t, { centralMinor: 5000n });
    provider.mode = 'timeout-after-apply';
    const res = await t.app.inject({ method: 'POST', url: '/api/players/deposit/FSH', headers: p.headers, payload: { money: '20' } });
    provider.mode = 'normal';
    expect(res.json().data.status).toBe('pending');
    expect(await checkLedger(t.database.db)).toEqual([]);
    await t.database.db.execute((await import('drizzle-orm')).sql`update platform_transfers set next_check_at = now()`);
    const r = await t.app.services.wallet.reconcile();
    expect(r.settled).toBe(1);
    const me = await t.app.inject({ url: '/api/auth/me', headers: p.headers });
    expect(me.json().data.amount).toBe('30.00');
    expect(me.json().data.total_money).toBe('50.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
