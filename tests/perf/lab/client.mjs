// Compares client-side ways to call ledger_post_journal: drizzle postJournal vs raw pg named statements.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
const url = 'postgres://postgres@127.0.0.1:5432/lab';
const mode = process.argv[2];
const clients = Number(process.argv[3] ?? 8);
const seconds = Number(process.argv[4] ?? 8);
process.env.DB_POOL_MAX = String(clients + 2);
const { openDatabase } = await import('../../../src/server/db/client.ts');
const { postJournal } = await import('../../../src/server/ledger/ledger.ts');
const database = await openDatabase({ url });
const pool = new pg.Pool({ connectionString: url, max: clients + 2 });
const text = 'select o_journal_id, o_outcome, o_account_id from ledger_post_journal($1, $2, $3, $4, $5, $6, $7, $8, $9)';
let count = 0;
let end = Date.now() + seconds * 1000;
const elu0 = performance.eventLoopUtilization();
const cpu0 = process.cpuUsage();
let seq = 0;
await Promise.all(Array.from({ length: clients }, async (_, c) => {
  while (Date.now() < end) {
    const a = 1 + Math.floor(Math.random() * 10000);
    let b = 1 + Math.floor(Math.random() * 10000); if (b === a) b = a === 1 ? 2 : a - 1;
    const amount = BigInt(1 + Math.floor(Math.random() * 10000));
    const key = `lab:${mode}:${c}:${seq++}:${randomBytes(4).toString('hex')}`;
    if (mode === 'drizzle') {
      await postJournal(database.db, { kind: 'bench', idempotencyKey: key, request: { a, b }, postings: [{ accountId: a, amountMinor: -amount }, { accountId: b, amountMinor: amount }] });
    } else if (mode === 'old') {
      const { sql } = await import('drizzle-orm');
      const ids = a < b ? `{${a},${b}}` : `{${b},${a}}`; const am = a < b ? `{${-amount},${amount}}` : `{${amount},${-amount}}`;
      await database.db.execute(sql`select o_journal_id, o_outcome, o_account_id from ledger_post_journal(${'bench'}, ${key}, ${Buffer.alloc(32)}, ${null}::bigint, ${''}, ${''}, ${null}::bigint, ${ids}::bigint[], ${am}::bigint[])`);
    } else {
      const legs = a < b ? [[a, -amount], [b, amount]] : [[b, amount], [a, -amount]];
      await pool.query({ name: mode === 'named' ? 'post_journal' : undefined, text, values: ['bench', key, Buffer.alloc(32), null, '', '', null,
        `{${legs[0][0]},${legs[1][0]}}`, `{${legs[0][1]},${legs[1][1]}}`] });
    }
    count++;
  }
}));
const elu = performance.eventLoopUtilization(elu0).utilization;
const cpu = process.cpuUsage(cpu0);
console.log(mode, clients, 'tps', (count / seconds).toFixed(0), 'busy', (elu * 100).toFixed(0) + '%', 'client cpu us/txn', ((cpu.user + cpu.system) / count).toFixed(0));
await pool.end(); await database.close();
