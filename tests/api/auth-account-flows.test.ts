// Account flows through `inject`: password recovery in three steps with its ticket, the SMS code rules (one
// purpose, one phone, single use, expiry, five tries), the phone-code login after a lockout, the signed-in
// password change, the forced change and the avatar.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, lastSmsCode, type TestApp } from '../helpers/app.ts';
import { PASSWORD, bearer, freshIp, freshPhone, login, playerWithToken, sendCode } from '../helpers/players.ts';
import { loginEvents, players, sessions, smsOutbox, verificationCodes } from '../../src/server/db/schema.ts';
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

const NEW_PASSWORD = 'newpass99';

function post(url: string, payload: object, opts: { ip?: string; locale?: 'zh-TW' | 'en'; method?: 'POST' | 'PUT'; token?: string } = {}) {
  return t.app.inject({
    method: opts.method ?? 'POST',
    url,
    payload,
    remoteAddress: opts.ip ?? freshIp(),
    headers: { 'x-locale': opts.locale ?? 'zh-TW', ...(opts.token ? bearer(opts.token) : {}) },
  });
}

/** Asks for a code (recovery with an account, phone login without) and reads it from the outbox. */
async function codeFor(phone: string, account?: string): Promise<string> {
  // Stands for the minute between two sends to one phone (the registration just sent one), and between two
  // phone-alone requests (tests/api/auth-sms-gap.test.ts).
  await t.app.services.limiter.reset(`sms:gap:${phone}`);
  await t.app.services.limiter.reset(`sms:login-ask-gap:${phone}`);
  const res = await post('/api/auth/sendPhoneVerification', account ? { account, phone } : { phone });
  expect(res.statusCode, res.body).toBe(200);
  const code = await lastSmsCode(t, phone);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

async function ticketFor(account: string, phone: string): Promise<string> {
  const code = await codeFor(phone, account);
  const res = await post('/api/auth/verifyPhoneCode', { account, phone, code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ticket as string;
}

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
}

describe('step 0: POST /api/auth/ifPlayerExist', () => {
  it('names an unknown account and a wrong phone with the codes of SPEC.md section 8, in both languages', async () => {
    const p = await playerWithToken(t);
    const unknown = await post('/api/auth/ifPlayerExist', { account: 'nobody123', phone: p.phone });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'confirm_user_not_found', error: { account: ['找不到用戶'] } });
    const wrongPhone = await post('/api/auth/ifPlayerExist', { account: p.account, phone: freshPhone() }, { locale: 'en' });
    expect(wrongPhone.statusCode).toBe(422);
    expect(wrongPhone.json()).toMatchObject({ code: 'confirm_phone_error', error: { phone: ['Wrong phone number'] } });
    const good = await post('/api/auth/ifPlayerExist', { account: p.account.toUpperCase(), phone: p.phone });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ status: 'success', message: 'success' });
  });

  it('checks the fields before anything else', async () => {
    const res = await post('/api/auth/ifPlayerExist', { account: '', phone: '12' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.account).toEqual(['請輸入帳號']);
    expect(res.json().error.phone).toHaveLength(1);
  });

  it('is closed, with the customer-service text, when phone recovery is switched off', async () => {
    const p = await playerWithToken(t);
    await t.app.services.system.updateSettings({ enable_mobile_verification_retrieve_password: 0 });
    for (const [url, body] of [
      ['/api/auth/ifPlayerExist', { account: p.account, phone: p.phone }],
      ['/api/auth/sendPhoneVerification', { account: p.account, phone: p.phone }],
      ['/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code: '123456' }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('recovery_disabled');
    }
    const update = await post(
      '/api/auth/updatePasswordByForget',
      {
        account: p.account,
        phone: p.phone,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
        ticket: 'x'.repeat(43),
      },
      { method: 'PUT' },
    );
    expect(update.statusCode).toBe(403);
  });
});

describe('the whole recovery', () => {
  it('changes the password, ends every session with a double-login notice and clears the lockout', async () => {
    const p = await playerWithToken(t);
    const ticket = await ticketFor(p.account, p.phone);
    const res = await post(
      '/api/auth/updatePasswordByForget',
      {
        account: p.account,
        phone: p.phone,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
        ticket,
      },
      { method: 'PUT' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(p.token)).statusCode).toBe(401);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.playerId, (await playerRow(p.account)).id));
    expect(session!.revokedReason).toBe('password-reset');
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(422);
    expect((await login(t, p.account, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses step 2 without a verified step 1: no ticket, a made-up ticket, a used one, another player's", async () => {
    const p = await playerWithToken(t);
    const q = await playerWithToken(t);
    const body = (ticket: string, who = p) => ({ account: who.account, phone: who.phone, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD, ticket });
    const none = await post(
      '/api/auth/updatePasswordByForget',
      { account: p.account, phone: p.phone, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      { method: 'PUT' },
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().error.ticket).toEqual(['請先完成手機驗證']);
    const madeUp = await post('/api/auth/updatePasswordByForget', body('A'.repeat(43)), { method: 'PUT' });
    expect(madeUp.statusCode).toBe(422);
    expect(madeUp.json().code).toBe('recovery_ticket_invalid');

    const qTicket = await ticketFor(q.account, q.phone);
    const stolen = await post('/api/auth/updatePasswordByForget', body(qTicket), { method: 'PUT' });
    expect(stolen.json().code).toBe('recovery_ticket_invalid');
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);

    const used = await post('/api/auth/updatePasswordByForget', body(qTicket, q), { method: 'PUT' });
    expect(used.statusCode).toBe(200);
    const again = await post(
      '/api/auth/updatePasswordByForget',
      { ...body(qTicket, q), password: 'other123', password_confirm: 'other123' },
      { method: 'PUT' },
    );
    expect(again.json().code).toBe('recovery_ticket_invalid');
    expect((await login(t, q.account, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the registration rules to the new password', async () => {
    const p = await playerWithToken(t);
    const ticket = await ticketFor(p.account, p.phone);
    const bad = await post(
      '/api/auth/updatePasswordByForget',
      { account: p.account, phone: p.phone, password: 'short', password_confirm: 'other', ticket },
      { method: 'PUT' },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatchObject({ password: ['請輸入6至12個英數混和字'], password_confirm: ['必須與密碼相同'] });
    // A refused form does not use the ticket up.
    const ok = await post(
      '/api/auth/updatePasswordByForget',
      { account: p.account, phone: p.phone, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD, ticket },
      { method: 'PUT' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('expires the ticket', async () => {
    const p = await playerWithToken(t);
    const ticket = await ticketFor(p.account, p.phone);
    const { recoveryTickets } = await import('../../src/server/db/schema.ts');
    await t.database.db.update(recoveryTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post(
      '/api/auth/updatePasswordByForget',
      { account: p.account, phone: p.phone, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD, ticket },
      { method: 'PUT' },
    );
    expect(res.json().code).toBe('recovery_ticket_invalid');
  });
});

async function playerRow(account: string) {
  const [row] = await t.database.db.select().from(players).where(eq(players.account, account));
  return row!;
}

describe('SMS codes', () => {
  it('are six digits from a CSPRNG, stored only as a hash, valid at most 10 minutes, bound to their purpose', async () => {
    const p = await playerWithToken(t);
    const before = Date.now();
    const code = await codeFor(p.phone, p.account);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, p.phone), eq(verificationCodes.purpose, 'recover')));
    expect(row).toBeDefined();
    expect(row!.codeHash.toString('utf8')).not.toContain(code);
    expect(row!.expiresAt.getTime() - before).toBeLessThanOrEqual(10 * 60 * 1000 + 5000);
    const [sms] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, p.phone)).orderBy(desc(smsOutbox.id)).limit(1);
    expect(sms!.purpose).toBe('recover');
  });

  it('refuse a wrong code with confirm_verification_code_error and no detail', async () => {
    const p = await playerWithToken(t);
    const code = await codeFor(p.phone, p.account);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code: wrong }, { locale: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'confirm_verification_code_error', error: { code: ['Wrong verification code'] } });
  });

  it('work once', async () => {
    const p = await playerWithToken(t);
    const code = await codeFor(p.phone, p.account);
    expect((await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code })).statusCode).toBe(200);
    const again = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code });
    expect(again.json().code).toBe('confirm_verification_code_error');
  });

  it('expire', async () => {
    const p = await playerWithToken(t);
    const code = await codeFor(p.phone, p.account);
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.phone, p.phone));
    const res = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code });
    expect(res.json().code).toBe('confirm_verification_code_error');
  });

  it('allow five tries in all: after five wrong ones the right code fails too', async () => {
    const p = await playerWithToken(t);
    const code = await codeFor(p.phone, p.account);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code: wrong })));
    for (const r of tries) expect(r.json().code).toBe('confirm_verification_code_error');
    const right = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code });
    expect(right.json().code).toBe('confirm_verification_code_error');
  });

  it('never work for another purpose: registration, recovery and phone login codes stay apart', async () => {
    const p = await playerWithToken(t);
    // The registration code (spent) and a phone-login code do not pass the recovery step.
    const loginCode = await codeFor(p.phone);
    const asRecovery = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code: loginCode });
    expect(asRecovery.json().code).toBe('confirm_verification_code_error');
    const asRecoveryRegister = await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code: p.code! });
    expect(asRecoveryRegister.json().code).toBe('confirm_verification_code_error');
    // A recovery code does not log in.
    const recoverCode = await codeFor(p.phone, p.account);
    const asLogin = await post('/api/auth/phoneLogin', { phone: p.phone, code: recoverCode });
    expect(asLogin.json().code).toBe('confirm_verification_code_error');
    // And each still works for its own purpose.
    expect((await post('/api/auth/verifyPhoneCode', { account: p.account, phone: p.phone, code: recoverCode })).statusCode).toBe(200);
    expect((await post('/api/auth/phoneLogin', { phone: p.phone, code: loginCode })).statusCode).toBe(200);
  });

  it('registration codes also allow five tries in all, even when the tries arrive together', async () => {
    const phone = freshPhone();
    expect((await sendCode(t, phone)).statusCode).toBe(200);
    const code = (await lastSmsCode(t, phone))!;
    const wrong = String((Number(code) + 3) % 1_000_000).padStart(6, '0');
    const body = (c: string, account: string) => ({ account, password: PASSWORD, password_confirm: PASSWORD, phone, code: c, agreement: true });
    const tries = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/auth/register', body(wrong, `rgtry${i}x9`))));
    for (const r of tries) expect(r.json().error?.code).toEqual(['驗證碼錯誤或已過期']);
    const right = await post('/api/auth/register', body(code, 'rgtryok9'));
    expect(right.statusCode).toBe(422);
    expect(right.json().error.code).toEqual(['驗證碼錯誤或已過期']);
  });

  it('keep the send limits of the foundation: one message a minute per phone', async () => {
    const p = await playerWithToken(t);
    await codeFor(p.phone, p.account);
    const before = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, p.phone));
    // Inside the minute the earlier code stays the one to use (tests/api/auth-sms-gap.test.ts): nothing new goes out.
    const again = await post('/api/auth/sendPhoneVerification', { account: p.account, phone: p.phone });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ code_still_valid: true });
    expect(await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, p.phone))).toHaveLength(before.length);
  });
});

