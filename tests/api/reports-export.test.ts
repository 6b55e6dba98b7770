// The reports' CSV exports: UTF-8 with a byte-order mark, the filters in the file name, headings in the
// caller's language, the totals row, an audit row per export; and the player list streamed over HTTP a batch at a
// time, the source read only as fast as the client takes the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { csvCell, csvStream } from '../../src/server/lib/csv.ts';
import { DAY_MS, taipeiDate, taipeiDateTime } from '../../src/shared/time.ts';
import { postJournal } from '../../src/server/ledger/ledger.ts';
import { AccountDirectory } from '../../src/server/ledger/accounts.ts';

let t: TestApp;
let token = '';
const today = taipeiDate(new Date());
const MANY = 6_000;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInStaff(t, 'export_admin', 'admin')).token;
  await seedPlayer(t, { centralMinor: 12_345n });
  // An account a spreadsheet would read as a formula (written directly: sign-up would refuse it).
  await t.database.db.execute(sql`insert into players (account, password_hash, phone, recommend_code) values ('=cmd01', 'x', '0700000001', 'CMD01')`);
  // Many players in one statement; the export must hand them over without holding them all.
  await t.database.db.execute(sql`
    insert into players (account, password_hash, phone, recommend_code, real_name)
    select 'bulk' || g, 'x', '08' || lpad(g::text, 8, '0'), 'BULK' || g, '王小明' from generate_series(1, ${MANY}) g`);
});
afterAll(async () => {
  await t?.close();
});

const headers = (locale?: string) => ({ authorization: `Bearer ${token}`, ...(locale ? { 'accept-language': locale } : {}) });

describe('the daily summary export', () => {
  it('is UTF-8 CSV with a byte-order mark, headings in the language, one row a day, the totals, and an audit row', async () => {
    const from = taipeiDate(new Date(Date.now() - 2 * 86_400_000));
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/daily/export?from=${from}&to=${today}`, headers: headers('zh-TW') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toContain(`daily-summary_${from}_${today}.csv`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['日期', '註冊人數', '首存人數']);
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines.at(-1)!.startsWith('合計,')).toBe(true);
    const english = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/daily/export?from=${today}&to=${today}`, headers: headers('en') });
    expect(
      english.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]!
        .startsWith('Day,Registrations,First depositors'),
    ).toBe(true);
    const audit = await t.database.db.execute<{ target: string; detail: { report: string; filters: Record<string, string> } }>(sql`
      select target, detail from audit_log where action = 'reports.export' order by id`);
    expect(audit.rows[0]).toMatchObject({ target: 'report:daily-summary', detail: { report: 'daily-summary', filters: { from, to: today } } });
  });
});

