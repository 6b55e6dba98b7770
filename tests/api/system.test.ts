// Public calls about the site of SPEC.md section 7: settings, the top notice, website status, the
// address blacklist, the recommended-code switch, and the shape of unknown paths.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { apiSecurityHeaderOptions, fixedHeaders, isApiAnswer, securityHeaderOptions } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { ipBlacklist, systemMessages } from '../../src/server/db/schema.ts';
import { DEFAULT_SETTINGS, DEFAULT_WEBSITE_STATUS } from '../../src/shared/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS });
  await t.app.services.system.setWebsiteStatus({ ...DEFAULT_WEBSITE_STATUS });
});

const get = (url: string, headers: Record<string, string> = {}, ip = freshIp()) => t.app.inject({ url, headers, remoteAddress: ip });

describe('GET /api/system/settings', () => {
  it('answers every setting of SPEC.md section 9 with its default', async () => {
    const res = await get('/api/system/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'Success', data: DEFAULT_SETTINGS });
    const d = res.json().data;
    // The defaults SPEC.md names, spelled out so a changed default fails here.
    expect(d).toMatchObject({
      allow_player_delete_bank_card: 0,
      allow_player_edit_information: 0,
      allow_player_login: 1,
      allow_player_register: 1,
      allow_player_withdraw: 1,
      auto_redirect_agent_site_mb: 0,
      auto_redirect_agent_site_pc: 0,
      auto_redirect_first_visit: 0,
      banner_show_mb: 1,
      enable_mobile_verification_retrieve_password: 1,
      player_account_max: 8,
      register_need_check_age: 1,
      register_need_mobile_sms: 1,
      tripartite_deposit: 1,
      web_bank_deposit: 1,
      deposit_sort: [],
      single_deposit_min: 0,
      single_deposit_max: 0,
      tripartite_daily_deposit_max: 0,
      single_withdraw_min: 0,
      single_withdraw_max: 0,
      daily_withdraw_success_count: 0,
      daily_withdraw_max: 0,
    });
  });

  it('shows an operator change at once', async () => {
    await t.app.services.system.updateSettings({ register_need_mobile_sms: 0, location_after_login: 1 });
    const d = (await get('/api/system/settings')).json().data;
    expect(d.register_need_mobile_sms).toBe(0);
    expect(d.location_after_login).toBe(1);
  });

  it('does not answer stored keys that are not settings (website status, markers)', async () => {
    const d = (await get('/api/system/settings')).json().data;
    expect(Object.keys(d).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });
});

describe('GET /api/system/messages', () => {
  it('answers an empty pc-top list when there is no notice', async () => {
    const res = await get('/api/system/messages');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'Success', data: { 'pc-top': [] } });
  });

  it('answers active pc-top notices, newest first, in the caller language with a Chinese fallback', async () => {
    await t.database.db.insert(systemMessages).values([
      { slot: 'pc-top', status: 1, message: '舊公告', messageEn: 'Old notice' },
      { slot: 'pc-top', status: 0, message: '已關閉', messageEn: 'Switched off' },
      { slot: 'mobile', status: 1, message: '手機公告', messageEn: 'Mobile notice' },
      { slot: 'pc-top', status: 1, message: '只有中文', messageEn: '' },
    ]);
    const zh = (await get('/api/system/messages', { 'x-locale': 'zh-TW' })).json();
    expect(zh.data).toEqual({
      'pc-top': [
        { status: 1, message: '只有中文' },
        { status: 1, message: '舊公告' },
      ],
    });
    const en = (await get('/api/system/messages', { 'x-locale': 'en' })).json();
    expect(en.data).toEqual({
      'pc-top': [
        { status: 1, message: '只有中文' },
        { status: 1, message: 'Old notice' },
      ],
    });
  });
});

describe('GET /api/website/status', () => {
  it('answers open by default', async () => {
    const res = await get('/api/website/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'Success', data: { status: true, msg: '' } });
  });

  it('answers closed with the closing message in the caller language', async () => {
    await t.app.services.system.setWebsiteStatus({ status: false, msg: '系統維護中，預計 14:00 開放', msg_en: 'Maintenance until 14:00' });
    const zh = await get('/api/website/status', { 'x-locale': 'zh-TW' });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toEqual({ status: 'success', code: 100, message: 'Success', data: { status: false, msg: '系統維護中，預計 14:00 開放' } });
    const en = await get('/api/website/status', { 'x-locale': 'en' });
    expect(en.json().data).toEqual({ status: false, msg: 'Maintenance until 14:00' });
    // Without an English text the Chinese one is shown.
    await t.app.services.system.setWebsiteStatus({ status: false, msg: '維護中', msg_en: '' });
    expect((await get('/api/website/status', { 'x-locale': 'en' })).json().data).toEqual({ status: false, msg: '維護中' });
    // The internal English field never leaves as its own key.
    expect((await get('/api/website/status')).json().data).not.toHaveProperty('msg_en');
  });
});

describe('GET /api/checkIpBlack', () => {
  it('answers false for a normal address and true for a blacklisted one', async () => {
    const blocked = freshIp();
    await t.database.db.insert(ipBlacklist).values({ ip: blocked, reason: 'test' });
    const ok = await get('/api/checkIpBlack', {}, freshIp());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', code: 100, message: 'Success', data: { status: false } });
    const res = await get('/api/checkIpBlack', {}, blocked);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'Success', data: { status: true } });
  });

  it('ignores X-Forwarded-For when the app is not behind a trusted proxy', async () => {
    const blocked = freshIp();
    await t.database.db.insert(ipBlacklist).values({ ip: blocked, reason: 'test' });
    const spoofed = await get('/api/checkIpBlack', { 'x-forwarded-for': freshIp() }, blocked);
    expect(spoofed.json().data.status).toBe(true);
  });
});

