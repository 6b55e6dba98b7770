// Seamless wallet throughput, printed as figures against the goals:
//   1. pgbench's TPC-B on a fresh database (scale 10) at 32 clients, the yardstick, in the same run;
//   2. debit and credit pairs through the HTTP API: 32 provider connections, each sending a signed debit and then the
//      credit that settles it (closing the round), one player per round, as a provider would. A pair is two journals,
//      each with its own HTTP request. Goal: pairs per second >= 0.5 of pgbench's tps, p99 <= 25 ms per call;
//   3. the proof from the ledger that every pair moved money exactly once: one seamless_debit and one seamless_credit
//      journal per accepted pair, no other, the players' balances equal to their funding plus the pairs' net, and
//      every ledger invariant (ledger/check.ts).
// Beside them, the CPU each pair cost the server (its main thread), the load generator (the worker thread, on the same
// machine: on a small or busy machine it takes CPU from the server it measures) and the PostgreSQL backends. They
// vary less than the rates on a shared machine, but an overloaded one still inflates them (measured 1.4 to 5 ms of
// server CPU per pair for the same code at load averages of 10 to 25 on two cores): compare runs back to back.
// Run: node --disable-warning=ExperimentalWarning tests/perf/seamless-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; databases are created and dropped),
//      SEAMLESS_BENCH_SECONDS (15), SEAMLESS_BENCH_CONNECTIONS (32), SEAMLESS_BENCH_PLAYERS (256), SEAMLESS_BENCH_PARTS ("pgbench,http"),
//      SEAMLESS_BENCH_CLIENT ("http": node:http with kept-alive connections; "fetch" as the bench first measured),
//      SEAMLESS_BENCH_PROFILE (1: the app's connections track function times, and the run prints the database functions
//      and tables that took the most per pair; tracking adds a little of its own CPU, so leave it off for the figures).
// Import `seamlessBench()` to run it from another script (scripts/bench.mjs); it returns the figures.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { BASE_URL, backendCpuMs, createDb, percentile } from './pg.mjs';
import { keptAliveClient } from './http-client.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const GOALS = { ratio: 0.5, p99Ms: 25 };
const CODE = 'SMB';
const STAKE_MINOR = 100;
const FUNDS_MINOR = 1_000_000_000n;
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function run(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

async function pgbench(clients, seconds, log) {
  const db = await createDb('bench_sl_pgb');
  const u = new URL(db.url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {};
  try {
    await run('pgbench', [...args, '-i', '-s', '10', '-q', db.name], env);
    await run('pgbench', [...args, '-c', String(clients), '-j', '2', '-T', '5', '-n', db.name], env);
    const text = await run('pgbench', [...args, '-c', String(clients), '-j', '2', '-T', String(seconds), '-n', db.name], env);
    const tps = Number(/tps = ([\d.]+)/.exec(text)?.[1] ?? Number.NaN);
    log(`  pgbench -c ${clients} -j 2 -T ${seconds}: ${fmt(tps)} tps`);
    return tps;
  } finally {
    await db.drop();
  }
}

// ---- the provider's connections (a worker thread, so the load does not share the server's event loop) ----

/** A signed POST on one of `connections` kept-alive connections (http-client.mjs), or with fetch as the bench first measured. */
function poster(url, connections, client) {
  if (client === 'fetch') {
    return async (pathname, body, headers) => (await fetch(`${url}${pathname}`, { method: 'POST', body, headers })).json();
  }
  const http = keptAliveClient(url, connections);
  return async (pathname, body, headers) => {
    const res = await http.request('POST', pathname, body, headers);
    if (res.status === 0) throw new Error(`seamless bench: ${res.text}`);
    return JSON.parse(res.text);
  };
}

async function providerWorker({ url, secret, players, connections, seconds, tag, client }) {
  const post = poster(url, connections, client);
  const latencies = [];
  const statuses = {};
  let pairs = 0;
  let netMinor = 0n;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  const cpu0 = process.threadCpuUsage();
  const call = async (name, body) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', secret).update(`${timestamp}\n${raw}`).digest('hex');
    const t0 = performance.now();
    const answer = await post(`/api/seamless/${CODE}/${name}`, raw, { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature });
    latencies.push(performance.now() - t0);
    const key = `${name}:${answer.status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    return answer.status;
  };
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = 0;
      while (Date.now() < end) {
        const player = String(players[(c + i * connections) % players.length]);
        const round = `${tag}-${c}-${i++}`;
        const debit = await call('debit', { player, round_id: round, transaction_id: `${round}-d`, game_code: 'bench-slot', amount: String(STAKE_MINOR) });
        if (debit !== 'OK') continue;
        // Every other round wins twice its stake, the rest lose: the balances move both ways.
        const win = i % 2 ? STAKE_MINOR * 2 : 0;
        const credit = await call('credit', {
          player,
          round_id: round,
          transaction_id: `${round}-c`,
          debit_transaction_id: `${round}-d`,
          amount: String(win),
          round_closed: true,
        });
        if (credit === 'OK') {
          pairs++;
          netMinor += BigInt(win - STAKE_MINOR);
        }
      }
    }),
  );
  const cpu = process.threadCpuUsage(cpu0);
  return { pairs, netMinor: netMinor.toString(), statuses, latencies, elapsed: (performance.now() - started) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}

if (!isMainThread && workerData?.kind === 'seamless') {
  providerWorker(workerData).then(
    (r) => parentPort.postMessage({ ok: true, r }),
    (err) => parentPort.postMessage({ ok: false, error: String(err?.stack ?? err) }),
  );
}

function inWorker(data) {
  return new Promise((resolve, reject) => {
    const w = new Worker(fileURLToPath(import.meta.url), { workerData: { kind: 'seamless', ...data }, execArgv: ['--disable-warning=ExperimentalWarning'] });
    w.once('message', (m) => (m.ok ? resolve(m.r) : reject(new Error(m.error))));
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}`));
    });
  });
}

