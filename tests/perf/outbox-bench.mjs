// The transactional outbox on PostgreSQL (src/server/events), printed as figures:
//   1. delivery lag at a sustained rate: events published at OUTBOX_BENCH_RATE a second (1,000) for
//      OUTBOX_BENCH_SECONDS (60), each in a transaction of its own and delivered by the request path right after its
//      commit as the app does, with the worker polling beside it; the lag of a delivery is from the event's row being
//      written (its created_at) to the delivery being marked (delivered_at), both by the database's clock. p50, p99
//      and max against the goal of p99 < 100 ms, and whether the rate was held. Then the same rate with the request
//      path's delivery left out (the worker alone delivers everything, as after a crash), as a figure.
//   2. the ledger's player-to-player journals per second with the event written in the journal's own transaction
//      (and the worker delivering those events meanwhile) against the same run without it, rounds taking turns
//      (OUTBOX_BENCH_ROUNDS of OUTBOX_BENCH_ROUND_SECONDS, 4 of 8 s) at OUTBOX_BENCH_CLIENTS (16) connections; the ratio is
//      the median of the rounds' ratios, against the goal of >= 0.9.
//   3. opt-in (OUTBOX_BENCH_CRASH_RUNS=10000): randomised kill-and-restart runs of the crash rig
//      (tests/fault/outbox-rig.ts, the one tests/fault/outbox-crash.test.ts runs 200 times), on a PostgreSQL of its own,
//      then every effect counted: lost or doubled must be zero. OUTBOX_BENCH_CRASH_INSTANCES (2) instances cycle at once.
// Run: node --disable-warning=ExperimentalWarning tests/perf/outbox-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped).
// Import `outboxBench()` to run it from another script (scripts/bench.mjs); it returns the figures.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDb, median, percentile } from './pg.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GOALS = { lagP99Ms: 100, journalRatio: 0.9 };
const RATE = Number(process.env.OUTBOX_BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.OUTBOX_BENCH_SECONDS ?? 60);
const ROUNDS = Number(process.env.OUTBOX_BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.OUTBOX_BENCH_ROUND_SECONDS ?? 8);
const CLIENTS = Number(process.env.OUTBOX_BENCH_CLIENTS ?? 16);
const CRASH_RUNS = Number(process.env.OUTBOX_BENCH_CRASH_RUNS ?? 0);
const CRASH_INSTANCES = Number(process.env.OUTBOX_BENCH_CRASH_INSTANCES ?? 2);
/** The app's defaults (src/server/config.ts): the worker as production runs it. */
const WORKER = { pollIntervalMs: 500, batchSize: 50, claimGraceMs: 2_000 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A bus and its worker on the database, with one subscriber that writes one row per event (idempotent by its id). */
async function outboxOn(database, name, worker = WORKER) {
  const { sql } = await import('drizzle-orm');
  const { createOutboxBus } = await import('../../src/server/events/bus.ts');
  const { createOutboxWorker } = await import('../../src/server/events/worker.ts');
  const failures = [];
  const log = (err) => failures.push(String(err));
  const bus = createOutboxBus({ db: database.db, instance: `${name}:${randomBytes(3).toString('hex')}`, log });
  bus.on('bench.happened', { key: 'bench.effect', label: 'bench effect' }, async (_payload, meta) => {
    await database.db.execute(sql`insert into bench_outbox_effects (event_id) values (${meta.eventId}) on conflict do nothing`);
  });
  const w = createOutboxWorker(bus, worker, log);
  w.start();
  return { bus, worker: w, failures };
}

/** Lag figures of the deliveries of events written from `sinceId` on (database clock). */
async function lagSince(db, sinceId) {
  const { sql } = await import('drizzle-orm');
  const r = await db.execute(sql`
    select extract(epoch from (d.delivered_at - e.created_at)) * 1000 as ms
    from outbox_deliveries d join outbox_events e on e.id = d.event_id
    where e.id > ${sinceId} and e.name = 'bench.happened' and d.status = 'delivered'`);
  const all = r.rows.map((x) => Number(x.ms)).sort((a, b) => a - b);
  return { delivered: all.length, p50: percentile(all, 50), p99: percentile(all, 99), max: all.at(-1) ?? 0 };
}

/**
 * Waits (at most `limitMs`) until no delivery is pending, so a part does not inherit the one before's backlog: the
 * worker takes the oldest first, and a backlog would be measured as the next part's lag and load. Answers what is left.
 */
async function drained(db, limitMs = 120_000) {
  const { sql } = await import('drizzle-orm');
  const until = Date.now() + limitMs;
  for (;;) {
    const left = (await db.execute(sql`select count(*)::int as n from outbox_deliveries where status = 'pending'`)).rows[0].n;
    if (left === 0 || Date.now() > until) return left;
    await sleep(250);
  }
}

/** Publishes at `rate` a second for `seconds`, each event in its own transaction; delivers inline when asked. */
async function sustain(database, outbox, { rate, seconds, inline }) {
  const { sql } = await import('drizzle-orm');
  const start = (await database.db.execute(sql`select coalesce(max(id), 0)::text as id from outbox_events`)).rows[0].id;
  const started = performance.now();
  const total = Math.round(rate * seconds);
  let sent = 0;
  let behindMs = 0;
  let failed = 0;
  const inFlight = new Set();
  // Each millisecond tick sends what the schedule says is due by then, so a slow moment is caught up, and counted.
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent++) {
      const n = sent;
      const p = (async () => {
        const event = await database.db.transaction((tx) => outbox.bus.publish(tx, 'bench.happened', { playerId: n % 500, n }));
        if (inline) await outbox.bus.deliver(event);
      })()
        // A publish the database could not take (no connection in time) is counted, not fatal: the rate was not held.
        .catch(() => void (failed += 1))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    behindMs = Math.max(behindMs, inFlight.size / (rate / 1000));
    await sleep(1);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  // The last events' deliveries (the worker's, when there is no inline delivery) finish before the lag is read.
  for (let i = 0; i < 200; i++) {
    const left = await database.db.execute(sql`select count(*)::int as n from outbox_deliveries where event_id > ${start} and status = 'pending'`);
    if (left.rows[0].n === 0) break;
    await sleep(100);
  }
  return { ...(await lagSince(database.db, start)), sent, failed, achievedRate: (sent - failed) / elapsed, behindMs };
}

/** Player-to-player journals for `seconds` from `clients` connections; with the event in the same transaction when asked. */
async function journals(database, outbox, accounts, { seconds, clients, withOutbox }) {
  const { postJournal } = await import('../../src/server/ledger/ledger.ts');
  let count = 0;
  const end = Date.now() + seconds * 1000;
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)];
  const tag = randomBytes(3).toString('hex');
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; Date.now() < end; i++) {
        const a = pick();
        let b = pick();
        if (b === a) b = accounts[(accounts.indexOf(a) + 1) % accounts.length];
        const amount = BigInt(1 + Math.floor(Math.random() * 10_000));
        const journal = {
          kind: 'adjustment',
          idempotencyKey: `bench:outbox:${tag}:${withOutbox ? 'o' : 'n'}:${c}:${i}`,
          request: { a, b, amount: amount.toString() },
          postings: [
            { accountId: a, amountMinor: -amount },
            { accountId: b, amountMinor: amount },
          ],
        };
        await database.db.transaction(async (tx) => {
          await postJournal(tx, journal);
          if (withOutbox) await outbox.bus.publish(tx, 'bench.happened', { playerId: a, journal: journal.idempotencyKey });
        });
        count++;
      }
    }),
  );
  return count / seconds;
}

