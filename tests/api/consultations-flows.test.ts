// Consultations: a player opens a thread with two images, staff reply, assign and end it on the
// desk; the watch count and the badge counter follow; a player never sees another player's thread or image;
// image ids of another player, already used ones or a fourth are refused; every desk action is audited.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { auditLog, consultations } from '../../src/server/db/schema.ts';
import { createConsultation } from '../../src/server/modules/consultations/service.ts';

let t: TestApp;
let op: { authorization: string };
let opId: number;
type Player = Awaited<ReturnType<typeof seedPlayer>>;

beforeAll(async () => {
  t = await createTestApp();
  const s = await signedInStaff(t, 'desk1', 'service');
  op = { authorization: `Bearer ${s.token}` };
  opId = s.id;
});
afterAll(async () => {
  await t?.close();
});

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 8 + seed, height: 8, channels: 3, background: { r: seed * 20, g: 10, b: 10 } } })
    .png()
    .toBuffer();
}

/** Uploads images through the uploads module the way the browser does (multipart, field `file`). */
async function upload(p: Player, files: Buffer[]): Promise<number[]> {
  const form = new FormData();
  files.forEach((f, i) => form.append('file', new Blob([new Uint8Array(f)], { type: 'image/png' }), `shot${i}.png`));
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: { ...p.headers, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.files as { id: number }[]).map((f) => f.id);
}

async function staffUpload(headers: Record<string, string>, file: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'answer.png');
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/uploads/images?visibility=private',
    headers: { ...headers, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.files[0].id as number;
}

