// A device fingerprint that is not a hex digest: the player's sign-up and sign-in go through as usual, the value is
// left out of the risk signals, and the drop is counted on /metrics (and logged) instead of passing silently.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshIp, freshPhone, login, registerPlayer } from '../helpers/players.ts';
import { players, riskSignals } from '../../src/server/db/schema.ts';
import { DEVICE_HEADER } from '../../src/shared/schemas/risk/fingerprint.ts';

const TOKEN = 'fingerprint-metrics-token';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

async function dropped(source: string): Promise<number> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`risk_device_fingerprints_dropped_total{source="${source}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function signals(playerId: number, kind: 'device' | 'ip') {
  return t.database.db
    .select({ id: riskSignals.id })
    .from(riskSignals)
    .where(and(eq(riskSignals.playerId, playerId), eq(riskSignals.kind, kind)));
}

describe('a device fingerprint that is not hex', () => {
  it('lets the player register and sign in, keeps it out of the signals, and counts it', async () => {
    const [registerBefore, loginBefore] = [await dropped('register'), await dropped('login')];
    const bad = { [DEVICE_HEADER]: 'not-a-hex-digest<script>' };
    const reg = await registerPlayer(t, { ip: freshIp(), headers: bad, phone: freshPhone() });
    expect(reg.res.statusCode, reg.res.body).toBe(200);
    const signedIn = await login(t, reg.account, reg.password, freshIp(), bad);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const playerId = (await t.database.db.select({ id: players.id }).from(players).where(eq(players.account, reg.account)))[0].id;
    // The signals are recorded after the commit: the address arrives, the fingerprint never does.
    await vi.waitFor(async () => expect((await signals(playerId, 'ip')).length).toBeGreaterThan(0));
    await vi.waitFor(async () => expect(await dropped('login')).toBe(loginBefore + 1));
    expect(await dropped('register')).toBe(registerBefore + 1);
    expect(await signals(playerId, 'device')).toEqual([]);
  });

  it('counts nothing for a hex fingerprint or none', async () => {
    const [registerBefore, loginBefore] = [await dropped('register'), await dropped('login')];
    const good = await registerPlayer(t, { ip: freshIp(), headers: { [DEVICE_HEADER]: 'ab'.repeat(20) }, phone: freshPhone() });
    expect(good.res.statusCode, good.res.body).toBe(200);
    const none = await registerPlayer(t, { ip: freshIp(), phone: freshPhone() });
    expect(none.res.statusCode, none.res.body).toBe(200);
    const playerId = (await t.database.db.select({ id: players.id }).from(players).where(eq(players.account, good.account)))[0].id;
    await vi.waitFor(async () => expect((await signals(playerId, 'device')).length).toBe(1));
    expect([await dropped('register'), await dropped('login')]).toEqual([registerBefore, loginBefore]);
  });
});
