import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { auditLog, players, sessions, smsOutbox, staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { openCentralAccount } from '../../src/server/modules/auth/repository.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';

let t: TestApp;
const PASSWORD = 'staffpass123';
const PLAYER_PASSWORD = 'abc12345';

async function addStaff(username: string, role: string, totpSecret: string | null = null) {
  const passwordHash = await AuthService.hashPassword(PASSWORD);
  const [row] = await t.database.db.insert(staff).values({ username, passwordHash, role, totpSecret }).returning();
  return row!;
}

async function addPlayer(account: string, phone: string) {
  const passwordHash = await AuthService.hashPassword(PLAYER_PASSWORD);
  const [row] = await t.database.db
    .insert(players)
    .values({ account, passwordHash, phone, recommendCode: account.toUpperCase().slice(0, 8) })
    .returning();
  await openCentralAccount(t.database.db, row!.id);
  return row!;
}

async function login(username: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username, password: PASSWORD, ...extra } });
}

async function tokenOf(username: string): Promise<string> {
  const res = await login(username);
  expect(res.statusCode).toBe(200);
  return res.json().data.access_token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function lastAudit(action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return rows[0];
}

let admin: string;
let service: string;
let marketing: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await addStaff('boss', 'admin')).id;
  await addStaff('helper', 'service');
  await addStaff('promo', 'marketing');
  admin = await tokenOf('boss');
  service = await tokenOf('helper');
  marketing = await tokenOf('promo');
});
afterAll(async () => {
  await t?.close();
});

