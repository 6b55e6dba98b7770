// Identity verification's documents: what an upload refuses (bytes that are not an allowed kind, too large,
// an unknown kind, a PDF where a picture is needed), what it keeps (a re-encoded picture, a PDF statement), the review
// flow (approve, reject with a reason the player reads, the message and realtime event, the history), who may see a
// document (the owner, staff with the permission; nobody else, ids guessed answer 404), every staff view audited, the
// dashboard's count and the retention job.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/players.ts';
import sharp from 'sharp';
import { approveIdentity, jpeg, kycPlayer, pdf, png, review, saveKycSettings, statementPdf, uploadDocument, uploadIdentity } from '../helpers/kyc.ts';
import { kycDocuments } from '../../src/server/db/schema.ts';
import { KycBackofficeService } from '../../src/server/modules/kyc/backoffice-service.ts';

let t: TestApp;
let admin: string;
let reviewer: string;
let marketing: string;
let finance: string;
const staffHeaders = (token: string) => ({ ...bearer(token), 'x-locale': 'en' });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t, 'kycadm', 'admin')).token;
  reviewer = (await signedInStaff(t, 'kycsvc', 'service')).token;
  marketing = (await signedInStaff(t, 'kycmkt', 'marketing')).token;
  finance = (await signedInStaff(t, 'kycfin', 'finance')).token;
});
afterAll(async () => {
  await t?.close();
});

const status = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/kyc/status', headers })).json().data;

describe('document uploads', () => {
  it('refuses anonymous callers before reading anything', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/kyc/documents?kind=id_front' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses wrong bytes, a file too large, an unknown kind and a PDF where a picture is needed', async () => {
    const p = await kycPlayer(t);
    const text = await uploadDocument(t, p.headers, 'id_front', Buffer.from('just some text, not a picture at all'), 'id.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.file).toEqual(['Send a PNG or JPEG picture (a PDF only for an address or funds statement)']);
    // A JPEG header followed by garbage passes the magic bytes but not the decoder.
    const fake = Buffer.concat([(await jpeg()).subarray(0, 20), Buffer.alloc(2000, 7)]);
    expect((await uploadDocument(t, p.headers, 'id_front', fake, 'id.jpg', 'image/jpeg')).statusCode).toBe(415);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const large = await uploadDocument(t, p.headers, 'id_front', big);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.file).toEqual(['The file is too large (at most 5 MB)']);
    const unknown = await uploadDocument(t, p.headers, 'passport', await png());
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.kind).toEqual(['Choose which document this is']);
    const pdfAsId = await uploadDocument(t, p.headers, 'id_front', pdf(), 'id.pdf', 'application/pdf');
    expect(pdfAsId.statusCode).toBe(415);
    // Nothing was stored by any of them.
    expect(await t.database.db.select({ id: kycDocuments.id }).from(kycDocuments).where(eq(kycDocuments.playerId, p.playerId))).toEqual([]);
  });

  it('stores a re-encoded picture and a PDF statement, and refuses a second copy while one waits', async () => {
    const p = await kycPlayer(t);
    const smuggled = Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>')]);
    const front = await uploadDocument(t, p.headers, 'id_front', smuggled);
    expect(front.statusCode, front.body).toBe(200);
    expect(front.json().data).toMatchObject({ kind: 'id_front', status: 'submitted', reason: null, mime: 'image/png' });
    const [row] = await t.database.db.select().from(kycDocuments).where(eq(kycDocuments.id, front.json().data.id));
    expect(row!.bytes!.includes('<script>')).toBe(false);
    const again = await uploadDocument(t, p.headers, 'id_front', await png());
    expect(again.statusCode).toBe(422);
    expect(again.json().error.file).toEqual(['This document is already waiting for review']);
    const statement = await uploadDocument(t, p.headers, 'address', pdf(), 'bill.pdf', 'application/pdf');
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().data.mime).toBe('application/pdf');
    const own = await t.app.inject({ url: `/api/kyc/documents/${statement.json().data.id}/file`, headers: p.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(pdf())).toBe(true);
    const docs = (await status(p.headers)).documents as Array<{ kind: string; status: string }>;
    expect(docs.map((d) => `${d.kind}:${d.status}`)).toEqual(['address:submitted', 'id_front:submitted']);
  });
});

