// The minute between two messages to a phone: inside it a request goes on with the live code of its
// own purpose instead of being refused, and a phone-alone request that sends nothing never starts the phone's gap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastSmsCode, type TestApp } from '../helpers/app.ts';
import { freshIp, freshPhone, playerWithToken, sendCode } from '../helpers/players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: object, locale: 'zh-TW' | 'en' = 'zh-TW') {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), headers: { 'x-locale': locale } });
}

describe('recovery inside the minute after a message', () => {
  it("goes on with the code already sent and says so in the reader's language", async () => {
    const p = await playerWithToken(t);
    // The registration just sent a message to this phone; the recovery's first message needs the gap free.
    await t.app.services.limiter.reset(`sms:gap:${p.phone}`);
    const first = await post('/api/auth/sendPhoneVerification', { account: p.account, phone: p.phone });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', data: { code_still_valid: false } });
    const code = await lastSmsCode(t, p.phone);

    const again = await post('/api/auth/sendPhoneVerification', { account: p.account, phone: p.phone });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'success', data: { code_still_valid: true }, message: '剛才寄出的驗證碼仍然有效，請直接輸入該驗證碼。' });
    const english = await post('/api/auth/sendPhoneVerification', { account: p.account, phone: p.phone }, 'en');
    expect(english.json().message).toBe('The code sent a moment ago is still valid: please enter it.');
    // Nothing new went out, and the earlier code is the one that works.
    expect(await lastSmsCode(t, p.phone)).toBe(code);
    const verified = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('is still refused when the recent message was for another purpose and no recovery code is live', async () => {
    const p = await playerWithToken(t);
    // The registration's code was used by the registration itself; the gap it started still runs.
    const refused = await post('/api/auth/sendPhoneVerification', { account: p.account, phone: p.phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('sms_too_soon');
  });
});

describe('a phone-alone request that sends nothing', () => {
  it('answers success and leaves the phone free for a registration code at once', async () => {
    const phone = freshPhone();
    const asked = await post('/api/auth/sendPhoneVerification', { phone });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'success', data: { code_still_valid: false } });
    expect(await lastSmsCode(t, phone)).toBeUndefined();
    expect(await t.app.services.limiter.peek(`sms:gap:${phone}`)).toBe(0);
    expect(await t.app.services.limiter.peek(`sms:day:${phone}`)).toBe(0);
    const register = await sendCode(t, phone);
    expect(register.statusCode, register.body).toBe(200);
    expect(await lastSmsCode(t, phone)).toMatch(/^\d{6}$/);
  });

  it('answers a known phone and an unknown one alike on a second request', async () => {
    const p = await playerWithToken(t);
    await t.app.services.limiter.reset(`sms:gap:${p.phone}`);
    const unknown = freshPhone();
    for (const phone of [p.phone, unknown]) expect((await post('/api/auth/sendPhoneVerification', { phone })).statusCode).toBe(200);
    const known = await post('/api/auth/sendPhoneVerification', { phone: p.phone });
    const stranger = await post('/api/auth/sendPhoneVerification', { phone: unknown });
    expect([known.statusCode, known.json().code]).toEqual([429, 'sms_too_soon']);
    expect([stranger.statusCode, stranger.json().code]).toEqual([429, 'sms_too_soon']);
  });
});
