// The operator's side of account security through `inject`: a one-time temporary password that forces a change and
// expires, the forced change switch, unlocking a login lockout, the login history and the sessions with
// revoke; every action audited with the staff member and the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { PASSWORD, bearer, freshIp, login, playerWithToken } from '../helpers/players.ts';
import { auditLog, players } from '../../src/server/db/schema.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let marketing: string;

const staffToken = (username: string, role: string) => signedInStaff(t, username, role);

beforeAll(async () => {
  t = await createTestApp();
  const a = await staffToken('acctboss', 'admin');
  admin = a.token;
  adminId = a.id;
  marketing = (await staffToken('acctmkt', 'marketing')).token;
});
afterAll(async () => {
  await t?.close();
});

function bo(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url: `/api/backoffice${url}`, headers: { ...bearer(token), 'x-locale': 'en' }, ...(payload ? { payload } : {}) });
}

async function idOf(account: string) {
  const [row] = await t.database.db.select().from(players).where(eq(players.account, account));
  return row!.id;
}

async function lastAudit(action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return rows[0];
}

describe('reset password', () => {
  it('shows a temporary password once, ends the sessions, forces a change and is audited', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    const res = await bo('POST', `/players/${id}/reset-password`, admin, { reason: 'player called, identity checked' });
    expect(res.statusCode, res.body).toBe(200);
    const { temporary_password: temp, expires_at: expiresAt } = res.json().data;
    expect(temp).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z0-9]{10}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const row = (await t.database.db.select().from(players).where(eq(players.id, id)))[0]!;
    expect(row.passwordHash).not.toContain(temp);
    expect(row.statusForcePassword).toBe(2);

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(p.token) })).statusCode).toBe(401);
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(422);
    const tempLogin = await login(t, p.account, temp);
    expect(tempLogin.statusCode).toBe(200);
    const token = tempLogin.json().data.access_token as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/games/wallet', headers: bearer(token), payload: {} })).json().code).toBe(
      'password_change_required',
    );
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(token),
      payload: { old_password: temp, password: 'mine2024', password_confirm: 'mine2024' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await login(t, p.account, 'mine2024')).statusCode).toBe(200);

    const audit = await lastAudit('player.password_reset');
    expect(audit).toMatchObject({ staffId: adminId, target: `player:${id}` });
    expect(audit!.detail).toMatchObject({ reason: 'player called, identity checked', account: p.account });
    expect(JSON.stringify(audit!.detail)).not.toContain(temp);
  });

  it('a temporary password stops working when it expires', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    const temp = (await bo('POST', `/players/${id}/reset-password`, admin, { reason: 'test' })).json().data.temporary_password as string;
    await t.database.db
      .update(players)
      .set({ passwordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(players.id, id));
    const res = await login(t, p.account, temp);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('password_expired');
  });

  it('needs a reason and the permission', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    const noReason = await bo('POST', `/players/${id}/reset-password`, admin, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.reason).toEqual(['Please give a reason; it goes into the audit log']);
    expect((await bo('POST', `/players/${id}/reset-password`, marketing, { reason: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/backoffice/players/${id}/reset-password`, payload: { reason: 'x' } })).statusCode).toBe(401);
    expect((await bo('POST', '/players/99999999/reset-password', admin, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('force password change', () => {
  it('switches the flag on and off, audited', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    const on = await bo('POST', `/players/${id}/force-password`, admin, { reason: 'leaked list', force: true });
    expect(on.json().data.status_force_password).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/games/wallet', headers: bearer(p.token), payload: {} })).statusCode).toBe(403);
    expect((await lastAudit('player.force_password'))!.detail).toMatchObject({ reason: 'leaked list' });
    const off = await bo('POST', `/players/${id}/force-password`, admin, { reason: 'mistake', force: false });
    expect(off.json().data.status_force_password).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/games/wallet', headers: bearer(p.token), payload: {} })).statusCode).toBe(200);
    expect((await bo('GET', `/players/${id}/security`, admin)).json().data.status_force_password).toBe(0);
  });
});

describe('unlock, login history and sessions', () => {
  it('unlocks a locked login, audited', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    for (let i = 0; i < 5; i++) await login(t, p.account, 'wrong1234', freshIp());
    expect((await login(t, p.account)).statusCode).toBe(429);
    const before = (await bo('GET', `/players/${id}/security`, admin)).json().data;
    expect(before.locked).toBe(true);
    const res = await bo('POST', `/players/${id}/unlock-login`, admin, { reason: 'verified by phone call' });
    expect(res.statusCode).toBe(200);
    // Lockouts count first, so a lockout cannot be dodged: the five wrong passwords and the refused sixth try
    // are all counted.
    expect((await lastAudit('player.unlock_login'))!.detail).toMatchObject({
      reason: 'verified by phone call',
      before: { login_failures: 6 },
      after: { login_failures: 0 },
    });
    expect((await login(t, p.account)).statusCode).toBe(200);

    const history = await bo('GET', `/players/${id}/logins?page=1&pageSize=20`, admin);
    expect(history.statusCode).toBe(200);
    const rows = history.json().data.data as Array<{ method: string; success: boolean; reason: string; ip: string }>;
    expect(rows[0]).toMatchObject({ method: 'password', success: true });
    expect(rows.filter((r) => !r.success && r.reason === 'login_failed').length).toBe(4);
    expect(rows.some((r) => r.reason === 'login_locked')).toBe(true);
    expect(history.json().data.total).toBe(rows.length);
  });

  it('lists the sessions and revokes one, audited', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    const list = await bo('GET', `/players/${id}/sessions`, admin);
    const live = (list.json().data as Array<{ id: number; live: boolean }>).filter((s) => s.live);
    expect(live).toHaveLength(1);
    const noReason = await bo('POST', `/players/${id}/sessions/${live[0]!.id}/revoke`, admin, {});
    expect(noReason.statusCode).toBe(422);
    const res = await bo('POST', `/players/${id}/sessions/${live[0]!.id}/revoke`, admin, { reason: 'suspicious device' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(p.token) })).statusCode).toBe(401);
    expect((await lastAudit('player.session_revoke'))!.detail).toMatchObject({ reason: 'suspicious device', before: { session: live[0]!.id }, after: null });
    // Another player's session id is not found under this player.
    const q = await playerWithToken(t);
    const qId = await idOf(q.account);
    const qSession = (await bo('GET', `/players/${qId}/sessions`, admin)).json().data[0].id as number;
    expect((await bo('POST', `/players/${id}/sessions/${qSession}/revoke`, admin, { reason: 'x' })).statusCode).toBe(404);
    expect((await bo('GET', `/players/${id}/sessions`, marketing)).statusCode).toBe(403);
  });
});
