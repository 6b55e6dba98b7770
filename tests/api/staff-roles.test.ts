// The compliance role reads and never writes; card numbers and phones reach customer service and marketing masked
// and the other roles whole; finance reads the liability rows it exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/players.ts';
import { bankCards, partnerPayouts, partners, players } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/modules/auth/service.ts';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { backofficeMount, backofficeRoutes } from '../../src/server/modules/staff/plugin.ts';
import { seedDemo } from '../../src/server/seed.ts';
import { staff } from '../../src/server/db/schema.ts';

let t: TestApp;
const tokens: Record<'admin' | 'finance' | 'service' | 'marketing' | 'compliance', string> = {
  admin: '',
  finance: '',
  service: '',
  marketing: '',
  compliance: '',
};
let player: Awaited<ReturnType<typeof seedPlayer>>;
const CARD = '8220001234567890';
const PARTNER_CARD = '7001002003004005';
const PHONE_MASKED = (p: string) => `${p.slice(0, 4)}***${p.slice(-3)}`;

/** The own-session calls a read-only role may make; sign-out is left out so the session lives through the test. */
const OWN_SESSION = new Set(['POST /api/backoffice/auth/totp', 'POST /api/backoffice/auth/totp/confirm', 'POST /api/backoffice/auth/logout']);

const get = (role: keyof typeof tokens, url: string) => t.app.inject({ url: `/api/backoffice${url}`, headers: { ...bearer(tokens[role]), 'x-locale': 'en' } });

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(tokens) as Array<keyof typeof tokens>) tokens[role] = (await signedInStaff(t, `r_${role}`, role)).token;
  player = await seedPlayer(t);
  await t.database.db
    .insert(bankCards)
    .values({ playerId: player.playerId, bank: '004', market: 'Taipei', accountName: 'Lin', cardNumber: CARD, statusDebitCard: 1 });
  const excluded = await t.app.inject({
    method: 'POST',
    url: `/api/backoffice/players/${player.playerId}/protection/exclusions`,
    headers: bearer(tokens.admin),
    payload: { duration: '24h', reason: 'asked on the phone' },
  });
  expect(excluded.statusCode, excluded.body).toBe(200);
  const [partner] = await t.database.db
    .insert(partners)
    .values({ account: 'ptmask01', passwordHash: await AuthService.hashPassword('x'.repeat(10)), name: 'Mask', code: 'PTMASK01' })
    .returning({ id: partners.id });
  await t.database.db
    .insert(partnerPayouts)
    .values({ partnerId: partner!.id, amountMinor: 10_000n, requestKey: 'mask-1', bank: '004', holder: 'Mask', cardNumber: PARTNER_CARD });
});
afterAll(async () => {
  await t?.close();
});

describe('the compliance role', () => {
  it('is refused every back-office write with 403, whatever permission the route names', async () => {
    const writes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/backoffice/') && r.method !== 'GET' && r.url !== '/api/backoffice/auth/login' && !OWN_SESSION.has(`${r.method} ${r.url}`),
    );
    expect(writes.length).toBeGreaterThan(80);
    const let_through: string[] = [];
    for (const r of writes) {
      const url = r.url.replace(/:(\w+)/g, String(player.playerId));
      const res = await t.app.inject({ method: r.method as 'POST', url, headers: bearer(tokens.compliance), payload: {} });
      if (res.statusCode !== 403 || res.json().code !== 'forbidden') let_through.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(let_through).toEqual([]);
  });

  it('reads the reports, the audit log, identity verification, risk and protection', async () => {
    const range = 'from=2026-01-01&to=2026-01-07';
    for (const url of [
      '/auth/me',
      `/reports/daily?${range}`,
      `/reports/players?${range}`,
      `/reports/liability?${range}`,
      `/reports/liability/players?${range}`,
      '/audit',
      '/kyc/queue',
      `/kyc/players/${player.playerId}`,
      '/kyc/settings',
      '/risk/groups',
      '/risk/settings',
      '/protection/exclusions',
      `/players/${player.playerId}/profile`,
    ]) {
      const res = await get('compliance', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const me = (await get('compliance', '/auth/me')).json().data;
    expect(me.role).toBe('compliance');
    expect(me.permissions).not.toContain('kyc.decide');
    expect(me.permissions).toContain('kyc.review');
  });

  it('may not decide a document, which customer service may (the refusal is the permission, not the missing document)', async () => {
    const asCompliance = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/kyc/documents/999999/review',
      headers: bearer(tokens.compliance),
      payload: { decision: 'approve' },
    });
    expect(asCompliance.statusCode).toBe(403);
    const asService = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/kyc/documents/999999/review',
      headers: bearer(tokens.service),
      payload: { decision: 'approve' },
    });
    expect(asService.statusCode).not.toBe(403);
  });

  it('is refused a write even on a route whose permission it holds, unless the call is on its own session', async () => {
    // A write guarded by a permission compliance holds stands for a permission given to it by mistake.
    const probes: FastifyPluginAsync = async (p) => {
      p.post('/probe', { config: { staff: 'overview.read' } }, async () => ({ wrote: true }));
      p.post('/probe/own', { config: { staff: 'overview.read', staffOwnSession: true } }, async () => ({ wrote: true }));
      p.get('/probe', { config: { staff: 'overview.read' } }, async () => ({ read: true }));
    };
    const probe: FastifyInstance = Fastify({ logger: false });
    probe.decorate('services', t.app.services);
    probe.decorateRequest('locale', 'en');
    await probe.register(backofficeRoutes, { prefix: '/api/backoffice', plugins: [backofficeMount(probes)] });
    await probe.ready();
    try {
      const call = (method: 'GET' | 'POST', url: string, role: keyof typeof tokens) =>
        probe.inject({ method, url: `/api/backoffice${url}`, headers: bearer(tokens[role]) });
      expect((await call('POST', '/probe', 'compliance')).statusCode).toBe(403);
      expect((await call('POST', '/probe', 'service')).statusCode).toBe(200);
      expect((await call('POST', '/probe/own', 'compliance')).statusCode).toBe(200);
      expect((await call('GET', '/probe', 'compliance')).statusCode).toBe(200);
    } finally {
      await probe.close();
    }
  });

  it('is a demo account the seed creates, which signs in and reads only', async () => {
    await seedDemo(t.database.db);
    const [row] = await t.database.db.select({ role: staff.role }).from(staff).where(eq(staff.username, 'compliance'));
    expect(row?.role).toBe('compliance');
    const login = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/login', payload: { username: 'compliance', password: 'compliance12345' } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.staff.permissions).toEqual(expect.arrayContaining(['audit.read', 'reports', 'kyc.review', 'risk.read']));
    expect(login.json().data.staff.permissions).not.toContain('kyc.decide');
  });

  it('can still sign out of its own session', async () => {
    const own = await signedInStaff(t, 'r_compliance2', 'compliance');
    const out = await t.app.inject({ method: 'POST', url: '/api/backoffice/auth/logout', headers: bearer(own.token) });
    expect(out.statusCode).toBe(200);
  });
});

