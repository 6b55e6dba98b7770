// Limits of the account calls: the login lock after five wrong passwords, the per-address login and SMS
// limits, the one-minute gap between codes to a phone, player_account_max registrations per address
// per day, and the global API rate limit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { PASSWORD, bearer, freshIp, freshPhone, login, registerPlayer, sendCode } from '../helpers/players.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS });
});

const masked = (phone: string) => `${phone.slice(0, 4)}***${phone.slice(-3)}`;

describe('login lock after five wrong passwords', () => {
  it('answers login_failed four times, then login_locked with forget 1 and the masked phone', async () => {
    const p = await registerPlayer(t);
    expect(p.res.statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) {
      const res = await login(t, p.account, 'wrong1234');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('login_failed');
      expect(res.json().forget).toBeUndefined();
    }
    const fifth = await login(t, p.account, 'wrong1234', freshIp(), { 'x-locale': 'zh-TW' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      status: 'error',
      code: 'login_locked',
      message: '密碼錯誤次數過多，請以手機驗證身分或聯繫客服',
      error: { modal: ['密碼錯誤次數過多，請以手機驗證身分或聯繫客服'] },
      forget: 1,
      phone: masked(p.phone),
    });
    expect(fifth.json().phone).toMatch(/^09\d{2}\*{3}\d{3}$/);
    // The right password does not open a locked account, from any address or in any letter case.
    const right = await login(t, p.account.toUpperCase(), PASSWORD, freshIp(), { 'x-locale': 'en' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      code: 'login_locked',
      forget: 1,
      phone: masked(p.phone),
      message: 'Too many wrong passwords. Please verify your identity by phone or contact customer service',
    });
  });

  it('counts against the player whichever identifier is typed (account or phone)', async () => {
    const p = await registerPlayer(t);
    for (let i = 0; i < 3; i++) expect((await login(t, p.account, 'wrong1234')).statusCode).toBe(422);
    expect((await login(t, p.phone, 'wrong1234')).statusCode).toBe(422);
    const fifth = await login(t, p.phone, 'wrong1234');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'login_locked', forget: 1, phone: masked(p.phone) });
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(429);
    expect((await login(t, p.phone, PASSWORD)).statusCode).toBe(429);
  });

  it('a good login before the fifth failure clears the count', async () => {
    const p = await registerPlayer(t);
    for (let i = 0; i < 4; i++) expect((await login(t, p.account, 'wrong1234')).statusCode).toBe(422);
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t, p.account, 'wrong1234')).statusCode).toBe(422);
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);
  });

  it('one locked player does not lock another', async () => {
    const a = await registerPlayer(t);
    const b = await registerPlayer(t);
    for (let i = 0; i < 5; i++) await login(t, a.account, 'wrong1234');
    expect((await login(t, a.account, PASSWORD)).statusCode).toBe(429);
    const res = await login(t, b.account, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json().data.access_token) })).statusCode).toBe(200);
  });

  it('an unknown account locks too, with forget 1 and no phone', async () => {
    for (let i = 0; i < 4; i++) expect((await login(t, 'ghost0001', 'wrong1234')).statusCode).toBe(422);
    const fifth = await login(t, 'ghost0001', 'wrong1234');
    expect(fifth.statusCode).toBe(429);
    const body = fifth.json();
    expect(body).toMatchObject({ status: 'error', code: 'login_locked', forget: 1 });
    expect(body.phone).toBeUndefined();
  });
});

describe('login limit per address', () => {
  it('allows 30 attempts per address in ten minutes, then answers 429 rate_limited', async () => {
    const ip = freshIp();
    const p = await registerPlayer(t);
    // Alternate good and bad logins so the account lock never trips; only the address limit counts.
    for (let i = 0; i < 30; i++) {
      const res = await login(t, p.account, i % 2 ? PASSWORD : 'wrong1234', ip);
      expect(res.statusCode).toBe(i % 2 ? 200 : 422);
    }
    const over = await login(t, p.account, PASSWORD, ip, { 'x-locale': 'en' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ status: 'error', code: 'rate_limited', message: 'Too many requests; please wait a moment and try again' });
    // Another address is not affected.
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);
  });
});

