// Red-packet rain under a rush, printed as figures: 2,000 signed-in players claim packets of one round at
// once through the HTTP API (POST /api/activity/addAudit/{id}), against PostgreSQL (and Redis when REDIS_URL
// is set, as production runs). Prints claims per second, p50 and p99 latency, the answers by status, and the
// proof that nothing was over-paid: the sum paid is at most the pool, equals the packets taken, and no player
// holds two packets; the ledger's invariants hold afterwards.
// Run: node --disable-warning=ExperimentalWarning tests/perf/redpacket-bench.mjs   (Node 24; it imports .ts)
// The players' requests are sent from a worker thread (as the ledger benchmark's HTTP load is), so the load
// generator's own HTTP client, its parsing and its garbage are not charged to the server's event loop (the players'
// browsers are elsewhere in production). REDPACKET_BENCH_CLIENT=same-thread sends them from the server's thread as
// before, for comparison.
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped),
//      REDPACKET_BENCH_PLAYERS (2000), REDPACKET_BENCH_PACKETS (1000), REDPACKET_BENCH_SOCKETS (256),
//      REDPACKET_BENCH_CLIENT (worker, or same-thread).
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, percentile } from './pg.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

function post(agent, url, token, method = 'POST') {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(url, { method, agent, headers: { authorization: `Bearer ${token}`, 'content-length': 0 } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end();
  });
}

/**
 * The players' side: the warm-up, every player's GET /activity/redEnvelope (untimed), then every player's claim at
 * once, timed. Returns each claim's status and latency and the rush's elapsed seconds.
 */
async function rush({ base, roundId, tokens, sockets }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  try {
    // Warm-up on a few requests to a route that takes no packet (connections, plans).
    await Promise.all(tokens.slice(0, 32).map((tk) => post(agent, `${base}/api/activity/addAudit/999999999`, tk)));
    // What every player's page does before the rain can fall: it asks GET /activity/redEnvelope with the player's
    // token (to learn that a round is on and not yet claimed), which signs the session in on this instance. Untimed.
    const seen = await Promise.all(tokens.map((tk) => post(agent, `${base}/api/activity/redEnvelope`, tk, 'GET')));
    if (seen.some((r) => r.status !== 200)) throw new Error('GET /activity/redEnvelope failed before the rush');

    const started = performance.now();
    const results = await Promise.all(tokens.map((tk) => post(agent, `${base}/api/activity/addAudit/${roundId}`, tk)));
    return { results, elapsedS: (performance.now() - started) / 1000 };
  } finally {
    agent.destroy();
  }
}

if (!isMainThread && workerData?.kind === 'redpacket-rush') {
  rush(workerData).then(
    (r) => parentPort.postMessage({ ok: true, r }),
    (err) => parentPort.postMessage({ ok: false, error: String(err?.stack ?? err) }),
  );
}