describe('card numbers and phones', () => {
  it('reach customer service and marketing masked, and never whole, on every screen that shows them', async () => {
    const masked = PHONE_MASKED(player.phone);
    for (const role of ['service', 'marketing'] as const) {
      const profile = await get(role, `/players/${player.playerId}/profile`);
      if (role === 'marketing') {
        // Marketing does not read the profile at all; what it reads (payouts below) is masked.
        expect(profile.statusCode).toBe(403);
        continue;
      }
      expect(profile.statusCode, profile.body).toBe(200);
      expect(profile.json().data).toMatchObject({ phone: masked, phone_whole: false, bank_cards: [{ card_number: '************7890' }] });
      expect(profile.body).not.toContain(player.phone);
      expect(profile.body).not.toContain(CARD);
      const list = await get(role, `/players?q=${player.account}`);
      expect(list.json().data.data[0].phone).toBe(masked);
      expect(list.body).not.toContain(player.phone);
      const register = await get(role, '/protection/exclusions');
      expect(register.json().data.data.find((r: { player_id: number }) => r.player_id === player.playerId).phone).toBe(masked);
      expect(register.body).not.toContain(player.phone);
      const payouts = await get(role, '/partners/payouts');
      expect(payouts.json().data.data[0].card_number).toBe('************4005');
      expect(payouts.body).not.toContain(PARTNER_CARD);
    }
  });

  it('reach admin, finance and compliance whole', async () => {
    for (const role of ['admin', 'compliance'] as const) {
      const profile = await get(role, `/players/${player.playerId}/profile`);
      expect(profile.json().data).toMatchObject({ phone: player.phone, phone_whole: true, bank_cards: [{ card_number: CARD }] });
      expect((await get(role, `/players?q=${player.account}`)).json().data.data[0].phone).toBe(player.phone);
      const register = await get(role, '/protection/exclusions');
      expect(register.json().data.data.find((r: { player_id: number }) => r.player_id === player.playerId).phone).toBe(player.phone);
    }
    for (const role of ['admin', 'finance'] as const) {
      expect((await get(role, '/partners/payouts')).json().data.data[0].card_number).toBe(PARTNER_CARD);
    }
  });

  it('let customer service edit a profile it sees masked without retyping the phone, which stays as it was', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/backoffice/players/${player.playerId}/profile`,
      headers: bearer(tokens.service),
      payload: { real_name: 'Lin Mei', gender: 'female', birthday: '1990-02-03', reason: 'player asked' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ real_name: 'Lin Mei', phone: PHONE_MASKED(player.phone) });
    const [row] = await t.database.db.select({ phone: players.phone, realName: players.realName }).from(players).where(eq(players.id, player.playerId));
    expect(row).toEqual({ phone: player.phone, realName: 'Lin Mei' });
    // A masked phone typed back is not a phone: refused, never stored.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/backoffice/players/${player.playerId}/profile`,
      headers: { ...bearer(tokens.service), 'x-locale': 'en' },
      payload: { real_name: 'Lin Mei', gender: 'female', birthday: '1990-02-03', phone: PHONE_MASKED(player.phone), reason: 'player asked' },
    });
    expect(back.statusCode).toBe(422);
  });
});

describe('finance', () => {
  it('reads the liability rows per player that it exports', async () => {
    const range = 'from=2026-01-01&to=2026-01-07';
    const read = await get('finance', `/reports/liability/players?${range}`);
    expect(read.statusCode, read.body).toBe(200);
    const exported = await get('finance', `/reports/liability/players/export?${range}`);
    expect(exported.statusCode).toBe(200);
    // The players report carries phones and names: still not finance's.
    expect((await get('finance', `/reports/players?${range}`)).statusCode).toBe(403);
  });
});
