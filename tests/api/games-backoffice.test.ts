// The lobby's back office: game platforms (shown, switched on, maintenance now or in a window, order) that
// lobbies hear about live, games with their thumbnails, and a player's bet records.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { FakeProvider } from '../helpers/fake-provider.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { auditLog, betRecords, gamePlatforms, games } from '../../src/server/db/schema.ts';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
type Role = 'admin' | 'finance' | 'service' | 'marketing';

let t: TestApp;
const tokens = {} as Record<Role, string>;
const staffIds = {} as Record<Role, number>;

async function addStaff(username: string, role: Role) {
  const { id, token } = await signedInStaff(t, username, role);
  staffIds[role] = id;
  tokens[role] = token;
}

beforeAll(async () => {
  t = await createTestApp({}, { provider: new FakeProvider(), gateway: new FakeGateway() });
  await addStaff('pf-boss', 'admin');
  await addStaff('pf-cash', 'finance');
  await addStaff('pf-help', 'service');
  await addStaff('pf-promo', 'marketing');
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function bo(role: Role | null, method: 'GET' | 'PUT', url: string, payload?: unknown): Promise<Res> {
  return t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    remoteAddress: '10.4.3.2',
    headers: { 'x-locale': 'en', ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function systemEvents() {
  const spy = vi.spyOn(t.app.services.realtime.publisher, 'toSystem');
  return () => spy.mock.calls.map((c) => [c[0], c[1]]);
}

async function platformId(code: string, group: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: gamePlatforms.id })
    .from(gamePlatforms)
    .where(and(eq(gamePlatforms.gpCode, code), eq(gamePlatforms.group, group)));
  return row!.id;
}

async function lastAudit(action: string) {
  const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return rows[0];
}

describe('game platforms', () => {
  it('lists every platform with its switches, maintenance window and order', async () => {
    for (const role of ['admin', 'finance', 'service', 'marketing'] as const) expect((await bo(role, 'GET', '/platforms')).statusCode).toBe(200);
    const res = await bo('marketing', 'GET', '/platforms');
    const slx = (res.json().data as Array<Record<string, unknown>>).find((p) => p.code === 'SLX');
    expect(slx).toEqual({
      id: await platformId('SLX', 'slots'),
      code: 'SLX',
      group: 'slots',
      name: '星光電子',
      name_en: 'Starlight Slots',
      front_show: 1,
      status: 1,
      maintain_status: 1,
      maintain_start: null,
      maintain_end: null,
      sort: 1,
    });
    expect((await bo(null, 'GET', '/platforms')).statusCode).toBe(401);
  });

  it('updates a platform, writes the audit row and tells every lobby after commit', async () => {
    const id = await platformId('FSH', 'fish');
    const events = systemEvents();
    const res = await bo('admin', 'PUT', `/platforms/${id}`, {
      front_show: 0,
      maintain_start: '2030-05-01T02:00:00+08:00',
      maintain_end: '2030-05-01T06:30:00+08:00',
      sort: 12,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      code: 'FSH',
      group: 'fish',
      front_show: 0,
      status: 1,
      maintain_status: 1,
      sort: 12,
      maintain_start: '2030-04-30T18:00:00.000Z',
      maintain_end: '2030-04-30T22:30:00.000Z',
    });
    expect(events()).toEqual([['change-gamePlatform', {}]]);

    // The player site's lists show the change at once.
    const all = await t.app.inject({ url: '/api/games/platform/all' });
    const fish = (all.json().data as Array<Record<string, unknown>>).find((p) => p.gp_code === 'FSH' && p.group === 'fish');
    expect(fish).toMatchObject({ front_show: 0, maintain: '2030-04-30T18:00:00.000Z ~ 2030-04-30T22:30:00.000Z' });

    const audit = await lastAudit('platform.update');
    expect(audit).toMatchObject({ staffId: staffIds.admin, target: `game_platform:${id}`, ip: '10.4.3.2' });
    expect(audit!.detail).toMatchObject({ code: 'FSH', before: { front_show: 1, sort: 2 }, after: { front_show: 0, sort: 12 } });

    // Maintenance now, then back: a window is cleared with nulls.
    expect((await bo('admin', 'PUT', `/platforms/${id}`, { maintain_status: 0, status: 0 })).json().data).toMatchObject({ maintain_status: 0, status: 0 });
    const cleared = await bo('admin', 'PUT', `/platforms/${id}`, {
      maintain_status: 1,
      status: 1,
      front_show: 1,
      maintain_start: null,
      maintain_end: null,
      sort: 2,
    });
    expect(cleared.json().data).toMatchObject({ maintain_status: 1, status: 1, front_show: 1, maintain_start: null, maintain_end: null, sort: 2 });
    expect(events()).toHaveLength(3);
  });

  it('refuses what is not a platform change, and tells nobody', async () => {
    const id = await platformId('LVC', 'casino');
    const events = systemEvents();
    const cases: Array<[unknown, string, string]> = [
      [{}, '_root', 'Nothing to change'],
      [{ status: 2 }, 'status', 'Must be 0 or 1'],
      [{ front_show: '1' }, 'front_show', 'Must be 0 or 1'],
      [{ sort: -1 }, 'sort', 'A whole number from 0 to 100000'],
      [{ sort: 1.5 }, 'sort', 'A whole number from 0 to 100000'],
      [{ maintain_start: '2030-05-01 02:00' }, 'maintain_start', 'Enter a date and time'],
      [{ maintain_start: '2030-13-01T02:00:00+08:00', maintain_end: '2030-12-01T02:00:00+08:00' }, 'maintain_start', 'Enter a date and time'],
      [{ maintain_start: '2030-05-01T02:00:00+08:00' }, 'maintain_end', 'A maintenance window needs both a start and an end'],
      [{ maintain_end: '2030-05-01T02:00:00+08:00' }, 'maintain_start', 'A maintenance window needs both a start and an end'],
      [{ maintain_start: '2030-05-01T06:00:00+08:00', maintain_end: '2030-05-01T06:00:00+08:00' }, 'maintain_end', 'The end must be after the start'],
      [{ maintain_start: '2030-05-01T06:00:00Z', maintain_end: '2030-05-01T05:00:00Z' }, 'maintain_end', 'The end must be after the start'],
    ];
    for (const [body, field, message] of cases) {
      const res = await bo('admin', 'PUT', `/platforms/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error?.[field]?.[0], JSON.stringify(body)).toBe(message);
    }
    expect((await bo('admin', 'PUT', `/platforms/${id}`, { status: 1, name: 'x' })).statusCode).toBe(422);
    expect((await bo('admin', 'PUT', '/platforms/999999', { status: 1 })).statusCode).toBe(404);
    for (const role of ['finance', 'service', 'marketing'] as const) expect((await bo(role, 'PUT', `/platforms/${id}`, { status: 0 })).statusCode).toBe(403);
    expect(events()).toEqual([]);
    const [row] = await t.database.db.select().from(gamePlatforms).where(eq(gamePlatforms.id, id));
    expect(row).toMatchObject({ status: 1, frontShow: 1, maintainStart: null, maintainEnd: null });

    // A window may be set on a platform that has none, then its end moved alone.
    expect((await bo('admin', 'PUT', `/platforms/${id}`, { maintain_start: '2030-05-01T02:00:00Z', maintain_end: '2030-05-01T03:00:00Z' })).statusCode).toBe(
      200,
    );
    expect((await bo('admin', 'PUT', `/platforms/${id}`, { maintain_end: '2030-05-01T01:00:00Z' })).statusCode).toBe(422);
    expect((await bo('admin', 'PUT', `/platforms/${id}`, { maintain_end: '2030-05-01T04:00:00Z' })).json().data.maintain_end).toBe('2030-05-01T04:00:00.000Z');
    await bo('admin', 'PUT', `/platforms/${id}`, { maintain_start: null, maintain_end: null });
  });
});

describe('games', () => {
  it('lists games by platform and group, with the pictures a game may use', async () => {
    const res = await bo('marketing', 'GET', '/games?code=SLX');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toEqual([
      expect.objectContaining({
        code: 'SLX',
        game_code: 'lucky-7',
        group: 'slots',
        name: '幸運七',
        name_en: 'Lucky 7',
        status: 1,
        thumbnails: { cn: '/games/cn/lucky-7.svg', en: '/games/en/lucky-7.svg', th: '/games/th/lucky-7.svg' },
      }),
    ]);
    const casino = await bo('admin', 'GET', '/games?group=casino');
    expect(casino.json().data.data.map((g: { game_code: string }) => g.game_code)).toEqual(['baccarat']);
    expect((await bo('admin', 'GET', '/games')).json().data.total).toBeGreaterThanOrEqual(7);
    expect((await bo('admin', 'GET', '/games?group=poker')).statusCode).toBe(422);

    const pictures = await bo('marketing', 'GET', '/games/thumbnails');
    expect(pictures.statusCode).toBe(200);
    for (const lang of ['cn', 'en', 'th']) {
      expect(pictures.json().data[lang]).toContain(`/games/${lang}/baccarat.svg`);
      expect(pictures.json().data[lang].every((p: string) => p.startsWith(`/games/${lang}/`) && !p.endsWith('.br') && !p.endsWith('.gz'))).toBe(true);
    }
    for (const role of ['finance', 'service'] as const) {
      expect((await bo(role, 'GET', '/games')).statusCode).toBe(403);
      expect((await bo(role, 'GET', '/games/thumbnails')).statusCode).toBe(403);
    }
  });

  it("updates a game's status, order, names and thumbnails, audited, and lobbies reload", async () => {
    const [game] = await t.database.db.select().from(games).where(eq(games.gameCode, 'ocean-hunt'));
    const events = systemEvents();
    const res = await bo('marketing', 'PUT', `/games/${game!.id}`, {
      status: 0,
      sort: 40,
      name: ' 海洋獵人 2 ',
      name_en: 'Ocean Hunt 2',
      thumbnails: { cn: '/games/cn/baccarat.svg', th: '/games/en/ocean-hunt.svg' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: game!.id,
      status: 0,
      sort: 40,
      name: '海洋獵人 2',
      name_en: 'Ocean Hunt 2',
      thumbnails: { cn: '/games/cn/baccarat.svg', en: '/games/en/ocean-hunt.svg', th: '/games/en/ocean-hunt.svg' },
    });
    expect(events()).toEqual([['change-gamePlatform', {}]]);
    // Switched off: the player site no longer lists it.
    const listed = await t.app.inject({ url: '/api/games/list?group=fish' });
    expect(JSON.stringify(listed.json())).not.toContain('ocean-hunt');
    const audit = await lastAudit('game.update');
    expect(audit).toMatchObject({ staffId: staffIds.marketing, target: `game:${game!.id}` });
    expect(audit!.detail).toMatchObject({ game_code: 'ocean-hunt', before: { status: 1, name: '海洋獵人' }, after: { status: 0, name: '海洋獵人 2' } });

    const back = await bo('admin', 'PUT', `/games/${game!.id}`, {
      status: 1,
      sort: 2,
      name: '海洋獵人',
      name_en: 'Ocean Hunt',
      thumbnails: { cn: '/games/cn/ocean-hunt.svg', en: '/games/en/ocean-hunt.svg', th: '/games/th/ocean-hunt.svg' },
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses pictures that are not on the site and other bad changes', async () => {
    const [game] = await t.database.db.select().from(games).where(eq(games.gameCode, 'baccarat'));
    const events = systemEvents();
    const cases: Array<[unknown, string, string]> = [
      [{ thumbnails: { cn: '/games/cn/nothing-here.svg' } }, 'thumbnails.cn', 'This picture does not exist on the site'],
      [{ thumbnails: { en: '/games/en/../../server.ts' } }, 'thumbnails.en', 'Choose one of the pictures under /games/'],
      [{ thumbnails: { th: 'https://evil.example/x.svg' } }, 'thumbnails.th', 'Choose one of the pictures under /games/'],
      [{ thumbnails: { de: '/games/cn/baccarat.svg' } }, 'thumbnails.de', 'Unknown field'],
      [{ thumbnails: '/games/cn/baccarat.svg' }, 'thumbnails', 'Thumbnails are given per language: cn, en, th'],
      [{ name: '   ' }, 'name', 'Please enter the name'],
      [{ status: 3 }, 'status', 'Must be 0 or 1'],
      [{ sort: 100_001 }, 'sort', 'A whole number from 0 to 100000'],
      [{}, '_root', 'Nothing to change'],
    ];
    for (const [body, field, message] of cases) {
      const res = await bo('admin', 'PUT', `/games/${game!.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error?.[field]?.[0], JSON.stringify(body)).toBe(message);
    }
    expect((await bo('admin', 'PUT', '/games/999999', { status: 1 })).statusCode).toBe(404);
    for (const role of ['finance', 'service'] as const) expect((await bo(role, 'PUT', `/games/${game!.id}`, { status: 0 })).statusCode).toBe(403);
    expect(events()).toEqual([]);
    const [row] = await t.database.db.select().from(games).where(eq(games.id, game!.id));
    expect(row!.thumbnails).toEqual({ cn: '/games/cn/baccarat.svg', en: '/games/en/baccarat.svg', th: '/games/th/baccarat.svg' });
  });
});

describe("a player's bet records", () => {
  it("lists a player's bets newest first with filters, paging and totals", async () => {
    const p = await seedPlayer(t);
    const other = await seedPlayer(t);
    const at = (iso: string) => new Date(iso);
    const bet = (betId: string, code: string, placedAt: string, stake: bigint, payout: bigint, status: 'settled' | 'open' | 'void', playerId = p.playerId) => ({
      gpCode: code,
      betId,
      playerId,
      game: code === 'SLX' ? 'lucky-7' : 'football',
      gameType: code === 'SLX' ? 'slots' : 'sports',
      stakeMinor: stake,
      payoutMinor: payout,
      validBetMinor: status === 'settled' ? stake : 0n,
      status,
      version: 1,
      ledgerVersion: 1,
      placedAt: at(placedAt),
      settledAt: status === 'open' ? null : at(placedAt),
    });
    await t.database.db.insert(betRecords).values([
      // 2030-03-01 23:30 in Taipei is still March 1st there.
      bet(`b1-${p.playerId}`, 'SLX', '2030-03-01T15:30:00Z', 1_000n, 2_500n, 'settled'),
      bet(`b2-${p.playerId}`, 'SLX', '2030-03-01T16:30:00Z', 2_000n, 0n, 'settled'),
      bet(`b3-${p.playerId}`, 'SPB', '2030-03-02T04:00:00Z', 5_000n, 0n, 'open'),
      bet(`b4-${p.playerId}`, 'SPB', '2030-03-03T04:00:00Z', 700n, 700n, 'void'),
      bet(`b5-${other.playerId}`, 'SLX', '2030-03-01T04:00:00Z', 9_900n, 0n, 'settled', other.playerId),
    ]);

    const all = await bo('service', 'GET', `/players/${p.playerId}/bets`);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json().data;
    expect(body.player).toEqual({ id: p.playerId, account: p.account });
    expect(body.data.map((b: { bet_id: string }) => b.bet_id)).toEqual([`b4-${p.playerId}`, `b3-${p.playerId}`, `b2-${p.playerId}`, `b1-${p.playerId}`]);
    expect(body.data[3]).toMatchObject({
      gp_code: 'SLX',
      game: 'lucky-7',
      game_type: 'slots',
      status: 'settled',
      stake: '10.00',
      payout: '25.00',
      valid_bet: '10.00',
      win_loss: '15.00',
      wallet: 'central',
      placed_at: '2030-03-01T15:30:00.000Z',
    });
    expect(body.data[1]).toMatchObject({ status: 'open', win_loss: null });
    expect(body.data[0]).toMatchObject({ status: 'void', win_loss: '0.00' });
    expect(body.totals).toEqual({ count: 4, stake: '87.00', payout: '25.00', valid_bet: '30.00' });
    expect(body.total).toBe(4);

    const slotsOnMarch1 = await bo('finance', 'GET', `/players/${p.playerId}/bets?code=SLX&start=2030-03-01&end=2030-03-01`);
    expect(slotsOnMarch1.json().data.data.map((b: { bet_id: string }) => b.bet_id)).toEqual([`b1-${p.playerId}`]);
    expect(slotsOnMarch1.json().data.totals).toMatchObject({ count: 1, stake: '10.00' });
    const paged = await bo('admin', 'GET', `/players/${p.playerId}/bets?pageSize=3&page=2`);
    expect(paged.json().data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.json().data.data).toHaveLength(1);
    expect(paged.json().data.totals.count).toBe(4);

    expect((await bo('admin', 'GET', `/players/${p.playerId}/bets?start=2030-03-02&end=2030-03-01`)).json().error.end).toEqual([
      'The end date must not be before the start date',
    ]);
    expect((await bo('admin', 'GET', `/players/${p.playerId}/bets?start=03/01/2030`)).statusCode).toBe(422);
    expect((await bo('admin', 'GET', `/players/${p.playerId}/bets?code=S%20X`)).statusCode).toBe(422);
    expect((await bo('admin', 'GET', '/players/99999999/bets')).statusCode).toBe(404);
    expect((await bo('marketing', 'GET', `/players/${p.playerId}/bets`)).statusCode).toBe(403);
  });
});
