// Ledger and transfer throughput, printed as figures (no pass/fail):
//   1. pgbench's TPC-B on a fresh database (scale 10) with 8 and 32 clients, as the yardstick;
//   2. ledger transfers per second between player accounts, same PostgreSQL, same client counts and
//      duration: each transfer is one postJournal call, sent as its own statement and so its own transaction,
//      in one round trip (idempotency check, ordered row locks,
//      journal, postings, cached balances), against the goals of >= 0.8 of pgbench's tps at 8 clients and >= 1.0 at 32;
//   3. the same with every transfer touching the house side (player <-> one of the house shards), goal >= 0.6;
//   4. central-to-platform transfers per second through the HTTP API (the app in this process, the stand-in provider
//      in a child process of its own, on loopback): POST /api/players/deposit/SLX, with p50 and p99 latency, the
//      app's thread's time per transfer, and beside it the stand-in provider's own calls per second and CPU per call
//      (its transfer call alone, as the app signs it).
// Run: node --disable-warning=ExperimentalWarning tests/perf/ledger-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; databases are created and dropped),
//      LEDGER_BENCH_SECONDS (15), LEDGER_BENCH_CLIENTS ("8,32"), LEDGER_BENCH_HTTP_SECONDS (10),
//      LEDGER_BENCH_HTTP_CLIENTS (16), LEDGER_BENCH_ACCOUNTS (10000), LEDGER_BENCH_PARTS ("pgbench,ledger,http"),
//      LEDGER_BENCH_WRAP=1 (each journal inside BEGIN/COMMIT instead of as its own statement),
//      LEDGER_BENCH_THREADS (2, the client's worker threads), LEDGER_BENCH_WARMUP_SECONDS (5, untimed load before
//      every timed run, pgbench's and the ledger's);
//      REDIS_URL, when set, is used by the in-process app as production would (rate limits).
// Import `ledgerBench()` to run it from another script; it returns the figures.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { BASE_URL, backendCpuMs, createDb, percentile } from './pg.mjs';
import { keptAliveClient } from './http-client.mjs';
import { startSimProcess } from './sim-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The ledger's speed goals as fractions of pgbench's tps: player to player >= 0.8 at 8 clients and >= 1.0 at 32, to the house >= 0.6. */
const GOALS = { p2p: { 8: 0.8, 32: 1.0 }, house: 0.6 };
/** The player-to-player goal at a client count: the one for the nearest count at or below it (0.8 below 8). */
export function p2pGoal(clients) {
  const counts = Object.keys(GOALS.p2p)
    .map(Number)
    .sort((a, b) => a - b);
  return GOALS.p2p[counts.filter((c) => c <= clients).at(-1) ?? counts[0]];
}
const WRAP = process.env.LEDGER_BENCH_WRAP === '1';
/** Worker threads per ledger run, as pgbench's -j 2 (LEDGER_BENCH_THREADS to change it). */
const THREADS = Math.max(1, Number(process.env.LEDGER_BENCH_THREADS ?? 2));
/**
 * Untimed load before every timed run, pgbench's and the ledger's alike. A fresh database runs slowly for its first
 * seconds (measured: the first ledger run after seeding at a third of the same run repeated), whichever workload
 * comes first, so without it the figure depended on the order of the runs.
 */
const WARMUP_SECONDS = Math.max(1, Number(process.env.LEDGER_BENCH_WARMUP_SECONDS ?? 5));
const FUNDS_MINOR = 1_000_000_000_000n;