describe('PDF statements', () => {
  it("renders a statement's first pages to a picture at upload, and staff see that picture, never the PDF", async () => {
    const p = await kycPlayer(t);
    const sent = statementPdf(5);
    const up = await uploadDocument(t, p.headers, 'funds', sent, 'statement.pdf', 'application/pdf');
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().data.id as number;
    const [row] = await t.database.db.select({ bytes: kycDocuments.bytes, preview: kycDocuments.preview }).from(kycDocuments).where(eq(kycDocuments.id, id));
    expect(row!.bytes!.equals(sent)).toBe(true);
    const res = await t.app.inject({ url: `/api/backoffice/kyc/documents/${id}/file`, headers: staffHeaders(reviewer) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(row!.preview!)).toBe(true);
    // Three pages of 200 by 200 points, one under the other at 1000 pixels wide: the page limit holds.
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1000, 3000]);
    // The black bar drawn in each page's top-left quarter is black in the picture; the rest of the page is white.
    const red = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    for (const page of [0, 1, 2]) {
      expect(red(100, page * 1000 + 100)).toBe(0);
      expect(red(800, page * 1000 + 500)).toBe(255);
    }
  });

  it('refuses a PDF that cannot be rendered, with a translated reason, and stores nothing', async () => {
    const p = await kycPlayer(t);
    const broken = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> garbage without pages\n%%EOF\n');
    for (const [locale, message] of [
      ['en', 'This PDF could not be opened. Send the statement as a picture, or a PDF saved again from your bank'],
      ['zh-TW', '無法開啟這份 PDF，請改傳圖片，或從銀行重新下載 PDF 後再上傳'],
    ] as const) {
      const res = await uploadDocument(t, { ...p.headers, 'x-locale': locale }, 'address', broken, 'bill.pdf', 'application/pdf');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.file).toEqual([message]);
    }
    expect(await t.database.db.select({ id: kycDocuments.id }).from(kycDocuments).where(eq(kycDocuments.playerId, p.playerId))).toEqual([]);
  });
});

describe('who sees documents', () => {
  it("a player never reads another player's document: guessed ids answer 404 like missing ones", async () => {
    const a = await kycPlayer(t);
    const b = await kycPlayer(t);
    const ids = await uploadIdentity(t, a);
    expect((await t.app.inject({ url: `/api/kyc/documents/${ids.id_front}/file`, headers: a.headers })).statusCode).toBe(200);
    for (const id of Object.values(ids)) {
      const res = await t.app.inject({ url: `/api/kyc/documents/${id}/file`, headers: b.headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('PNG');
    }
    expect((await t.app.inject({ url: '/api/kyc/documents/999999999/file', headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/kyc/documents/${ids.id_front}/file` })).statusCode).toBe(401);
    expect((await status(b.headers)).documents).toEqual([]);
  });

  it('staff without the permission see no queue, no review page and no document, and decide nothing', async () => {
    const p = await kycPlayer(t);
    const ids = await uploadIdentity(t, p);
    for (const token of [marketing, finance]) {
      const h = staffHeaders(token);
      expect((await t.app.inject({ url: '/api/backoffice/kyc/queue', headers: h })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/backoffice/kyc/players/${p.playerId}`, headers: h })).statusCode).toBe(403);
      const file = await t.app.inject({ url: `/api/backoffice/kyc/documents/${ids.id_front}/file`, headers: h });
      expect(file.statusCode).toBe(403);
      expect(file.headers['content-type']).toContain('application/json');
      expect((await review(t, token, ids.id_back, { decision: 'approve' })).statusCode).toBe(403);
    }
    // Customer service reviews but may not change the settings.
    expect(
      (await saveKycSettings(t, reviewer, { first_withdrawal_level: 3, levels: [0, 1, 2, 3].map((level) => ({ level, day_max: null, total_max: null })) }))
        .statusCode,
    ).toBe(403);
    const rows = await t.database.db.select({ status: kycDocuments.status }).from(kycDocuments).where(eq(kycDocuments.playerId, p.playerId));
    expect(rows.every((r) => r.status === 'submitted')).toBe(true);
  });

  it('audits every staff view of a document, with what was seen in words', async () => {
    const p = await kycPlayer(t);
    const ids = await uploadIdentity(t, p);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ url: `/api/backoffice/kyc/documents/${ids.selfie}/file`, headers: staffHeaders(reviewer) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const log = await t.app.inject({ url: `/api/backoffice/audit?action=kyc.document.view&player=${p.account}`, headers: staffHeaders(admin) });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().data.data as Array<{ username: string; target: string; before: unknown; after: unknown; account: string }>;
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      expect(e).toMatchObject({
        username: 'kycsvc',
        target: `kyc_document:${ids.selfie}`,
        before: null,
        after: { kind: 'selfie', status: 'submitted' },
        account: p.account,
      });
    }
  });
});

