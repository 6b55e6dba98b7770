// Operator report figures (no pass/fail), on PostgreSQL:
//   1. the 90-day daily summary and the 90-day games report (ReportsService.daily and .games, the routes' one call
//      each), p50 and p95 against the goal p95 <= 100 ms, over the daily aggregates of a year at the scale of
//      10,000,000 settled bet records and 100,000 players (see SCALE below);
//   2. the player-list CSV export of 1,000,000 players through the route's own stream (keyset batches from auth's
//      read API, CSV text, a consumer that takes every byte): seconds against the goal < 30 s, and the memory the
//      export adds to the process (its peak RSS over the RSS before it) against the goal < 150 MB. The whole process's
//      peak is printed beside it: it holds the server's modules and the seeding's leftovers, which no export can shed.
//      A second export on the now warm process shows the cost is constant (V8's young generation has then reached its
//      working size, as it has on any server that has served traffic for a while).
// The reports read only the aggregates, so the aggregates are what is seeded at full scale, with generate_series. The
// bet records behind them are not: their number does not change a report's reads, and 10 million of them take long to
// write on a small machine (REPORTS_BENCH_SOURCE_ROWS seeds some for a run that wants them in the tables too).
// Run: node --disable-warning=ExperimentalWarning tests/perf/reports-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped),
//      REPORTS_BENCH_PLAYERS (100000), REPORTS_BENCH_DAILY_PLAYERS (6000), REPORTS_BENCH_QUERIES (60),
//      REPORTS_BENCH_CSV_ROWS (1000000), REPORTS_BENCH_SOURCE_ROWS (0).
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import pg from 'pg';
import { registerModuleHooks } from '../../src/server/lib/module-hooks.ts';
import { createDb, percentile } from './pg.mjs';

// The server's module hooks, as the server registers them (src/server/lib/module-hooks.ts): without them loading drizzle
// leaves this process 100-200 MB larger than a server would be, which the export's figures would carry.
registerModuleHooks();

const ROOT = path.resolve(import.meta.dirname, '../..');
const GOALS = { p95Ms: 100, csvSeconds: 30, csvRssMb: 150 };
const DAYS = 365;
const GAMES = 120;
const GROUPS = ['slots', 'fish', 'casino', 'sports', 'lottery', 'cards', 'esports'];

/** The aggregates of a year: each day dailyPlayers players play 1-2 games; a quarter of them deposit, some get bonuses. */
export async function seedAggregates(c, players, dailyPlayers) {
  await c.query(`insert into players (account, password_hash, recommend_code, created_at)
    select 'r' || g, 'x', 'R' || g, now() - ((g % ${DAYS * 24}) * interval '1 hour') from generate_series(1, ${players}) g`);
  // The players of day d are a window of the player ids that moves with the day; each plays game (p % GAMES) and on
  // every third day a second one.
  await c.query(`insert into bet_daily (day, gp_code, game, player_id, game_type, rounds, stake_minor, valid_bet_minor, payout_minor)
    select current_date - d, 'GP' || (gm % 12), 'game-' || gm, p, (array[${GROUPS.map((g) => `'${g}'`).join(',')}])[1 + gm % ${GROUPS.length}],
      3 + (p % 3), 10000 + (p % 97) * 100, 9000 + (p % 97) * 100, 9500 + ((p * 7 + d) % 101) * 100
    from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${dailyPlayers}) i,
      lateral (select 1 + ((d * 997 + i * 13) % ${players}) as p) pp,
      lateral (select (p % ${GAMES}) as gm union all select ((p + 1) % ${GAMES}) where (p + d) % 3 = 0) g`);
  await c.query(`insert into bet_daily_games (day, gp_code, game, game_type, players, rounds, stake_minor, valid_bet_minor, payout_minor)
    select day, gp_code, game, min(game_type), count(*), sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor) from bet_daily group by 1, 2, 3`);
  await c.query(`insert into bet_daily_totals (day, shard, rounds, stake_minor, valid_bet_minor, payout_minor)
    select day, (abs(hashtext(gp_code)) % 16)::smallint, sum(rounds), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor) from bet_daily_games group by 1, 2`);
  await c.query('insert into bet_player_days (day, player_id) select distinct day, player_id from bet_daily');
  await c.query('insert into bet_daily_bettors (day, players) select day, count(*) from bet_player_days group by day');
  const kinds = ['deposit', 'withdraw_paid', 'promotion_grant', 'vip_reward', 'red_packet', 'bonus_grant'];
  await c.query(`insert into ledger_daily (kind, day, player_id, journals, amount_minor)
    select k, current_date - d, 1 + ((d * 997 + i * 13) % ${players}), 1 + i % 2, case when k = 'withdraw_paid' then -50000 else 30000 end + i
    from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${Math.round(dailyPlayers / 4)}) i, unnest(array[${kinds.map((k) => `'${k}'`).join(',')}]) k
    where k in ('deposit', 'withdraw_paid') or i % 4 = 0`);
  await c.query(`insert into ledger_daily_totals (day, kind, shard, players, journals, amount_minor)
    select day, kind, (player_id % 16)::smallint, count(*), sum(journals), sum(amount_minor) from ledger_daily group by 1, 2, 3`);
  await c.query(`insert into ledger_first_deposits (player_id, day, amount_minor, journal_id)
    select player_id, min(day), 30000, player_id from ledger_daily where kind = 'deposit' group by player_id`);
  // The active players per day: the bettors and the depositors of each day, once each (as report_active_apply keeps them).
  await c.query(`insert into report_active_days (day, player_id, sources)
    select day, player_id, bit_or(s)::smallint from (select day, player_id, 1 as s from bet_player_days
      union all select day, player_id, 2 from ledger_daily where kind = 'deposit' and journals > 0) x group by 1, 2`);
  await c.query(`insert into report_active_daily (day, shard, players)
    select day, (player_id % 16)::smallint, count(*) from report_active_days group by 1, 2`);
  for (const table of [
    'players',
    'bet_daily',
    'bet_daily_games',
    'bet_player_days',
    'bet_daily_bettors',
    'ledger_daily',
    'ledger_daily_totals',
    'ledger_first_deposits',
    'report_active_days',
    'report_active_daily',
    'auth_registrations_daily',
    'ledger_first_deposit_totals',
    'bet_daily_totals',
  ]) {
    await c.query(`analyze ${table}`);
  }
}