describe('staff sign-in', () => {
  it('signs in, reads itself and signs out', async () => {
    const res = await login('BOSS');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', data: { token_type: 'Bearer', staff: { username: 'boss', role: 'admin' } } });
    const token = body.data.access_token as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const me = await t.app.inject({ url: '/api/backoffice/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: adminId, username: 'boss', role: 'admin', totp_enabled: false });
    expect(me.json().data.permissions).toContain('settings.manage');
    const out = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/backoffice/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 'error', code: 'unauthorized' });
    expect(await lastAudit('auth.logout')).toMatchObject({ staffId: adminId });
  });

  it('refuses a wrong password, an unknown user and a missing token', async () => {
    const bad = await login('boss', { password: 'wrong-password' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ status: 'error', code: 'login_failed' });
    const unknown = await login('nobody');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('login_failed');
    const none = await t.app.inject({ url: '/api/backoffice/auth/me' });
    expect(none.statusCode).toBe(401);
    // A player's token is not a staff token.
    const player = await t.app.inject({ url: '/api/backoffice/auth/me', headers: bearer('x'.repeat(43)) });
    expect(player.statusCode).toBe(401);
  });

  it('locks a username after repeated failures', async () => {
    await addStaff('lockme', 'service');
    for (let i = 0; i < 5; i++) expect((await login('lockme', { password: `wrong${i}pass` })).statusCode).toBe(422);
    const locked = await login('lockme');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('rate_limited');
  });

  it('asks for a TOTP code when the account has a secret and accepts a valid one once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await addStaff('secure', 'admin', secret);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      headers: { 'x-locale': 'zh-TW' },
      payload: { username: 'secure', password: PASSWORD },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'validation_failed' });
    expect(missing.json().error.totp).toEqual(['請輸入驗證器 App 的代碼']);

    const wrongCode = String((Number(totpAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await login('secure', { totp: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.totp).toHaveLength(1);

    const code = totpAt(secret, Date.now());
    const okRes = await login('secure', { totp: code });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json().data.staff).toMatchObject({ username: 'secure', totp_enabled: true });
    // The same code cannot be replayed.
    const replay = await login('secure', { totp: code });
    expect(replay.statusCode).toBe(422);

    const badFormat = await login('secure', { totp: '12ab56' });
    expect(badFormat.statusCode).toBe(422);
  });

  it("TOTP is self-enrolled with a confirming code, sealed at rest, and no admin sees another's secret", async () => {
    const row = await addStaff('newbie', 'finance');
    // An administrator cannot enrol someone else (and so never sees their secret).
    const other = await t.app.inject({ method: 'POST', url: `/api/backoffice/staff/${row.id}/totp`, headers: bearer(admin) });
    expect(other.statusCode).toBe(403);
    const own = await tokenOf('newbie');
    const res = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/totp', headers: bearer(own) });
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_uri: uri } = res.json().data as { secret: string; otpauth_uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+:newbie\?/);
    // Pending: sign-in does not ask for it until a code confirmed it.
    expect((await login('newbie')).statusCode).toBe(200);
    const wrongCode = String((Number(totpAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/totp/confirm', headers: bearer(own), payload: { code: wrongCode } });
    expect(wrong.statusCode).toBe(422);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/totp/confirm',
      headers: bearer(own),
      payload: { code: totpAt(secret, Date.now()) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [stored] = await t.database.db.select().from(staff).where(eq(staff.id, row.id));
    expect(stored!.totpSecret).toMatch(/^v1:/);
    expect(stored!.totpSecret).not.toContain(secret);
    expect((await login('newbie')).statusCode).toBe(422);
    // Codes from the confirmed secret sign in.
    expect((await login('newbie', { totp: totpAt(secret, Date.now() + 30_000) })).statusCode).toBe(200);
    const audit = await lastAudit('staff.totp.enable');
    expect(audit).toMatchObject({ staffId: row.id, target: `staff:${row.id}` });
    expect(JSON.stringify(audit?.detail)).not.toContain(secret);
  });
});

describe('roles', () => {
  it('refuses admin-only calls to other roles with 403', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/backoffice/settings', undefined],
      ['PUT', '/api/backoffice/website-status', { status: false, msg: 'x', msg_en: 'x' }],
      ['GET', '/api/backoffice/staff', undefined],
      ['GET', '/api/backoffice/audit', undefined],
      ['POST', '/api/backoffice/messages', { message: 'hello' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(service), payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', code: 'forbidden' });
    }
    const players = await t.app.inject({ url: '/api/backoffice/players', headers: bearer(marketing) });
    expect(players.statusCode).toBe(403);
    const sms = await t.app.inject({ url: '/api/backoffice/sms', headers: bearer(marketing) });
    expect(sms.statusCode).toBe(403);
    const overview = await t.app.inject({ url: '/api/backoffice/overview', headers: bearer(marketing) });
    expect(overview.statusCode).toBe(200);
  });

  it('lets customer service read players and the SMS outbox', async () => {
    expect((await t.app.inject({ url: '/api/backoffice/players', headers: bearer(service) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/backoffice/sms', headers: bearer(service) })).statusCode).toBe(200);
  });
});

describe('website status and settings', () => {
  it('closes the website, which the public status call then shows, and reopens it', async () => {
    const before = await t.app.inject({ url: '/api/website/status' });
    expect(before.json().data.status).toBe(true);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/backoffice/website-status',
      headers: bearer(admin),
      payload: { status: false, msg: '系統維護中', msg_en: 'Down for maintenance' },
    });
    expect(res.statusCode).toBe(200);
    const zh = await t.app.inject({ url: '/api/website/status', headers: { 'x-locale': 'zh-TW' } });
    expect(zh.json().data).toEqual({ status: false, msg: '系統維護中' });
    const en = await t.app.inject({ url: '/api/website/status', headers: { 'x-locale': 'en' } });
    expect(en.json().data).toEqual({ status: false, msg: 'Down for maintenance' });
    const read = await t.app.inject({ url: '/api/backoffice/website-status', headers: bearer(admin) });
    expect(read.json().data).toEqual({ status: false, msg: '系統維護中', msg_en: 'Down for maintenance' });
    const audit = await lastAudit('website.update');
    expect(audit).toMatchObject({ staffId: adminId, target: 'website_status' });
    expect(audit?.detail).toMatchObject({ before: { status: true }, after: { status: false } });

    await t.app.inject({ method: 'PUT', url: '/api/backoffice/website-status', headers: bearer(admin), payload: { status: true } });
    expect((await t.app.inject({ url: '/api/website/status' })).json().data.status).toBe(true);
  });

  it('refuses a website status of the wrong type', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/backoffice/website-status', headers: bearer(admin), payload: { status: 'no' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.status).toBeDefined();
  });

  it('reads and updates settings, refusing unknown keys and wrong types', async () => {
    const read = await t.app.inject({ url: '/api/backoffice/settings', headers: bearer(admin) });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.values.allow_player_register).toBe(1);
    expect(read.json().data.kinds).toMatchObject({
      allow_player_register: 'toggle',
      player_account_max: 'number',
      deposit_sort: 'list',
      withdraw_store_url: 'url',
    });

    const unknown = await t.app.inject({ method: 'PUT', url: '/api/backoffice/settings', headers: bearer(admin), payload: { no_such_key: 1 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed' });
    expect(unknown.json().error.no_such_key).toBeDefined();

    const wrongType = await t.app.inject({
      method: 'PUT',
      url: '/api/backoffice/settings',
      headers: bearer(admin),
      payload: { allow_player_register: '0', player_account_max: -1 },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().error).sort()).toEqual(['allow_player_register', 'player_account_max']);
    const notToggle = await t.app.inject({ method: 'PUT', url: '/api/backoffice/settings', headers: bearer(admin), payload: { allow_player_login: 2 } });
    expect(notToggle.statusCode).toBe(422);
    const empty = await t.app.inject({ method: 'PUT', url: '/api/backoffice/settings', headers: bearer(admin), payload: {} });
    expect(empty.statusCode).toBe(422);

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/backoffice/settings',
      headers: bearer(admin),
      payload: { allow_player_register: 0, player_account_max: 3, deposit_sort: ['bank', 'usdt'], withdraw_store_url: 'https://store.example/w' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.changed.sort()).toEqual(['allow_player_register', 'deposit_sort', 'player_account_max', 'withdraw_store_url']);
    const pub = await t.app.inject({ url: '/api/system/settings' });
    expect(pub.json().data).toMatchObject({ allow_player_register: 0, player_account_max: 3, deposit_sort: ['bank', 'usdt'] });
    const audit = await lastAudit('settings.update');
    expect(audit?.detail).toMatchObject({
      before: { allow_player_register: 1, player_account_max: 8 },
      after: { allow_player_register: 0, player_account_max: 3 },
    });
    await t.app.inject({ method: 'PUT', url: '/api/backoffice/settings', headers: bearer(admin), payload: { allow_player_register: 1 } });
  });
});

describe('notice messages', () => {
  it('creates, lists and hides a notice, which the public call follows', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/messages',
      headers: bearer(admin),
      payload: { message: '今晚維護', message_en: 'Maintenance tonight' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ slot: 'pc-top', status: 1, message: '今晚維護' });
    const pub = await t.app.inject({ url: '/api/system/messages', headers: { 'x-locale': 'en' } });
    expect(pub.json().data['pc-top'][0]).toEqual({ status: 1, message: 'Maintenance tonight' });

    const list = await t.app.inject({ url: '/api/backoffice/messages?pageSize=5', headers: bearer(admin) });
    expect(list.json().data).toMatchObject({ page: 1, pageSize: 5 });
    expect(list.json().data.data[0].id).toBe(id);

    const hide = await t.app.inject({ method: 'PUT', url: `/api/backoffice/messages/${id}`, headers: bearer(admin), payload: { status: 0 } });
    expect(hide.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/system/messages' });
    expect(after.json().data['pc-top'].map((m: { message: string }) => m.message)).not.toContain('今晚維護');
    expect(await lastAudit('message.update')).toMatchObject({ target: `system_message:${id}` });

    const missing = await t.app.inject({ method: 'PUT', url: '/api/backoffice/messages/999999', headers: bearer(admin), payload: { status: 1 } });
    expect(missing.statusCode).toBe(404);
    const blank = await t.app.inject({ method: 'POST', url: '/api/backoffice/messages', headers: bearer(admin), payload: { message: '  ' } });
    expect(blank.statusCode).toBe(422);
  });
});

describe('players and SMS', () => {
  it('kicks a player: their session stops working and the audit log says who did it', async () => {
    const player = await addPlayer('kickme01', '0922000001');
    const loginRes = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'kickme01', password: PLAYER_PASSWORD } });
    expect(loginRes.statusCode).toBe(200);
    const playerToken = loginRes.json().data.access_token as string;
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(playerToken) })).statusCode).toBe(200);

    const list = await t.app.inject({ url: '/api/backoffice/players?q=kickme', headers: bearer(service) });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.data[0];
    // Customer service reads the phone masked (personal.unmasked is not theirs).
    expect(row).toMatchObject({ id: player.id, account: 'kickme01', phone: '0922***001', online: true });
    expect(JSON.stringify(list.json())).not.toMatch(/password|argon/i);

    const kick = await t.app.inject({ method: 'POST', url: `/api/backoffice/players/${player.id}/kick`, headers: bearer(service) });
    expect(kick.statusCode).toBe(200);
    expect(kick.json().data).toEqual({ revoked: 1 });
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(playerToken) });
    expect(me.statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.playerId, player.id));
    expect(rows.every((s) => s.revokedReason === 'kick')).toBe(true);
    const audit = await lastAudit('player.kick');
    expect(audit).toMatchObject({ target: `player:${player.id}`, detail: { account: 'kickme01', before: { sessions: 1 }, after: { sessions: 0 } } });
    expect(audit?.ip).toBeTruthy();

    const byPhone = await t.app.inject({ url: '/api/backoffice/players?q=092200', headers: bearer(service) });
    expect(byPhone.json().data.total).toBe(1);
    const missing = await t.app.inject({ method: 'POST', url: '/api/backoffice/players/999999/kick', headers: bearer(service) });
    expect(missing.statusCode).toBe(404);
    const kickByMarketing = await t.app.inject({ method: 'POST', url: `/api/backoffice/players/${player.id}/kick`, headers: bearer(marketing) });
    expect(kickByMarketing.statusCode).toBe(403);
  });

  it('pages the SMS outbox newest first and filters by phone', async () => {
    await t.database.db.insert(smsOutbox).values(
      [1, 2, 3].map((i) => ({
        phone: `093300000${i}`,
        purpose: 'register',
        body: `Your registration code is 11111${i}.`,
        driver: 'outbox',
        status: 'sent',
      })),
    );
    const res = await t.app.inject({ url: '/api/backoffice/sms?pageSize=2', headers: bearer(service) });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
    const one = await t.app.inject({ url: '/api/backoffice/sms?phone=0933000002', headers: bearer(service) });
    expect(one.json().data.data.map((r: { body: string }) => r.body)).toEqual(['Your registration code is 111112.']);
    const tooBig = await t.app.inject({ url: '/api/backoffice/sms?pageSize=101', headers: bearer(service) });
    expect(tooBig.statusCode).toBe(422);
    const badPhone = await t.app.inject({ url: '/api/backoffice/sms?phone=abc', headers: bearer(service) });
    expect(badPhone.statusCode).toBe(422);
  });
});

