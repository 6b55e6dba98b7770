// The export centre: a grid queued as CSV or XLSX, written by the worker a batch at a time with its progress, then
// downloaded (Taipei time, formulas defused, the same cells in both formats, read back with exceljs); cancelled
// half-way; refused without the grid's permission, without signing in, with unknown filters, beyond the per-staff
// limit; and downloaded again only by its requester or an admin. Every request, cancel and download is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { createExportWorker } from '../../src/server/modules/reports/export-centre/worker.ts';
import { exportGrids } from '../../src/server/export-grids.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** The instant of the seeded deposits: 00:30 on 1 December in Taipei, still 30 November in UTC. */
const AT = '2026-11-30T16:30:00Z';
const BULK = 1_200;

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['exp_admin', 'admin'],
    ['exp_fin', 'finance'],
    ['exp_fin2', 'finance'],
    ['exp_service', 'service'],
    ['exp_mkt', 'marketing'],
  ] as const)
    tokens[name] = (await signedInStaff(t, name, role)).token;
  const player = await seedPlayer(t, { account: 'expplayer1', phone: '0912345678' });
  // An account a spreadsheet would run as a formula (written directly: sign-up would refuse it).
  await t.database.db.execute(sql`insert into players (account, password_hash, phone, recommend_code) values ('=cmd01', 'x', '0700000001', 'EXPCMD01')`);
  await t.database.db.execute(sql`
    insert into deposit_orders (id, player_id, method, amount_minor, status, player_ref, created_at)
    select 'DPF1', id, 'bank_transfer', 12345, 'pending', '=HYPERLINK("http://x")', ${AT}::timestamptz from players where account = '=cmd01'`);
  await t.database.db.execute(sql`
    insert into deposit_orders (id, player_id, method, amount_minor, status, created_at, paid_at)
    select 'DPB' || g, ${player.playerId}, 'bank_transfer', 100000 + g, 'paid', ${AT}::timestamptz - make_interval(mins => g), ${AT}::timestamptz
    from generate_series(1, ${BULK}) g`);
});
afterAll(async () => {
  await t?.close();
});

const auth = (who: string, locale = 'zh-TW') => ({ authorization: `Bearer ${tokens[who]}`, 'accept-language': locale });

async function queue(who: string, payload: Record<string, unknown>, locale = 'zh-TW') {
  return t.app.inject({ method: 'POST', url: '/api/backoffice/exports', headers: auth(who, locale), payload });
}

async function job(id: number) {
  const r = await t.database.db.execute<{ status: string; rows_done: number; rows_total: number | null; has_file: boolean }>(
    sql`select status, rows_done, rows_total, file is not null as has_file from export_jobs where id = ${id}`,
  );
  return r.rows[0]!;
}

const download = (who: string, id: number) => t.app.inject({ method: 'GET', url: `/api/backoffice/exports/${id}/download`, headers: auth(who) });