async function crashRuns(log) {
  const { startRig, setupWorld, cycle, settle, effects } = await import('../fault/outbox-rig.ts');
  const rig = await startRig('outbox-bench');
  try {
    const first = await rig.start('setup');
    const world = await setupWorld(rig, first.url, { depositors: 200, withdrawers: 200, excluders: 300 });
    first.child.kill('SIGKILL');
    await first.exited;
    const started = Date.now();
    const stats = await cycle(rig, world, {
      runs: CRASH_RUNS,
      instances: CRASH_INSTANCES,
      onRun: (n) => {
        if (n % 500 === 0) log(`  ${n} runs, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      },
    });
    const last = await settle(rig, 300_000);
    const { problems, counted } = await effects(rig.database.db, world);
    last.child.kill('SIGKILL');
    const checked = Object.values(counted).reduce((s, n) => s + n, 0);
    return { runs: stats.runs, deaths: stats.deaths, seconds: (Date.now() - started) / 1000, checked, counted, problems };
  } finally {
    await rig.close();
  }
}

export async function outboxBench({ log = console.log } = {}) {
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedLedger } = await import('./ledger-bench.mjs');
  const { checkLedger } = await import('../../src/server/ledger/check.ts');
  const { sql } = await import('drizzle-orm');
  const db = await createDb('bench_outbox');
  const out = { goals: GOALS, database: db.url.replace(/\/\/[^@]*@/, '//'), rate: RATE, seconds: SECONDS };
  try {
    const { accounts } = await seedLedger(db.url, 10_000);
    // Enough connections for a second's worth of slow publishes at the rate, on top of the journal runs' clients.
    const database = await openDatabase({ url: db.url, poolMax: Math.max(CLIENTS + 8, 64) });
    await database.db.execute(sql`create table bench_outbox_effects (event_id bigint primary key)`);
    const outbox = await outboxOn(database, 'bench');
    try {
      log(`\n== Outbox on PostgreSQL (${out.database}): delivery lag at ${RATE} events/s for ${SECONDS} s ==\n`);
      out.lag = await sustain(database, outbox, { rate: RATE, seconds: SECONDS, inline: true });
      log(
        `  request path + worker: ${out.lag.sent} events (${out.lag.failed} refused for want of a connection) at ${out.lag.achievedRate.toFixed(0)}/s, ${out.lag.delivered} delivered; lag p50 ${out.lag.p50.toFixed(1)} ms, p99 ${out.lag.p99.toFixed(1)} ms, max ${out.lag.max.toFixed(0)} ms (goal p99 < ${GOALS.lagP99Ms} ms)`,
      );
      out.backlogBeforeWorkerOnly = await drained(database.db);
      const workerSeconds = Math.min(SECONDS, 20);
      out.workerOnly = await sustain(database, outbox, { rate: RATE, seconds: workerSeconds, inline: false });
      log(
        `  worker alone (poll ${WORKER.pollIntervalMs} ms, batch ${WORKER.batchSize}, first attempt left ${WORKER.claimGraceMs} ms to the request), ${workerSeconds} s: ${out.workerOnly.delivered} delivered; lag p50 ${out.workerOnly.p50.toFixed(0)} ms, p99 ${out.workerOnly.p99.toFixed(0)} ms, max ${out.workerOnly.max.toFixed(0)} ms`,
      );

      log(`\n== Ledger journals/s with the event in the same transaction vs without, ${CLIENTS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each ==\n`);
      out.backlogBeforeJournals = await drained(database.db);
      if (out.backlogBeforeWorkerOnly || out.backlogBeforeJournals)
        log(`  (a backlog was left from the parts before: ${out.backlogBeforeWorkerOnly} and ${out.backlogBeforeJournals} deliveries pending)`);
      await journals(database, outbox, accounts, { seconds: 2, clients: CLIENTS, withOutbox: true });
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Turns alternate which goes first, so a neighbour's burst does not always fall on the same side.
        const order = r % 2 === 0 ? [false, true] : [true, false];
        const got = {};
        for (const withOutbox of order) got[withOutbox] = await journals(database, outbox, accounts, { seconds: ROUND_SECONDS, clients: CLIENTS, withOutbox });
        rounds.push({ without: got.false, with: got.true, ratio: got.true / got.false });
        log(`  round ${r + 1}: without ${got.false.toFixed(0)}/s, with ${got.true.toFixed(0)}/s, ratio ${(got.true / got.false).toFixed(2)}`);
      }
      out.journals = {
        rounds,
        ratio: median(rounds.map((x) => x.ratio)),
        without: median(rounds.map((x) => x.without)),
        with: median(rounds.map((x) => x.with)),
      };
      log(`  median ratio ${out.journals.ratio.toFixed(2)} (goal >= ${GOALS.journalRatio})`);
      // Every event published above reached its subscriber once.
      for (let i = 0; i < 300; i++) {
        const left = await database.db.execute(sql`select count(*)::int as n from outbox_deliveries where status <> 'delivered'`);
        if (left.rows[0].n === 0) break;
        await sleep(200);
      }
      const tally = await database.db
        .execute(sql`select (select count(*) from outbox_events)::int as events, (select count(*) from bench_outbox_effects)::int as effects,
        (select count(*) from outbox_deliveries where status <> 'delivered')::int as undelivered`);
      out.tally = tally.rows[0];
      out.ledgerViolations = (await checkLedger(database.db)).length;
      log(
        `  events ${out.tally.events}, effects ${out.tally.effects}, undelivered ${out.tally.undelivered}; ledger check: ${out.ledgerViolations ? `${out.ledgerViolations} violation(s)` : 'holds'}`,
      );
    } finally {
      await outbox.worker.stop();
      await database.close();
    }
  } finally {
    await db.drop().catch(() => undefined);
  }
  if (CRASH_RUNS > 0) {
    log(`\n== Outbox crash mode: ${CRASH_RUNS} randomised kill-and-restart runs, ${CRASH_INSTANCES} instances at once (own PostgreSQL) ==\n`);
    out.crash = await crashRuns(log);
    log(
      `  ${out.crash.runs} runs in ${out.crash.seconds.toFixed(0)} s; deaths ${JSON.stringify(out.crash.deaths)}; ${out.crash.checked} effects checked, ${out.crash.problems.length} lost or doubled`,
    );
    for (const p of out.crash.problems.slice(0, 20)) log(`    ${p}`);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  const { registerModuleHooks } = await import('../../src/server/lib/module-hooks.ts');
  registerModuleHooks();
  outboxBench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
