// Login lockout counts first. Twenty wrong guesses sent at once are not all verified, a right
// password sent after the limit in the same burst is refused, and a success resets the count: for players,
// staff passwords and staff TOTP codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp, login, registerPlayer, PASSWORD } from '../helpers/players.ts';
import { players, staff } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';

const LIMIT = 5;
const STAFF_PASSWORD = 'staffpass123';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
});
afterAll(async () => {
  await t?.close();
});

async function addStaff(username: string, totpSecret: string | null = null) {
  const passwordHash = await AuthService.hashPassword(STAFF_PASSWORD);
  const [row] = await t.database.db.insert(staff).values({ username, passwordHash, role: 'service', totpSecret }).returning();
  return row!;
}
const staffLogin = (username: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', remoteAddress: freshIp(), payload: { username, password: STAFF_PASSWORD, ...body } });

describe('player login lockout', () => {
  it('verifies at most the limit of twenty wrong guesses sent at once, and the right password is refused after them', async () => {
    const p = await registerPlayer(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(t, p.account, 'wrong1234')));
    const codes = answers.map((r) => r.json().code as string);
    // Each of the first LIMIT tries (in counting order) was checked; the rest were refused unverified.
    expect(codes.filter((c) => c === 'login_failed').length).toBeLessThanOrEqual(LIMIT);
    expect(codes.filter((c) => c === 'login_locked').length).toBeGreaterThanOrEqual(20 - LIMIT);
    expect((await login(t, p.account, PASSWORD)).json().code).toBe('login_locked');
  });

  it('a right password sent after seven wrong ones of the same burst is refused', async () => {
    const p = await registerPlayer(t);
    const id = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: p.account, password: PASSWORD } })).json().data.access_token;
    expect(id).toBeTruthy();
    const [row] = await t.database.db.select({ id: players.id }).from(players).where(eq(players.account, p.account));
    const wrong = Array.from({ length: 7 }, () => login(t, p.account, 'wrong1234'));
    // The seven are under way (still hashing, each about 50 ms of argon2); the right one goes after them, as an
    // attacker's last guess in one burst would. The count, not the finished checks, decides.
    for (let i = 0; i < 8 && (await t.app.services.limiter.peek(`login:fail:p${row!.id}`)) < 7; i++) await new Promise((r) => setTimeout(r, 1));
    const right = await login(t, p.account, PASSWORD);
    await Promise.all(wrong);
    expect(right.json().code).toBe('login_locked');
  });

  it('a right password sent after the limit of wrong ones is refused', async () => {
    const p = await registerPlayer(t);
    for (let i = 0; i < LIMIT + 2; i++) await login(t, p.account, 'wrong1234');
    const res = await login(t, p.account, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('login_locked');
  });

  it('a success resets the count', async () => {
    const p = await registerPlayer(t);
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(t, p.account, 'wrong1234')).json().code).toBe('login_failed');
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(t, p.account, 'wrong1234')).json().code).toBe('login_failed');
    expect((await login(t, p.account, PASSWORD)).statusCode).toBe(200);
  });
});

describe('staff login lockout', () => {
  it('passwords: twenty wrong guesses at once get at most the limit verified, then the right one is refused', async () => {
    await addStaff('burstme');
    const answers = await Promise.all(Array.from({ length: 20 }, () => staffLogin('burstme', { password: 'wrong-password' })));
    expect(answers.filter((r) => r.json().code === 'login_failed').length).toBeLessThanOrEqual(LIMIT);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(20 - LIMIT);
    expect((await staffLogin('burstme', {})).statusCode).toBe(429);
  });

  it('TOTP: with the right password, twenty wrong codes at once get at most the limit checked', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await addStaff('totpburst', secret);
    const good = totpAt(secret, Date.now());
    const bad = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 20 }, () => staffLogin('totpburst', { totp: bad })));
    expect(answers.filter((r) => r.statusCode === 422).length).toBeLessThanOrEqual(LIMIT);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(20 - LIMIT);
    expect((await staffLogin('totpburst', { totp: good })).statusCode).toBe(429);
  });
});
