// The account calls of SPEC.md section 7 through `inject`: registration with every rule of section 5 in
// both languages, its gates by system settings, login, the current user, logout and the SMS code.
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, lastSmsCode, type TestApp } from '../helpers/app.ts';
import { PASSWORD, bearer, freshAccount, freshIp, freshPhone, login, playerWithToken, registerPlayer, sendCode } from '../helpers/players.ts';
import { players, sessions, verificationCodes } from '../../src/server/db/schema.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Gates are switched per test; every test starts from the defaults of SPEC.md section 9.
afterEach(async () => {
  await t.app.services.system.updateSettings({ ...DEFAULT_SETTINGS });
});

type Locale = 'zh-TW' | 'en';

function postRegister(payload: unknown, locale: Locale = 'zh-TW', ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, headers: { 'x-locale': locale }, remoteAddress: ip });
}

function postLogin(payload: unknown, locale: Locale = 'zh-TW', ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers: { 'x-locale': locale }, remoteAddress: ip });
}

/** A registration body that passes every rule, to be spoiled one field at a time. */
function goodBody(over: Record<string, unknown> = {}) {
  return { account: freshAccount(), password: PASSWORD, password_confirm: PASSWORD, phone: freshPhone(), code: '123456', agreement: true, ...over };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- An untyped JSON answer, read like res.json(); to be typed with its response schema.
function expectValidation(res: { statusCode: number; json(): any }, field: string, message: string, locale: Locale = 'zh-TW') {
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(body).toMatchObject({
    status: 'error',
    code: 'validation_failed',
    message: locale === 'en' ? 'Please check the highlighted fields' : '請檢查標示的欄位',
  });
  expect(body.error?.[field]).toEqual([message]);
}

describe('POST /api/auth/register: happy path and response shape', () => {
  it('registers with an SMS code and answers the success envelope', async () => {
    const { res, account, phone } = await registerPlayer(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'Registered', data: { account } });
    const rows = await t.database.db.select().from(players).where(eq(players.account, account));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phone).toBe(phone);
    // The password is stored as an argon2id hash, never as text.
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.passwordHash).not.toContain(PASSWORD);
    expect(rows[0]!.recommendCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('consumes the code: the same code does not register a second time', async () => {
    const first = await registerPlayer(t);
    expect(first.res.statusCode).toBe(200);
    // Same phone, new account: the phone is taken, and the code is spent anyway.
    const again = await postRegister(goodBody({ phone: first.phone, code: first.code }));
    expectValidation(again, 'phone', '此手機號碼已被註冊');
    const left = await t.database.db
      .select()
      .from(verificationCodes)
      .where(sql`${verificationCodes.phone} = ${first.phone} and ${verificationCodes.consumedAt} is null`);
    expect(left).toHaveLength(0);
  });
});

describe('POST /api/auth/register: the rules of SPEC.md section 5 in both languages', () => {
  const cases: Array<{ name: string; over: Record<string, unknown>; field: string; zh: string; en: string }> = [
    { name: 'empty account', over: { account: '' }, field: 'account', zh: '請輸入帳號', en: 'Please enter an account' },
    { name: 'blank account', over: { account: '   ' }, field: 'account', zh: '請輸入帳號', en: 'Please enter an account' },
    ...['abc12', 'abcdef1234567', 'abcdefgh', '12345678', 'abc_1234', 'abc 1234', '帳號abc123'].map((account) => ({
      name: `account ${JSON.stringify(account)}`,
      over: { account },
      field: 'account',
      zh: '請輸入6至12位包含字母與數字的帳號名稱',
      en: 'Please enter an account name of 6 to 12 characters containing letters and digits',
    })),
    { name: 'empty password', over: { password: '', password_confirm: '' }, field: 'password', zh: '請輸入密码', en: 'Please enter a password' },
    ...['abc12', 'abcdef1234567', 'abcdefgh', '12345678', 'abc!2345'].map((password) => ({
      name: `password ${JSON.stringify(password)}`,
      over: { password, password_confirm: password },
      field: 'password',
      zh: '請輸入6至12個英數混和字',
      en: 'Please enter 6 to 12 characters mixing letters and digits',
    })),
    { name: 'empty password_confirm', over: { password_confirm: '' }, field: 'password_confirm', zh: '請輸入確認密码', en: 'Please confirm the password' },
    {
      name: 'different password_confirm',
      over: { password_confirm: 'abc12346' },
      field: 'password_confirm',
      zh: '必須與密碼相同',
      en: 'Must be the same as the password',
    },
    { name: 'empty phone', over: { phone: '' }, field: 'phone', zh: '請輸入手機號碼', en: 'Please enter a phone number' },
    ...['0812345678', '091234567', '09123456789', '09-2345678', '+886912345', '０９１２３４５６７８'].map((phone) => ({
      name: `phone ${JSON.stringify(phone)}`,
      over: { phone },
      field: 'phone',
      zh: '請輸入09開頭的10位數手機號碼',
      en: 'Please enter a 10-digit phone number starting with 09',
    })),
    { name: 'empty code', over: { code: '' }, field: 'code', zh: '請輸入驗證碼', en: 'Please enter the verification code' },
    { name: 'missing code', over: { code: undefined }, field: 'code', zh: '請輸入驗證碼', en: 'Please enter the verification code' },
    ...['12a456', '12345', '1234567'].map((code) => ({
      name: `code ${JSON.stringify(code)}`,
      over: { code },
      field: 'code',
      zh: '驗證碼為6位數字',
      en: 'The verification code is 6 digits',
    })),
    ...[false, undefined, 'true', 1].map((agreement) => ({
      name: `agreement ${JSON.stringify(agreement)}`,
      over: { agreement },
      field: 'agreement',
      zh: '請勾選我已年滿18歲，並同意投注相關規範以及服務條款',
      en: 'Please confirm that you are over 18 and agree to the betting rules and terms of service',
    })),
    {
      name: 'recommended_code with symbols',
      over: { recommended_code: 'AB-12' },
      field: 'recommended_code',
      zh: '推薦碼只能是字母與數字',
      en: 'The referral code is letters and digits only',
    },
    { name: 'recommended_code too long', over: { recommended_code: 'A'.repeat(17) }, field: 'recommended_code', zh: '內容過長', en: 'Too long' },
    { name: 'account as a number', over: { account: 12345678 }, field: 'account', zh: '必須是文字', en: 'Must be text' },
    { name: 'phone as a number', over: { phone: 912345678 }, field: 'phone', zh: '必須是文字', en: 'Must be text' },
    { name: 'password as null', over: { password: null }, field: 'password', zh: '必須是文字', en: 'Must be text' },
    { name: 'account too long', over: { account: 'a1'.repeat(40) }, field: 'account', zh: '內容過長', en: 'Too long' },
    { name: 'an unknown field', over: { is_admin: true }, field: 'is_admin', zh: '不明的欄位', en: 'Unknown field' },
    { name: 'missing account', over: { account: undefined }, field: 'account', zh: '請輸入帳號', en: 'Please enter an account' },
    { name: 'missing phone', over: { phone: undefined }, field: 'phone', zh: '請輸入手機號碼', en: 'Please enter a phone number' },
    {
      name: 'missing password_confirm',
      over: { password_confirm: undefined },
      field: 'password_confirm',
      zh: '請輸入確認密码',
      en: 'Please confirm the password',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: zh-TW and en`, async () => {
      const zh = await postRegister(goodBody(c.over), 'zh-TW');
      expectValidation(zh, c.field, c.zh, 'zh-TW');
      const en = await postRegister(goodBody(c.over), 'en');
      expectValidation(en, c.field, c.en, 'en');
    });
  }

  it('reports every bad field at once', async () => {
    const res = await postRegister({ account: '', password: 'abc12345', password_confirm: 'abc12346', phone: '12', code: '', agreement: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      account: ['請輸入帳號'],
      phone: ['請輸入09開頭的10位數手機號碼'],
      password_confirm: ['必須與密碼相同'],
      code: ['請輸入驗證碼'],
      agreement: ['請勾選我已年滿18歲，並同意投注相關規範以及服務條款'],
    });
  });

  it('refuses a body that is not an object, in the caller language', async () => {
    for (const payload of [[1, 2], 'text', 42, null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json', 'x-locale': 'en' },
        payload: JSON.stringify(payload),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.code).toBe('validation_failed');
      expect(Object.values(body.error ?? {}).flat()).toEqual(['The request body must be a JSON object']);
    }
  });

  it('login and send-phone refuse a body that is not an object the same way', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/login'],
      ['PUT', '/api/send/phone'],
    ] as const) {
      for (const payload of [null, 42, '"text"', '[]']) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', 'x-locale': 'zh-TW' },
          payload: String(payload),
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(422);
        const fields = Object.values(res.json().error ?? {}).flat();
        // An array reads as an object without the fields; anything else is not an object at all.
        if (payload === '[]') expect(fields).not.toContain('不明的欄位');
        else expect(fields).toEqual(['請求內容必須是 JSON 物件']);
      }
    }
  });

  it('refuses malformed JSON with 400 bad_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      payload: '{"account": ',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', code: 'bad_json', message: 'The request body is not valid JSON' });
  });

  it('chooses the language by x-locale, then the clang cookie, then Accept-Language; zh-TW by default', async () => {
    const body = goodBody({ account: '' });
    const by = async (headers: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: body,
          headers,
          remoteAddress: freshIp(),
        })
      ).json().error.account[0];
    expect(await by({})).toBe('請輸入帳號');
    expect(await by({ 'x-locale': 'en' })).toBe('Please enter an account');
    expect(await by({ 'x-locale': 'fr' })).toBe('請輸入帳號');
    expect(await by({ cookie: 'clang=en' })).toBe('Please enter an account');
    expect(await by({ 'accept-language': 'en-US,en;q=0.9' })).toBe('Please enter an account');
    expect(await by({ 'accept-language': 'zh-TW,zh;q=0.9' })).toBe('請輸入帳號');
    // The explicit header wins over the cookie.
    expect(await by({ 'x-locale': 'zh-TW', cookie: 'clang=en' })).toBe('請輸入帳號');
    expect(await by({ cookie: 'clang=zh-TW', 'accept-language': 'en' })).toBe('請輸入帳號');
  });
});

describe('POST /api/auth/register: SMS code gate (register_need_mobile_sms)', () => {
  it('on: a phone that never asked for a code gets v.code.not_requested', async () => {
    const zh = await postRegister(goodBody());
    expectValidation(zh, 'code', '請獲取驗證碼');
    const en = await postRegister(goodBody(), 'en');
    expectValidation(en, 'code', 'Please get a verification code', 'en');
  });

  it('on: a wrong code is refused, and the right one still works after that', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await sendCode(t, phone, ip)).statusCode).toBe(200);
    const code = (await lastSmsCode(t, phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    expectValidation(await postRegister(goodBody({ phone, code: wrong }), 'zh-TW', ip), 'code', '驗證碼錯誤或已過期');
    expectValidation(await postRegister(goodBody({ phone, code: wrong }), 'en', ip), 'code', 'The verification code is wrong or has expired', 'en');
    const ok = await postRegister(goodBody({ phone, code }), 'zh-TW', ip);
    expect(ok.statusCode).toBe(200);
  });

  it('on: five wrong tries burn the code', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await sendCode(t, phone, ip)).statusCode).toBe(200);
    const code = (await lastSmsCode(t, phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expectValidation(await postRegister(goodBody({ phone, code: wrong }), 'zh-TW', ip), 'code', '驗證碼錯誤或已過期');
    expectValidation(await postRegister(goodBody({ phone, code }), 'zh-TW', ip), 'code', '驗證碼錯誤或已過期');
  });

  it('on: an expired code is refused', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await sendCode(t, phone, ip)).statusCode).toBe(200);
    const code = (await lastSmsCode(t, phone))!;
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.phone, phone));
    expectValidation(await postRegister(goodBody({ phone, code }), 'zh-TW', ip), 'code', '驗證碼錯誤或已過期');
  });

  it('on: the code belongs to its phone', async () => {
    const phone = freshPhone();
    const other = freshPhone();
    const ip = freshIp();
    expect((await sendCode(t, phone, ip)).statusCode).toBe(200);
    expect((await sendCode(t, other, ip)).statusCode).toBe(200);
    const code = (await lastSmsCode(t, phone))!;
    const otherCode = (await lastSmsCode(t, other))!;
    if (code !== otherCode) expectValidation(await postRegister(goodBody({ phone: other, code }), 'zh-TW', ip), 'code', '驗證碼錯誤或已過期');
    expect((await postRegister(goodBody({ phone: other, code: otherCode }), 'zh-TW', ip)).statusCode).toBe(200);
  });

  it('off: no code is needed, and a code sent anyway is ignored', async () => {
    await t.app.services.system.updateSettings({ register_need_mobile_sms: 0 });
    const res = await postRegister(goodBody({ code: undefined }));
    expect(res.statusCode).toBe(200);
    const res2 = await postRegister(goodBody({ code: '' }));
    expect(res2.statusCode).toBe(200);
  });
});

describe('POST /api/auth/register: age gate (register_need_check_age)', () => {
  it('on: agreement must be true', async () => {
    expectValidation(
      await postRegister(goodBody({ agreement: false, code: undefined }), 'zh-TW'),
      'agreement',
      '請勾選我已年滿18歲，並同意投注相關規範以及服務條款',
    );
  });

  it('off: agreement may be left out or false', async () => {
    await t.app.services.system.updateSettings({ register_need_check_age: 0, register_need_mobile_sms: 0 });
    expect((await postRegister(goodBody({ agreement: undefined, code: undefined }))).statusCode).toBe(200);
    expect((await postRegister(goodBody({ agreement: false, code: undefined }))).statusCode).toBe(200);
    // Still typed: a string is not a boolean.
    expectValidation(await postRegister(goodBody({ agreement: 'yes', code: undefined }), 'en'), 'agreement', 'Must be true or false', 'en');
  });
});

describe('POST /api/auth/register: other gates', () => {
  it('allow_player_register off: 403 register_disabled', async () => {
    await t.app.services.system.updateSettings({ allow_player_register: 0 });
    const zh = await postRegister(goodBody());
    expect(zh.statusCode).toBe(403);
    expect(zh.json()).toEqual({ status: 'error', code: 'register_disabled', message: '目前暫停註冊' });
    const en = await postRegister(goodBody(), 'en');
    expect(en.json()).toEqual({ status: 'error', code: 'register_disabled', message: 'Registration is closed at the moment' });
  });

  it('recommended code: a known one (any case) links the referrer, an unknown one is refused', async () => {
    const referrer = await registerPlayer(t);
    expect(referrer.res.statusCode).toBe(200);
    const [ref] = await t.database.db.select().from(players).where(eq(players.account, referrer.account));
    const unknown = await registerPlayer(t, { extra: { recommended_code: 'ZZZZ9999' } });
    expectValidation(unknown.res, 'recommend_code', '推薦碼不存在');
    const unknownEn = await registerPlayer(t, { extra: { recommended_code: 'ZZZZ9999' }, headers: { 'x-locale': 'en' } });
    expectValidation(unknownEn.res, 'recommend_code', 'This referral code does not exist', 'en');
    const known = await registerPlayer(t, { extra: { recommended_code: ref!.recommendCode.toLowerCase() } });
    expect(known.res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(players).where(eq(players.account, known.account));
    expect(row!.referrerId).toBe(ref!.id);
    // An empty code means none.
    const none = await registerPlayer(t, { extra: { recommended_code: '' } });
    expect(none.res.statusCode).toBe(200);
  });

  it('duplicate account (any letter case) and duplicate phone', async () => {
    const first = await registerPlayer(t, { account: freshAccount('dup') });
    expect(first.res.statusCode).toBe(200);
    await t.app.services.system.updateSettings({ register_need_mobile_sms: 0 });
    const sameAccount = await postRegister(goodBody({ account: first.account.toUpperCase(), code: undefined }));
    expectValidation(sameAccount, 'account', '此帳號已被註冊');
    const samePhone = await postRegister(goodBody({ phone: first.phone, code: undefined }), 'en');
    expectValidation(samePhone, 'phone', 'This phone number is already registered', 'en');
    const both = await postRegister(goodBody({ account: first.account, phone: first.phone, code: undefined }), 'en');
    expect(both.statusCode).toBe(422);
    expect(both.json().error).toEqual({ account: ['This account is already registered'], phone: ['This phone number is already registered'] });
  });
});

describe('POST /api/auth/register: races', () => {
  it('two registrations racing for one account (any case): one wins, the other gets v.account.taken, never a 500', async () => {
    await t.app.services.system.updateSettings({ register_need_mobile_sms: 0 });
    const account = freshAccount('race');
    const results = await Promise.all([account, account.toUpperCase(), account].map((acc) => postRegister(goodBody({ account: acc, code: undefined }))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().error).toEqual({ account: ['此帳號已被註冊'] });
  });

  it('two registrations racing for one phone: one wins, the other gets v.phone.taken', async () => {
    await t.app.services.system.updateSettings({ register_need_mobile_sms: 0 });
    const phone = freshPhone();
    const results = await Promise.all([0, 1].map(() => postRegister(goodBody({ phone, code: undefined }), 'en')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().error).toEqual({ phone: ['This phone number is already registered'] });
  });

  it('one code registers one player even when two requests race with it', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await sendCode(t, phone, ip)).statusCode).toBe(200);
    const code = (await lastSmsCode(t, phone))!;
    const results = await Promise.all([0, 1].map(() => postRegister(goodBody({ phone, code }), 'zh-TW', ip)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await t.database.db.select().from(players).where(eq(players.phone, phone));
    expect(rows).toHaveLength(1);
  });
});

describe('PUT /api/send/phone', () => {
  it('sends a code and answers success; the SMS is in the caller language', async () => {
    const phone = freshPhone();
    const res = await sendCode(t, phone, freshIp(), { 'x-locale': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', code: 100, message: 'success', data: null });
    expect(await lastSmsCode(t, phone)).toMatch(/^\d{6}$/);
  });

  it('validates the phone in both languages', async () => {
    const send = (payload: unknown, locale: Locale) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/send/phone',
        payload: payload as object,
        headers: { 'x-locale': locale },
        remoteAddress: freshIp(),
      });
    expectValidation(await send({ phone: '' }, 'zh-TW'), 'phone', '請先輸入手機號碼');
    expectValidation(await send({ phone: '' }, 'en'), 'phone', 'Please enter your phone number first', 'en');
    expectValidation(await send({ phone: '0812345678' }, 'zh-TW'), 'phone', '請輸入09開頭的10位數手機號碼');
    expectValidation(await send({ phone: '0912' }, 'en'), 'phone', 'Please enter a 10-digit phone number starting with 09', 'en');
    expectValidation(await send({ phone: 912345678 }, 'en'), 'phone', 'Must be text', 'en');
    expectValidation(await send({}, 'zh-TW'), 'phone', '請先輸入手機號碼');
    expectValidation(await send({ phone: null }, 'zh-TW'), 'phone', '必須是文字');
    expectValidation(await send({ phone: freshPhone(), extra: 1 }, 'zh-TW'), 'extra', '不明的欄位');
  });

  it('refuses a phone that is already registered', async () => {
    const p = await registerPlayer(t);
    expect(p.res.statusCode).toBe(200);
    expectValidation(await sendCode(t, p.phone), 'phone', '此手機號碼已被註冊');
  });

  it('concurrent sends to one phone: exactly one code goes out', async () => {
    const phone = freshPhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => sendCode(t, phone)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const sent = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
    expect(sent).toHaveLength(1);
  });

  it('a second send to the same phone within 60 s is refused with 429, even from another address', async () => {
    const phone = freshPhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const again = await sendCode(t, phone, freshIp(), { 'x-locale': 'zh-TW' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ status: 'error', code: 'sms_too_soon', message: '驗證碼剛剛已寄出，請稍候再試' });
    const en = await sendCode(t, phone, freshIp(), { 'x-locale': 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toBe('A code was just sent; please wait before asking for another');
    // Another phone is not held up.
    expect((await sendCode(t, freshPhone())).statusCode).toBe(200);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in by account (any letter case) or by phone, answering the token envelope', async () => {
    const p = await registerPlayer(t, { account: freshAccount('Lg') });
    expect(p.res.statusCode).toBe(200);
    for (const id of [p.account, p.account.toLowerCase(), p.account.toUpperCase(), p.phone]) {
      const res = await login(t, id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        status: 'success',
        code: 100,
        message: 'Success',
        data: { access_token: expect.any(String), token_type: 'Bearer', expires_in: 7 * 24 * 3600 },
      });
      expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('accepts rememberAccount as a boolean only', async () => {
    const p = await registerPlayer(t);
    expect((await postLogin({ account: p.account, password: PASSWORD, rememberAccount: true })).statusCode).toBe(200);
    expectValidation(
      await postLogin({ account: p.account, password: PASSWORD, rememberAccount: 'yes' }, 'en'),
      'rememberAccount',
      'Must be true or false',
      'en',
    );
  });

  const rules: Array<{ name: string; body: Record<string, unknown>; field: string; zh: string; en: string }> = [
    {
      name: 'empty account',
      body: { account: '', password: PASSWORD },
      field: 'account',
      zh: '請輸入帳號或手機號碼',
      en: 'Please enter account number or mobile phone',
    },
    { name: 'missing account', body: { password: PASSWORD }, field: 'account', zh: '請輸入帳號或手機號碼', en: 'Please enter account number or mobile phone' },
    { name: 'missing password', body: { account: 'player01' }, field: 'password', zh: '請輸入密碼', en: 'Please enter password' },
    { name: 'account as null', body: { account: null, password: PASSWORD }, field: 'account', zh: '必須是文字', en: 'Must be text' },
    { name: 'empty password', body: { account: 'player01', password: '' }, field: 'password', zh: '請輸入密碼', en: 'Please enter password' },
    {
      name: 'account with symbols',
      body: { account: 'play-er01', password: PASSWORD },
      field: 'account',
      zh: '請輸入英文字母或數字',
      en: 'Please enter letters and digits only',
    },
    {
      name: 'password with symbols',
      body: { account: 'player01', password: 'abc 12345' },
      field: 'password',
      zh: '密碼只能是字母與數字',
      en: 'The password is letters and digits only',
    },
    { name: 'password as a number', body: { account: 'player01', password: 12345678 }, field: 'password', zh: '必須是文字', en: 'Must be text' },
    { name: 'unknown field', body: { account: 'player01', password: PASSWORD, admin: 1 }, field: 'admin', zh: '不明的欄位', en: 'Unknown field' },
  ];
  for (const r of rules) {
    it(`${r.name}: zh-TW and en`, async () => {
      expectValidation(await postLogin(r.body, 'zh-TW'), r.field, r.zh, 'zh-TW');
      expectValidation(await postLogin(r.body, 'en'), r.field, r.en, 'en');
    });
  }

  it('a wrong password and an unknown account answer the same login_failed', async () => {
    const p = await registerPlayer(t);
    const wrong = await postLogin({ account: p.account, password: 'wrong1234' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ status: 'error', code: 'login_failed', message: '帳號或密碼錯誤', error: { modal: ['帳號或密碼錯誤'] } });
    const unknown = await postLogin({ account: 'nobody999', password: 'wrong1234' }, 'en');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      status: 'error',
      code: 'login_failed',
      message: 'Wrong account or password',
      error: { modal: ['Wrong account or password'] },
    });
  });

  it('allow_player_login off: 403 login_disabled, even with the right password', async () => {
    const p = await registerPlayer(t);
    await t.app.services.system.updateSettings({ allow_player_login: 0 });
    const res = await postLogin({ account: p.account, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', code: 'login_disabled', message: '目前暫停登入' });
    const en = await postLogin({ account: p.account, password: PASSWORD }, 'en');
    expect(en.json()).toEqual({ status: 'error', code: 'login_disabled', message: 'Logging in is closed at the moment' });
  });

  it('a disabled account is refused with 403 account_disabled', async () => {
    const p = await registerPlayer(t);
    await t.database.db.update(players).set({ status: 0 }).where(eq(players.account, p.account));
    const res = await postLogin({ account: p.account, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'account_disabled',
      message: '此帳號已停用，請聯繫客服',
      error: { modal: ['此帳號已停用，請聯繫客服'] },
    });
  });

  it('a second login revokes the first token', async () => {
    const p = await playerWithToken(t);
    const first = p.token;
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(first) })).statusCode).toBe(200);
    const second = (await login(t, p.phone)).json().data.access_token as string;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ url: '/api/auth/me', headers: bearer(first) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ status: 'error', code: 'unauthorized', message: '請先登入' });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(second) })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the user of SPEC.md section 3 in the caller language', async () => {
    const p = await playerWithToken(t);
    const res = await t.app.inject({ url: '/api/auth/me', headers: { ...bearer(p.token), 'x-locale': 'zh-TW' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', code: 100, message: 'Success' });
    // Every field of SPEC.md section 3 with its value for a new player; later issues may add fields.
    expect(body.data).toMatchObject({
      id: expect.any(Number),
      account: p.account,
      avatar: expect.stringMatching(/^avatar-\d+\.(png|svg)$/),
      phone: `${p.phone.slice(0, 4)}***${p.phone.slice(-3)}`,
      join_day: 1,
      amount: '0.00',
      total_money: '0.00',
      auto_transfer: false,
      recommend_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      level: { id: 0, name_frontend: '新手', if_show_frontend: true },
      player_bonus_wallet: [],
      player_bonus_wallet_sum: '0.00',
      player_blacklist: { type: [], game_platform_code: [] },
      status_force_password: 0,
    });
    // Nothing secret leaves the server.
    expect(res.body).not.toMatch(/argon|password_hash|passwordHash/);
    const en = await t.app.inject({ url: '/api/auth/me', headers: { ...bearer(p.token), 'x-locale': 'en' } });
    expect(en.json().data.level.name_frontend).toBe('Rookie');
  });

  it('an expired session answers 401', async () => {
    const p = await playerWithToken(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${sessions.playerId} = (select id from players where account = ${p.account})`);
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(p.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    const headers: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: `Bearer ${'A'.repeat(500)}` },
      { authorization: 'Bearer ../../etc/passwd' },
      { authorization: "Bearer ' or 1=1 --" },
    ];
    for (const h of headers) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { ...h, 'x-locale': 'en' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', code: 'unauthorized', message: 'Please login first' });
    }
  });
});

describe('GET /api/auth/logout', () => {
  it('revokes the session: the token then answers 401', async () => {
    const p = await playerWithToken(t);
    const out = await t.app.inject({ url: '/api/auth/logout', headers: bearer(p.token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success', code: 100, message: 'Logged out', data: null });
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(p.token) })).statusCode).toBe(401);
    const twice = await t.app.inject({ url: '/api/auth/logout', headers: bearer(p.token) });
    expect(twice.statusCode).toBe(401);
    // Logging in again works.
    expect((await login(t, p.account)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', code: 'unauthorized', message: '請先登入' });
  });
});