// ---- helpers --------------------------------------------------------------------------------------

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
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out.slice(-2000)}`))));
  });
}

function pgbenchArgs(url) {
  const u = new URL(url);
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {};
  return { args, env, db: u.pathname.slice(1) };
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

// ---- workers: ledger transfers and HTTP load ------------------------------------------------------

async function ledgerWorker({ url, accounts, houses, mode, clients, seconds, thread }) {
  process.env.DB_POOL_MAX = String(clients + 2);
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { postJournal } = await import('../../src/server/ledger/ledger.ts');
  const database = await openDatabase({ url, poolMax: clients + 2 });
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  let count = 0;
  const latencies = [];
  const errors = {};
  const loop = async (client) => {
    let i = 0;
    for (;;) {
      if (Date.now() >= end) return;
      const a = pick(accounts);
      let b = mode === 'house' ? pick(houses) : pick(accounts);
      if (b === a) b = accounts[(accounts.indexOf(a) + 1) % accounts.length];
      const amount = BigInt(1 + Math.floor(Math.random() * 10_000));
      // Player to house or house to player, half each; between players, one pays the other.
      const [from, to] = mode === 'house' && Math.random() < 0.5 ? [b, a] : [a, b];
      const t0 = performance.now();
      try {
        const journal = {
          kind: 'adjustment',
          idempotencyKey: `bench:${mode}:${thread}:${client}:${i++}:${randomBytes(4).toString('hex')}`,
          request: { from, to, amount: amount.toString() },
          postings: [
            { accountId: from, amountMinor: -amount },
            { accountId: to, amountMinor: amount },
          ],
        };
        // A journal on its own is one statement, hence its own transaction: the one round trip the ledger
        // promises. LEDGER_BENCH_WRAP=1 adds BEGIN and COMMIT around it (three round trips), the shape of a
        // journal inside a larger product transaction, where those two are shared with the other work.
        await (WRAP ? database.db.transaction((tx) => postJournal(tx, journal)) : postJournal(database.db, journal));
        count++;
        latencies.push(performance.now() - t0);
      } catch (err) {
        const key = err?.code ?? err?.cause?.code ?? err?.message ?? 'error';
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
  };
  let end = Date.now() + 1_000;
  // A short warm-up of this run's own connections (plans, caches), not counted.
  await Promise.all(Array.from({ length: clients }, (_, c) => loop(c)));
  count = 0;
  latencies.length = 0;
  const started = performance.now();
  const elu = performance.eventLoopUtilization();
  end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, (_, c) => loop(c)));
  const elapsed = (performance.now() - started) / 1000;
  // How busy this thread's JavaScript was: near 1 means the client side, not PostgreSQL, set the pace.
  const busy = performance.eventLoopUtilization(elu).utilization;
  await database.close();
  return { count, elapsed, latencies, errors, busy };
}

async function httpWorker({ url, tokens, seconds, clients }) {
  let ok = 0;
  let refused = 0;
  const statuses = {};
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  const client = keptAliveClient(url, clients);
  const body = JSON.stringify({ money: '0.01' });
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const headers = { authorization: `Bearer ${tokens[c % tokens.length]}`, 'content-type': 'application/json' };
      while (Date.now() < end) {
        const res = await client.request('POST', '/api/players/deposit/SLX', body, headers);
        if (res.status === 0) {
          statuses.connection = (statuses.connection ?? 0) + 1;
          continue;
        }
        latencies.push(res.ms);
        const answer = JSON.parse(res.text);
        const k = res.status === 200 ? answer.data.status : `${res.status}:${answer.code}`;
        statuses[k] = (statuses[k] ?? 0) + 1;
        if (res.status === 200 && answer.data.status === 'applied') ok++;
        else refused++;
      }
    }),
  );
  client.close();
  return { ok, refused, statuses, latencies, elapsed: (performance.now() - started) / 1000 };
}

if (!isMainThread && workerData?.kind) {
  // A Node without type stripping (before 22.6) runs the benchmarks under tsx, whose loader a worker must register itself.
  if (process.features.typescript === undefined) await import('tsx/esm/api').then((m) => m.register());
  const job = workerData.kind === 'ledger' ? ledgerWorker(workerData) : httpWorker(workerData);
  job.then(
    (r) => parentPort.postMessage({ ok: true, r }),
    (err) => parentPort.postMessage({ ok: false, error: String(err?.stack ?? err) }),
  );
}

function inWorker(data) {
  return new Promise((resolve, reject) => {
    const w = new Worker(fileURLToPath(import.meta.url), { workerData: data, execArgv: ['--disable-warning=ExperimentalWarning'] });
    w.once('message', (m) => (m.ok ? resolve(m.r) : reject(new Error(m.error))));
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}`));
    });
  });
}

// ---- the runs ------------------------------------------------------------------------------------

