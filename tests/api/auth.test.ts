import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastSmsCode, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

async function register(account: string, phone: string, extra: Record<string, unknown> = {}) {
  const sent = await t.app.inject({ method: 'PUT', url: '/api/send/phone', payload: { phone } });
  expect(sent.statusCode).toBe(200);
  const code = await lastSmsCode(t, phone);
  return t.app.inject({
    method: 'POST', url: '/api/auth/register',
    payload: { account, password: 'abc12345', password_confirm: 'abc12345', phone, code, agreement: true, ...extra },
  });
}

describe('registration and login', () => {
  it('registers, logs in, reads the user and logs out', async () => {
    const res = await register('player01', '0911000001');
    expect(res.json()).toMatchObject({ status: 'success' });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'player01', password: 'abc12345' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ account: 'player01', amount: '0.00', level: { id: 0 } });
    const out = await t.app.inject({ url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it('answers field errors in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/register', headers: { 'x-locale': 'zh-TW' },
      payload: { account: '', password: 'abc12345', password_confirm: 'abc12346', phone: '12', code: '', agreement: false },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.error.account).toContain('請輸入帳號');
    expect(body.error.phone).toContain('請輸入09開頭的10位數手機號碼');
    expect(body.error.password_confirm).toContain('必須與密碼相同');
    expect(body.error.code).toContain('請輸入驗證碼');
    expect(body.error.agreement).toContain('請勾選我已年滿18歲，並同意投注相關規範以及服務條款');
  });
});