async function timed(queries, run) {
  const times = [];
  for (let i = 0; i < queries; i++) {
    const t0 = process.hrtime.bigint();
    await run(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Streams the player list export into a consumer that counts bytes and lines, sampling the process's RSS. */
async function csvRun(db, locale) {
  const { csvStream } = await import(path.join(ROOT, 'src/server/modules/reports/csv.ts'));
  const { playerListColumns, playerListRows } = await import(path.join(ROOT, 'src/server/modules/reports/exports.ts'));
  let bytes = 0;
  let lines = 0;
  globalThis.gc?.();
  const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
  const baseRss = process.memoryUsage().rss;
  const baseNewSpace = newSpace();
  let peakRss = baseRss;
  let peakNewSpace = baseNewSpace;
  let peakHeapUsed = process.memoryUsage().heapUsed;
  // Besides the RSS, the young generation's size and the live heap: V8 grows the young generation (up to its maximum,
  // 2 x --max-semi-space-size) under any steady allocation, which is RSS without anything accumulating.
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeapUsed = Math.max(peakHeapUsed, m.heapUsed);
    peakNewSpace = Math.max(peakNewSpace, newSpace());
  }, 20);
  const t0 = Date.now();
  await pipeline(
    csvStream(playerListColumns(locale), playerListRows(db, undefined)),
    new Writable({
      write(chunk, _enc, done) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        done();
      },
    }),
  );
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const mb = (n) => n / 1024 / 1024;
  return {
    seconds: (Date.now() - t0) / 1000,
    bytes,
    lines,
    peakRssMb: mb(peakRss),
    baseRssMb: mb(baseRss),
    baseNewSpaceMb: mb(baseNewSpace),
    peakNewSpaceMb: mb(peakNewSpace),
    peakHeapUsedMb: mb(peakHeapUsed),
  };
}

