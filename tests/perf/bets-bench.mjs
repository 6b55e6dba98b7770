// Bet-record figures (no pass/fail), on PostgreSQL:
//   1. GET /api/players/bet/records for one player over 30 days with BETS_BENCH_ROWS rows in the table (5 million
//      by default; the goal is stated for 50,000,000: BETS_BENCH_ROWS=50000000): the route's own query
//      (repository betsOf: a page of 10 plus totals) timed directly, p50 and p95 against the goal p95 <= 10 ms.
//      bet_records is partitioned by month (drizzle/0036_partitions.sql): the months the rows fall in get their
//      partitions first, as the ensure-partitions job would have made them, so the 30 days read one or two partitions;
//   2. ingestion rate: BetsService.ingest pulling pages of 500 from a provider's bet log (an in-memory
//      provider, so the figure is our storage and ledger work, not the network), records per second
//      against the goal of >= 2,000.
// Run: node --disable-warning=ExperimentalWarning tests/perf/bets-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped),
//      BETS_BENCH_ROWS (5000000), BETS_BENCH_PLAYERS (20000), BETS_BENCH_QUERIES (300), BETS_BENCH_INGEST (20000),
//      BETS_BENCH_CHUNK (5000000: rows per fill statement), BETS_BENCH_TREND=1 (the query's p50/p95 after every chunk
//      too, so a run cut short still shows the trend; statements fill only), BETS_BENCH_KEEP=1 (keep the database,
//      e.g. for EXPLAIN), BETS_BENCH_FILL=statements|bulk (how the rows go in, see fillBetRecords: statements through
//      the live table, or a bulk load of the partitions with their indexes built after; bulk from 10,000,000 rows
//      unless set, as 50 million rows through statements take hours). Both leave the same rows, indexes, constraints,
//      triggers and statistics: tests/perf/bets-fill-check.mjs compares them.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { percentile } from './pg.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const GOAL_P95_MS = 10;
const GOAL_INGEST_PER_SECOND = 2_000;
// From this many rows the fill is a bulk load by default (BETS_BENCH_FILL): 50 million rows through statements take hours.
const BULK_FROM_ROWS = 10_000_000;