async function pgbench(clients, seconds, log) {
  const db = await createDb('bench_pgb');
  try {
    const { args, env } = pgbenchArgs(db.url);
    log(`  pgbench -i -s 10 ...`);
    await run('pgbench', [...args, '-i', '-s', '10', '-q', db.name], env);
    const out = {};
    for (const c of clients) {
      await run('pgbench', [...args, '-c', String(c), '-j', '2', '-T', String(WARMUP_SECONDS), '-n', db.name], env);
      const text = await run('pgbench', [...args, '-c', String(c), '-j', '2', '-T', String(seconds), '-n', db.name], env);
      const m = /tps = ([\d.]+)/.exec(text);
      const lat = /latency average = ([\d.]+) ms/.exec(text);
      out[c] = { tps: m ? Number(m[1]) : Number.NaN, latencyAvgMs: lat ? Number(lat[1]) : Number.NaN };
      log(`  pgbench -c ${c} -j 2 -T ${seconds}: ${fmt(out[c].tps)} tps`);
    }
    return out;
  } finally {
    await db.drop();
  }
}

export async function seedLedger(url, accountsCount) {
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedReference } = await import('../../src/server/seed.ts');
  const { AccountDirectory, HOUSE_SHARDS } = await import('../../src/server/ledger/accounts.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url });
  try {
    await seedReference(database.db);
    const db = database.db;
    await db.execute(sql`insert into players (account, password_hash, recommend_code)
      select 'b' || g, 'unused', 'B' || g from generate_series(1, ${accountsCount}) g`);
    await db.execute(sql`insert into accounts (player_id, kind, ref) select id, 'central', '' from players`);
    const dir = new AccountDirectory(db);
    const houses = [];
    for (let i = 0; i < HOUSE_SHARDS; i++) houses.push(await dir.houseAccount('cash', i));
    const seedHouse = await dir.houseAccount('adjust', 0);
    // One funding journal for every player account, balanced by one house account (written in bulk).
    const total = FUNDS_MINOR * BigInt(accountsCount);
    await db.transaction(async (tx) => {
      const j = await tx.execute(
        sql`insert into journals (kind, idempotency_key, request_hash, memo) values ('adjustment', 'bench:funding', '\\x00'::bytea, 'bench funds') returning id`,
      );
      const jid = j.rows[0].id;
      await tx.execute(sql`insert into postings (journal_id, account_id, amount_minor, balance_after_minor)
        select ${jid}, id, ${FUNDS_MINOR.toString()}::bigint, ${FUNDS_MINOR.toString()}::bigint from accounts where player_id is not null`);
      await tx.execute(
        sql`insert into postings (journal_id, account_id, amount_minor, balance_after_minor) values (${jid}, ${seedHouse}, ${(-total).toString()}::bigint, ${(-total).toString()}::bigint)`,
      );
      await tx.execute(sql`update accounts set balance_minor = ${FUNDS_MINOR.toString()}::bigint where player_id is not null`);
      await tx.execute(sql`update accounts set balance_minor = ${(-total).toString()}::bigint where id = ${seedHouse}`);
    });
    // Start from the state pgbench -i leaves its tables in: vacuumed (the bulk update left a dead version of every
    // account row, which the first journals would otherwise prune page by page) and analysed.
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
    const ids = (await db.execute(sql`select id from accounts where player_id is not null order by id`)).rows.map((r) => Number(r.id));
    return { accounts: ids, houses };
  } finally {
    await database.close();
  }
}

async function ledgerRun({ url, accounts, houses, mode, clients, seconds }) {
  const per = Array.from({ length: THREADS }, (_, t) => Math.floor(clients / THREADS) + (t < clients % THREADS ? 1 : 0));
  const results = await Promise.all(per.map((n, thread) => inWorker({ kind: 'ledger', url, accounts, houses, mode, clients: n, seconds, thread })));
  const count = results.reduce((s, r) => s + r.count, 0);
  const elapsed = Math.max(...results.map((r) => r.elapsed));
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const errors = {};
  for (const r of results) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
  const busy = results.reduce((s, r) => s + r.busy, 0) / results.length;
  return { tps: count / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, busy };
}

