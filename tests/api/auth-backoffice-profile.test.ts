// The back-office player profile through `inject`: what it shows (real name, gender, birthday, phone, bank cards,
// registration, last sign-in, status), disabling a player (every session ends at once, sign-in refused) and enabling
// again, and editing the personal details (validated, phone unique, 18+), each audited with the reason and the values
// before and after; a role without the permission is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, signedInStaff, type TestApp } from '../helpers/app.ts';
import { PASSWORD, bearer, freshPhone, login, playerWithToken } from '../helpers/players.ts';
import { auditLog, bankCards, players, sessions } from '../../src/server/db/schema.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let service: string;
let marketing: string;
let finance: string;

const staffToken = (username: string, role: string) => signedInStaff(t, username, role);

beforeAll(async () => {
  t = await createTestApp();
  const a = await staffToken('ppboss', 'admin');
  admin = a.token;
  adminId = a.id;
  service = (await staffToken('ppdesk', 'service')).token;
  marketing = (await staffToken('ppmkt', 'marketing')).token;
  finance = (await staffToken('ppfin', 'finance')).token;
});
afterAll(async () => {
  await t?.close();
});

function bo(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, locale = 'en') {
  return t.app.inject({ method, url: `/api/backoffice${url}`, headers: { ...bearer(token), 'x-locale': locale }, ...(payload ? { payload } : {}) });
}

async function idOf(account: string) {
  const [row] = await t.database.db.select().from(players).where(eq(players.account, account));
  return row!.id;
}

async function lastAudit(action: string, playerId: number) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(5);
  return rows.find((r) => r.target === `player:${playerId}`);
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

/** An adult's birthday: 30 years ago today. */
function yearsAgo(years: number, dayOffset = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + dayOffset);
  return d.toISOString().slice(0, 10);
}