describe('staff management and audit', () => {
  it('creates staff, refuses duplicates, disables an account and keeps an admin from locking themselves out', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/staff',
      headers: bearer(admin),
      payload: { username: 'cashier', password: 'cashier-pass-1', role: 'finance' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/staff',
      headers: bearer(admin),
      payload: { username: 'CASHIER', password: 'cashier-pass-1', role: 'finance' },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.username).toBeDefined();
    const badRole = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/staff',
      headers: bearer(admin),
      payload: { username: 'x1234', password: 'cashier-pass-1', role: 'root' },
    });
    expect(badRole.statusCode).toBe(422);

    const cashierLogin = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      payload: { username: 'cashier', password: 'cashier-pass-1' },
    });
    const cashierToken = cashierLogin.json().data.access_token as string;
    const disable = await t.app.inject({ method: 'PUT', url: `/api/backoffice/staff/${id}`, headers: bearer(admin), payload: { status: 0 } });
    expect(disable.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/backoffice/auth/me', headers: bearer(cashierToken) })).statusCode).toBe(401);

    const self = await t.app.inject({ method: 'PUT', url: `/api/backoffice/staff/${adminId}`, headers: bearer(admin), payload: { role: 'service' } });
    expect(self.statusCode).toBe(403);

    const list = await t.app.inject({ url: '/api/backoffice/staff', headers: bearer(admin) });
    expect(list.json().data.data.map((s: { username: string }) => s.username)).toContain('cashier');
    expect(JSON.stringify(list.json())).not.toMatch(/password|secret/i);
  });

  it('lists the audit log newest first with the staff name and filters by action', async () => {
    const res = await t.app.inject({ url: '/api/backoffice/audit?pageSize=100', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as Array<{ id: number; action: string; username: string }>;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows[0]!.id).toBeGreaterThan(rows[1]!.id);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['auth.login', 'website.update', 'settings.update', 'message.create', 'player.kick', 'staff.create', 'staff.update']) {
      expect(actions, a).toContain(a);
    }
    const kicks = await t.app.inject({ url: '/api/backoffice/audit?action=player.', headers: bearer(admin) });
    expect(kicks.json().data.data.length).toBeGreaterThan(0);
    expect(kicks.json().data.data.every((r: { action: string; username: string }) => r.action === 'player.kick' && r.username === 'helper')).toBe(true);
  });
});
