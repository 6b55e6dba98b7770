// The public side of the programme: the live plan the page explains, an application from a visitor, its
// approval (which opens the partner account and shows the first password once) or rejection, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { admin, auditOf, bo, createPlan, firstSignIn, portal, portalLogin, type Staff } from './partners-helpers.ts';
import { partnersServerEn } from '../../src/i18n/partners-server-en.ts';
import { partnersServerZhTW } from '../../src/i18n/partners-server-zh-TW.ts';

let t: TestApp;
let staff: Staff;
let plan = 0;
const form = { name: 'Lin Mei', contact_kind: 'line', contact: 'linmei88', channel: 'streaming', expected_players: 40, message: 'I stream slots nightly' };

beforeAll(async () => {
  t = await createTestApp();
  staff = await admin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the programme page and applications', () => {
  it('explains the default plan as operators set it', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/partners/plan' });
    expect(none.json().data.plan).toBeNull();
    plan = await createPlan(t, staff);
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/plan' });
    expect(res.json().data.plan).toMatchObject({
      id: plan,
      carry_over: true,
      payment_fee_bp: 100,
      tiers: [
        { min_ngr: '0.00', rate_bp: 2000 },
        { min_ngr: '500.00', rate_bp: 3000 },
      ],
    });
  });

  it('takes an application and refuses a bad one field by field', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/partners/applications', payload: { ...form, channel: 'spam', expected_players: -1 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error).sort()).toEqual(['channel', 'expected_players']);
    const res = await t.app.inject({ method: 'POST', url: '/api/partners/applications', payload: form });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('pending');
  });

  it('approval opens the account with a first password shown once; the partner signs in with it', async () => {
    const list = await bo(t, staff, 'GET', '/applications?status=pending');
    const id = list.json().data.data[0].id as number;
    const ok = await bo(t, staff, 'POST', `/applications/${id}/approve`, { account: 'linmei88', plan_id: plan });
    expect(ok.statusCode, ok.body).toBe(200);
    const { initial_password: password } = ok.json().data as { initial_password: string };
    expect(password).toMatch(/^[a-z0-9]{10}$/);
    const again = await bo(t, staff, 'POST', `/applications/${id}/approve`, { account: 'linmei89', plan_id: plan });
    expect(again.statusCode).toBe(422);
    const cookie = await portalLogin(t, 'linmei88', password);
    const me = await portal(t, { cookie }, 'GET', '/me');
    expect(me.json().data).toMatchObject({ account: 'linmei88', level: 1, must_change_password: true, max_rate_bp: 3000 });
    // The first password is replaced before anything else works: the server refuses every other portal call.
    for (const url of ['/dashboard', '/players?page=1&pageSize=20', '/wallet', '/links']) {
      const refused = await portal(t, { cookie }, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('password_change_required');
    }
    expect((await portal(t, { cookie }, 'POST', '/totp/setup')).json().code).toBe('password_change_required');
    const same = await portal(t, { cookie }, 'PUT', '/password', { old_password: password, new_password: password });
    expect(same.statusCode).toBe(422);
    expect(same.json().error.new_password).toBeDefined();
    const changed = await portal(t, { cookie }, 'PUT', '/password', { old_password: password, new_password: 'linmei2026' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await portal(t, { cookie }, 'GET', '/dashboard')).statusCode).toBe(200);
    expect((await portal(t, { cookie }, 'GET', '/me')).json().data.must_change_password).toBe(false);
    expect((await auditOf(t, staff, 'partners.password.change'))[0]).toMatchObject({
      target: expect.stringMatching(/^partner:\d+$/),
      before: { must_change_password: true },
      after: { must_change_password: false },
    });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/agent/login', payload: { account: 'linmei88', password: 'nottheone1' } });
    expect(wrong.statusCode).toBe(422);
    expect((await auditOf(t, staff, 'partners.application.approve'))[0]).toMatchObject({
      before: { status: 'pending' },
      after: expect.objectContaining({ account: 'linmei88' }),
    });
  });

  it('a partner may turn on an authenticator; sign-in then asks for its code, once per code', async () => {
    const { totpAt } = await import('../../src/server/modules/staff/totp.ts');
    const reset = await bo(t, staff, 'POST', '/partners/1/reset-password', { reason: 'partner lost the first password' });
    const password = reset.json().data.initial_password as string;
    const { cookie, password: chosen } = await firstSignIn(t, 'linmei88', password);
    const setup = await portal(t, { cookie }, 'POST', '/totp/setup');
    const secret = setup.json().data.secret as string;
    expect(setup.json().data.otpauth_url).toContain('otpauth://totp/');
    expect(setup.json().data.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect((await portal(t, { cookie }, 'POST', '/totp/enable', { code: '000000' })).statusCode).toBe(422);
    const now = Date.now();
    expect((await portal(t, { cookie }, 'POST', '/totp/enable', { code: totpAt(secret, now - 30_000) })).statusCode).toBe(200);
    expect((await auditOf(t, staff, 'partners.totp.enable'))[0]).toMatchObject({ before: { totp: 'off' }, after: { totp: 'on' } });
    const asks = await t.app.inject({ method: 'POST', url: '/api/agent/login', payload: { account: 'linmei88', password: chosen } });
    expect(asks.json().data).toEqual({ totp_required: true, partner: null });
    expect(asks.cookies.find((c) => c.name === 'lh_agent')).toBeUndefined();
    const code = totpAt(secret, now);
    const signed = await t.app.inject({ method: 'POST', url: '/api/agent/login', payload: { account: 'linmei88', password: chosen, totp: code } });
    expect(signed.json().data.partner.totp_enabled).toBe(true);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      headers: { 'accept-language': 'en' },
      payload: { account: 'linmei88', password: chosen, totp: code },
    });
    // A used (or wrong) code is refused on the code's field, in the caller's language, and no session is made.
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.totp).toEqual([partnersServerEn['partners.totp_wrong']]);
    expect(replay.cookies.find((c) => c.name === 'lh_agent')).toBeUndefined();
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      headers: { 'accept-language': 'zh-TW' },
      payload: { account: 'linmei88', password: chosen, totp: '000000' },
    });
    expect(zh.statusCode).toBe(422);
    expect(zh.json().error.totp).toEqual([partnersServerZhTW['partners.totp_wrong']]);
    // Turning it off takes a fresh code from it; a wrong or used one is refused and it stays on.
    expect((await portal(t, { cookie }, 'POST', '/totp/disable', { code })).statusCode).toBe(422);
    expect((await portal(t, { cookie }, 'GET', '/me')).json().data.totp_enabled).toBe(true);
    expect((await portal(t, { cookie }, 'POST', '/totp/disable', { code: totpAt(secret, now + 30_000) })).statusCode).toBe(200);
    expect((await auditOf(t, staff, 'partners.totp.disable'))[0]).toMatchObject({ before: { totp: 'on' }, after: { totp: 'off' } });
    const plain = await t.app.inject({ method: 'POST', url: '/api/agent/login', payload: { account: 'linmei88', password: chosen } });
    expect(plain.json().data.totp_required).toBe(false);
  });

  it("a locked portal sign-in says so in the portal's words: 15 minutes, no phone sign-in", async () => {
    const ip = '10.77.0.9';
    const login = (locale: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agent/login',
        headers: { 'x-locale': locale },
        payload: { account: 'lockedagent1', password: 'nottheone1' },
        remoteAddress: ip,
      });
    type Refusal = { code: string; error: { modal: string[] } };
    for (let i = 0; i < 5; i++) expect((await login('en')).json<Refusal>().code).toBe('login_failed');
    const en = await login('en');
    expect(en.statusCode).toBe(429);
    const enBody = en.json<Refusal>();
    expect(enBody).toMatchObject({ code: 'login_locked', error: { modal: [partnersServerEn['partners.login_locked']] } });
    expect(enBody.error.modal[0]).toContain('15 minutes');
    expect(enBody.error.modal[0]).not.toMatch(/phone/i);
    const zhBody = (await login('zh-TW')).json<Refusal>();
    expect(zhBody.error.modal).toEqual([partnersServerZhTW['partners.login_locked']]);
    expect(zhBody.error.modal[0]).toContain('15 分鐘');
    expect(zhBody.error.modal[0]).not.toContain('手機');
  });

  it('rejection needs a reason and is audited', async () => {
    await t.app.inject({ method: 'POST', url: '/api/partners/applications', payload: { ...form, name: 'Spammer' } });
    const list = await bo(t, staff, 'GET', '/applications?status=pending');
    const id = list.json().data.data[0].id as number;
    expect((await bo(t, staff, 'POST', `/applications/${id}/reject`, { reason: '' })).statusCode).toBe(422);
    const res = await bo(t, staff, 'POST', `/applications/${id}/reject`, { reason: 'no channel we could verify' });
    expect(res.json().data.status).toBe('rejected');
    expect((await auditOf(t, staff, 'partners.application.reject'))[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'rejected' } });
  });
});