async function ledgerRuns(clientCounts, seconds, accountsCount, log) {
  const db = await createDb('bench_ledger');
  try {
    log(`  seeding ${accountsCount} funded player accounts and the house shards ...`);
    const { accounts, houses } = await seedLedger(db.url, accountsCount);
    // Untimed load on connections of its own first, as pgbench gets before each of its runs (see WARMUP_SECONDS).
    for (const mode of ['p2p', 'house']) await ledgerRun({ url: db.url, accounts, houses, mode, clients: clientCounts[0], seconds: WARMUP_SECONDS });
    const out = {};
    for (const c of clientCounts) {
      out[c] = {};
      for (const mode of ['p2p', 'house']) {
        out[c][mode] = await ledgerRun({ url: db.url, accounts, houses, mode, clients: c, seconds });
        const r = out[c][mode];
        log(
          `  ledger ${mode === 'p2p' ? 'player<->player' : 'player<->house '} ${String(c).padStart(2)} clients: ${fmt(r.tps)} tps (p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, client threads ${fmt(r.busy * 100)}% busy)${Object.keys(r.errors).length ? ` errors ${JSON.stringify(r.errors)}` : ''}`,
        );
      }
    }
    const { openDatabase } = await import('../../src/server/db/client.ts');
    const { checkLedger } = await import('../../src/server/ledger/check.ts');
    const database = await openDatabase({ url: db.url });
    const violations = await checkLedger(database.db);
    await database.close();
    log(
      `  ledger check after the runs: ${violations.length ? `${violations.length} violation(s) ${JSON.stringify(violations.slice(0, 3))}` : 'every invariant holds'}`,
    );
    return { runs: out, violations: violations.length };
  } finally {
    await db.drop();
  }
}

