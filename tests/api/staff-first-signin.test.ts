// An operator whose password someone else chose sets a new one at the
// first sign-in, and admin and finance staff enrol an authenticator (confirmed by a code) before any session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp } from '../helpers/players.ts';
import { staff } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import { seedFirstOperator } from '../../src/server/seed.ts';
import { totpAt } from '../../src/server/modules/staff/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STAFF_TOTP_REQUIRED: '1' });
});
afterAll(async () => {
  await t?.close();
});

const login = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', remoteAddress: freshIp(), payload: body });

describe('first operator sign-in', () => {
  it('forces a new password, then an authenticator, before it gives a session', async () => {
    expect(await seedFirstOperator(t.database.db, 'bootstrap-pass-1')).toBe(true);
    // Only while nobody exists.
    expect(await seedFirstOperator(t.database.db, 'another-pass-1')).toBe(false);

    const first = await login({ username: 'admin', password: 'bootstrap-pass-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ setup_required: 'password' });
    expect(first.json().data.access_token).toBeUndefined();

    const same = await login({ username: 'admin', password: 'bootstrap-pass-1', new_password: 'bootstrap-pass-1' });
    expect(same.statusCode).toBe(422);

    const changed = await login({ username: 'admin', password: 'bootstrap-pass-1', new_password: 'my-own-pass-77' });
    expect(changed.statusCode).toBe(200);
    const setup = changed.json().data as { setup_required: string; totp_secret: string; otpauth_uri: string; access_token?: string };
    expect(setup.setup_required).toBe('totp');
    expect(setup.access_token).toBeUndefined();
    expect(setup.otpauth_uri).toContain('admin');
    // The old password is gone.
    expect((await login({ username: 'admin', password: 'bootstrap-pass-1' })).statusCode).toBe(422);

    const wrongCode = String((Number(totpAt(setup.totp_secret, Date.now())) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await login({ username: 'admin', password: 'my-own-pass-77', totp_setup_code: wrongCode })).statusCode).toBe(422);
    const done = await login({ username: 'admin', password: 'my-own-pass-77', totp_setup_code: totpAt(setup.totp_secret, Date.now()) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.access_token).toBeTruthy();
    expect(done.json().data.staff).toMatchObject({ username: 'admin', totp_enabled: true });
    const [row] = await t.database.db.select().from(staff).where(eq(staff.username, 'admin'));
    expect(row!.mustChangePassword).toBe(false);
    expect(row!.totpSecret).toMatch(/^v1:/);
    // From now on the code is asked for like any enrolled account.
    expect((await login({ username: 'admin', password: 'my-own-pass-77' })).statusCode).toBe(422);
  });

  it('finance staff without an authenticator get none of the money screens until they enrol', async () => {
    await t.database.db.insert(staff).values({ username: 'cash01', passwordHash: await AuthService.hashPassword('finance-pass-1'), role: 'finance' });
    const res = await login({ username: 'cash01', password: 'finance-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.setup_required).toBe('totp');
    expect(res.json().data.access_token).toBeUndefined();
    // Service staff are not required to.
    await t.database.db.insert(staff).values({ username: 'help01', passwordHash: await AuthService.hashPassword('service-pass-1'), role: 'service' });
    expect((await login({ username: 'help01', password: 'service-pass-1' })).json().data.access_token).toBeTruthy();
  });
});
