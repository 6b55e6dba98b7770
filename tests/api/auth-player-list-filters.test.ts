// The player list's filters (status, level, registration and sign-in days, central balance range, tags), the
// bulk actions on a selection (message, level with lock, tag, disable with reason) each audited per player with
// before and after, tags and notes on a player, the limits on selection and page size, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { auditLog, depositOrders, messageRecipients, partnerBindings, partners, players, riskGroupMembers } from '../../src/server/db/schema.ts';

let t: TestApp;
let admin: { id: number; token: string };
let service: { id: number; token: string };
let marketing: { id: number; token: string };
type Seeded = Awaited<ReturnType<typeof seedPlayer>>;
let rich: Seeded;
let poor: Seeded;
let old: Seeded;
let off: Seeded;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'listadmin', 'admin');
  service = await signedInStaff(t, 'listsvc', 'service');
  marketing = await signedInStaff(t, 'listmkt', 'marketing');
  rich = await seedPlayer(t, { account: 'deskrich', centralMinor: 5_000_000n });
  poor = await seedPlayer(t, { account: 'deskpoor', centralMinor: 1_000n });
  old = await seedPlayer(t, { account: 'deskold' });
  off = await seedPlayer(t, { account: 'deskoff' });
  const db = t.database.db;
  // Registered on 2026-01-05 Taipei time, level 2, and never signed in; another one disabled.
  await db
    .update(players)
    .set({ createdAt: new Date('2026-01-05T03:00:00Z'), lastLoginAt: null, levelId: 2 })
    .where(eq(players.id, old.playerId));
  await db.update(players).set({ status: 0 }).where(eq(players.id, off.playerId));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const list = async (query: string, token = admin.token) => {
  const res = await t.app.inject({ url: `/api/backoffice/players?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data as Array<{ account: string; balance: string; tags: Array<{ name: string }> }>;
};
const accounts = (rows: Array<{ account: string }>) =>
  rows
    .map((r) => r.account)
    .filter((a) => a.startsWith('desk'))
    .sort();
const post = (url: string, payload: Record<string, unknown>, token = admin.token) =>
  t.app.inject({ method: 'POST', url: `/api/backoffice${url}`, headers: bearer(token), payload });

describe('player list filters', () => {
  it('filters by status, level, registration day, sign-in day and balance, and shows the balance', async () => {
    expect(accounts(await list('status=0'))).toEqual(['deskoff']);
    expect(accounts(await list('level=2'))).toEqual(['deskold']);
    expect(accounts(await list('registered_from=2026-01-05&registered_to=2026-01-05'))).toEqual(['deskold']);
    expect(accounts(await list('registered_from=2026-01-06&q=desk'))).toEqual(['deskoff', 'deskpoor', 'deskrich']);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(accounts(await list(`signed_in_from=${today}&q=desk`))).toEqual(['deskoff', 'deskpoor', 'deskrich']);
    const rows = await list('balance_min=100&balance_max=50000');
    expect(accounts(rows)).toEqual(['deskrich']);
    expect(rows.find((r) => r.account === 'deskrich')!.balance).toBe('50000.00');
    expect(accounts(await list('balance_max=10.00&q=desk'))).toEqual(['deskoff', 'deskold', 'deskpoor']);
  });

  it('filters by registration address, paid deposit count, partner and linked group', async () => {
    const db = t.database.db;
    await db.update(players).set({ registerIp: '203.0.113.7' }).where(eq(players.id, rich.playerId));
    await db.update(players).set({ registerIp: '203.0.114.2' }).where(eq(players.id, poor.playerId));
    const deposit = (playerId: number, n: number, status: 'paid' | 'failed') =>
      db.insert(depositOrders).values({
        id: `DPlist${playerId}x${n}`,
        playerId,
        method: 'bank_transfer',
        amountMinor: 100_000n,
        status,
        playerRef: 'test',
        paidAt: status === 'paid' ? new Date() : null,
      });
    await deposit(rich.playerId, 1, 'paid');
    await deposit(rich.playerId, 2, 'paid');
    await deposit(poor.playerId, 1, 'paid');
    await deposit(poor.playerId, 2, 'failed');
    const [partner] = await db
      .insert(partners)
      .values({ account: 'desklistpt', passwordHash: 'x', name: 'List partner', code: 'DESKLISTPT' })
      .returning({ id: partners.id });
    await db.insert(partnerBindings).values({ playerId: old.playerId, partnerId: partner!.id, source: 'code' });

    expect(accounts(await list('register_ip=203.0.113.7'))).toEqual(['deskrich']);
    expect(accounts(await list('register_ip=203.0.11'))).toEqual(['deskpoor', 'deskrich']);
    expect(accounts(await list('register_ip=203.0.114.'))).toEqual(['deskpoor']);
    expect(accounts(await list('deposits_min=2'))).toEqual(['deskrich']);
    expect(accounts(await list('deposits_min=1'))).toEqual(['deskpoor', 'deskrich']);
    expect(accounts(await list(`partner=${partner!.id}`))).toEqual(['deskold']);
    expect(accounts(await list(`partner=${partner!.id}&deposits_min=1`))).toEqual([]);
    // A linked group of two (risk's group number is its lowest member's id).
    const groupId = Math.min(rich.playerId, off.playerId);
    await db.insert(riskGroupMembers).values([
      { playerId: rich.playerId, groupId },
      { playerId: off.playerId, groupId },
    ]);
    expect(accounts(await list(`risk_group=${groupId}`))).toEqual(['deskoff', 'deskrich']);
    expect(accounts(await list(`risk_group=${groupId}&deposits_min=1`))).toEqual(['deskrich']);
    for (const bad of ['register_ip=203.0.113.%25', 'deposits_min=-1', 'partner=abc', 'risk_group=x']) {
      const res = await t.app.inject({ url: `/api/backoffice/players?${bad}`, headers: { ...bearer(admin.token), 'x-locale': 'en' } });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('refuses bad filters and oversized pages in words', async () => {
    for (const q of [
      'status=2',
      'registered_from=2026-13',
      'balance_min=abc',
      'pageSize=101',
      'registered_from=2026-02-01&registered_to=2026-01-01',
      'tags=x',
    ]) {
      const res = await t.app.inject({ url: `/api/backoffice/players?${q}`, headers: bearer(admin.token) });
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('tags, notes and bulk actions', () => {
  let vipTag = 0;

  it('staff define tags, tag a selection in bulk (audited per player) and filter by tag', async () => {
    const made = await post('/player-tags', { name: 'VIP watch' });
    expect(made.statusCode, made.body).toBe(200);
    vipTag = made.json().data.id;
    expect((await post('/player-tags', { name: 'vip WATCH' })).statusCode).toBe(422);

    const res = await post('/players/bulk/tag', { ids: [rich.playerId, poor.playerId, 999_999], tag_id: vipTag, action: 'add' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ changed: 2, unchanged: 0, failed: [{ id: 999_999, message: 'not_found' }] });
    const again = await post('/players/bulk/tag', { ids: [rich.playerId], tag_id: vipTag, action: 'add' });
    expect(again.json().data).toMatchObject({ changed: 0, unchanged: 1 });

    const rows = await list(`tags=${vipTag}`);
    expect(accounts(rows)).toEqual(['deskpoor', 'deskrich']);
    expect(rows[0]!.tags.map((x) => x.name)).toEqual(['VIP watch']);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'player.tag.add'), eq(auditLog.target, `player:${rich.playerId}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ before: { tags: [] }, after: { tags: ['VIP watch'] } });

    const removed = await post('/players/bulk/tag', { ids: [poor.playerId], tag_id: vipTag, action: 'remove' });
    expect(removed.json().data).toMatchObject({ changed: 1 });
    expect(accounts(await list(`tags=${vipTag}`))).toEqual(['deskrich']);
  });

  it('notes carry their author and time, newest first', async () => {
    const a = await post(`/players/${rich.playerId}/notes`, { body: 'Called about a late deposit' }, service.token);
    expect(a.statusCode, a.body).toBe(200);
    await post(`/players/${rich.playerId}/notes`, { body: 'Asked for a higher limit' });
    const res = await t.app.inject({ url: `/api/backoffice/players/${rich.playerId}/notes`, headers: bearer(admin.token) });
    const notes = res.json().data;
    expect(notes.total).toBe(2);
    expect(notes.data.map((n: { body: string; staff_name: string }) => [n.body, n.staff_name])).toEqual([
      ['Asked for a higher limit', 'listadmin'],
      ['Called about a late deposit', 'listsvc'],
    ]);
    expect(Date.parse(notes.data[0].created_at)).toBeGreaterThan(Date.now() - 600_000);
    expect((await post(`/players/${rich.playerId}/notes`, { body: '  ' })).statusCode).toBe(422);
  });

  it('sets a level with its lock on a selection, each audited with before and after', async () => {
    const res = await post('/players/bulk/level', { ids: [rich.playerId, poor.playerId], level_id: 3, locked: true, reason: 'Q1 review' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ changed: 2, failed: [] });
    const rows = await t.database.db
      .select({ id: players.id, level: players.levelId })
      .from(players)
      .where(inArray(players.id, [rich.playerId, poor.playerId]));
    expect(rows.every((r) => r.level === 3)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'player.bulk.level'), eq(auditLog.target, `player:${rich.playerId}`)));
    expect(audit[0]!.detail).toMatchObject({ before: { level_id: 0 }, after: { level_id: 3, locked: true }, reason: 'Q1 review' });
    expect((await post('/players/bulk/level', { ids: [rich.playerId], level_id: 99, locked: false, reason: 'x' })).statusCode).toBe(422);
  });

  it('messages the active players of a selection, reporting the disabled ones', async () => {
    const res = await post('/players/bulk/message', { ids: [rich.playerId, off.playerId], title: '通知', body: '<p>您好</p>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ changed: 1, failed: [{ id: off.playerId, message: 'account_disabled' }] });
    const [r] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageRecipients)
      .where(eq(messageRecipients.playerId, rich.playerId));
    expect(r!.n).toBe(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'player.bulk.message'), eq(auditLog.target, `player:${rich.playerId}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ before: null, after: { title: '通知' } });
  });

  it('disables a selection with a reason, each audited and signed out', async () => {
    const res = await post('/players/bulk/disable', { ids: [poor.playerId, off.playerId], reason: 'Duplicate accounts' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ changed: 1, unchanged: 1 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'player.disable'), eq(auditLog.target, `player:${poor.playerId}`)));
    expect(audit[0]!.detail).toMatchObject({ reason: 'Duplicate accounts', before: { status: 1 }, after: { status: 0 } });
    const me = await t.app.inject({ url: '/api/auth/me', headers: poor.headers });
    expect(me.statusCode).toBe(401);
    expect((await post('/players/bulk/disable', { ids: [rich.playerId], reason: '' })).statusCode).toBe(422);
  });

  it('limits the selection to 500 players', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const res = await post('/players/bulk/tag', { ids, tag_id: vipTag, action: 'add' });
    expect(res.statusCode).toBe(422);
    expect((await post('/players/bulk/tag', { ids: [], tag_id: vipTag, action: 'add' })).statusCode).toBe(422);
  });

  it('each action needs its own permission', async () => {
    // Customer service may tag and disable, but not set levels; marketing may not read the list or tag.
    expect((await post('/players/bulk/level', { ids: [rich.playerId], level_id: 1, locked: false, reason: 'x' }, service.token)).statusCode).toBe(403);
    expect((await post('/players/bulk/tag', { ids: [rich.playerId], tag_id: vipTag, action: 'remove' }, marketing.token)).statusCode).toBe(403);
    expect((await post('/players/bulk/disable', { ids: [rich.playerId], reason: 'x' }, marketing.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/backoffice/players', headers: bearer(marketing.token) })).statusCode).toBe(403);
    expect((await post(`/players/${rich.playerId}/notes`, { body: 'hi' }, marketing.token)).statusCode).toBe(403);
    const ok = await post('/players/bulk/tag', { ids: [old.playerId], tag_id: vipTag, action: 'add' }, service.token);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