async function httpRun(seconds, clients, log) {
  const db = await createDb('bench_http');
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedReference } = await import('../../src/server/seed.ts');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const { players, sessions } = await import('../../src/server/db/schema.ts');
  const { newToken } = await import('../../src/server/modules/auth/tokens.ts');
  const { openCentralAccount } = await import('../../src/server/modules/auth/repository.ts');
  const { checkLedger } = await import('../../src/server/ledger/check.ts');
  const { HttpGameProvider } = await import('../../src/server/integrations/games/provider.ts');
  // The stand-in and the app share one provider secret, whatever an earlier part of `npm run bench` put in SIM_SECRET.
  const providerSecret = `bench-provider-${randomBytes(8).toString('hex')}`;
  // In its own process, so that the app's thread below spends its time on the product alone.
  const sim = await startSimProcess({ secret: providerSecret });
  process.env.RATE_LIMIT_PER_MIN = '1000000000';
  process.env.DB_POOL_MAX = String(Math.max(20, clients + 4));
  const database = await openDatabase({ url: db.url, poolMax: Math.max(20, clients + 4) });
  let app;
  try {
    await seedReference(database.db);
    // Redis (rate limits, socket fan-out) when the environment has one, as production runs.
    const config = {
      ...loadConfig({
        ...process.env,
        REDIS_URL: process.env.REDIS_URL ?? '',
        GAME_PROVIDER_URL: sim.url,
        GAME_PROVIDER_SECRET: providerSecret,
        LOG_LEVEL: 'error',
      }),
      databaseUrl: db.url,
    };
    app = await buildApp({ config, database, logger: false, jobs: false, pages: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${app.server.address().port}`;
    const tokens = [];
    const playerIds = [];
    for (let i = 0; i < clients; i++) {
      const [row] = await database.db
        .insert(players)
        .values({
          account: `hb${i}${randomBytes(2).toString('hex')}`.slice(0, 12),
          passwordHash: 'unused',
          recommendCode: `HB${i}${randomBytes(3).toString('hex')}`,
        })
        .returning({ id: players.id });
      await openCentralAccount(database.db, row.id);
      playerIds.push(row.id);
      await app.services.wallet.adjustCentral({ playerId: row.id, amountMinor: 100_000_000n, memo: 'bench', idempotencyKey: `bench-${row.id}` });
      const { token, hash } = newToken();
      await database.db.insert(sessions).values({ playerId: row.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) });
      tokens.push(token);
    }
    // Warm-up: each player's first transfer creates its account at the provider.
    await inWorker({ kind: 'http', url, tokens, seconds: 2, clients });
    // How busy this thread was (the app alone: the load comes from a worker thread, the stand-in runs in its own
    // process): its time per transfer is the CPU the product spends on one, whatever the machine's other load makes
    // of the rate. The stand-in's CPU over the same run is printed beside it.
    // Its CPU time as well (this thread's alone, not the load's worker): on a machine shared with other work the busy
    // time includes waiting for a core, the CPU time does not.
    const { sql } = await import('drizzle-orm');
    const pids = (await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).rows.map((row) => Number(row.pid));
    const elu = performance.eventLoopUtilization();
    const cpu = process.threadCpuUsage();
    const simBefore = await sim.cpuMs();
    const db0 = backendCpuMs(pids);
    const r = await inWorker({ kind: 'http', url, tokens, seconds, clients });
    const busy = performance.eventLoopUtilization(elu);
    const cpuUsed = process.threadCpuUsage(cpu);
    const simMs = (await sim.cpuMs()) - simBefore;
    const dbMs = backendCpuMs(pids) - db0;
    const latencies = r.latencies.sort((a, b) => a - b);
    const calls = r.ok + r.refused;
    const out = {
      rps: r.ok / r.elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      statuses: r.statuses,
      busyMsPerTransfer: busy.active / calls,
      cpuMsPerTransfer: (cpuUsed.user + cpuUsed.system) / 1000 / calls,
      simMsPerTransfer: simMs / calls,
      dbMsPerTransfer: dbMs / calls,
    };
    log(
      `  POST /api/players/deposit/SLX, ${clients} clients (one player each), ${seconds} s: ${fmt(out.rps)} applied transfers/s (p50 ${fmt(out.p50, 1)} ms, p99 ${fmt(out.p99, 1)} ms) ${JSON.stringify(r.statuses)}`,
    );
    log(
      `  the app's thread: ${fmt(busy.utilization * 100)}% busy, ${fmt(out.busyMsPerTransfer, 2)} ms per transfer, ${fmt(out.cpuMsPerTransfer, 2)} ms of CPU per transfer; the stand-in's process: ${fmt(out.simMsPerTransfer, 2)} ms of CPU per transfer; the PostgreSQL backends: ${fmt(out.dbMsPerTransfer, 2)} ms of CPU per transfer`,
    );
    // The stand-in's own cost: the same signed transfer call the app makes, straight to it, same clients, no app.
    out.provider = await providerAlone(
      new HttpGameProvider(config.provider),
      sim,
      playerIds.map((id) => `p${id}`),
      Math.min(seconds, 5),
    );
    log(
      `  the stand-in provider alone (POST /providers/SLX/transfers, ${clients} clients, signed as the app signs): ${fmt(out.provider.rps)} calls/s, p50 ${fmt(out.provider.p50, 2)} ms, p99 ${fmt(out.provider.p99, 2)} ms, ${fmt(out.provider.costMs, 2)} ms of this machine per call: ${fmt(out.provider.busyMsPerCall, 2)} ms of this thread (calling side) and ${fmt(out.provider.simMsPerCall, 2)} ms of the stand-in's CPU`,
    );
    const violations = await checkLedger(database.db);
    log(`  ledger check after the HTTP run: ${violations.length ? `${violations.length} violation(s)` : 'every invariant holds'}`);
    return out;
  } finally {
    await app?.close();
    await database.close();
    await sim.close();
    await db.drop();
  }
}

/**
 * The stand-in provider's own figures: each client sends the signed transfer call the app sends (0.01 into a player
 * it knows), one after another, for `seconds`. costMs is the machine's time per call at that load (1000 / calls per
 * second; the calling side's signing and HTTP included, as the app pays them): what every transfer spends on the
 * provider whatever the product does; busyMsPerCall is this thread's share of it (the calling side) and simMsPerCall
 * the stand-in process's CPU.
 */
async function providerAlone(provider, sim, providerPlayers, seconds) {
  const latencies = [];
  let n = 0;
  const end = Date.now() + seconds * 1000;
  const simBefore = await sim.cpuMs();
  const started = performance.now();
  const elu = performance.eventLoopUtilization();
  await Promise.all(
    providerPlayers.map(async (player, c) => {
      for (let i = 0; Date.now() < end; i++) {
        const t0 = performance.now();
        const outcome = await provider.transfer('SLX', {
          transferId: `BENCH${c}x${i}x${randomBytes(4).toString('hex')}`,
          player,
          direction: 'in',
          amountMinor: 1n,
        });
        if (outcome.kind !== 'applied') throw new Error(`the stand-in answered ${JSON.stringify(outcome)}`);
        latencies.push(performance.now() - t0);
        n++;
      }
    }),
  );
  const rps = n / ((performance.now() - started) / 1000);
  const busyMsPerCall = performance.eventLoopUtilization(elu).active / n;
  const simMsPerCall = ((await sim.cpuMs()) - simBefore) / n;
  latencies.sort((a, b) => a - b);
  return { rps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), costMs: 1000 / rps, busyMsPerCall, simMsPerCall };
}

