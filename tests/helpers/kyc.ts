// Identity verification's test fixtures: a player registered with an SMS code (level 1) who has money, personal info
// and an approved bank card, documents uploaded through the API as multipart, and staff approving them.
import sharp from 'sharp';
import type { TestApp } from './app.ts';
import { bearer, playerWithToken } from './players.ts';

export interface KycPlayer {
  playerId: number;
  account: string;
  headers: Record<string, string>;
  cardId: number;
  realName: string;
  birthday: string;
}

export const png = (w = 120, h = 80, color = '#3a6') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpeg = (w = 120, h = 80) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
/** The smallest PDF file-type recognises: a header, one empty page and a trailer. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );

/**
 * A small valid PDF statement of `pages` pages built by hand (objects and a correct cross-reference table): each page
 * has a line of text in a standard font and a black bar across its top-left quarter, which a rendered picture must show.
 */
export function statementPdf(pages = 1): Buffer {
  const objects: string[] = ['<</Type /Catalog /Pages 2 0 R>>', ''];
  const kids: string[] = [];
  for (let i = 0; i < pages; i += 1) {
    const page = objects.length + 1;
    const content = `0 0 0 rg 0 150 100 50 re f BT /F1 12 Tf 20 40 Td (Statement page ${i + 1}) Tj ET`;
    objects.push(`<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${page + 1} 0 R /Resources <</Font <</F1 ${page + 2} 0 R>>>>>>`);
    objects.push(`<</Length ${content.length}>>\nstream\n${content}\nendstream`);
    objects.push('<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>');
    kids.push(`${page} 0 R`);
  }
  objects[1] = `<</Type /Pages /Kids [${kids.join(' ')}] /Count ${pages}>>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<</Size ${objects.length + 1} /Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

let seq = 0;

/** A player who registered with an SMS code, filled in the personal info, bound a card finance approved and holds `centralMinor`. */
export async function kycPlayer(t: TestApp, centralMinor = 5_000_000n): Promise<KycPlayer> {
  const reg = await playerWithToken(t);
  const headers = { ...bearer(reg.token), 'x-locale': 'en' };
  const me = await t.app.inject({ url: '/api/auth/me', headers });
  const playerId = Number(me.json().data.id);
  seq += 1;
  const realName = `測試${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${'子丑寅卯辰巳午未申酉'[Math.floor(seq / 10) % 10]}`;
  const birthday = '1990-05-17';
  const info = await t.app.inject({ method: 'PUT', url: '/api/auth/info', headers, payload: { real_name: realName, gender: 'male', birthday } });
  if (info.statusCode !== 200) throw new Error(`personal info: ${info.body}`);
  await t.app.services.wallet.adjustCentral({ playerId, amountMinor: centralMinor, memo: 'test funds', idempotencyKey: `kyc-seed-${playerId}` });
  const number = `62${String(playerId).padStart(6, '0')}${String(seq).padStart(6, '0')}`;
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/players/debit-card/store',
    headers,
    payload: { bank: '004', market: '台北分行', account_name: realName, card_number: number, card_number_confirm: number },
  });
  if (card.statusCode !== 200) throw new Error(`card: ${card.body}`);
  const cardId = (await t.app.inject({ url: '/api/players/debit-card/list', headers })).json().data.data[0].id as number;
  await t.app.services.cashier.auditCard(1, cardId, true, '');
  return { playerId, account: reg.account, headers, cardId, realName, birthday };
}

export function multipart(bytes: Buffer, name: string, type: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kyc${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadDocument(t: TestApp, headers: Record<string, string>, kind: string, bytes: Buffer, name = 'doc.png', type = 'image/png') {
  const body = multipart(bytes, name, type);
  return t.app.inject({ method: 'POST', url: `/api/kyc/documents?kind=${kind}`, payload: body.payload, headers: { ...headers, ...body.headers } });
}

/** Uploads the three identity documents; answers their ids by kind. */
export async function uploadIdentity(t: TestApp, p: KycPlayer): Promise<Record<'id_front' | 'id_back' | 'selfie', number>> {
  const ids: Record<string, number> = {};
  for (const kind of ['id_front', 'id_back', 'selfie'] as const) {
    const res = await uploadDocument(t, p.headers, kind, await png(100 + Object.keys(ids).length, 80));
    if (res.statusCode !== 200) throw new Error(`upload ${kind}: ${res.body}`);
    ids[kind] = res.json().data.id;
  }
  return ids as Record<'id_front' | 'id_back' | 'selfie', number>;
}

export async function review(t: TestApp, staffToken: string, id: number, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/backoffice/kyc/documents/${id}/review`,
    headers: { ...bearer(staffToken), 'x-locale': 'en' },
    payload: body,
  });
}

/** Approves the three identity documents as staff who read the player's name and birthday on the ID. */
export async function approveIdentity(t: TestApp, staffToken: string, p: KycPlayer, ids: Record<'id_front' | 'id_back' | 'selfie', number>): Promise<void> {
  for (const [kind, id] of Object.entries(ids)) {
    const body = kind === 'id_front' ? { decision: 'approve', document_name: p.realName, document_birthday: p.birthday } : { decision: 'approve' };
    const res = await review(t, staffToken, id, body);
    if (res.statusCode !== 200) throw new Error(`approve ${kind}: ${res.body}`);
  }
}

export async function withdraw(t: TestApp, p: KycPlayer, money: string) {
  return t.app.inject({ method: 'POST', url: '/api/finance/withdraw/create', headers: p.headers, payload: { money, bank_card_id: p.cardId } });
}

export async function saveKycSettings(
  t: TestApp,
  staffToken: string,
  body: {
    first_withdrawal_level: number;
    retention_days?: number;
    levels: Array<{ level: number; day_max: string | null; total_max: string | null }>;
  },
) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/backoffice/kyc/settings',
    headers: { ...bearer(staffToken), 'x-locale': 'en' },
    payload: { retention_days: 1825, ...body },
  });
}