describe('player details', () => {
  it('shows real name, gender, birthday, phone, bank cards, registration, last sign-in and status', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    await t.database.db.update(players).set({ realName: 'Chen Mei', gender: 'female', birthday: '1990-05-06' }).where(eq(players.id, id));
    await t.database.db
      .insert(bankCards)
      .values({ playerId: id, bank: '004', market: 'Xinyi', accountName: 'Chen Mei', cardNumber: `81${Date.now()}`.slice(0, 14), statusDebitCard: 1 });

    const res = await bo('GET', `/players/${id}/profile`, service);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id,
      account: p.account,
      status: 1,
      real_name: 'Chen Mei',
      gender: 'female',
      birthday: '1990-05-06',
      // Customer service reads the phone and the card masked; an administrator reads them whole.
      phone: `${p.phone.slice(0, 4)}***${p.phone.slice(-3)}`,
      phone_whole: false,
      live_sessions: 1,
    });
    expect(new Date(d.created_at).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(d.last_login_at).not.toBeNull();
    expect(d.bank_cards).toHaveLength(1);
    expect(d.bank_cards[0]).toMatchObject({ bank: '004', market: 'Xinyi', account_name: 'Chen Mei', status_debit_card: 1 });
    expect(d.bank_cards[0].card_number).toMatch(/^\*{10}\d{4}$/);
    const whole = (await bo('GET', `/players/${id}/profile`, admin)).json().data;
    expect(whole).toMatchObject({ phone: p.phone, phone_whole: true });
    expect(whole.bank_cards[0].card_number).toMatch(/^81\d{12}$/);

    expect((await bo('GET', '/players/999999/profile', admin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/backoffice/players/${id}/profile` })).statusCode).toBe(401);
  });
});

describe('enable and disable', () => {
  it('disabling revokes every session at once, refuses sign-in, and enabling restores it; both audited with the reason', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    expect((await me(p.token)).statusCode).toBe(200);

    const noReason = await bo('POST', `/players/${id}/status`, admin, { enabled: false, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.reason).toBeDefined();
    expect((await me(p.token)).statusCode).toBe(200);

    const off = await bo('POST', `/players/${id}/status`, admin, { enabled: false, reason: 'chargeback investigation' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ status: 0, revoked: 1 });
    expect((await me(p.token)).statusCode).toBe(401);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.playerId, id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await login(t, p.account, PASSWORD)).json().code).toBe('account_disabled');
    expect((await bo('GET', `/players/${id}/profile`, admin)).json().data).toMatchObject({ status: 0, live_sessions: 0 });

    const auditOff = await lastAudit('player.disable', id);
    expect(auditOff).toMatchObject({ staffId: adminId });
    expect(auditOff!.detail).toMatchObject({
      reason: 'chargeback investigation',
      before: { status: 1 },
      after: { status: 0 },
      sessions: 1,
      account: p.account,
    });

    const on = await bo('POST', `/players/${id}/status`, admin, { enabled: true, reason: 'investigation closed' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ status: 1, revoked: 0 });
    const again = await login(t, p.account, PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect((await me(again.json().data.access_token)).statusCode).toBe(200);
    expect((await lastAudit('player.enable', id))!.detail).toMatchObject({ reason: 'investigation closed', before: { status: 0 }, after: { status: 1 } });
  });
});

describe('personal info', () => {
  it('validates the edit (required fields, real day, 18+, phone format and uniqueness) and changes nothing on refusal', async () => {
    const p = await playerWithToken(t);
    const other = await playerWithToken(t);
    const id = await idOf(p.account);
    const good = { real_name: 'Lin Wei', gender: 'male', birthday: yearsAgo(30), phone: freshPhone(), reason: 'player asked by phone' };

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...good, real_name: ' ' }, 'real_name', 'Enter the real name'],
      [{ ...good, gender: 'x' }, 'gender', 'Choose a gender'],
      [{ ...good, birthday: '1990-02-31' }, 'birthday', 'Enter a valid birthday (YYYY-MM-DD)'],
      [{ ...good, birthday: yearsAgo(18, 1) }, 'birthday', 'The player must be 18 or older'],
      [{ ...good, phone: '0812345678' }, 'phone', 'Enter a 10-digit phone number starting with 09, or leave it empty'],
      [{ ...good, phone: other.phone }, 'phone', 'Another player already uses this phone number'],
      [{ ...good, reason: '' }, 'reason', 'Please give a reason; it goes into the audit log'],
    ];
    for (const [body, field, message] of cases) {
      const res = await bo('PUT', `/players/${id}/profile`, admin, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().error[field], field).toEqual([message]);
    }
    const zh = await bo('PUT', `/players/${id}/profile`, admin, { ...good, birthday: yearsAgo(17) }, 'zh-TW');
    expect(zh.json().error.birthday).toEqual(['會員必須年滿 18 歲']);
    const row = (await t.database.db.select().from(players).where(eq(players.id, id)))[0]!;
    expect(row).toMatchObject({ realName: '', phone: p.phone });
    expect(await lastAudit('player.profile_update', id)).toBeUndefined();
  });

  it('saves the edit and audits the reason with the values before and after', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    const phone = freshPhone();
    const birthday = yearsAgo(18);
    const res = await bo('PUT', `/players/${id}/profile`, service, {
      real_name: ' Lin Wei ',
      gender: 'male',
      birthday,
      phone,
      reason: 'identity documents checked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ real_name: 'Lin Wei', gender: 'male', birthday, phone: `${phone.slice(0, 4)}***${phone.slice(-3)}` });
    const row = (await t.database.db.select().from(players).where(eq(players.id, id)))[0]!;
    expect(row).toMatchObject({ realName: 'Lin Wei', gender: 'male', birthday, phone });

    const audit = await lastAudit('player.profile_update', id);
    expect(audit!.detail).toMatchObject({
      reason: 'identity documents checked',
      account: p.account,
      before: { real_name: '', gender: '', birthday: '', phone: p.phone },
      after: { real_name: 'Lin Wei', gender: 'male', birthday, phone },
    });
    // The old phone is free again: the player can sign in with the account and nothing else changed.
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);

    // An empty phone removes it.
    const cleared = await bo('PUT', `/players/${id}/profile`, service, {
      real_name: 'Lin Wei',
      gender: 'male',
      birthday,
      phone: '',
      reason: 'number given up',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await t.database.db.select().from(players).where(eq(players.id, id)))[0]!.phone).toBeNull();
  });
});

describe('permissions', () => {
  it('a role without players.manage cannot disable or edit; without players.read cannot see the profile', async () => {
    const p = await playerWithToken(t);
    const id = await idOf(p.account);
    for (const token of [marketing, finance]) {
      expect((await bo('POST', `/players/${id}/status`, token, { enabled: false, reason: 'try' })).statusCode).toBe(403);
      expect(
        (await bo('PUT', `/players/${id}/profile`, token, { real_name: 'X', gender: 'male', birthday: yearsAgo(30), phone: '', reason: 'try' })).statusCode,
      ).toBe(403);
      expect((await bo('GET', `/players/${id}/profile`, token)).statusCode).toBe(403);
    }
    expect((await me(p.token)).statusCode).toBe(200);
    expect((await t.database.db.select().from(players).where(eq(players.id, id)))[0]!.status).toBe(1);
  });
});