describe('GET /api/activity/getRecommendedCode', () => {
  it('answers the bare body 1 with status 200 when the field is on, 0 when off', async () => {
    const on = await get('/api/activity/getRecommendedCode');
    expect(on.statusCode).toBe(200);
    expect(on.headers['content-type']).toMatch(/^application\/json/);
    expect(on.body).toBe('1');
    await t.app.services.system.updateSettings({ register_recommend_code: 0 });
    const off = await get('/api/activity/getRecommendedCode');
    expect(off.statusCode).toBe(200);
    expect(off.body).toBe('0');
  });
});

describe('unknown paths and methods', () => {
  it('answers 404 not_found in the error shape and the caller language', async () => {
    const res = await get('/api/nothing/here', { 'x-locale': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', code: 'not_found', message: 'Not found' });
    const zh = await get('/api/nothing/here');
    expect(zh.json()).toEqual({ status: 'error', code: 'not_found', message: '找不到資料' });
  });

  it('a wrong method on a known path is not a success', async () => {
    for (const [method, url] of [
      ['POST', '/api/system/settings'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api/send/phone'],
    ] as const) {
      const res = await t.app.inject({ method, url, remoteAddress: freshIp() });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
  });

  it('sets the security headers on API answers', async () => {
    const res = await get('/api/website/status');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sets exactly the headers helmet sets, with its values, on answers, refusals and unknown paths', async () => {
    // helmet's own middleware on a real response, as @fastify/helmet ran it on every request.
    const helmetHeaders = (options: Parameters<typeof helmet>[0]) => {
      const raw = new ServerResponse(new IncomingMessage(new Socket()));
      helmet(options)(raw.req, raw, () => {});
      return Object.fromEntries(Object.entries(raw.getHeaders()).map(([k, v]) => [k, String(v)]));
    };
    const api = helmetHeaders(apiSecurityHeaderOptions({ nodeEnv: 'test' }));
    const page = helmetHeaders(securityHeaderOptions({ nodeEnv: 'test' }));
    expect(api).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    // The document headers: set on pages and the API's documentation, and on no API answer.
    const documentOnly = Object.keys(page).filter((k) => !(k in api));
    expect(documentOnly).toEqual(expect.arrayContaining(['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control']));
    for (const url of ['/api/health', '/api/auth/me', '/api/no-such-thing', '/api/no-such-thing?x=1']) {
      const res = await get(url);
      const answered = Object.fromEntries(Object.keys(api).map((k) => [k, res.headers[k]]));
      expect(answered, url).toEqual(api);
      for (const k of documentOnly) expect(res.headers[k], `${url} ${k}`).toBeUndefined();
    }
    const docs = await get('/api/docs/static/index.html');
    expect(
      Object.fromEntries(
        Object.keys(page)
          .filter((k) => k !== 'content-security-policy')
          .map((k) => [k, docs.headers[k]]),
      ),
    ).toEqual(Object.fromEntries(Object.entries(page).filter(([k]) => k !== 'content-security-policy')));
    expect(isApiAnswer('/about')).toBe(false);
    expect(isApiAnswer('/api/docs/json')).toBe(false);
    expect(isApiAnswer('/api/files/3')).toBe(true);
    // Production adds Strict-Transport-Security to both; the headers computed once are helmet's there too.
    for (const nodeEnv of ['production', 'test']) {
      expect(fixedHeaders(helmet(securityHeaderOptions({ nodeEnv })))).toEqual(helmetHeaders(securityHeaderOptions({ nodeEnv })));
      expect(fixedHeaders(helmet(apiSecurityHeaderOptions({ nodeEnv })))).toEqual(helmetHeaders(apiSecurityHeaderOptions({ nodeEnv })));
    }
    expect(Object.keys(helmetHeaders(securityHeaderOptions({ nodeEnv: 'production' })))).toContain('strict-transport-security');
    expect(Object.keys(helmetHeaders(apiSecurityHeaderOptions({ nodeEnv: 'production' })))).toContain('strict-transport-security');
  });
});