describe('phone-code login and the identity check', () => {
  it('answers an unknown phone exactly like a known one, and sends it nothing', async () => {
    const phone = freshPhone();
    const res = await post('/api/auth/sendPhoneVerification', { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'success' });
    expect(await lastSmsCode(t, phone)).toBeUndefined();
    const loginRes = await post('/api/auth/phoneLogin', { phone, code: '123456' });
    expect(loginRes.statusCode).toBe(422);
    expect(loginRes.json().code).toBe('confirm_verification_code_error');
  });

  it('after too many wrong passwords: forget flag and masked phone, then the code logs in and lifts the lock', async () => {
    const p = await playerWithToken(t);
    let last;
    for (let i = 0; i < 5; i++) last = await login(t, p.account, 'wrong1234');
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ code: 'login_locked', forget: 1, phone: `${p.phone.slice(0, 4)}***${p.phone.slice(-3)}` });
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(429);

    const code = await codeFor(p.phone);
    const res = await post('/api/auth/phoneLogin', { phone: p.phone, code });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.access_token as string;
    expect((await me(token)).json().data.account).toBe(p.account);
    // The older session hears double-login and ends.
    expect((await me(p.token)).statusCode).toBe(401);
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);

    const id = (await playerRow(p.account)).id;
    const events = await t.database.db.select().from(loginEvents).where(eq(loginEvents.playerId, id)).orderBy(loginEvents.id);
    expect(events.map((e) => [e.method, e.success])).toContainEqual(['phone_code', true]);
    expect(events.filter((e) => e.method === 'password' && !e.success).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a disabled player', async () => {
    const p = await playerWithToken(t);
    // Disabled after the code went out: the code is right, the account is not.
    const code = await codeFor(p.phone);
    await t.database.db.update(players).set({ status: 0 }).where(eq(players.account, p.account));
    const res = await post('/api/auth/phoneLogin', { phone: p.phone, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_disabled');
    // Disabled before: no code is sent at all.
    await t.app.services.limiter.reset(`sms:gap:${p.phone}`);
    await t.app.services.limiter.reset(`sms:login-ask-gap:${p.phone}`);
    const outboxBefore = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, p.phone));
    expect((await post('/api/auth/sendPhoneVerification', { phone: p.phone })).statusCode).toBe(200);
    const outboxAfter = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, p.phone));
    expect(outboxAfter).toHaveLength(outboxBefore.length);
  });
});