export async function betsBench(opts = {}) {
  const rows = opts.rows ?? Number(process.env.BETS_BENCH_ROWS ?? 5_000_000);
  const players = opts.players ?? Number(process.env.BETS_BENCH_PLAYERS ?? 20_000);
  const queries = opts.queries ?? Number(process.env.BETS_BENCH_QUERIES ?? 300);
  const ingestCount = opts.ingest ?? Number(process.env.BETS_BENCH_INGEST ?? 20_000);
  const chunk = Math.max(1, opts.chunk ?? Number(process.env.BETS_BENCH_CHUNK ?? 5_000_000));
  const trend = opts.trend ?? process.env.BETS_BENCH_TREND === '1';
  const fill = opts.fill ?? process.env.BETS_BENCH_FILL ?? (rows >= BULK_FROM_ROWS ? 'bulk' : 'statements');
  if (fill !== 'bulk' && fill !== 'statements') throw new Error(`BETS_BENCH_FILL must be bulk or statements, not ${fill}`);
  const keep = opts.keep ?? process.env.BETS_BENCH_KEEP === '1';
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  const log = opts.log ?? ((line) => console.log(line));
  const started = Date.now();

  const { openDatabase } = await import(path.join(ROOT, 'src/server/db/client.ts'));
  const { seedReference } = await import(path.join(ROOT, 'src/server/seed.ts'));
  const repo = await import(path.join(ROOT, 'src/server/modules/bets/repository.ts'));
  const { BetsService } = await import(path.join(ROOT, 'src/server/modules/bets/service.ts'));
  const { AccountDirectory } = await import(path.join(ROOT, 'src/server/ledger/accounts.ts'));
  const walletFacts = await import(path.join(ROOT, 'src/server/modules/wallet/player-platform-facts.ts'));

  const name = `bets_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const c = new pg.Client({ connectionString: url.toString() });
  // Dropping the database ends this connection from the server's side; without a listener that would crash the run
  // and hide whatever error led to the drop.
  c.on('error', () => {});
  try {
    await seedReference(database.db);
    await c.connect();
    log(`\n== Bet records (PostgreSQL ${url.host}) ==\n`);
    log(`  filling: ${players} players, ${rows.toLocaleString('en')} bet records over the last 60 days ...`);
    const fillStarted = Date.now();
    const measure = async (count) => {
      const to = new Date();
      const from = new Date(to.getTime() - 30 * 86_400_000);
      const times = [];
      for (let i = 0; i < count; i++) {
        const playerId = 1 + Math.floor(Math.random() * players);
        const t0 = process.hrtime.bigint();
        await repo.betsOf(database.db, { playerId, from, to, limit: 10, offset: 0 });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      times.sort((x, y) => x - y);
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    // Vacuum rather than only analyze: in production autovacuum marks the filled pages all-visible soon after the
    // inserts, which lets the totals be an index-only scan; a bench that queried right after the fill would not.
    const settle = () => c.query('vacuum (analyze) bet_records');
    log(`  fill: ${fill}${fill === 'bulk' && trend ? ' (no trend: the rows are attached at the end)' : ''}`);
    await fillBetRecords(c, {
      rows,
      players,
      chunk,
      fill,
      log,
      afterChunk:
        trend && fill === 'statements'
          ? async (done, note) => {
              await settle();
              const t = await measure(100);
              log(`${note}; 100 queries p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms (load ${load()})`);
            }
          : undefined,
    });
    log(`  filled in ${((Date.now() - fillStarted) / 1000).toFixed(0)} s (load ${load()})`);
    await settle();
    const { p50, p95 } = await measure(queries);
    const perPlayer = Math.round(rows / players / 2);
    log(
      `  one player's page of 10 plus totals over 30 days (~${perPlayer} rows each), ${queries} queries: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}; load ${load()})`,
    );

    // Ingestion: a provider's log of new bets for players who have an account there.
    const now = new Date();
    const playersAtProvider = Math.min(200, players);
    await c.query(
      `insert into player_platforms (player_id, gp_code, provider_player) select g, 'SLX', 'p' || g from generate_series(1, ${playersAtProvider}) g`,
    );
    const log2 = [];
    for (let i = 0; i < ingestCount; i++) {
      const player = 1 + (i % playersAtProvider);
      log2.push({
        betId: `N${i}`,
        player: `p${player}`,
        game: 'lucky-7',
        gameType: 'slots',
        stakeMinor: 100n,
        payoutMinor: BigInt((i % 4) * 90),
        status: 'settled',
        placedAt: now,
        settledAt: now,
        version: 1,
        detail: {},
      });
    }
    const provider = {
      async betLog(_code, cursor, limit) {
        const start = cursor ? Number(cursor) : 0;
        const end = Math.min(log2.length, start + limit);
        return { bets: log2.slice(start, end), nextCursor: String(end), hasMore: end < log2.length };
      },
    };
    const publisher = { toPlayer() {}, toSessions() {}, toSystem() {}, disconnectSessions() {} };
    const bets = new BetsService({ db: database.db, provider, accounts: new AccountDirectory(database.db), publish: publisher, walletFacts });
    // Each player starts with money at the platform, as if they had transferred in before playing.
    const { postJournal } = await import(path.join(ROOT, 'src/server/ledger/ledger.ts'));
    const dir = new AccountDirectory(database.db);
    for (let p = 1; p <= playersAtProvider; p++) {
      const [acc, house] = await Promise.all([dir.playerAccount(p, 'platform', 'SLX'), dir.houseAccount('game', p)]);
      await database.db.transaction((tx) =>
        postJournal(tx, {
          kind: 'adjustment',
          idempotencyKey: `bench-fund-${p}`,
          request: {},
          playerId: p,
          postings: [
            { accountId: acc, amountMinor: 100_000_000n },
            { accountId: house, amountMinor: -100_000_000n },
          ],
        }),
      );
    }
    const ingestStarted = Date.now();
    let stored = 0;
    for (let run = 0; run < 100 && stored < ingestCount; run++) {
      const r = await bets.ingest('SLX', 1_000);
      stored += r.inserted;
      if (r.error) throw new Error(`ingestion failed: ${r.error}`);
    }
    while ((await bets.postLedger()).posted > 0) {
      /* drain what the runs left to post */
    }
    const seconds = (Date.now() - ingestStarted) / 1000;
    log(
      `  ingestion: ${stored.toLocaleString('en')} records pulled, stored and posted to the ledger in ${seconds.toFixed(1)} s = ${(stored / seconds).toFixed(0)} records/s (goal >= ${GOAL_INGEST_PER_SECOND}: ${stored / seconds >= GOAL_INGEST_PER_SECOND ? 'met' : 'MISSED'})`,
    );
    log(`  (took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return { p50, p95, goalP95Ms: GOAL_P95_MS, ingestPerSecond: stored / seconds, goalIngestPerSecond: GOAL_INGEST_PER_SECOND };
  } finally {
    await c.end().catch(() => {});
    await database.close();
    if (keep) log(`  database ${name} kept (BETS_BENCH_KEEP=1): drop it when done`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * Fills a migrated, seeded database with `players` players and `rows` bet records spread over the 60 days before `at`
 * (a Date; by default each statement's now(), so a long fill's later rows are placed at its later now()), player
 * 1 + g % players and bet id 'B' || g for g = 1..rows, each record's id from bet_records' sequence in g order, record g
 * placed (g * step) % 5,184,000 seconds before that moment.
 *
 * fill 'statements': INSERT ... SELECT into bet_records in statements of at most `chunk` rows, each its own transaction,
 * as a bulk load through the live table would be, with every index and the statement-level bet_keys trigger at work
 * (one statement of 50 million rows would hold them all in one transaction and its trigger's transition table).
 * `afterChunk(done, note)` runs after every chunk but the last.
 *
 * fill 'bulk': the same rows and keys, loaded the way a DBA loads a table: each month partition is detached, loses its
 * indexes and primary key, takes its rows through a bare partitioned table of the same columns (which routes them by
 * month, as bet_records would), gets its indexes and key back from their recorded definitions, built once over the
 * loaded rows, and is attached again (PostgreSQL adopts the matching indexes instead of building them, and clones the
 * row trigger back). The keys go into bet_keys in the same statements, from the inserted rows in insertion order (what
 * the statement trigger reads from its transition table), with bet_keys' primary key dropped during the load and
 * built after. The end state is the statements fill's (tests/perf/bets-fill-check.mjs compares the two), except that
 * indexes built in one pass are packed tighter than ones grown row by row.
 */
export async function fillBetRecords(c, { rows, players, chunk = 5_000_000, fill = 'statements', at, step = 1, log = () => {}, afterChunk }) {
  const now = at ? `'${at.toISOString()}'::timestamptz` : 'now()';
  // Record g is placed (g * step) % 5184000 seconds before now: one a second backwards, 60 days in 5,184,000 records;
  // a small fill (tests/perf/bets-fill-check.mjs) spreads its records over the 60 days too with a larger step.
  const back = step === 1 ? 'g % 5184000' : `(g::bigint * ${step}) % 5184000`;
  await c.query(`insert into players (account, password_hash, recommend_code)
    select 'b' || g, 'x', 'R' || g from generate_series(1, ${players}) g`);
  // The partitions of the filled months, made ahead in production by the ensure-partitions job (older than the
  // migration here); on a schema before partitioning there is nothing to make.
  const partitioned = (await c.query(`select to_regproc('create_month_partition') is not null as yes`)).rows[0].yes;
  if (partitioned) {
    await c.query(`select create_month_partition('bet_records', m::date)
      from generate_series(date_trunc('month', ${now} - interval '61 days'), ${now}, interval '1 month') m`);
  }
  log(`  bet_records ${partitioned ? 'partitioned by month' : 'one table (not partitioned)'}`);
  if (fill === 'bulk' && !partitioned) throw new Error('the bulk fill needs bet_records partitioned by month');
  // Spread over 60 days so a 30-day query reads about half of a player's rows, as in real use.
  const columns =
    'gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, ledger_version, ledger_net_minor, placed_at, settled_at';
  const select = (
    from,
    to,
  ) => `select 'SLX', 'B' || g, 1 + (g % ${players}), 'lucky-7', 'slots', 1000, (g % 3) * 900, 1000, 'settled', 1, 1, (g % 3) * 900 - 1000,
           ${now} - ((${back}) * interval '1 second'), ${now} - ((${back}) * interval '1 second')
    from generate_series(${from}, ${to}) g`;

  let parts = [];
  if (fill === 'bulk') {
    // Session settings of a bulk load; none of them outlives this connection or touches what the queries measure.
    await c.query(`set maintenance_work_mem = '1GB'`);
    await c.query('set synchronous_commit = off');
    parts = (
      await c.query(`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound,
        (select coalesce(json_agg(json_build_object('name', con.conname, 'def', pg_get_constraintdef(con.oid))), '[]')
         from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')) as keys,
        (select coalesce(json_agg(pg_get_indexdef(x.indexrelid)), '[]') from pg_index x
         where x.indrelid = c.oid and not exists (select 1 from pg_constraint con where con.conindid = x.indexrelid)) as indexes
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'bet_records'::regclass and pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
      order by c.relname`)
    ).rows;
    await c.query('create table bet_records_fill (like bet_records including defaults) partition by range (placed_at)');
    for (const p of parts) {
      await c.query(`alter table bet_records detach partition ${p.name}`);
      for (const k of p.keys) await c.query(`alter table ${p.name} drop constraint ${k.name}`);
      for (const def of p.indexes) await c.query(`drop index ${def.match(/^CREATE (?:UNIQUE )?INDEX (\S+) /)[1]}`);
      await c.query(`alter table bet_records_fill attach partition ${p.name} ${p.bound}`);
    }
    await c.query('alter table bet_keys drop constraint bet_keys_pkey');
  }
  for (let done = 0; done < rows;) {
    const n = Math.min(chunk, rows - done);
    const chunkStarted = Date.now();
    if (fill === 'bulk') {
      await c.query(`with added as (insert into bet_records_fill (${columns}) ${select(done + 1, done + n)} returning gp_code, bet_id, id)
        insert into bet_keys (gp_code, bet_id, bet_record_id) select gp_code, bet_id, id from added`);
    } else {
      await c.query(`insert into bet_records (${columns}) ${select(done + 1, done + n)}`);
    }
    done += n;
    const note = `    ${done.toLocaleString('en')} rows: chunk filled in ${((Date.now() - chunkStarted) / 1000).toFixed(0)} s`;
    if (afterChunk && done < rows) await afterChunk(done, note);
    else if (done < rows)
      log(
        `${note} (load ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')})`,
      );
  }
  if (fill === 'bulk') {
    const buildStarted = Date.now();
    for (const p of parts) {
      await c.query(`alter table bet_records_fill detach partition ${p.name}`);
      for (const def of p.indexes) await c.query(def);
      for (const k of p.keys) await c.query(`alter table ${p.name} add constraint ${k.name} ${k.def}`);
      await c.query(`alter table bet_records attach partition ${p.name} ${p.bound}`);
    }
    await c.query('drop table bet_records_fill');
    await c.query('alter table bet_keys add constraint bet_keys_pkey primary key (gp_code, bet_id)');
    log(`    indexes, keys and partitions attached in ${((Date.now() - buildStarted) / 1000).toFixed(0)} s`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  betsBench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