export async function reportsBench(opts = {}) {
  const players = opts.players ?? Number(process.env.REPORTS_BENCH_PLAYERS ?? 100_000);
  const dailyPlayers = opts.dailyPlayers ?? Number(process.env.REPORTS_BENCH_DAILY_PLAYERS ?? 6_000);
  const queries = opts.queries ?? Number(process.env.REPORTS_BENCH_QUERIES ?? 60);
  const csvRows = opts.csvRows ?? Number(process.env.REPORTS_BENCH_CSV_ROWS ?? 1_000_000);
  const sourceRows = Number(process.env.REPORTS_BENCH_SOURCE_ROWS ?? 0);
  const log = opts.log ?? ((line) => console.log(line));
  const { openDatabase } = await import(path.join(ROOT, 'src/server/db/client.ts'));
  const { seedReference } = await import(path.join(ROOT, 'src/server/seed.ts'));
  const { ReportsService } = await import(path.join(ROOT, 'src/server/modules/reports/service.ts'));
  const { taipeiDate } = await import(path.join(ROOT, 'src/shared/time.ts'));

  const target = await createDb('reports_bench');
  const database = await openDatabase({ url: target.url });
  const c = new pg.Client({ connectionString: target.url });
  c.on('error', () => {});
  try {
    await seedReference(database.db);
    await c.connect();
    log(`\n== Operator reports (PostgreSQL) ==\n`);
    const seeded = Date.now();
    await seedAggregates(c, players, dailyPlayers);
    if (sourceRows > 0) {
      await c.query(`insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, placed_at, settled_at)
        select 'GP1', 'S' || g, 1 + g % ${players}, 'game-1', 'slots', 1000, (g % 3) * 900, 1000, 'settled', 1, now() - (g % 31536000) * interval '1 second', now() - (g % 31536000) * interval '1 second'
        from generate_series(1, ${sourceRows}) g`);
    }
    const counts = (
      await c.query(`select (select count(*) from bet_daily)::int as bet_daily, (select sum(rounds) from bet_daily)::bigint::text as bets,
      (select count(*) from ledger_daily)::int as ledger_daily, (select count(*) from bet_daily_games)::int as games_rows`)
    ).rows[0];
    log(
      `  seeded in ${((Date.now() - seeded) / 1000).toFixed(0)} s: ${players.toLocaleString('en')} players; a year of aggregates standing for ${Number(counts.bets).toLocaleString('en')} settled bets ` +
        `(${counts.bet_daily.toLocaleString('en')} player-day-game rows, ${counts.games_rows.toLocaleString('en')} day-game rows, ${counts.ledger_daily.toLocaleString('en')} money rows); ` +
        `${sourceRows.toLocaleString('en')} bet records`,
    );

    const reports = new ReportsService({ db: database.db });
    const to = taipeiDate(new Date());
    // Each query asks for a different 90-day window (ending up to 90 days back), so no two are served from one cache.
    const window = (i) => ({
      from: taipeiDate(new Date(Date.now() - (89 + (i % 90)) * 86_400_000)),
      to: taipeiDate(new Date(Date.now() - (i % 90) * 86_400_000)),
    });
    const daily = await timed(queries, (i) => reports.daily({ ...window(i), page: 1, pageSize: 92, sort: 'day', order: 'asc' }));
    const games = await timed(queries, (i) => reports.games({ ...window(i), page: 1, pageSize: 50, sort: 'ggr', order: 'desc', level: 'game' }));
    log(
      `  daily summary, 90 days, ${queries} queries: p50 ${daily.p50.toFixed(1)} ms, p95 ${daily.p95.toFixed(1)} ms (goal p95 <= ${GOALS.p95Ms} ms: ${daily.p95 <= GOALS.p95Ms ? 'met' : 'MISSED'})`,
    );
    log(
      `  games report per game, 90 days, ${queries} queries: p50 ${games.p50.toFixed(1)} ms, p95 ${games.p95.toFixed(1)} ms (goal p95 <= ${GOALS.p95Ms} ms: ${games.p95 <= GOALS.p95Ms ? 'met' : 'MISSED'})`,
    );
    void to;

    const more = csvRows - players;
    if (more > 0) {
      await c.query(`insert into players (account, password_hash, phone, recommend_code, real_name, register_ip)
        select 'x' || g, 'x', '09' || lpad(g::text, 8, '0'), 'X' || g, '王小明', '10.0.0.1' from generate_series(1, ${more}) g`);
      await c.query('analyze players');
    }
    const csv = await csvRun(database.db, 'zh-TW');
    csv.addedMb = csv.peakRssMb - csv.baseRssMb;
    log(
      `  player-list CSV, ${(csv.lines - 1).toLocaleString('en')} rows (${(csv.bytes / 1024 / 1024).toFixed(0)} MB): ${csv.seconds.toFixed(1)} s (goal < ${GOALS.csvSeconds} s: ${csv.seconds < GOALS.csvSeconds ? 'met' : 'MISSED'}), ` +
        `memory the export added ${csv.addedMb.toFixed(0)} MB (goal < ${GOALS.csvRssMb} MB: ${csv.addedMb < GOALS.csvRssMb ? 'met' : 'MISSED'}), ` +
        `of which V8's young generation growing from ${csv.baseNewSpaceMb.toFixed(0)} to ${csv.peakNewSpaceMb.toFixed(0)} MB; live heap at most ${csv.peakHeapUsedMb.toFixed(0)} MB; ` +
        `peak RSS of the whole process ${csv.peakRssMb.toFixed(0)} MB, ${csv.baseRssMb.toFixed(0)} MB of it held before the export (the server's modules, the seeding's leftovers)`,
    );
    const warm = await csvRun(database.db, 'zh-TW');
    csv.warmAddedMb = warm.peakRssMb - warm.baseRssMb;
    log(
      `  the same export again on the warm process: ${warm.seconds.toFixed(1)} s, added ${csv.warmAddedMb.toFixed(0)} MB (peak RSS ${warm.peakRssMb.toFixed(0)} MB; live heap at most ${warm.peakHeapUsedMb.toFixed(0)} MB)`,
    );
    return { daily, games, csv, goals: GOALS, scale: { players, bets: Number(counts.bets), sourceRows } };
  } finally {
    await c.end().catch(() => {});
    await database.close?.();
    await target.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await reportsBench();
  process.exit(0);
}
