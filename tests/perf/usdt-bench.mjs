// USDT on TRON at scale, on PostgreSQL: 10,000 players with deposit addresses, each sending one USDT
// transfer, over TronGrid's stand-in producing a block every 3 s (the main network's pace) with strangers' USDT
// transfers in every block beside ours, and TronGrid's limit of 15 requests a second per key enforced by the stand-in.
// The watcher (modules/cashier/usdt/watcher.ts) runs as the usdt-watch job does, a run every 3 s after the last one
// ended. Measured: the time from each block's solidification (the moment its 19th block was produced) to the credit
// of each transfer in it, p50/p95/max against the goal of 90 s; the busiest second of requests the stand-in saw and
// the refusals it answered (goal: under 15, none); that every transfer was credited exactly once (one deposit journal
// each, and the ledger check). The baseline, measured in the same run through the same adapter: polling each address's
// TRC-20 history at 14 requests a second, timed on a sample and carried to 10,000 addresses.
// Run: node --disable-warning=ExperimentalWarning tests/perf/usdt-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped),
//      USDT_BENCH_PLAYERS (10000), USDT_BENCH_BLOCKS (20: the blocks the transfers are spread over),
//      USDT_BENCH_NOISE (300 strangers' transfers a block), USDT_BENCH_POLL_SAMPLE (200).
import { registerModuleHooks } from '../../src/server/lib/module-hooks.ts';
import path from 'node:path';
import pg from 'pg';
import { createDb, percentile } from './pg.mjs';

registerModuleHooks();

