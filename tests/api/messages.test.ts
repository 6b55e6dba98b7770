// Messages and popups: the three lists with totals and read state, segment targeting,
// another player's message refused, operator HTML sanitized on save, realtime update-message after commit,
// and the popup settings answered to visitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: { id: number; token: string };
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'msgadmin', 'admin');
});
afterAll(async () => {
  await t?.close();
});

const bo = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin.token) =>
  t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (p: Player, url: string, locale = 'zh-TW') => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...p.headers, 'x-locale': locale } });
const post = (p: Player, url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: p.headers, payload: payload as object });
const totals = async (p: Player) =>
  (await get(p, '/messages/player/list')).json().data.totals as { userMessageCount: number; personalMessageCount: number; platformMessageCount: number };

async function compose(payload: Record<string, unknown>) {
  const res = await bo('POST', '/player-messages', { title: 'T', body: '<p>hello</p>', ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; recipients: number | null; skipped: number };
}

/** Records what the publisher sends while `fn` runs. */
async function published<T>(fn: () => Promise<T>): Promise<{ result: T; players: Array<[number, string]>; system: string[] }> {
  const pub = t.app.services.realtime.publisher;
  // The publisher's functions do not read `this` (they are called bare below), and they are put back afterwards.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const toPlayer = pub.toPlayer;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const toSystem = pub.toSystem;
  const players: Array<[number, string]> = [];
  const system: string[] = [];
  pub.toPlayer = (id, event, payload) => {
    players.push([id, event]);
    toPlayer(id, event, payload);
  };
  pub.toSystem = (event, payload) => {
    system.push(event);
    toSystem(event, payload);
  };
  try {
    return { result: await fn(), players, system };
  } finally {
    pub.toPlayer = toPlayer;
    pub.toSystem = toSystem;
  }
}

describe('lists, totals and read state', () => {
  it('a system message is stored once, counted unread for every player until each reads it', async () => {
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    const before = await totals(a);
    const sent = await published(() =>
      compose({ kind: 'system', title: '系統公告', title_en: 'System notice', body: '<p>維護</p>', body_en: '<p>Maintenance</p>' }),
    );
    expect(sent.system).toEqual(['update-message']);
    expect(sent.result.recipients).toBeNull();
    const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from message_recipients where message_id = ${sent.result.id}`);
    expect(rows.rows[0]!.n).toBe(0);

    expect((await totals(a)).userMessageCount).toBe(before.userMessageCount + 1);
    const list = (await get(a, '/messages/player/list?page=1&pageSize=10', 'en')).json().data;
    expect(list.data[0]).toMatchObject({ id: sent.result.id, kind: 'system', title: 'System notice', summary: 'Maintenance', read: 0 });
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.totals.userMessageCount).toBe(before.userMessageCount + 1);

    const detail = await get(a, `/messages/detail?id=${sent.result.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ title: '系統公告', body: '<p>維護</p>', read: 1 });
    expect((await totals(a)).userMessageCount).toBe(before.userMessageCount);
    // b's read state is its own.
    expect((await get(b, '/messages/player/list?page=1&pageSize=10')).json().data.data[0]).toMatchObject({ id: sent.result.id, read: 0 });
  });

  it('personal and platform messages have their own lists and counters; mark read by ids and by kind', async () => {
    const p = await seedPlayer(t);
    const m1 = await compose({ kind: 'personal', title: 'P1', segment: { type: 'accounts', accounts: p.account } });
    const m2 = await compose({ kind: 'personal', title: 'P2', segment: { type: 'accounts', accounts: p.account } });
    const pl = await compose({ kind: 'platform', title: 'SLX 維護', platform_code: 'SLX' });
    const t1 = await totals(p);
    expect(t1.personalMessageCount).toBe(2);
    expect(t1.platformMessageCount).toBeGreaterThanOrEqual(1);

    const personal = (await get(p, '/messages/personal/list?page=1&pageSize=1')).json().data;
    expect(personal.total).toBe(2);
    expect(personal.data).toHaveLength(1);
    expect(personal.data[0].id).toBe(m2.id);
    const page2 = (await get(p, '/messages/personal/list?page=2&pageSize=1')).json().data;
    expect(page2.data[0].id).toBe(m1.id);
    const platform = (await get(p, '/messages/platform/list?page=1&pageSize=10')).json().data;
    expect(platform.data[0]).toMatchObject({ id: pl.id, kind: 'platform', platform_code: 'SLX' });

    const marked = await published(() => post(p, '/messages/read', { ids: [m1.id] }));
    expect(marked.result.json().data).toMatchObject({ marked: 1, totals: { personalMessageCount: 1 } });
    expect(marked.players).toEqual([[p.playerId, 'update-message']]);
    // Marking again changes nothing.
    expect((await post(p, '/messages/read', { ids: [m1.id] })).json().data.marked).toBe(0);
    const all = await post(p, '/messages/read', { kind: 'platform' });
    expect(all.json().data.totals.platformMessageCount).toBe(0);
    expect((await post(p, '/messages/read', { kind: 'personal' })).json().data.totals.personalMessageCount).toBe(0);
    // Exactly one of ids and kind.
    expect((await post(p, '/messages/read', {})).statusCode).toBe(422);
    expect((await post(p, '/messages/read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).statusCode).toBe(422);
  });

  it('without page and pageSize only the totals come back; page sizes are bounded', async () => {
    const p = await seedPlayer(t);
    const body = (await get(p, '/messages/personal/list')).json().data;
    expect(Object.keys(body)).toEqual(['totals']);
    expect((await get(p, '/messages/personal/list?page=1&pageSize=51')).statusCode).toBe(422);
    expect((await get(p, '/messages/personal/list?page=0&pageSize=10')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/personal/list' })).statusCode).toBe(401);
  });

  it('a withdrawn message disappears from lists and counters', async () => {
    const p = await seedPlayer(t);
    const m = await compose({ kind: 'personal', segment: { type: 'accounts', accounts: p.account } });
    expect((await totals(p)).personalMessageCount).toBe(1);
    const res = await published(() => bo('PUT', `/player-messages/${m.id}/status`, { status: 0 }));
    expect(res.result.statusCode).toBe(200);
    expect(res.players).toEqual([[p.playerId, 'update-message']]);
    expect((await totals(p)).personalMessageCount).toBe(0);
    expect((await get(p, `/messages/detail?id=${m.id}`)).statusCode).toBe(404);
  });

  it('a new player does not inherit years of old broadcasts', async () => {
    const old = await compose({ kind: 'system', title: 'old' });
    await t.database.db.execute(sql`update messages set created_at = now() - interval '90 days' where id = ${old.id}`);
    const p = await seedPlayer(t);
    const list = (await get(p, '/messages/player/list?page=1&pageSize=50')).json().data;
    expect(list.data.map((m: { id: number }) => m.id)).not.toContain(old.id);
  });
});

describe("another player's message", () => {
  it('is never shown, opened or marked by someone else', async () => {
    const owner = await seedPlayer(t);
    const other = await seedPlayer(t);
    const m = await compose({ kind: 'personal', title: 'secret', body: '<p>for owner only</p>', segment: { type: 'accounts', accounts: owner.account } });
    expect((await get(other, `/messages/detail?id=${m.id}`)).statusCode).toBe(404);
    expect((await post(other, '/messages/read', { ids: [m.id] })).json().data.marked).toBe(0);
    expect((await get(other, '/messages/personal/list?page=1&pageSize=50')).json().data.data).toEqual([]);
    expect((await totals(other)).personalMessageCount).toBe(0);
    // The owner still sees it unread: the other's attempt left no read row.
    expect((await totals(owner)).personalMessageCount).toBe(1);
    expect((await get(owner, `/messages/detail?id=${m.id}`)).json().data.body).toBe('<p>for owner only</p>');
  });
});

describe('segment targeting', () => {
  it('a pasted list of accounts, with a count preview and unknown accounts named', async () => {
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    const c = await seedPlayer(t);
    const preview = await bo('POST', '/player-messages/recipients', {
      segment: { type: 'accounts', accounts: `${a.account}, ${b.account.toUpperCase()}\n${a.account} nosuch99` },
    });
    expect(preview.json().data).toEqual({ count: 2, skipped: 0, unknown: ['nosuch99'], too_many: false });
    // An unknown account refuses the send rather than silently reaching fewer players.
    expect(
      (
        await bo('POST', '/player-messages', {
          kind: 'personal',
          title: 'x',
          body: '<p>x</p>',
          segment: { type: 'accounts', accounts: `${a.account} nosuch99` },
        })
      ).statusCode,
    ).toBe(422);
    const sent = await published(() => compose({ kind: 'personal', segment: { type: 'accounts', accounts: `${a.account} ${b.account}` } }));
    expect(sent.result.recipients).toBe(2);
    expect(sent.players.map(([id]) => id).sort()).toEqual([a.playerId, b.playerId].sort());
    expect((await totals(a)).personalMessageCount).toBe(1);
    expect((await totals(b)).personalMessageCount).toBe(1);
    expect((await totals(c)).personalMessageCount).toBe(0);
  });

  it('by level', async () => {
    const high = await seedPlayer(t);
    const low = await seedPlayer(t);
    await t.database.db.execute(sql`update players set level_id = 7 where id = ${high.playerId}`);
    const preview = (await bo('POST', '/player-messages/recipients', { segment: { type: 'level', levels: [7] } })).json().data;
    expect(preview.count).toBe(1);
    await compose({ kind: 'personal', segment: { type: 'level', levels: [7] } });
    expect((await totals(high)).personalMessageCount).toBe(1);
    expect((await totals(low)).personalMessageCount).toBe(0);
  });

  it('by registration dates (Taipei days, both ends included)', async () => {
    const early = await seedPlayer(t);
    const inside = await seedPlayer(t);
    const late = await seedPlayer(t);
    // 2020-03-01 00:30 Taipei is 2020-02-29 16:30 UTC: a UTC reading of the day would miss it.
    await t.database.db.execute(sql`update players set created_at = '2020-02-29T16:30:00Z' where id = ${inside.playerId}`);
    await t.database.db.execute(sql`update players set created_at = '2020-02-29T15:59:00Z' where id = ${early.playerId}`);
    await t.database.db.execute(sql`update players set created_at = '2020-03-02T16:00:00Z' where id = ${late.playerId}`);
    const segment = { type: 'registered', from: '2020-03-01', to: '2020-03-02' };
    expect((await bo('POST', '/player-messages/recipients', { segment })).json().data.count).toBe(1);
    await compose({ kind: 'personal', segment });
    expect((await totals(inside)).personalMessageCount).toBe(1);
    expect((await totals(early)).personalMessageCount).toBe(0);
    expect((await totals(late)).personalMessageCount).toBe(0);
    expect((await bo('POST', '/player-messages/recipients', { segment: { type: 'registered', from: '2020-03-02', to: '2020-03-01' } })).statusCode).toBe(422);
  });

  it('marketing messages skip players under a time-out or self-exclusion', async () => {
    const open = await seedPlayer(t);
    const excluded = await seedPlayer(t);
    await t.database.db.execute(sql`insert into protection_exclusions (player_id, kind, duration, starts_at, ends_at, account)
      values (${excluded.playerId}, 'timeout', '7d', now() - interval '1 hour', now() + interval '7 days', ${excluded.account})`);
    const accounts = `${open.account} ${excluded.account}`;
    expect((await bo('POST', '/player-messages/recipients', { segment: { type: 'accounts', accounts }, marketing: true })).json().data).toMatchObject({
      count: 1,
      skipped: 1,
    });
    const sent = await compose({ kind: 'personal', marketing: true, segment: { type: 'accounts', accounts } });
    expect(sent).toMatchObject({ recipients: 1, skipped: 1 });
    expect((await totals(excluded)).personalMessageCount).toBe(0);
    expect((await totals(open)).personalMessageCount).toBe(1);
    // A service message (not marketing) still reaches the excluded player.
    await compose({ kind: 'personal', segment: { type: 'accounts', accounts: excluded.account } });
    expect((await totals(excluded)).personalMessageCount).toBe(1);
  });

  it('a personal message needs a segment, a platform message a platform', async () => {
    expect((await bo('POST', '/player-messages', { kind: 'personal', title: 'x', body: '<p>x</p>' })).statusCode).toBe(422);
    expect((await bo('POST', '/player-messages', { kind: 'platform', title: 'x', body: '<p>x</p>' })).statusCode).toBe(422);
    expect((await bo('POST', '/player-messages', { kind: 'personal', title: 'x', body: '<p>x</p>', segment: { type: 'level', levels: [] } })).statusCode).toBe(
      422,
    );
  });
});

describe('operator HTML', () => {
  const dirty =
    '<p onclick="steal()">Hi<script>alert(1)</script><img src="javascript:alert(2)" onerror="x()"><a href="javascript:y()">link</a><iframe src="https://evil.example"></iframe></p>';

  it('is sanitized on save, and the preview shows exactly what will be stored', async () => {
    const p = await seedPlayer(t);
    const preview = (await bo('POST', '/player-messages/preview', { body: dirty, body_en: '<b>ok</b><script>x</script>' })).json().data;
    expect(preview.body).not.toMatch(/script|onclick|onerror|javascript|iframe/i);
    expect(preview.body_en).toBe('<b>ok</b>');
    const m = await compose({ kind: 'personal', body: dirty, segment: { type: 'accounts', accounts: p.account } });
    const stored = await t.database.db.execute<{ body: string }>(sql`select body from messages where id = ${m.id}`);
    expect(stored.rows[0]!.body).toBe(preview.body);
    const detail = (await get(p, `/messages/detail?id=${m.id}`)).json().data;
    expect(detail.body).toBe(preview.body);
    expect(detail.body).toContain('Hi');
  });

  it('a body that is nothing but script is refused', async () => {
    expect((await bo('POST', '/player-messages', { kind: 'system', title: 'x', body: '<script>alert(1)</script>' })).statusCode).toBe(422);
  });
});

describe('back office', () => {
  it('lists sent messages with recipients and read counts, and is closed to finance staff', async () => {
    const p = await seedPlayer(t);
    const m = await compose({ kind: 'personal', title: 'counted', segment: { type: 'accounts', accounts: p.account } });
    await get(p, `/messages/detail?id=${m.id}`);
    const list = (await bo('GET', '/player-messages?kind=personal&page=1&pageSize=50')).json().data;
    expect(list.data.find((r: { id: number }) => r.id === m.id)).toMatchObject({
      recipients: 1,
      reads: 1,
      staff: 'msgadmin',
      segment: { type: 'accounts', count: 1 },
    });
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'messages.compose' and target = ${`message:${m.id}`}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
    const finance = await signedInStaff(t, 'msgfinance', 'finance');
    expect((await bo('POST', '/player-messages', { kind: 'system', title: 'x', body: '<p>x</p>' }, finance.token)).statusCode).toBe(403);
    expect((await bo('GET', '/popups', undefined, finance.token)).statusCode).toBe(403);
  });
});

describe('platform maintenance', () => {
  it('the platform editor may tell players: a platform message with the window in Taipei time', async () => {
    const p = await seedPlayer(t);
    const platforms = (await bo('GET', '/platforms')).json().data as Array<{ id: number; code: string; name: string }>;
    const target = platforms[0]!;
    const res = await published(() =>
      bo('PUT', `/platforms/${target.id}`, { maintain_start: '2030-01-02T20:00:00Z', maintain_end: '2030-01-02T22:00:00Z', notify_players: true }),
    );
    expect(res.result.statusCode, res.result.body).toBe(200);
    expect(res.system).toContain('update-message');
    const list = (await get(p, '/messages/platform/list?page=1&pageSize=5')).json().data;
    expect(list.data[0]).toMatchObject({ kind: 'platform', platform_code: target.code, read: 0 });
    expect(list.data[0].title).toContain(target.name);
    const detail = (await get(p, `/messages/detail?id=${list.data[0].id}`)).json().data;
    expect(detail.body).toContain('2030-01-03 04:00 至 2030-01-03 06:00');
    // Without the flag no message is written.
    const before = (await totals(p)).platformMessageCount;
    expect((await bo('PUT', `/platforms/${target.id}`, { sort: 3 })).statusCode).toBe(200);
    expect((await totals(p)).platformMessageCount).toBe(before);
  });
});

describe('popup settings', () => {
  const popup = {
    title: '公告',
    title_en: 'Notice',
    status: 1,
    sort: 1,
    show_mode: 2,
    show_type: 1,
    close_mode: 2,
    frame_setting: 2,
    page_1_title_color: '#ffffff',
    page_1_header_background: '#aa0000',
    page_1_background: '#fffbe6',
    page_1_border_color: '#aa0000',
    page_1_width: 520,
    page_2_frame_type: 2,
    content_type: 2,
    image: null,
    image_alt: '',
    page_3_redirect_type: 2,
    page_3_redirect: '/member/deposit',
    html_code: '<p>存款優惠<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    html_code_en: '<p>Deposit offer</p>',
    starts_at: null,
    ends_at: null,
  };

  it("answers every field to visitors, with the HTML sanitized on save, in the caller's language", async () => {
    const saved = await bo('POST', '/popups', popup);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    expect(saved.json().data.html_code).not.toMatch(/script|onerror/);
    const res = await t.app.inject({ method: 'GET', url: '/api/system/alert/settings' });
    expect(res.statusCode).toBe(200);
    const view = res.json().data.find((x: { id: number }) => x.id === id);
    expect(Object.keys(view).sort()).toEqual([
      'close_mode',
      'content_type',
      'cookie_minutes',
      'frame_setting',
      'html_code',
      'id',
      'image',
      'image_alt',
      'page_1_background',
      'page_1_border_color',
      'page_1_header_background',
      'page_1_title_color',
      'page_1_width',
      'page_2_frame_type',
      'page_3_redirect',
      'page_3_redirect_type',
      'show_mode',
      'show_type',
      'title',
      'version',
    ]);
    expect(view).toMatchObject({
      title: '公告',
      show_mode: 2,
      show_type: 1,
      close_mode: 2,
      frame_setting: 2,
      page_2_frame_type: 2,
      content_type: 2,
      page_3_redirect_type: 2,
      page_3_redirect: '/member/deposit',
      cookie_minutes: 60,
      image: null,
    });
    expect(view.html_code).toContain('存款優惠');
    expect(view.html_code).not.toMatch(/script|onerror/);
    const en = (await t.app.inject({ method: 'GET', url: '/api/system/alert/settings', headers: { 'x-locale': 'en' } }))
      .json()
      .data.find((x: { id: number }) => x.id === id);
    expect(en).toMatchObject({ title: 'Notice', html_code: '<p>Deposit offer</p>' });
    // An edit changes the version, so players who closed it see the new one.
    const edited = await bo('PUT', `/popups/${id}`, { ...popup, sort: 2 });
    expect(edited.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/system/alert/settings' })).json().data.find((x: { id: number }) => x.id === id);
    expect(after.version).not.toBe(view.version);
  });

  it('leaves out popups switched off or outside their window, and refuses bad settings', async () => {
    const off = (await bo('POST', '/popups', { ...popup, title: 'off', status: 0 })).json().data.id;
    const future = (await bo('POST', '/popups', { ...popup, title: 'later', starts_at: new Date(Date.now() + 86_400_000).toISOString() })).json().data.id;
    const ids = (await t.app.inject({ method: 'GET', url: '/api/system/alert/settings' })).json().data.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(future);
    for (const bad of [
      { page_3_redirect: 'javascript:alert(1)' },
      { page_3_redirect: '//evil.example/x' },
      { frame_setting: 4 },
      { page_2_frame_type: 4 },
      { page_1_background: 'red;background:url(x)' },
      { content_type: 1, image: null },
      { show_mode: 3 },
    ]) {
      const res = await bo('POST', '/popups', { ...popup, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await bo('DELETE', `/popups/${off}`)).statusCode).toBe(200);
    expect((await bo('DELETE', `/popups/${off}`)).statusCode).toBe(404);
  });

  it('an image popup shows a public operator upload; other ids are refused', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const boundary = '----popuptest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/uploads/images',
      payload,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const imageId = up.json().data.files[0].id as number;
    const saved = await bo('POST', '/popups', {
      ...popup,
      title: 'image',
      frame_setting: 3,
      content_type: 1,
      image: imageId,
      image_alt: 'Big offer',
      page_3_redirect_type: 2,
      page_3_redirect: 'https://example.com/offer',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: '/api/system/alert/settings' }))
      .json()
      .data.find((x: { id: number }) => x.id === saved.json().data.id);
    expect(view).toMatchObject({
      frame_setting: 3,
      content_type: 1,
      image: `/api/files/${imageId}`,
      image_alt: 'Big offer',
      page_3_redirect_type: 2,
      page_3_redirect: 'https://example.com/offer',
    });
    expect((await t.app.inject({ method: 'GET', url: view.image })).statusCode).toBe(200);
    // An id that is not a public operator upload is refused.
    expect((await bo('POST', '/popups', { ...popup, content_type: 1, image: imageId + 1000 })).statusCode).toBe(422);
  });
});