async function open(p: Player, over: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/messages/player/consultation',
    headers: p.headers,
    payload: { title: '存款未到帳', information: '昨晚轉帳 1,000 尚未入帳', ...over },
  });
}
async function counter(p: Player): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation', headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.PlayerConsultationCount;
}
async function staffReply(id: number, content = '已為您查詢，款項已入帳') {
  return t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/reply`, headers: op, payload: { content } });
}
async function lastAudit(action: string) {
  return (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
}

describe('a consultation with two images', () => {
  it('is created, listed and shown with its images to the owner and staff only', async () => {
    const p = await seedPlayer(t);
    const other = await seedPlayer(t);
    const ids = await upload(p, [await png(1), await png(2)]);
    const created = await open(p, { image_ids: ids });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;

    const list = await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation?page=1&pageSize=10', headers: p.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.data[0]).toMatchObject({ id, state: 'consulting', image_count: 2, watch_count: 0 });

    const detail = await t.app.inject({ method: 'GET', url: `/api/messages/player/consultation/${id}`, headers: p.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const images = detail.json().data.images as { id: number; url: string }[];
    expect(images.map((i) => i.id)).toEqual(ids);
    const served = await t.app.inject({ method: 'GET', url: images[0]!.url, headers: p.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);

    // Another player: the thread looks missing, the list is empty, and the image without its signature is refused.
    expect((await t.app.inject({ method: 'GET', url: `/api/messages/player/consultation/${id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation?page=1&pageSize=10', headers: other.headers })).json().data.total).toBe(
      0,
    );
    const bare = images[0]!.url.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: bare, headers: other.headers })).statusCode).toBeGreaterThanOrEqual(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/messages/player/consultation/${id}/reply`, headers: other.headers, payload: { content: 'hi' } }))
        .statusCode,
    ).toBe(404);

    // Staff see the same images on the desk.
    const desk = await t.app.inject({ method: 'GET', url: `/api/backoffice/consultations/${id}`, headers: op });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().data.consultation.images.map((i: { id: number }) => i.id)).toEqual(ids);
    expect(desk.json().data.player).toMatchObject({ id: p.playerId, account: p.account, level_id: 0, central: '0.00' });
  });

  it('refuses image ids of another player, used ones and a fourth, and saves nothing then', async () => {
    const p = await seedPlayer(t);
    const other = await seedPlayer(t);
    const theirs = await upload(other, [await png(3)]);
    const refused = await open(p, { image_ids: theirs });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    const mine = await upload(p, [await png(4), await png(5), await png(6)]);
    const first = await open(p, { image_ids: [mine[0]] });
    expect(first.statusCode, first.body).toBe(200);
    const reused = await open(p, { image_ids: [mine[0], mine[1]] });
    expect(reused.statusCode, reused.body).toBeGreaterThanOrEqual(400);
    expect(reused.statusCode).toBeLessThan(500);
    // The refused consultation rolled back whole: mine[1] is still free to use.
    const again = await open(p, { image_ids: [mine[1]] });
    expect(again.statusCode, again.body).toBe(200);

    const fourth = await open(p, { image_ids: [mine[2], 999_001, 999_002, 999_003] });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().error.image_ids).toBeTruthy();

    const rows = await t.database.db.select().from(consultations).where(eq(consultations.playerId, p.playerId));
    expect(rows).toHaveLength(2);
  });
});

describe('the thread', () => {
  it('counts staff replies in the watch count until the player opens it, and update-consultation follows each', async () => {
    const p = await seedPlayer(t);
    const a = (await open(p)).json().data.id as number;
    const b = (await open(p, { title: '提款問題' })).json().data.id as number;
    expect(await counter(p)).toBe(0);

    const spy = vi.spyOn(t.app.services.realtime.publisher, 'toPlayer');
    expect((await staffReply(a)).statusCode).toBe(200);
    expect((await staffReply(a, '請再提供轉帳截圖')).statusCode).toBe(200);
    expect((await staffReply(b)).statusCode).toBe(200);
    expect(spy.mock.calls.filter(([id, event]) => id === p.playerId && event === 'update-consultation')).toHaveLength(3);
    spy.mockRestore();
    expect(await counter(p)).toBe(3);

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation?page=1&pageSize=10&state=consulting', headers: p.headers })
    ).json().data;
    expect(list.PlayerConsultationCount).toBe(3);
    expect(list.data.find((c: { id: number }) => c.id === a).watch_count).toBe(2);

    const detail = await t.app.inject({ method: 'GET', url: `/api/messages/player/consultation/${a}`, headers: p.headers });
    const messages = detail.json().data.messages as { author: string; body: string; staff_name: string | null }[];
    expect(messages.map((m) => [m.author, m.body])).toEqual([
      ['staff', '已為您查詢，款項已入帳'],
      ['staff', '請再提供轉帳截圖'],
    ]);
    // The player does not learn which staff member answered.
    expect(messages.every((m) => m.staff_name === null)).toBe(true);
    expect(await counter(p)).toBe(1);

    // The first reply assigned the thread to whoever answered it; the reply is audited.
    const row = (await t.database.db.select().from(consultations).where(eq(consultations.id, a)))[0]!;
    expect(row.assigneeStaffId).toBe(opId);
    expect(await lastAudit('consultation.reply')).toMatchObject({ staffId: opId, target: `player:${p.playerId}` });
  });

  it('takes player replies while consulting and refuses both sides once ended', async () => {
    const p = await seedPlayer(t);
    const id = (await open(p)).json().data.id as number;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/player/consultation/${id}/reply`,
      headers: p.headers,
      payload: { content: '補充：帳號末四碼 1234' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const desk = await t.app.inject({ method: 'GET', url: `/api/backoffice/consultations?state=consulting&account=${p.account}`, headers: op });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().data.data[0]).toMatchObject({ id, staff_unread: 2, account: p.account });
    // Opening it on the desk marks the player's messages seen.
    await t.app.inject({ method: 'GET', url: `/api/backoffice/consultations/${id}`, headers: op });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/backoffice/consultations?account=${p.account}`, headers: op })).json().data.data[0].staff_unread,
    ).toBe(0);

    const end = await t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/end`, headers: op });
    expect(end.statusCode, end.body).toBe(200);
    expect(await lastAudit('consultation.end')).toMatchObject({ target: `player:${p.playerId}` });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/messages/player/consultation/${id}/reply`,
      headers: p.headers,
      payload: { content: '還在嗎' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('consultation_ended');
    expect((await staffReply(id)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/end`, headers: op })).statusCode).toBe(409);

    const ended = (await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation?page=1&pageSize=10&state=ended', headers: p.headers })).json()
      .data;
    expect(ended.data.map((c: { id: number }) => c.id)).toEqual([id]);
    const consulting = (
      await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation?page=1&pageSize=10&state=consulting', headers: p.headers })
    ).json().data;
    expect(consulting.total).toBe(0);
  });

  it('validates the form and bounds the page size', async () => {
    const p = await seedPlayer(t);
    const empty = await open(p, { title: '   ', information: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().error).sort()).toEqual(['information', 'title']);
    expect((await open(p, { title: 'x'.repeat(101) })).statusCode).toBe(422);
    expect((await open(p, { image_ids: [1, 1] })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation?page=1&pageSize=51', headers: p.headers })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/player/consultation/99999999999999999999', headers: p.headers })).statusCode).toBe(422);
  });

  it('is refused while the operator has switched consultations off', async () => {
    const p = await seedPlayer(t);
    const spy = vi.spyOn(t.app.services.system, 'settings');
    const real = await t.app.services.system.settings();
    spy.mockResolvedValue({ ...real, enable_player_consultation: 0 });
    try {
      const res = await open(p);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('consultation_disabled');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the desk', () => {
  it("replies with a private picture the player sees, and refuses pictures that are not the replying staff member's", async () => {
    const p = await seedPlayer(t);
    const id = (await open(p)).json().data.id as number;
    const picture = await staffUpload(op, await png(7));
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/consultations/${id}/reply`,
      headers: op,
      payload: { content: '請參考截圖', image_ids: [picture] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const thread = (await t.app.inject({ method: 'GET', url: `/api/messages/player/consultation/${id}`, headers: p.headers })).json().data;
    const shown = thread.messages[0].images as { id: number; url: string }[];
    expect(shown.map((i) => i.id)).toEqual([picture]);
    expect((await t.app.inject({ method: 'GET', url: shown[0]!.url })).statusCode).toBe(200);
    // Private: without its signature the picture reads as missing.
    expect((await t.app.inject({ method: 'GET', url: shown[0]!.url.split('?')[0]! })).statusCode).toBe(404);

    // Used already, another staff member's, or a player's upload: refused, and no reply is stored.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/consultations/${id}/reply`,
      headers: op,
      payload: { content: 'again', image_ids: [picture] },
    });
    expect(again.statusCode).toBe(422);
    const colleague = await signedInStaff(t, 'desk3', 'service');
    const theirs = await staffUpload({ authorization: `Bearer ${colleague.token}` }, await png(8));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/reply`, headers: op, payload: { content: 'x', image_ids: [theirs] } }))
        .statusCode,
    ).toBe(422);
    const [playerPicture] = await upload(p, [await png(9)]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/backoffice/consultations/${id}/reply`,
          headers: op,
          payload: { content: 'x', image_ids: [playerPicture] },
        })
      ).statusCode,
    ).toBe(422);
    const after = (await t.app.inject({ method: 'GET', url: `/api/messages/player/consultation/${id}`, headers: p.headers })).json().data;
    expect(after.messages).toHaveLength(1);
    // The player's own picture is still free for the player's reply.
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/messages/player/consultation/${id}/reply`,
      headers: p.headers,
      payload: { content: '補上截圖', image_ids: [playerPicture] },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('assigns to a staff member, filters the queue by assignee and keeps other roles out', async () => {
    const p = await seedPlayer(t);
    const id = (await open(p)).json().data.id as number;
    const other = await signedInStaff(t, 'desk2', 'service');
    const assign = await t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/assign`, headers: op, payload: { staff_id: other.id } });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(await lastAudit('consultation.assign')).toMatchObject({ staffId: opId, detail: { consultation: id, after: { assignee_staff_id: other.id } } });

    const theirs = await t.app.inject({ method: 'GET', url: '/api/backoffice/consultations?assignee=me', headers: { authorization: `Bearer ${other.token}` } });
    expect(theirs.json().data.data.map((c: { id: number }) => c.id)).toContain(id);
    const mine = await t.app.inject({ method: 'GET', url: '/api/backoffice/consultations?assignee=me', headers: op });
    expect(mine.json().data.data.map((c: { id: number }) => c.id)).not.toContain(id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/backoffice/consultations', headers: op })).json().data.staff.map((s: { id: number }) => s.id),
    ).toContain(other.id);

    const marketing = await signedInStaff(t, 'mkt1', 'marketing');
    const mk = { authorization: `Bearer ${marketing.token}` };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/assign`, headers: op, payload: { staff_id: marketing.id } })).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/consultations', headers: mk })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/end`, headers: mk })).statusCode).toBe(403);
  });

  it('answers a reply racing the end either before it or with consultation_ended', async () => {
    const p = await seedPlayer(t);
    const id = (await open(p)).json().data.id as number;
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => staffReply(id, `reply ${i}`)),
      t.app.inject({ method: 'POST', url: `/api/backoffice/consultations/${id}/end`, headers: op }),
      ...Array.from({ length: 5 }, (_, i) => staffReply(id, `late ${i}`)),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const row = (await t.database.db.select().from(consultations).where(eq(consultations.id, id)))[0]!;
    expect(row.state).toBe('ended');
    const thread = (await t.app.inject({ method: 'GET', url: `/api/backoffice/consultations/${id}`, headers: op })).json().data.consultation.messages as {
      created_at: string;
    }[];
    const accepted = results.filter((r, i) => i !== 5 && r.statusCode === 200).length;
    expect(thread).toHaveLength(accepted);
    expect(row.watchCount).toBe(accepted);
    // No reply was stored after the thread ended.
    expect(thread.every((m) => new Date(m.created_at) <= row.endedAt!)).toBe(true);
  });

  it('opens a consultation from a chat message left while no agent was online', async () => {
    const p = await seedPlayer(t);
    const { id } = await createConsultation(t.database.db, { playerId: p.playerId, title: '留言', information: '請回電', imageIds: [], source: 'chat' });
    const row = (
      await t.database.db
        .select()
        .from(consultations)
        .where(and(eq(consultations.id, id), eq(consultations.playerId, p.playerId)))
    )[0]!;
    expect(row).toMatchObject({ source: 'chat', state: 'consulting' });
  });
});