const ROOT = path.resolve(import.meta.dirname, '../..');
const GOALS = { creditSeconds: 90, requestsPerSecond: 15 };
const BLOCK_MS = 3_000;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
// BIP-32 test vector 1's m/0H: a public test key.
const XPUB = 'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function usdtBench(opts = {}) {
  const players = opts.players ?? Number(process.env.USDT_BENCH_PLAYERS ?? 10_000);
  const blocks = opts.blocks ?? Number(process.env.USDT_BENCH_BLOCKS ?? 20);
  const noise = opts.noise ?? Number(process.env.USDT_BENCH_NOISE ?? 300);
  const pollSample = opts.pollSample ?? Number(process.env.USDT_BENCH_POLL_SAMPLE ?? 200);
  const log = opts.log ?? ((line) => console.log(line));
  const { openDatabase } = await import(path.join(ROOT, 'src/server/db/client.ts'));
  const { seedReference } = await import(path.join(ROOT, 'src/server/seed.ts'));
  const { AccountDirectory } = await import(path.join(ROOT, 'src/server/ledger/accounts.ts'));
  const { checkLedger } = await import(path.join(ROOT, 'src/server/ledger/check.ts'));
  const { UsdtDeposits } = await import(path.join(ROOT, 'src/server/modules/cashier/usdt/service.ts'));
  const { TronGrid } = await import(path.join(ROOT, 'src/server/integrations/tron/trongrid.ts'));
  const { depositAddress, externalChain, parseAccountKey } = await import(path.join(ROOT, 'src/server/integrations/tron/address.ts'));
  const { startSim } = await import(path.join(ROOT, 'sim/server.ts'));

  const db = await createDb('usdt_bench');
  const database = await openDatabase({ url: db.url });
  const c = new pg.Client({ connectionString: db.url });
  c.on('error', () => {});
  const sim = await startSim({
    port: 0,
    tron: { blockIntervalMs: BLOCK_MS, noisePerBlock: noise, rateLimitPerSec: GOALS.requestsPerSecond, penaltyMs: 30_000 },
  });
  try {
    await c.connect();
    log(
      `\n== USDT on TRON: ${players.toLocaleString('en')} deposit addresses, one transfer each over ${blocks} blocks (PostgreSQL ${new URL(db.url).host}) ==\n`,
    );
    await seedReference(database.db);
    const addresses = await fill(c, players, { depositAddress, chain: externalChain(parseAccountKey(XPUB)), fingerprint: parseAccountKey(XPUB).fingerprint });
    await c.query(`insert into usdt_rates (rate_e4, min_value) values (320000, 1000000)`);
    const chain = sim.state.tron;

    // Baseline first, while the chain holds no transfer of ours: one history request per address, as a poller would.
    const poller = new TronGrid({ baseUrl: `${sim.url}/trongrid`, apiKey: 'poller', requestsPerSecond: GOALS.requestsPerSecond - 1, timeoutMs: 10_000 });
    const pollStarted = performance.now();
    for (const a of addresses.slice(0, pollSample)) await poller.accountTransfers(a, { contract: USDT, onlyConfirmed: true, limit: 200 });
    const pollSeconds = (performance.now() - pollStarted) / 1000;
    const pollRound = (pollSeconds / pollSample) * players;
    log(
      `  baseline, polling each address: ${pollSample} addresses in ${pollSeconds.toFixed(1)} s, so ${pollRound.toFixed(0)} s a round for ${players.toLocaleString('en')}`,
    );

    // The transfers, placed in blocks a little ahead of the head so they arrive as the chain produces them.
    const first = chain.head() + 3;
    const perBlock = Math.ceil(players / blocks);
    addresses.forEach((to, i) => chain.transfer([{ to, value: 25_000_000n }], first + Math.floor(i / perBlock)));
    const last = first + Math.floor((players - 1) / perBlock);
    const grid = new TronGrid({ baseUrl: `${sim.url}/trongrid`, apiKey: 'site', requestsPerSecond: 10, timeoutMs: 10_000 });
    const silent = { toPlayer() {}, toSessions() {}, toSystem() {}, disconnectSessions() {} };
    const usdt = new UsdtDeposits({
      db: database.db,
      accounts: new AccountDirectory(database.db),
      publish: silent,
      chain: grid,
      xpub: XPUB,
      usdtContract: USDT,
    });
    await fetch(`${sim.url}/sim/tron/stats/reset`, { method: 'POST' });

    // The job: a run, then the interval, until every transfer is credited or the last block is long solidified.
    const deadline = chain.timestampOf(last + 18) + 5 * 60_000;
    const runs = [];
    let credited = 0;
    while (credited < players && Date.now() < deadline) {
      const started = performance.now();
      const report = await usdt.watch();
      runs.push(performance.now() - started);
      credited = Number((await c.query(`select count(*)::int n from usdt_transfers where outcome = 'credited'`)).rows[0].n);
      if (report.skipped) log(`  watcher skipped a run: ${report.skipped}`);
      await sleep(BLOCK_MS);
    }
    const state = await (await fetch(`${sim.url}/sim/tron/state`)).json();

    // Latency: each transfer's credit against the moment its block solidified (its 19th block was produced).
    const rows = (await c.query(`select block_number::int b, extract(epoch from updated_at) * 1000 as at from usdt_transfers where outcome = 'credited'`)).rows;
    const latencies = rows.map((r) => (Number(r.at) - chain.timestampOf(r.b + 18)) / 1000).sort((a, b) => a - b);
    const journals = Number((await c.query(`select count(*)::int n from journals where kind = 'deposit' and idempotency_key like 'deposit:DPt%'`)).rows[0].n);
    const violations = await checkLedger(database.db);
    const result = {
      players,
      credited,
      journals,
      violations: violations.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? Infinity,
      busiestSecond: state.busiestSecond,
      refused: state.refused,
      requests: state.requests,
      watchRunMsP95: percentile(
        [...runs].sort((a, b) => a - b),
        95,
      ),
      pollRoundSeconds: pollRound,
      goals: GOALS,
    };
    log(
      `  credited ${credited.toLocaleString('en')} of ${players.toLocaleString('en')} (deposit journals ${journals.toLocaleString('en')}, ledger check: ${violations.length ? 'FAILED' : 'ok'})`,
    );
    log(
      `  solidification to credit: p50 ${result.p50.toFixed(1)} s, p95 ${result.p95.toFixed(1)} s, max ${result.max.toFixed(1)} s (goal <= ${GOALS.creditSeconds} s)`,
    );
    log(
      `  TronGrid stand-in: ${state.requests} requests, busiest second ${state.busiestSecond}, refused ${state.refused} (limit ${GOALS.requestsPerSecond} a second)`,
    );
    log(`  watcher runs: ${runs.length}, p95 ${result.watchRunMsP95.toFixed(0)} ms`);
    return result;
  } finally {
    await sim.close();
    await c.end().catch(() => {});
    await database.close();
    if (process.env.USDT_BENCH_KEEP !== '1') await db.drop();
  }
}

/** Players with central accounts and deposit addresses at indexes 0..n-1, in bulk; answers the addresses in order. */
async function fill(c, n, k) {
  const started = Date.now();
  const addresses = Array.from({ length: n }, (_, i) => k.depositAddress(k.chain, i));
  const accountKey = k.fingerprint.toString(16).padStart(8, '0');
  await c.query(
    `insert into players (account, password_hash, phone, recommend_code)
     select 'ub' || g, 'x', '09' || lpad(g::text, 8, '0'), 'UB' || g from generate_series(1, $1) g`,
    [n],
  );
  await c.query(`insert into accounts (player_id, kind, ref, asset) select id, 'central', '', 'money' from players where account like 'ub%'`);
  await c.query(
    `insert into usdt_deposit_addresses (player_id, account_key, derivation_index, address)
     select p.id, $1, a.i - 1, a.address from unnest($2::text[]) with ordinality as a(address, i) join players p on p.account = 'ub' || a.i`,
    [accountKey, addresses],
  );
  console.log(`  filled ${n.toLocaleString('en')} players and addresses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return addresses;
}

if (import.meta.url === `file://${process.argv[1]}`) await usdtBench();