describe('SMS limits', () => {
  it('one code per phone per 60 s: the second send is 429 sms_too_soon', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await sendCode(t, phone, ip)).statusCode).toBe(200);
    const again = await sendCode(t, phone, ip, { 'x-locale': 'en' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ status: 'error', code: 'sms_too_soon', message: 'A code was just sent; please wait before asking for another' });
  });

  it('the send route takes at most 10 requests a minute from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await sendCode(t, freshPhone(), ip)).statusCode).toBe(200);
    const over = await sendCode(t, freshPhone(), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ status: 'error', code: 'rate_limited', message: '操作過於頻繁，請稍後再試' });
  });
});

describe('player_account_max registrations per address per day', () => {
  it('refuses the registration past the limit with 429 and a modal message; other addresses go on', async () => {
    await t.app.services.system.updateSettings({ player_account_max: 2, register_need_mobile_sms: 0 });
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await registerPlayer(t, { ip, withCode: false })).res.statusCode).toBe(200);
    const third = await registerPlayer(t, { ip, withCode: false });
    expect(third.res.statusCode).toBe(429);
    expect(third.res.json()).toEqual({
      status: 'error',
      code: 'rate_limited',
      message: '操作過於頻繁，請稍後再試',
      error: { modal: ['此網路註冊的帳號過多，請聯繫客服'] },
    });
    const en = await registerPlayer(t, { ip, withCode: false, headers: { 'x-locale': 'en' } });
    expect(en.res.json().error.modal).toEqual(['Too many accounts have been registered from this network; please contact customer service']);
    expect((await registerPlayer(t, { withCode: false })).res.statusCode).toBe(200);
  });

  it('uses the default of 8', async () => {
    await t.app.services.system.updateSettings({ register_need_mobile_sms: 0 });
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await registerPlayer(t, { ip, withCode: false })).res.statusCode).toBe(200);
    expect((await registerPlayer(t, { ip, withCode: false })).res.statusCode).toBe(429);
  });

  it('0 means no limit', async () => {
    await t.app.services.system.updateSettings({ player_account_max: 0, register_need_mobile_sms: 0 });
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await registerPlayer(t, { ip, withCode: false })).res.statusCode).toBe(200);
  });
});

describe('global API rate limit', () => {
  it('answers 429 in the error shape once an address passes RATE_LIMIT_PER_MIN', async () => {
    const before = process.env.RATE_LIMIT_PER_MIN;
    process.env.RATE_LIMIT_PER_MIN = '5';
    // A second app over the same database, built while the variable is set.
    const config = { ...loadConfig({ ...process.env, REDIS_URL: '' }), databaseUrl: t.database.url };
    const small = { app: await buildApp({ config, database: t.database, logger: false }) };
    try {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const res = await small.app.inject({ url: '/api/website/status', remoteAddress: ip });
        expect(res.statusCode).toBe(200);
        // The headers appear once nine tenths of the limit are used (the fifth of five), not on every answer.
        if (i < 4) expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        else expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
      }
      const over = await small.app.inject({ url: '/api/website/status', remoteAddress: ip, headers: { 'x-locale': 'en' } });
      expect(over.statusCode).toBe(429);
      expect(over.headers).toMatchObject({ 'x-ratelimit-remaining': '0', 'retry-after': expect.any(String) });
      // The no-op route is not counted at all.
      expect((await small.app.inject({ url: '/api/health', remoteAddress: ip })).statusCode).toBe(200);
      expect(over.json()).toEqual({ status: 'error', code: 'rate_limited', message: 'Too many requests; please wait a moment and try again' });
      expect((await small.app.inject({ url: '/api/website/status', remoteAddress: freshIp() })).statusCode).toBe(200);
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT_PER_MIN;
      else process.env.RATE_LIMIT_PER_MIN = before;
      await small.app.close();
    }
  });
});
