// Image uploads: typed by magic bytes, limited by size and count, re-encoded so nothing hidden
// survives, kept in the database, and served only through signed URLs to whoever the API gave one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { uploads } from '../../src/server/db/schema.ts';
import { claimUploads, fileUrl, purgeUnusedUploads, UNUSED_UPLOAD_TTL_MS } from '../../src/server/modules/uploads/service.ts';
import { ApiError } from '../../src/server/lib/errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

function form(files: Array<{ bytes: Buffer; name: string; type: string }>): { payload: Buffer; headers: Record<string, string> } {
  // Built by hand so the test controls the declared name and type of each part exactly.
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(headers: Record<string, string>, files: Array<{ bytes: Buffer; name: string; type: string }>, url = '/api/uploads/images') {
  const body = form(files);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

describe('player image uploads', () => {
  it('refuses anonymous callers before reading the body', async () => {
    const res = await upload({}, [{ bytes: await png(), name: 'a.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(401);
  });

  it('stores up to three pictures re-encoded, and serves them only through their signed URL', async () => {
    const p = await seedPlayer(t);
    const secret = 'SECRET-MARKER-IN-METADATA';
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
      .withExif({ IFD0: { Copyright: secret, ImageDescription: secret } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes(secret)).toBe(true);
    // Bytes appended after the end of a PNG are a classic hiding place.
    const smuggled = Buffer.concat([await png(), Buffer.from('<script>alert("hidden")</script>')]);
    const res = await upload(p.headers, [
      { bytes: jpeg, name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: smuggled, name: 'shot.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const files = res.json().data.files as Array<{ id: number; url: string; width: number; height: number }>;
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ width: 64, height: 48 });

    const rows = await t.database.db.select().from(uploads).where(eq(uploads.playerId, p.playerId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.bytes.includes(secret)).toBe(false);
      expect(row.bytes.includes('<script>')).toBe(false);
      expect(row.isPublic).toBe(false);
    }

    const served = await t.app.inject({ method: 'GET', url: files[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

    // Without a signature, with a forged one, with another file's, or expired: as if it did not exist.
    const id = files[0]!.id;
    const other = new URL(files[1]!.url, 'http://x');
    const expired = fileUrl(id, Date.now() - 3 * 3600_000);
    for (const url of [
      `/api/files/${id}`,
      `/api/files/${id}?exp=9999999999&sig=AAAA`,
      `/api/files/${id}?exp=${other.searchParams.get('exp')}&sig=${other.searchParams.get('sig')}`,
      expired,
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toMatchObject({ status: 'error' });
    }
  });

  it('decides the type by magic bytes: an HTML page named .png is refused', async () => {
    const p = await seedPlayer(t);
    const res = await upload(p.headers, [{ bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'cute.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.file[0]).toBe('僅能上傳 png、jpg 或 jpeg 圖片。');
    // A GIF is an image, but not one players may send.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const g = await upload({ ...p.headers, 'x-locale': 'en' }, [{ bytes: gif, name: 'a.jpg', type: 'image/jpeg' }]);
    expect(g.statusCode).toBe(415);
    expect(g.json().error.file[0]).toBe('Only png, jpg or jpeg pictures can be uploaded.');
    expect(await t.database.db.select().from(uploads).where(eq(uploads.playerId, p.playerId))).toHaveLength(0);
  });

  it('refuses a picture over 500 KB and a fourth picture, storing none of the request', async () => {
    const p = await seedPlayer(t);
    // Random pixels do not compress: a real PNG of about 600 KB.
    const noisy = await sharp(Buffer.from(Array.from({ length: 460 * 460 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 460, height: 460, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(500 * 1024);
    const big = await upload(p.headers, [
      { bytes: await png(), name: 'ok.png', type: 'image/png' },
      { bytes: noisy, name: 'big.png', type: 'image/png' },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.file[0]).toBe('每張圖片不得超過 500 KB。');

    const small = await png();
    const four = await upload(
      p.headers,
      Array.from({ length: 4 }, (_, i) => ({ bytes: small, name: `${i}.png`, type: 'image/png' })),
    );
    expect(four.statusCode).toBe(422);
    expect(four.json().error.file[0]).toBe('最多 3 張圖片。');
    expect(await t.database.db.select().from(uploads).where(eq(uploads.playerId, p.playerId))).toHaveLength(0);

    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/uploads/images', headers: p.headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it("attaches only the player's own unused uploads, once, and purges what was never sent", async () => {
    const a = await seedPlayer(t);
    const b = await seedPlayer(t);
    const res = await upload(a.headers, [
      { bytes: await png(), name: 'a.png', type: 'image/png' },
      { bytes: await png(), name: 'b.png', type: 'image/png' },
    ]);
    const [first, second] = (res.json().data.files as Array<{ id: number }>).map((f) => f.id);
    const db = t.database.db;
    await expect(claimUploads(db, { playerId: b.playerId, ids: [first!], purpose: 'feedback' })).rejects.toBeInstanceOf(ApiError);
    expect(await claimUploads(db, { playerId: a.playerId, ids: [first!], purpose: 'feedback' })).toEqual([first]);
    // Used already: a second message cannot carry it, even with a fresh one beside it (all or nothing).
    await expect(claimUploads(db, { playerId: a.playerId, ids: [first!, second!], purpose: 'chat' })).rejects.toBeInstanceOf(ApiError);
    const rows = await db.select().from(uploads).where(eq(uploads.playerId, a.playerId));
    expect(rows.find((r) => r.id === second)?.usedFor).toBeNull();

    const purged = await purgeUnusedUploads(db, Date.now() + UNUSED_UPLOAD_TTL_MS + 1000);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.playerId, a.playerId));
    expect(left.map((r) => r.id)).toEqual([first]);
  });
});

describe('operator uploads', () => {
  it('are public content by default and private on request', async () => {
    const op = await signedInStaff(t, 'uploader1', 'marketing');
    const headers = { authorization: `Bearer ${op.token}` };
    const gif = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0c0' } })
      .gif()
      .toBuffer();
    const res = await upload(headers, [{ bytes: gif, name: 'banner.gif', type: 'image/gif' }], '/api/backoffice/uploads/images');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data.files[0] as { id: number; url: string };
    expect(file.url).toBe(`/api/files/${file.id}`);
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/^public/);

    const priv = await upload(headers, [{ bytes: await png(), name: 'reply.png', type: 'image/png' }], '/api/backoffice/uploads/images?visibility=private');
    const privFile = priv.json().data.files[0] as { id: number; url: string };
    expect(privFile.url).toContain('sig=');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${privFile.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: privFile.url })).statusCode).toBe(200);

    const anonymous = await upload({}, [{ bytes: gif, name: 'banner.gif', type: 'image/gif' }], '/api/backoffice/uploads/images');
    expect(anonymous.statusCode).toBe(401);
  });
});