describe('queueing, writing and downloading', () => {
  it('writes the pending deposits as CSV in Taipei time with formulas defused, shows progress, and audits it', async () => {
    const res = await queue('exp_fin', { grid: 'deposits', format: 'csv', params: { status: 'pending' } });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json().data;
    expect(queued).toMatchObject({ grid: 'deposits', format: 'csv', status: 'queued', rows_done: 0, requested_by: 'exp_fin' });
    expect(await t.app.exportCentre.worker.pollOnce()).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/backoffice/exports', headers: auth('exp_fin') });
    const listed = list.json().data.data.find((j: { id: number }) => j.id === queued.id);
    expect(listed).toMatchObject({ status: 'done', rows_total: 1, rows_done: 1, expired: false });
    expect(listed.file_name).toMatch(/^deposits_\d{4}-\d{2}-\d{2}_\d+\.csv$/);

    const file = await download('exp_fin', queued.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(file.headers['content-disposition']).toContain(listed.file_name);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['單號', '時間', '會員帳號']);
    const cells = lines[1]!;
    expect(cells).toContain('2026-12-01 00:30:00');
    expect(cells).toContain(",'=cmd01,");
    expect(cells).toContain('"\'=HYPERLINK(""http://x"")"');
    expect(cells).toContain(',123.45,');
    expect(cells).toContain(',待審核,');

    const audit = await t.database.db.execute<{ action: string; target: string; before: unknown; after: unknown }>(sql`
      select action, target, detail->'before' as before, detail->'after' as after from audit_log where target = ${`export:${queued.id}`} order by id`);
    expect(audit.rows.map((r) => r.action)).toEqual(['exports.request', 'exports.download']);
  });

  it('writes the same cells into an XLSX file, read back with exceljs: text not formulas, Taipei time, numbers', async () => {
    const res = await queue('exp_fin', { grid: 'deposits', format: 'xlsx', params: { status: 'pending' } }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    await t.app.exportCentre.worker.pollOnce();
    const file = await download('exp_fin', id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Order no.');
    const row = sheet.getRow(2);
    const byHeading = (h: string) => {
      let found: ExcelJS.CellValue = null;
      sheet.getRow(1).eachCell((c, n) => {
        if (c.value === h) found = row.getCell(n).value;
      });
      return found;
    };
    expect(byHeading('Time')).toBe('2026-12-01 00:30:00');
    expect(byHeading('Player account')).toBe("'=cmd01");
    expect(byHeading('Player reference')).toBe('\'=HYPERLINK("http://x")');
    expect(byHeading('Amount')).toBe(123.45);
    expect(byHeading('Status')).toBe('Pending');
    // No cell of the sheet is a formula.
    sheet.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('writes an empty grid as its headings alone', async () => {
    const res = await queue('exp_service', { grid: 'withdrawals', format: 'csv', params: { status: 'applying' } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.exportCentre.worker.pollOnce();
    const file = await download('exp_service', res.json().data.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(
      file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('writes the audit log with each action as a sentence in the language asked', async () => {
    const res = await queue('exp_admin', { grid: 'audit', format: 'csv', params: { action: 'exports.' } }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.exportCentre.worker.pollOnce();
    const file = await download('exp_admin', res.json().data.id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('exp_fin asked for an export of export #');
    expect(file.body).toContain('exp_fin downloaded the file of export #');
  });
});

describe('the bank cards', () => {
  it('keeps an account number with its leading 0 as text in both formats', async () => {
    await t.database.db.execute(sql`
      insert into bank_cards (player_id, bank, market, account_name, card_number, status_debit_card, created_at)
      select id, '004', '台北分行', '王小明', '0012345678901', 0, ${AT}::timestamptz from players where account = 'expplayer1'`);
    const csv = await queue('exp_fin', { grid: 'bank_cards', format: 'csv', params: { status: '0' } }, 'en');
    const xlsx = await queue('exp_fin', { grid: 'bank_cards', format: 'xlsx', params: { status: '0' } }, 'en');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    await t.app.exportCentre.worker.pollOnce();
    await t.app.exportCentre.worker.pollOnce();
    const text = (await download('exp_fin', csv.json().data.id)).body;
    expect(text).toContain(',\t0012345678901,');
    expect(text).toContain('2026-12-01 00:30:00');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array((await download('exp_fin', xlsx.json().data.id)).rawPayload).buffer);
    const values = book.worksheets[0]!.getRow(2).values as ExcelJS.CellValue[];
    expect(values).toContain('0012345678901');
    expect(values).toContain('2026-12-01 00:30:00');
  });
});

describe("a player's ledger", () => {
  it('writes every posting with its kind and wallet in words, the amount and the balance after', async () => {
    const player = await seedPlayer(t, { account: 'expledger1', centralMinor: 25_000n });
    const res = await queue('exp_service', { grid: 'ledger', format: 'csv', params: { player: String(player.playerId) } }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.exportCentre.worker.pollOnce();
    const file = await download('exp_service', res.json().data.id);
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Journal no.,Kind,Wallet,Amount,Balance after,Reference,Note,Staff member');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d+,[^,]+,Central wallet,250\.00,250\.00,/);
  });

  it('answers not found for a player who does not exist, and 403 to a role without the wallets', async () => {
    expect((await queue('exp_service', { grid: 'ledger', format: 'csv', params: { player: '99999999' } })).statusCode).toBe(404);
    expect((await queue('exp_mkt', { grid: 'ledger', format: 'csv', params: { player: '1' } })).statusCode).toBe(403);
    expect((await queue('exp_service', { grid: 'ledger', format: 'csv', params: {} })).statusCode).toBe(422);
  });
});

describe("a player's bet records", () => {
  it('writes the bets of the days asked, with times in Taipei and the status in words', async () => {
    const player = await seedPlayer(t, { account: 'expbets1' });
    await t.database.db.execute(sql`
      insert into bet_records (gp_code, bet_id, player_id, game, game_type, status, version, stake_minor, valid_bet_minor, payout_minor, placed_at, settled_at)
      values ('WG', 'B-EXP-1', ${player.playerId}, 'slot-1', 'slots', 'settled', 1, 10000, 10000, 15000, ${AT}::timestamptz, ${AT}::timestamptz)`);
    const res = await queue(
      'exp_fin',
      { grid: 'bets', format: 'csv', params: { player: String(player.playerId), start: '2026-12-01', end: '2026-12-01' } },
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.app.exportCentre.worker.pollOnce();
    const lines = (await download('exp_fin', res.json().data.id)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('2026-12-01 00:30:00');
    expect(lines[1]).toContain('B-EXP-1');
    expect(lines[1]).toContain(',Settled,100.00,100.00,150.00,');
    expect(
      (await queue('exp_fin', { grid: 'bets', format: 'csv', params: { player: String(player.playerId), start: '2026-12-02', end: '2026-12-01' } })).statusCode,
    ).toBe(422);
  });
});

describe('who may export and download', () => {
  it('answers 401 to a caller who is not signed in, before looking at the request', async () => {
    for (const [method, url] of [
      ['POST', '/api/backoffice/exports'],
      ['GET', '/api/backoffice/exports'],
      ['POST', '/api/backoffice/exports/1/cancel'],
      ['GET', '/api/backoffice/exports/1/download'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { grid: 'nope' } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("refuses a grid without the grid's own read permission", async () => {
    expect((await queue('exp_mkt', { grid: 'deposits', format: 'csv' })).statusCode).toBe(403);
    expect((await queue('exp_service', { grid: 'audit', format: 'csv' })).statusCode).toBe(403);
    expect((await queue('exp_service', { grid: 'bank_cards', format: 'xlsx' })).statusCode).toBe(403);
  });

  it('refuses unknown grids, formats and filters with the field named', async () => {
    const grid = await queue('exp_fin', { grid: 'nope', format: 'csv' });
    expect(grid.statusCode).toBe(422);
    expect(grid.json().error.grid).toBeTruthy();
    const format = await queue('exp_fin', { grid: 'deposits', format: 'pdf' });
    expect(format.statusCode).toBe(422);
    const status = await queue('exp_fin', { grid: 'deposits', format: 'csv', params: { status: 'nonsense' } });
    expect(status.statusCode).toBe(422);
    expect(status.json().error.status).toBeTruthy();
    const shape = await queue('exp_fin', { grid: 'deposits', format: 'csv', params: { status: 3 } });
    expect(shape.statusCode).toBe(422);
  });

  it('lets only the requester or an admin download the file again', async () => {
    const res = await queue('exp_fin', { grid: 'deposits', format: 'csv', params: { status: 'pending' } });
    const id = res.json().data.id as number;
    await t.app.exportCentre.worker.pollOnce();
    expect((await download('exp_fin2', id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/backoffice/exports/${id}/cancel`, headers: auth('exp_fin2') })).statusCode).toBe(403);
    expect((await download('exp_fin', id)).statusCode).toBe(200);
    expect((await download('exp_fin', id)).statusCode).toBe(200);
    expect((await download('exp_admin', id)).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/backoffice/exports', headers: auth('exp_fin2') });
    expect(list.json().data.data.some((j: { id: number }) => j.id === id)).toBe(false);
  });
});

describe('cancelling and the limits', () => {
  it('stops an export cancelled half-way after the batch in hand, keeping no file', async () => {
    const res = await queue('exp_fin', { grid: 'deposits', format: 'xlsx', params: { status: 'paid' } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const worker = createExportWorker({
      db: t.database.db,
      grids: exportGrids(t.app.services),
      instance: 'test-worker',
      log: (err) => {
        throw err;
      },
      batchRows: 100,
      batchPauseMs: 150,
    });
    const writing = worker.pollOnce();
    for (let i = 0; i < 100 && (await job(id)).rows_done === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const half = await job(id);
    expect(half).toMatchObject({ status: 'running', rows_total: BULK });
    expect(half.rows_done).toBeGreaterThan(0);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/backoffice/exports/${id}/cancel`, headers: auth('exp_fin') });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    await writing;
    const after = await job(id);
    expect(after.status).toBe('cancelled');
    expect(after.has_file).toBe(false);
    expect(after.rows_done).toBeLessThan(BULK);
    expect((await download('exp_fin', id)).statusCode).toBe(409);
    const again = await t.app.inject({ method: 'POST', url: `/api/backoffice/exports/${id}/cancel`, headers: auth('exp_fin') });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db.execute<{ before: unknown; after: unknown }>(
      sql`select detail->'before' as before, detail->'after' as after from audit_log where target = ${`export:${id}`} and action = 'exports.cancel'`,
    );
    expect(audit.rows[0]).toMatchObject({ before: { status: 'running' }, after: { status: 'cancelled' } });
  });

  it('refuses a staff member a fourth export while three wait', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await queue('exp_fin2', { grid: 'deposits', format: 'csv' });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    const fourth = await queue('exp_fin2', { grid: 'deposits', format: 'csv' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('export_limit');
    for (const id of ids) await t.app.inject({ method: 'POST', url: `/api/backoffice/exports/${id}/cancel`, headers: auth('exp_fin2') });
    expect((await queue('exp_fin2', { grid: 'deposits', format: 'csv' })).statusCode).toBe(200);
  });
});
