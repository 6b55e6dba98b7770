// Server CPU per transaction: one connection, N sequential transactions, backend CPU from /proc.
import pg from 'pg';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
const [,, dbname, workload, nArg] = process.argv;
const N = Number(nArg ?? 3000);
const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbname}` });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const ticks = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); };
const r = (n) => 1 + Math.floor(Math.random() * n);
const fn = process.argv[5] ?? 'ledger_post_journal';
const text = `select o_journal_id, o_outcome, o_account_id from ${fn}($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
async function one(i) {
  if (workload === 'tpcb') {
    const aid = r(1000000), bid = r(10), tid = r(100), delta = r(10000) - 5000;
    await c.query('BEGIN');
    await c.query({ name: 'u1', text: 'UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2', values: [delta, aid] });
    await c.query({ name: 's1', text: 'SELECT abalance FROM pgbench_accounts WHERE aid = $1', values: [aid] });
    await c.query({ name: 'u2', text: 'UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2', values: [delta, tid] });
    await c.query({ name: 'u3', text: 'UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2', values: [delta, bid] });
    await c.query({ name: 'i1', text: 'INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)', values: [tid, bid, aid, delta] });
    await c.query('END');
  } else {
    const a = r(10000); let b = r(10000); if (b === a) b = a === 1 ? 2 : a - 1;
    const amt = r(10000); const lo = Math.min(a, b), hi = Math.max(a, b);
    const amounts = a < b ? `{${-amt},${amt}}` : `{${amt},${-amt}}`;
    const house = workload === 'house';
    const ids = house ? (a < 10001 ? `{${a},${10001 + (i % 16)}}` : '') : `{${lo},${hi}}`;
    const res = await c.query({ name: 'pj', text, values: ['bench', `cpu:${i}:${randomBytes(6).toString('hex')}`, Buffer.alloc(32), null, '', '', null, ids, house ? `{${-amt},${amt}}` : amounts] });
    if (res.rows[0].o_outcome !== 'posted') throw new Error(res.rows[0].o_outcome);
  }
}
for (let i = 0; i < 300; i++) await one(i);
const t0 = ticks(); const c0 = process.cpuUsage(); const w0 = performance.now();
for (let i = 0; i < N; i++) await one(i + 1000);
const t1 = ticks(); const c1 = process.cpuUsage(c0); const w1 = performance.now();
console.log(`${dbname} ${workload}: server ${((t1 - t0) * 10000 / N).toFixed(0)} us/txn, client ${((c1.user + c1.system) / N).toFixed(0)} us/txn, wall ${((w1 - w0) * 1000 / N).toFixed(0)} us/txn`);
await c.end();
