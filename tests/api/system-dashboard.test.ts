// The back-office dashboard: it lists work waiting for staff and today's money in Taipei days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';

let t: TestApp;
let token = '';
const PASSWORD = 'staffpass123';

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway: new FakeGateway() });
  await t.database.db.insert(staff).values({ username: 'uxdash', passwordHash: await AuthService.hashPassword(PASSWORD), role: 'admin', totpSecret: null });
  const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'uxdash', password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  token = res.json().data.access_token;
});
afterAll(async () => {
  await t?.close();
});

const overview = async () => {
  const res = await t.app.inject({ url: '/api/backoffice/overview', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { pending: Record<string, number>; today: { deposits: string; withdrawals: string; net: string; active_players: number } };
};

describe('dashboard', () => {
  it("counts deposits to confirm, and today's credited deposits once finance confirms them", async () => {
    const before = await overview();
    expect(before.pending).toMatchObject({ deposits: 0, withdrawals: 0, cards: 0, findings: 0 });
    expect(before.today).toMatchObject({ deposits: '0.00', withdrawals: '0.00', net: '0.00' });

    await t.app.services.system.updateSettings({ receiving_bank: '004', receiving_bank_account_name: 'Site', receiving_bank_account: '123456789012' });
    const p = await seedPlayer(t);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/finance/deposit/create',
      headers: p.headers,
      payload: { method: 'bank_transfer', amount: '250', player_ref: '12345 10:00' },
    });
    expect(order.statusCode, order.body).toBe(200);
    expect((await overview()).pending.deposits).toBe(1);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/finance/deposits/${order.json().data.id}/confirm`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await overview();
    expect(after.pending.deposits).toBe(0);
    expect(after.today).toMatchObject({ deposits: '250.00', withdrawals: '0.00', net: '250.00' });
    expect(after.today.active_players).toBeGreaterThanOrEqual(1);
  });
});