/** The app in-process on loopback with a seamless platform and funded players; answers the run's figures and proof. */
async function httpRun(seconds, connections, playerCount, log) {
  const db = await createDb('bench_seamless');
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedReference } = await import('../../src/server/seed.ts');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const { checkLedger } = await import('../../src/server/ledger/check.ts');
  const { sql } = await import('drizzle-orm');
  const secret = `bench-seamless-${randomBytes(8).toString('hex')}`;
  const poolMax = Math.max(20, connections + 4);
  const profile = process.env.SEAMLESS_BENCH_PROFILE === '1';
  const appUrl = new URL(db.url);
  if (profile) appUrl.searchParams.set('options', '-c track_functions=all');
  const database = await openDatabase({ url: appUrl.toString(), poolMax });
  let app;
  let pairs = 0;
  try {
    await seedReference(database.db);
    const config = {
      ...loadConfig({ ...process.env, REDIS_URL: process.env.REDIS_URL ?? '', SEAMLESS_SECRET: secret, DB_POOL_MAX: String(poolMax), LOG_LEVEL: 'error' }),
      databaseUrl: db.url,
    };
    app = await buildApp({ config, database, logger: false, jobs: false, pages: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${app.server.address().port}`;
    const dbx = database.db;
    await dbx.execute(sql`insert into game_platforms (name, name_en, gp_code, "group", sort) values ('Bench', 'Bench', ${CODE}, 'slots', 99)`);
    await dbx.execute(sql`insert into seamless_platforms (gp_code) values (${CODE})`);
    await dbx.execute(sql`insert into players (account, password_hash, recommend_code)
      select 'sb' || g, 'unused', 'SB' || g from generate_series(1, ${playerCount}) g`);
    const players = (await dbx.execute(sql`select id from players where account like 'sb%' order by id`)).rows.map((r) => Number(r.id));
    await dbx.execute(sql`insert into accounts (player_id, kind, ref) select id, 'central', '' from players where account like 'sb%'`);
    for (const id of players)
      await app.services.wallet.adjustCentral({ playerId: id, amountMinor: FUNDS_MINOR, memo: 'bench', idempotencyKey: `seamless-bench-${id}` });
    const client = process.env.SEAMLESS_BENCH_CLIENT ?? 'http';
    await inWorker({ url, secret, players, connections, seconds: 3, tag: 'warm', client });
    const pids = (await dbx.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).rows.map((row) => Number(row.pid));
    if (profile) await dbx.execute(sql`select pg_stat_reset()`);
    const notices = profile ? await countNotices(db.url, 'auth_invalidate') : undefined;
    // The server's WAL over the run (pg_stat_wal is server-wide: other databases' writes count too on a shared server).
    const walOf = async () => (await dbx.execute(sql`select wal_bytes::float8 as bytes, wal_fpi::float8 as fpi from pg_stat_wal`)).rows[0];
    const wal0 = await walOf();
    const db0 = backendCpuMs(pids);
    const cpu0 = process.threadCpuUsage();
    const r = await inWorker({ url, secret, players, connections, seconds, tag: 'run', client });
    pairs = r.pairs;
    if (notices) log(`  profile, NOTIFY auth_invalidate messages per pair: ${fmt((await notices.stop()) / r.pairs, 2)}`);
    const cpu = process.threadCpuUsage(cpu0);
    // CPU per pair of the server (this thread) and of the provider's load (the worker), robust to a busy machine.
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    const dbCpuMs = backendCpuMs(pids) - db0;
    const wal1 = await walOf();
    log(
      `  CPU per pair: server ${fmt(serverCpuMs / r.pairs, 2)} ms, load generator ${fmt(r.cpuMs / r.pairs, 2)} ms, PostgreSQL backends ${fmt(dbCpuMs / r.pairs, 2)} ms; WAL per pair ${fmt((wal1.bytes - wal0.bytes) / r.pairs / 1024, 1)} KB, ${fmt((wal1.fpi - wal0.fpi) / r.pairs, 2)} full-page images`,
    );
    const latencies = r.latencies.sort((a, b) => a - b);
    const out = { pairsPerSecond: r.pairs / r.elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses: r.statuses, pairs: r.pairs };
    log(
      `  ${connections} provider connections (${client}), ${playerCount} players, ${seconds} s: ${fmt(out.pairsPerSecond)} debit+credit pairs/s (${fmt(out.pairsPerSecond * 2)} calls/s), p50 ${fmt(out.p50, 1)} ms, p99 ${fmt(out.p99, 1)} ms per call ${JSON.stringify(r.statuses)}`,
    );
    out.proof = await proofOf(dbx, sql, checkLedger, r.pairs, BigInt(r.netMinor), players.length);
    log(`  exactly once: ${out.proof.ok ? 'holds' : 'BROKEN'} (${JSON.stringify(out.proof.figures)})`);
    return out;
  } finally {
    await app?.close();
    await database.close();
    // The backends report their statistics as they exit, so the profile is read once the app's pool is closed.
    if (profile && pairs) await printProfile(db.url, pairs, log).catch((err) => log(`  profile: ${err}`));
    await db.drop();
  }
}

/** Counts the messages of a NOTIFY channel until stop() (which answers the count). */
async function countNotices(url, channel) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let n = 0;
  c.on('notification', (m) => {
    if (m.channel === channel) n++;
  });
  await c.query(`listen ${channel}`);
  return {
    stop: async () => {
      await c.end();
      return n;
    },
  };
}

/** The database functions (self time) and tables (rows written) of the timed run, per pair, largest first. */
async function printProfile(url, pairs, log) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const fns = (await c.query(`select funcname, calls, self_time, total_time from pg_stat_user_functions order by self_time desc limit 12`)).rows;
    log('  profile, functions (ms per pair: self / total, calls per pair):');
    for (const f of fns) log(`    ${f.funcname}: ${fmt(f.self_time / pairs, 3)} / ${fmt(f.total_time / pairs, 3)}, ${fmt(Number(f.calls) / pairs, 2)}`);
    const tables = (
      await c.query(`select relname, n_tup_ins + n_tup_upd + n_tup_del as w, n_tup_hot_upd as hot from pg_stat_user_tables
      where n_tup_ins + n_tup_upd + n_tup_del > 0 order by 2 desc limit 16`)
    ).rows;
    log(`  profile, rows written per pair: ${tables.map((t) => `${t.relname} ${fmt(Number(t.w) / pairs, 2)}`).join(', ')}`);
    // A statement that reads a whole table where an index would do (a plan cached while the table was empty).
    const scans = (await c.query(`select relname, seq_scan, seq_tup_read from pg_stat_user_tables where seq_scan > 0 order by seq_tup_read desc limit 8`)).rows;
    log(
      `  profile, sequential scans per pair (rows read): ${scans.map((t) => `${t.relname} ${fmt(Number(t.seq_scan) / pairs, 2)} (${fmt(Number(t.seq_tup_read) / pairs, 0)})`).join(', ') || 'none'}`,
    );
    const xacts = (await c.query(`select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`)).rows[0];
    log(`  profile, transactions per pair: ${fmt(Number(xacts?.n ?? 0) / pairs, 2)}`);
  } finally {
    await c.end();
  }
}

/** The ledger's side of the run: one journal per accepted call of the timed run, balances = funding + the pairs' net. */
async function proofOf(db, sql, checkLedger, pairs, netMinor, playerCount) {
  const journals = (
    await db.execute(sql`select j.kind, count(*)::int as n from journals j join seamless_transactions t
    on t.journal_id = j.id where t.tx_id like 'run-%' group by j.kind`)
  ).rows;
  const settled = (
    await db.execute(sql`select count(*)::int as n from seamless_transactions where tx_id like 'run-%' and kind = 'debit' and status = 'settled'`)
  ).rows[0].n;
  const byKind = Object.fromEntries(journals.map((j) => [j.kind, Number(j.n)]));
  const wonCredits = (
    await db.execute(sql`select count(*)::int as n from seamless_transactions where tx_id like 'run-%' and kind = 'credit' and amount_minor > 0`)
  ).rows[0].n;
  const keys = (await db.execute(sql`select count(*)::int as n from journals where idempotency_key like ${`seamless:${CODE}:run-%`}`)).rows[0].n;
  const warmNet = (
    await db.execute(sql`select coalesce(sum(case when kind = 'credit' then amount_minor else -amount_minor end), 0)::text as s
    from seamless_transactions where tx_id like 'warm-%' and status in ('settled', 'accepted', 'open')`)
  ).rows[0].s;
  const balances = (
    await db.execute(sql`select coalesce(sum(a.balance_minor), 0)::text as s from accounts a join players p on p.id = a.player_id
    where p.account like 'sb%' and a.kind = 'central'`)
  ).rows[0].s;
  const expected = FUNDS_MINOR * BigInt(playerCount) + BigInt(warmNet) + netMinor;
  const violations = await checkLedger(db);
  const figures = {
    pairs,
    settledDebits: settled,
    debitJournals: byKind.seamless_debit ?? 0,
    creditJournals: byKind.seamless_credit ?? 0,
    journalsByKey: keys,
    balances,
    expected: expected.toString(),
    violations: violations.length,
  };
  const ok =
    settled === pairs &&
    figures.debitJournals >= pairs &&
    figures.creditJournals === wonCredits &&
    keys === figures.debitJournals + figures.creditJournals &&
    BigInt(balances) === expected &&
    violations.length === 0;
  return { ok, figures };
}

export async function seamlessBench(opts = {}) {
  const seconds = opts.seconds ?? Number(process.env.SEAMLESS_BENCH_SECONDS ?? 15);
  const connections = opts.connections ?? Number(process.env.SEAMLESS_BENCH_CONNECTIONS ?? 32);
  const playerCount = opts.players ?? Number(process.env.SEAMLESS_BENCH_PLAYERS ?? 256);
  const parts = new Set((process.env.SEAMLESS_BENCH_PARTS ?? 'pgbench,http').split(','));
  const log = opts.log ?? ((line) => console.log(line));
  log(
    `\n== Seamless wallet: debit+credit pairs through the HTTP API against pgbench TPC-B at ${connections} clients (PostgreSQL ${new URL(BASE_URL).host}) ==\n`,
  );
  const tps = parts.has('pgbench') ? await pgbench(connections, seconds, log) : Number.NaN;
  const http = parts.has('http')
    ? await httpRun(seconds, connections, playerCount, log)
    : { pairsPerSecond: Number.NaN, p99: Number.NaN, proof: { ok: false } };
  const ratio = http.pairsPerSecond / tps;
  log(
    `\npairs/s ÷ pgbench tps = ${fmt(ratio, 2)} (goal >= ${GOALS.ratio}); p99 per call ${fmt(http.p99, 1)} ms (goal <= ${GOALS.p99Ms} ms); exactly once: ${http.proof.ok ? 'yes' : 'NO'}`,
  );
  return { tps, ...http, ratio, goals: GOALS };
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  seamlessBench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