function rushInWorker(data) {
  return new Promise((resolve, reject) => {
    const w = new Worker(fileURLToPath(import.meta.url), {
      workerData: { kind: 'redpacket-rush', ...data },
      execArgv: ['--disable-warning=ExperimentalWarning'],
    });
    w.once('message', (m) => (m.ok ? resolve(m.r) : reject(new Error(m.error))));
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}`));
    });
  });
}

export async function redPacketBench(opts = {}) {
  const playersN = opts.players ?? Number(process.env.REDPACKET_BENCH_PLAYERS ?? 2000);
  const packetsN = opts.packets ?? Number(process.env.REDPACKET_BENCH_PACKETS ?? 1000);
  const sockets = opts.sockets ?? Number(process.env.REDPACKET_BENCH_SOCKETS ?? 256);
  const client = opts.client ?? process.env.REDPACKET_BENCH_CLIENT ?? 'worker';
  const log = opts.log ?? ((line) => console.log(line));
  const { url: dbUrl, drop } = await createDb('bench_rp');

  process.env.RATE_LIMIT_PER_MIN = '1000000000';
  process.env.DB_POOL_MAX = process.env.DB_POOL_MAX ?? '40';
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedReference } = await import('../../src/server/seed.ts');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const { players, sessions } = await import('../../src/server/db/schema.ts');
  const { newToken } = await import('../../src/server/modules/auth/tokens.ts');
  const { checkLedger } = await import('../../src/server/ledger/check.ts');
  const { drawPackets } = await import('../../src/server/modules/redpacket/service.ts');
  const { insertRound } = await import('../../src/server/modules/redpacket/repository.ts');
  const { sql } = await import('drizzle-orm');

  const database = await openDatabase({ url: dbUrl, poolMax: Number(process.env.DB_POOL_MAX) });
  let app;
  try {
    await seedReference(database.db);
    const config = { ...loadConfig({ ...process.env, REDIS_URL: process.env.REDIS_URL ?? '', LOG_LEVEL: 'error' }), databaseUrl: dbUrl };
    app = await buildApp({ config, database, logger: false, jobs: false, pages: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${app.server.address().port}`;

    // Players and sessions in bulk, as if each had signed in already.
    const tokens = [];
    for (let i = 0; i < playersN; i += 500) {
      const batch = Array.from({ length: Math.min(500, playersN - i) }, (_, j) => ({
        account: `rb${i + j}${randomBytes(2).toString('hex')}`.slice(0, 12),
        passwordHash: 'unused',
        recommendCode: `RB${i + j}${randomBytes(3).toString('hex')}`,
      }));
      const rows = await database.db.insert(players).values(batch).returning({ id: players.id });
      const sess = rows.map((r) => {
        const { token, hash } = newToken();
        tokens.push(token);
        return { playerId: r.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3_600_000) };
      });
      await database.db.insert(sessions).values(sess);
    }

    const poolMinor = BigInt(packetsN) * 1000n; // 10.00 a packet on average
    const amounts = drawPackets(poolMinor, packetsN, 100n, 2000n);
    const round = await database.db.transaction((tx) =>
      insertRound(
        tx,
        {
          title: 'bench',
          titleEn: 'bench',
          startsAt: new Date(Date.now() - 1000),
          endsAt: new Date(Date.now() + 3_600_000),
          poolMinor,
          packetCount: packetsN,
          minPacketMinor: 100n,
          maxPacketMinor: 2000n,
          minLevel: 0,
          lookbackDays: 0,
          minDepositMinor: 0n,
          minValidBetMinor: 0n,
          flowMultiple: 1,
          // Every packet is paid at once: the claim, the activity wallet and the journal in one transaction.
          approvalCeilingMinor: 1_000_000n,
          position: 'right',
          pictureId: null,
          showPageType: 0,
        },
        amounts,
      ),
    );

    const load = { base, roundId: round.id, tokens, sockets };
    const { results, elapsedS } = client === 'same-thread' ? await rush(load) : await rushInWorker(load);
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;

    const paid = await database.db.execute(sql`
      select count(*)::int as n, coalesce(sum(p.amount_minor), 0)::text as s from journals j join postings p on p.journal_id = j.id and p.amount_minor > 0
      where j.kind = 'red_packet' and j.idempotency_key like ${`red_packet:${round.id}:%`}`);
    const taken = await database.db.execute(sql`
      select count(*)::int as n, coalesce(sum(amount_minor), 0)::text as s, count(distinct player_id)::int as players
      from red_packets where round_id = ${round.id} and player_id is not null`);
    const violations = await checkLedger(database.db);
    const out = {
      players: playersN,
      packets: packetsN,
      claimsPerSecond: playersN / elapsedS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      statuses,
      paidCount: paid.rows[0].n,
      paidMinor: BigInt(paid.rows[0].s),
      poolMinor,
      takenCount: taken.rows[0].n,
      takenMinor: BigInt(taken.rows[0].s),
      distinctPlayers: taken.rows[0].players,
      ledgerViolations: violations.length,
      redis: !!process.env.REDIS_URL,
      client,
    };
    out.overPaid =
      out.paidMinor > poolMinor || out.paidMinor !== out.takenMinor || out.distinctPlayers !== out.takenCount || out.paidCount !== (statuses[200] ?? 0);
    log(
      `\n== Red-packet rush: ${playersN} players claim packets of one ${packetsN}-packet round at once (PostgreSQL${out.redis ? ' and Redis' : ''}, HTTP on loopback, ${sockets} sockets, requests sent from ${client === 'same-thread' ? "the server's own thread" : 'a worker thread'}) ==\n`,
    );
    log(
      `  ${out.claimsPerSecond.toFixed(0)} claims/s over ${elapsedS.toFixed(2)} s; latency p50 ${out.p50.toFixed(1)} ms, p99 ${out.p99.toFixed(1)} ms; answers ${JSON.stringify(statuses)}`,
    );
    log(
      `  paid ${out.paidCount} packets, ${(Number(out.paidMinor) / 100).toFixed(2)} of a pool of ${(Number(poolMinor) / 100).toFixed(2)}; packets taken ${out.takenCount} by ${out.distinctPlayers} distinct players`,
    );
    log(
      `  over-paid: ${out.overPaid ? 'YES' : 'no'} (sum paid <= pool, paid = taken, one packet per player); ledger check: ${violations.length ? `${violations.length} violation(s)` : 'every invariant holds'}`,
    );
    return out;
  } finally {
    await app?.close();
    await database.close();
    await drop().catch(() => undefined);
  }
}

if (isMainThread && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.chdir(ROOT);
  redPacketBench().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