export async function ledgerBench(opts = {}) {
  const seconds = opts.seconds ?? Number(process.env.LEDGER_BENCH_SECONDS ?? 15);
  const clients = opts.clients ?? (process.env.LEDGER_BENCH_CLIENTS ?? '8,32').split(',').map(Number);
  const httpSeconds = opts.httpSeconds ?? Number(process.env.LEDGER_BENCH_HTTP_SECONDS ?? 10);
  const httpClients = opts.httpClients ?? Number(process.env.LEDGER_BENCH_HTTP_CLIENTS ?? 16);
  const accountsCount = opts.accounts ?? Number(process.env.LEDGER_BENCH_ACCOUNTS ?? 10_000);
  const parts = new Set(opts.parts ?? (process.env.LEDGER_BENCH_PARTS ?? 'pgbench,ledger,http').split(','));
  const log = opts.log ?? ((line) => console.log(line));
  const started = Date.now();

  log(`\n== Ledger throughput against pgbench TPC-B (PostgreSQL ${new URL(BASE_URL).host}, ${seconds} s per run) ==\n`);
  const none = { tps: Number.NaN, p50: Number.NaN, p99: Number.NaN, errors: {} };
  const pgb = parts.has('pgbench') ? await pgbench(clients, seconds, log) : Object.fromEntries(clients.map((c) => [c, none]));
  const ledger = parts.has('ledger')
    ? await ledgerRuns(clients, seconds, accountsCount, log)
    : { runs: Object.fromEntries(clients.map((c) => [c, { p2p: none, house: none }])), violations: 0 };
  let http = { rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, statuses: {} };
  if (parts.has('http')) {
    log(`\n== Central-to-platform transfers through the HTTP API (the app in-process, the stand-in provider in its own process, loopback) ==\n`);
    http = await httpRun(httpSeconds, httpClients, log);
  }

  const rows = clients.map((c) => {
    const base = pgb[c].tps;
    const p2p = ledger.runs[c].p2p;
    const house = ledger.runs[c].house;
    return {
      clients: c,
      pgbench: base,
      p2p: p2p.tps,
      p2pRatio: p2p.tps / base,
      p2pGoal: p2pGoal(c),
      house: house.tps,
      houseRatio: house.tps / base,
      p2pP99: p2p.p99,
      houseP99: house.p99,
    };
  });
  log('\nclients  pgbench tps  ledger p2p tps  ratio  goal    ledger house tps  ratio  goal    p99 p2p / house');
  for (const r of rows) {
    log(
      `${String(r.clients).padStart(7)}  ${fmt(r.pgbench).padStart(11)}  ${fmt(r.p2p).padStart(14)}  ${fmt(r.p2pRatio, 2).padStart(5)}  ${(r.p2pRatio >= r.p2pGoal ? `>=${r.p2pGoal} ` : `<${r.p2pGoal}!`).padEnd(6)}  ${fmt(r.house).padStart(16)}  ${fmt(r.houseRatio, 2).padStart(5)}  ${(r.houseRatio >= GOALS.house ? `>=${GOALS.house} ` : `<${GOALS.house}!`).padEnd(6)}  ${fmt(r.p2pP99, 1)} / ${fmt(r.houseP99, 1)} ms`,
    );
  }
  log(
    `(goals: player<->player >= ${Object.entries(GOALS.p2p)
      .map(([c, g]) => `${g} of pgbench at ${c} clients`)
      .join(
        ', ',
      )}, player<->house >= ${GOALS.house}; HTTP central->platform ${fmt(http.rps)} transfers/s, p50 ${fmt(http.p50, 1)} ms, p99 ${fmt(http.p99, 1)} ms; took ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  return { rows, http, goals: GOALS, ledgerViolations: ledger.violations };
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  ledgerBench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