describe('PUT /api/auth/password and the forced change', () => {
  it('needs a session first, then the current password; keeps this session and ends the others', async () => {
    const anonymous = await post('/api/auth/password', { old_password: '', password: '', password_confirm: '' }, { method: 'PUT' });
    expect(anonymous.statusCode).toBe(401);
    const p = await playerWithToken(t);
    const other = (await login(t, p.account)).json().data.access_token as string;
    const wrong = await post(
      '/api/auth/password',
      { old_password: 'nope12345', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      { method: 'PUT', token: other },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'password_wrong', error: { old_password: ['目前密碼錯誤'] } });
    const same = await post('/api/auth/password', { old_password: PASSWORD, password: PASSWORD, password_confirm: PASSWORD }, { method: 'PUT', token: other });
    expect(same.json().error.password).toEqual(['新密碼不可與目前密碼相同']);
    const res = await post(
      '/api/auth/password',
      { old_password: PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      { method: 'PUT', token: other },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(t, p.account, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stops guessing the current password after five wrong tries', async () => {
    const p = await playerWithToken(t);
    const change = (old: string) =>
      post('/api/auth/password', { old_password: old, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }, { method: 'PUT', token: p.token });
    for (let i = 0; i < 5; i++) expect((await change(`guess${i}000`)).json().code).toBe('password_wrong');
    const right = await change(PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('rate_limited');
  });

  it('status_force_password 2 blocks every player call but the change, me and logout, until the change', async () => {
    const p = await playerWithToken(t);
    await t.database.db.update(players).set({ statusForcePassword: 2 }).where(eq(players.account, p.account));
    const meRes = await me(p.token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().data.status_force_password).toBe(2);
    const blocked = await post('/api/games/wallet', {}, { token: p.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'password_change_required', message: '請先修改密碼再繼續' });
    const avatar = await post('/api/auth/update', { avatar: 'avatar-3.svg' }, { method: 'PUT', token: p.token });
    expect(avatar.json().code).toBe('password_change_required');
    const change = await post(
      '/api/auth/password',
      { old_password: PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      { method: 'PUT', token: p.token },
    );
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(p.token)).json().data.status_force_password).toBe(0);
    expect((await post('/api/games/wallet', {}, { token: p.token })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(p.token) });
    expect(out.statusCode).toBe(200);
  });
});

describe('PUT /api/auth/update (avatar)', () => {
  it('accepts only the 15 preset names', async () => {
    const anonymous = await post('/api/auth/update', { avatar: 'avatar-2.svg' }, { method: 'PUT' });
    expect(anonymous.statusCode).toBe(401);
    const p = await playerWithToken(t);
    for (const avatar of ['avatar-16.svg', '../secret.svg', 'https://evil.example/a.svg', 'avatar-1.png', '']) {
      const res = await post('/api/auth/update', { avatar }, { method: 'PUT', token: p.token });
      expect(res.statusCode, avatar).toBe(422);
      expect(res.json().error.avatar).toEqual(['請選擇畫面上的頭像']);
    }
    const res = await post('/api/auth/update', { avatar: 'avatar-15.svg' }, { method: 'PUT', token: p.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully modified');
    expect((await me(p.token)).json().data.avatar).toBe('avatar-15.svg');
  });
});