describe('the player list export', () => {
  it('streams every player over HTTP in chunks, with formulas defused', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/backoffice/reports/player-list/export`, { headers: headers('en') });
    expect(res.status).toBe(200);
    // Streamed: no length known in advance, sent in chunks as the batches are read.
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const count = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from players`);
    expect(lines).toHaveLength(count.rows[0]!.n + 1);
    expect(chunks).toBeGreaterThan(2);
    expect(lines[0]).toBe('Player ID,Account,Phone,Real name,Level,Status,Registration IP,Registered,Last sign-in');
    expect(text).toContain(",'=cmd01,\t0700000001,");
    expect(text).toContain('王小明');
    expect(res.headers.get('content-disposition')).toContain('player-list.csv');
  });

  it('writes each cell as csvCell would: formulas defused, commas, quotes and line breaks quoted, Taipei times', async () => {
    // Names a spreadsheet would misread, written directly (sign-up would refuse most of them), one player each.
    const names = ['=1+2', '+SUM(A1)', '-5', '@cmd', '\tTab', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '陳 "大" 文,先生', "it's", ''];
    const login = new Date('2026-03-04T17:05:06.789Z');
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const r = await t.database.db.execute<{ id: string }>(sql`
        insert into players (account, password_hash, phone, recommend_code, real_name, register_ip, status, last_login_at)
        values (${`odd${i}`}, 'x', ${i % 2 ? null : `09${String(i).padStart(8, '0')}`}, ${`ODD${i}`}, ${name}, ${i % 3 ? '10.1.2.3' : null}, ${i % 2}, ${i % 2 ? login.toISOString() : null})
        returning id::text as id`);
      ids.push(Number(r.rows[0]!.id));
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/backoffice/reports/player-list/export?q=odd', headers: headers('zh-TW') });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.execute<{
      id: string;
      account: string;
      phone: string | null;
      real_name: string;
      level_id: number;
      status: number;
      register_ip: string | null;
      created_at: string | Date;
      last_login_at: string | Date | null;
    }>(sql`
      select id::text as id, account, phone, real_name, level_id, status, register_ip, created_at, last_login_at from players where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`);
    const status = (n: number) => (n === 1 ? '正常' : '停用');
    const expected = rows.rows
      .map((r) =>
        [
          r.id,
          csvCell(r.account),
          csvCell(r.phone, 'phone'),
          csvCell(r.real_name),
          r.level_id,
          csvCell(status(Number(r.status))),
          csvCell(r.register_ip),
          taipeiDateTime(new Date(r.created_at)),
          r.last_login_at ? taipeiDateTime(new Date(r.last_login_at)) : '',
        ].join(','),
      )
      .join('\r\n');
    expect(res.body).toBe(`\uFEFF${res.body.replace(/^\uFEFF/, '').split('\r\n')[0]}\r\n${expected}\r\n`);
    expect(res.body).toContain(`,'=1+2,`);
    expect(res.body).toContain(`,'\tTab,`);
    expect(res.body).toContain(',"陳 ""大"" 文,先生",');
    expect(res.body).toContain(',2026-03-05 01:05:06\r\n');
  });

  it('reads its source only as fast as the reader takes the rows', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 1_000; i++) {
        pulled++;
        yield Array.from({ length: 100 }, (_, k) => ({ n: i * 100 + k }));
      }
    }
    const stream = csvStream([{ heading: 'n', cell: (r: { n: number }) => r.n }], source());
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Two chunks taken: the heading and the first batch, and at most a batch or two read ahead, never all 1,000.
    expect(pulled).toBeLessThan(5);
    stream.destroy();
  });
});

describe('the players report export', () => {
  it('writes an early-morning sign-up in Taipei time on its own Taipei day', async () => {
    const p = await seedPlayer(t, { account: 'dawn01' });
    // 00:30 in Taipei is 16:30 UTC of the day before: as UTC ISO text the sign-up would land in the previous day.
    const yesterday = taipeiDate(new Date(Date.now() - DAY_MS));
    const signedUp = new Date(`${yesterday}T00:30:05+08:00`);
    await t.database.db.execute(sql`update players set created_at = ${signedUp.toISOString()}::timestamptz where id = ${p.playerId}`);
    const dir = new AccountDirectory(t.database.db);
    const [central, house] = await Promise.all([dir.playerAccount(p.playerId, 'central'), dir.houseAccount('cash', p.playerId)]);
    await t.database.db.transaction((tx) =>
      postJournal(tx, {
        kind: 'deposit',
        idempotencyKey: `dawn-deposit-${p.playerId}`,
        request: { key: 'dawn' },
        playerId: p.playerId,
        postings: [
          { accountId: central, amountMinor: 50_000n },
          { accountId: house, amountMinor: -50_000n },
        ],
      }),
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/players/export?from=${today}&to=${today}`, headers: headers('en') });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const heading = lines[0].split(',');
    const row = lines.find((l) => l.split(',')[1] === 'dawn01');
    expect(row, res.body).toBeDefined();
    const registered = row!.split(',')[heading.indexOf('Registered')];
    expect(registered).toBe(`${yesterday} 00:30:05`);
    expect(registered).not.toContain('T');
  });
});
