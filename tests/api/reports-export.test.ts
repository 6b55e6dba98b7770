// The reports' CSV exports (issue 23): UTF-8 with a byte-order mark, the filters in the file name, headings in the
// caller's language, the totals row, an audit row per export; and the player list streamed over HTTP a batch at a
// time, the source read only as fast as the client takes the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { createTestApp, seedPlayer, signedInStaff, type TestApp } from '../helpers/app.ts';
import { csvStream } from '../../src/server/modules/reports/csv.ts';
import { taipeiDate } from '../../src/shared/time.ts';

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
afterAll(async () => { await t?.close(); });

const headers = (locale?: string) => ({ authorization: `Bearer ${token}`, ...(locale ? { 'accept-language': locale } : {}) });

describe('the daily summary export', () => {
  it('is UTF-8 CSV with a byte-order mark, headings in the language, one row a day, the totals, and an audit row', async () => {
    const from = taipeiDate(new Date(Date.now() - 2 * 86_400_000));
    const res = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/daily/export?from=${from}&to=${today}`, headers: headers('zh-TW') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toContain(`daily-summary_${from}_${today}.csv`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['日期', '註冊人數', '首存人數']);
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines.at(-1)!.startsWith('合計,')).toBe(true);
    const english = await t.app.inject({ method: 'GET', url: `/api/backoffice/reports/daily/export?from=${today}&to=${today}`, headers: headers('en') });
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]!.startsWith('Day,Registrations,First depositors')).toBe(true);
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
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    const count = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from players`);
    expect(lines).toHaveLength(count.rows[0]!.n + 1);
    expect(chunks).toBeGreaterThan(2);
    expect(lines[0]).toBe('Player ID,Account,Phone,Real name,Level,Status,Registration IP,Registered,Last sign-in');
    expect(text).toContain(",'=cmd01,");
    expect(text).toContain('王小明');
    expect(res.headers.get('content-disposition')).toContain('player-list.csv');
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
