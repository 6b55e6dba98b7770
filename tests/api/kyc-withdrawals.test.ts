// Identity verification's gate on withdrawals: the level a first withdrawal needs, each level's ceiling per
// day and in total, checked inside the cashier's withdrawal transaction (so two requests at once cannot both pass a
// ceiling), and lifted by approved documents. Every figure comes from real API calls against the database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { approveIdentity, kycPlayer, saveKycSettings, uploadIdentity, withdraw } from '../helpers/kyc.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';

let t: TestApp;
let admin: string;
let reviewer: string;

const NONE = { day_max: null, total_max: null };
/** Level 1 may take 1,000 a day and 1,500 in all; level 2 50,000 a day; levels 0 and 3 have no ceiling. */
const CEILINGS = [
  { level: 0, ...NONE },
  { level: 1, day_max: '1000.00', total_max: '1500.00' },
  { level: 2, day_max: '50000.00', total_max: null },
  { level: 3, ...NONE },
];

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider() });
  admin = (await signedInStaff(t, 'kycadmin', 'admin')).token;
  reviewer = (await signedInStaff(t, 'kycservice', 'service')).token;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS });
  const saved = await saveKycSettings(t, admin, { first_withdrawal_level: 1, levels: CEILINGS });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('withdrawals and verification levels', () => {
  it('answers the level and what the next level allows', async () => {
    const p = await kycPlayer(t);
    const status = (await t.app.inject({ url: '/api/kyc/status', headers: p.headers })).json().data;
    expect(status).toMatchObject({
      level: 1,
      phone_verified: true,
      personal_info: true,
      first_withdrawal_level: 1,
      current: { level: 1, day_max: '1000.00', total_max: '1500.00' },
      next: { level: 2, day_max: '50000.00', total_max: null },
      documents: [],
    });
    // A player inserted without an SMS code is level 0.
    const bare = await seedPlayer(t);
    expect((await t.app.inject({ url: '/api/kyc/status', headers: bare.headers })).json().data).toMatchObject({ level: 0, phone_verified: false });
  });

  it('refuses a first withdrawal below the level it needs, and lets it through once identity is approved', async () => {
    const saved = await saveKycSettings(t, admin, { first_withdrawal_level: 2, levels: CEILINGS });
    expect(saved.json().data.first_withdrawal_level).toBe(2);
    const p = await kycPlayer(t);
    const refused = await withdraw(t, p, '600');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'kyc_level_required' });
    expect(refused.json().message).toContain('Level 2 (identity verified)');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/finance/withdraw/create',
      headers: { ...p.headers, 'x-locale': 'zh-TW' },
      payload: { money: '600', bank_card_id: p.cardId },
    });
    expect(zh.json().message).toContain('等級 2（身分已驗證）');
    // Nothing was held.
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data.amount).toBe('50000.00');

    await approveIdentity(t, reviewer, p, await uploadIdentity(t, p));
    expect((await t.app.inject({ url: '/api/kyc/status', headers: p.headers })).json().data.level).toBe(2);
    const ok = await withdraw(t, p, '600');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ amount: '600.00', status: 'applying' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: p.headers })).json().data.amount).toBe('49400.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses above the level-1 ceiling per day, and the same amount goes through after approval', async () => {
    const p = await kycPlayer(t);
    expect((await withdraw(t, p, '500')).statusCode).toBe(200);
    const above = await withdraw(t, p, '600');
    expect(above.statusCode).toBe(422);
    expect(above.json().code).toBe('kyc_day_ceiling');
    expect(above.json().message).toContain('500.00');
    // Exactly up to the ceiling is allowed.
    expect((await withdraw(t, p, '500')).statusCode).toBe(200);
    expect((await withdraw(t, p, '500')).json().code).toBe('kyc_day_ceiling');

    await approveIdentity(t, reviewer, p, await uploadIdentity(t, p));
    const after = await withdraw(t, p, '3000');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.amount).toBe('3000.00');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('counts the total ceiling over every day, without cancelled withdrawals', async () => {
    const p = await kycPlayer(t);
    const first = await withdraw(t, p, '1000');
    expect(first.statusCode).toBe(200);
    // Move the first withdrawal to yesterday: only the lifetime ceiling sees it now.
    await t.database.db.execute(`update withdrawals set created_at = now() - interval '2 days' where id = '${first.json().data.id}'`);
    const over = await withdraw(t, p, '600');
    expect(over.json()).toMatchObject({ code: 'kyc_total_ceiling' });
    expect(over.json().message).toContain('500.00');
    const fits = await withdraw(t, p, '500');
    expect(fits.statusCode, fits.body).toBe(200);
    // A cancelled withdrawal gives its share of the ceiling back.
    await t.app.inject({ method: 'POST', url: '/api/finance/withdraw/cancel', headers: p.headers, payload: { id: fits.json().data.id } });
    expect((await withdraw(t, p, '500')).statusCode).toBe(200);
  });

  it('holds the day ceiling when two withdrawals arrive at once', async () => {
    const p = await kycPlayer(t);
    const results = await Promise.all([withdraw(t, p, '600'), withdraw(t, p, '600'), withdraw(t, p, '600')]);
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code)).sort();
    expect(codes).toEqual(['kyc_day_ceiling', 'kyc_day_ceiling', 'ok']);
    const rows = await t.database.db.execute<{ n: number; s: string }>(
      `select count(*)::int as n, sum(amount_minor)::text as s from withdrawals where player_id = ${p.playerId}`,
    );
    expect(rows.rows[0]).toEqual({ n: 1, s: '60000' });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("refuses a ceiling below the site's minimum withdrawal when it is saved, and shows the minimum to the settings page", async () => {
    await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS, single_withdraw_min: 800 });
    const view = await t.app.inject({ url: '/api/backoffice/kyc/settings', headers: { authorization: `Bearer ${admin}` } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.withdraw_min).toBe('800.00');
    for (const levels of [
      [CEILINGS[0]!, { level: 1, day_max: '799.99', total_max: '1500.00' }, CEILINGS[2]!, CEILINGS[3]!],
      [CEILINGS[0]!, CEILINGS[1]!, CEILINGS[2]!, { level: 3, day_max: null, total_max: '0' }],
    ]) {
      const refused = await saveKycSettings(t, admin, { first_withdrawal_level: 1, levels });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.levels).toEqual([
        "A ceiling is below the site's minimum withdrawal, so players at that level could never withdraw: raise it or leave it empty",
      ]);
    }
    // Nothing of a refused save was kept.
    expect((await t.app.inject({ url: '/api/backoffice/kyc/settings', headers: { authorization: `Bearer ${admin}` } })).json().data.levels[1]).toMatchObject({
      day_max: '1000.00',
    });
    // At the minimum itself it is accepted.
    const atMin = await saveKycSettings(t, admin, {
      first_withdrawal_level: 1,
      levels: [CEILINGS[0]!, { level: 1, day_max: '800', total_max: '1500.00' }, CEILINGS[2]!, CEILINGS[3]!],
    });
    expect(atMin.statusCode, atMin.body).toBe(200);
    expect(atMin.json().data).toMatchObject({ withdraw_min: '800.00' });
  });

  it('asks nothing of players once the ceilings are off (the default)', async () => {
    await saveKycSettings(t, admin, { first_withdrawal_level: 0, levels: [0, 1, 2, 3].map((level) => ({ level, ...NONE })) });
    const bare = await kycPlayer(t);
    expect((await withdraw(t, bare, '20000')).statusCode).toBe(200);
  });
});