describe('the review', () => {
  it('approves identity documents: the level rises, the player is told by message and realtime event, the history keeps it', async () => {
    const p = await kycPlayer(t);
    const ids = await uploadIdentity(t, p);
    const queue = await t.app.inject({ url: '/api/backoffice/kyc/queue?pageSize=100', headers: staffHeaders(reviewer) });
    expect(queue.json().data.data.find((r: { player_id: number }) => r.player_id === p.playerId)).toMatchObject({ account: p.account, level: 1, pending: 3 });
    const page = (await t.app.inject({ url: `/api/backoffice/kyc/players/${p.playerId}`, headers: staffHeaders(reviewer) })).json().data;
    expect(page.player).toMatchObject({ account: p.account, real_name: p.realName, birthday: p.birthday, phone_verified: true, level: 1 });
    expect(page.bank_cards).toHaveLength(1);
    expect(page.bank_cards[0].number).toMatch(/^\*+\d{4}$/);
    expect(page.documents).toHaveLength(3);

    // The name read on the ID must match the personal info.
    const wrong = await review(t, reviewer, ids.id_front, { decision: 'approve', document_name: '別人', document_birthday: p.birthday });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.document_name).toEqual(['The name differs from the personal info: reject with that reason instead']);
    const spy = vi.spyOn(t.app.services.realtime.publisher, 'toPlayer');
    await approveIdentity(t, reviewer, p, ids);
    expect(spy.mock.calls.filter(([id, event]) => id === p.playerId && event === 'kyc')).toHaveLength(3);
    expect(spy.mock.calls.filter(([id, event]) => id === p.playerId && event === 'update-message')).toHaveLength(3);
    spy.mockRestore();
    expect((await status(p.headers)).level).toBe(2);
    const again = await review(t, reviewer, ids.selfie, { decision: 'reject', reason: 'unreadable' });
    expect(again.json().error.decision).toEqual(['This document is no longer waiting for review']);

    const messages = (await t.app.inject({ url: '/api/messages/personal/list?page=1&pageSize=10', headers: p.headers })).json().data;
    expect(messages.data).toHaveLength(3);
    expect(messages.data[0].title).toBe('Verification document approved');
    const detail = (await t.app.inject({ url: `/api/messages/detail?id=${messages.data[0].id}`, headers: { ...p.headers, 'x-locale': 'zh-TW' } })).json().data;
    expect(detail.title).toBe('驗證文件已通過審核');
    expect(detail.body).toContain('等級 2（身分已驗證）');

    const history = (await t.app.inject({ url: `/api/backoffice/kyc/players/${p.playerId}`, headers: staffHeaders(reviewer) })).json().data.history;
    expect(history.filter((h: { status: string }) => h.status === 'approved')).toHaveLength(3);
    expect(history.filter((h: { status: string }) => h.status === 'submitted')).toHaveLength(3);
    expect(history[0].staff).toBe('kycsvc');
    const audit = await t.app.inject({ url: `/api/backoffice/audit?action=kyc.document.approve&player=${p.account}`, headers: staffHeaders(admin) });
    expect(audit.json().data.data.map((e: { before: unknown; after: unknown }) => [e.before, e.after])).toEqual(
      Array(3).fill([{ status: 'submitted' }, { status: 'approved' }]),
    );
  });

  it('rejects with a reason the player reads in both languages, and takes a new upload of that kind', async () => {
    const p = await kycPlayer(t);
    const ids = await uploadIdentity(t, p);
    const missing = await review(t, reviewer, ids.id_back, { decision: 'reject' });
    expect(missing.statusCode).toBe(422);
    const res = await review(t, reviewer, ids.id_back, { decision: 'reject', reason: 'unreadable' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ document: { status: 'rejected', reason: 'unreadable', reviewed_by: 'kycsvc' }, level: 1 });
    const doc = (await status(p.headers)).documents.find((d: { id: number }) => d.id === ids.id_back);
    expect(doc).toMatchObject({ status: 'rejected', reason: 'unreadable' });
    const list = (await t.app.inject({ url: '/api/messages/personal/list?page=1&pageSize=10', headers: { ...p.headers, 'x-locale': 'zh-TW' } })).json().data;
    const detail = (await t.app.inject({ url: `/api/messages/detail?id=${list.data[0].id}`, headers: { ...p.headers, 'x-locale': 'zh-TW' } })).json().data;
    expect(detail.title).toBe('驗證文件未通過審核');
    expect(detail.body).toContain('圖片無法清楚辨識');
    const audit = await t.app.inject({ url: `/api/backoffice/audit?action=kyc.document.reject&player=${p.account}`, headers: staffHeaders(admin) });
    expect(audit.json().data.data[0]).toMatchObject({ before: { status: 'submitted' }, after: { status: 'rejected', reject_reason: 'unreadable' } });
    expect((await uploadDocument(t, p.headers, 'id_back', await png(90, 60))).statusCode).toBe(200);
  });

  it('counts waiting documents on the dashboard', async () => {
    const before = (await t.app.inject({ url: '/api/backoffice/overview', headers: staffHeaders(admin) })).json().data.pending.kyc_documents as number;
    const [n] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from kyc_documents where status = 'submitted'`)).rows;
    expect(before).toBe(n!.n);
    const p = await kycPlayer(t);
    await uploadIdentity(t, p);
    expect((await t.app.inject({ url: '/api/backoffice/overview', headers: staffHeaders(admin) })).json().data.pending.kyc_documents).toBe(before + 3);
  });
});

describe('retention', () => {
  it('purges files past the retention period: the document reads expired, its file is gone and the level drops', async () => {
    const p = await kycPlayer(t);
    await approveIdentity(t, reviewer, p, await uploadIdentity(t, p));
    expect((await status(p.headers)).level).toBe(2);
    const saved = await saveKycSettings(t, admin, {
      first_withdrawal_level: 0,
      retention_days: 30,
      levels: [0, 1, 2, 3].map((level) => ({ level, day_max: null, total_max: null })),
    });
    expect(saved.json().data.retention_days).toBe(30);
    await t.database.db
      .update(kycDocuments)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(kycDocuments.playerId, p.playerId));
    const purge = new KycBackofficeService({ db: t.database.db, kyc: t.app.services.kyc, publish: t.app.services.realtime.publisher, cards: async () => [] });
    expect(await purge.purgeExpired()).toBeGreaterThanOrEqual(3);
    const after = await status(p.headers);
    expect(after.level).toBe(1);
    expect(after.documents.map((d: { status: string }) => d.status)).toEqual(['expired', 'expired', 'expired']);
    const rows = await t.database.db.select({ bytes: kycDocuments.bytes }).from(kycDocuments).where(eq(kycDocuments.playerId, p.playerId));
    expect(rows.every((r) => r.bytes === null)).toBe(true);
    const id = after.documents[0].id;
    expect((await t.app.inject({ url: `/api/backoffice/kyc/documents/${id}/file`, headers: staffHeaders(reviewer) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/kyc/documents/${id}/file`, headers: p.headers })).statusCode).toBe(404);
    // A second run finds nothing more of this player's.
    await purge.purgeExpired();
    const settingsAudit = await t.app.inject({ url: '/api/backoffice/audit?action=kyc.settings', headers: staffHeaders(admin) });
    expect(settingsAudit.json().data.data[0]).toMatchObject({ before: { retention_days: 1825 }, after: { retention_days: 30 } });
  });

  it('a player without a verified phone starts at level 0', async () => {
    const bare = await seedPlayer(t);
    expect(await status(bare.headers)).toMatchObject({ level: 0, phone_verified: false, personal_info: false });
  });
});
