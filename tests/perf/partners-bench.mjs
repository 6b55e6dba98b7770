// Partners settlement figures (no pass/fail), on PostgreSQL: one month settled for 1,000 partners (a tree
// of 100 top partners, 300 sub-partners and 600 sub-sub-partners, so overrides run two levels deep) and 100,000
// bound players with 5,000,000 settled bet records spread over the month, one deposit each and a bonus for a tenth of
// them. The bet aggregates are rebuilt from the bet records by the bets domain's own day rebuild (as the nightly job
// does); the money aggregates are written as the ledger keeps them (one row per player, kind and day). Then
// settlePeriod runs once, timed, with the process's resident memory sampled every 20 ms: against the goals of
// under 60 s and under 300 MB.
// Run: node --disable-warning=ExperimentalWarning tests/perf/partners-bench.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a database is created and dropped),
//      PARTNERS_BENCH_PARTNERS (1000), PARTNERS_BENCH_PLAYERS (100000), PARTNERS_BENCH_BETS (5000000).
// The app's module hooks first, as its entry points do (src/server/lib/module-hooks.ts): the modules below are those
// the server runs, loaded the way it loads them.
import { registerModuleHooks } from '../../src/server/lib/module-hooks.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

registerModuleHooks();

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const GOAL_SECONDS = 60;
const GOAL_MB = 300;
const MONTH = '2026-01';
const DAYS = 31;

export async function partnersBench(opts = {}) {
  const partners = opts.partners ?? Number(process.env.PARTNERS_BENCH_PARTNERS ?? 1_000);
  const players = opts.players ?? Number(process.env.PARTNERS_BENCH_PLAYERS ?? 100_000);
  const bets = opts.bets ?? Number(process.env.PARTNERS_BENCH_BETS ?? 5_000_000);
  const log = opts.log ?? ((line) => console.log(line));
  const { openDatabase } = await import(path.join(ROOT, 'src/server/db/client.ts'));
  const { seedReference } = await import(path.join(ROOT, 'src/server/seed.ts'));
  const { rebuildBetDay } = await import(path.join(ROOT, 'src/server/modules/bets/daily.ts'));
  const { settlePeriod } = await import(path.join(ROOT, 'src/server/modules/partners/settlement.ts'));
  const { RiskService } = await import(path.join(ROOT, 'src/server/modules/risk/service.ts'));

  // PARTNERS_BENCH_DB names a database filled by an earlier run (with PARTNERS_BENCH_KEEP=1) to time again.
  const reuse = process.env.PARTNERS_BENCH_DB;
  const name = reuse || `partners_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const c = new pg.Client({ connectionString: url.toString() });
  c.on('error', () => {});
  try {
    await c.connect();
    log(`\n== Partners settlement (PostgreSQL ${url.host}) ==\n`);
    if (!reuse) {
      await seedReference(database.db);
      log(`  filling: ${partners} partners, ${players.toLocaleString('en')} players, ${bets.toLocaleString('en')} bet records in ${MONTH} ...`);
      const fillStarted = Date.now();
      await fill(c, { partners, players, bets });
      for (let d = 1; d <= DAYS; d++) {
        const day = `${MONTH}-${String(d).padStart(2, '0')}`;
        await database.db.transaction((tx) => rebuildBetDay(tx, day));
      }
      await c.query('analyze');
      log(`  filled in ${((Date.now() - fillStarted) / 1000).toFixed(1)} s`);
    } else {
      await c.query(`delete from partner_cpa; delete from partner_statements`);
      log(`  reusing ${name}: ${(await c.query('select count(*)::int as n from bet_records')).rows[0].n.toLocaleString('en')} bet records`);
    }
    // The job asks the risk domain which CPA players are linked accounts, as the server wires it.
    const linked = new RiskService({ db: database.db, serverKey: Buffer.alloc(32) });
    if (process.env.PARTNERS_BENCH_PARTS === '1') await timeParts(database.db, log, linked);

    if (global.gc) global.gc();
    const baseRss = process.memoryUsage().rss;
    const baseHeap = process.memoryUsage().heapUsed;
    let peakRss = baseRss;
    let peakHeap = baseHeap;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    const sampler = setInterval(sample, 20);
    const started = process.hrtime.bigint();
    const result = await settlePeriod(database.db, MONTH, linked);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    sample();
    const statements = (await c.query(`select count(*)::int as n, sum(computed_minor)::text as total from partner_statements where period = '${MONTH}'`))
      .rows[0];
    const mb = (n) => (n / 1024 / 1024).toFixed(0);
    log(
      `  settlement: ${seconds.toFixed(2)} s (goal < ${GOAL_SECONDS} s) — ${result.built} statements built, total commission ${(Number(statements.total) / 100).toLocaleString('en')}`,
    );
    // The process's resident memory includes what it held before the job started: the loaded modules, and whatever
    // heap V8 has not given back since the fill (less the longer the fill idled). The job's own part is the growth and
    // the JS heap it used, which is mostly garbage of decoded rows and built SQL waiting for a major collection.
    log(
      `  peak resident memory: ${mb(peakRss)} MB (goal < ${GOAL_MB} MB), of which ${mb(baseRss)} MB held before the job started (loaded modules); growth during the run ${mb(peakRss - baseRss)} MB`,
    );
    log(`  JS heap: ${mb(baseHeap)} MB before, peak ${mb(peakHeap)} MB during the run`);
    const rerunStarted = process.hrtime.bigint();
    const rerun = await settlePeriod(database.db, MONTH, linked);
    log(`  rerun (all pending, unchanged): ${(Number(process.hrtime.bigint() - rerunStarted) / 1e9).toFixed(2)} s, ${rerun.unchanged} unchanged`);
    return { seconds, peakMb: peakRss / 1024 / 1024, statements: statements.n };
  } finally {
    await c.end().catch(() => {});
    await database.close();
    if (process.env.PARTNERS_BENCH_KEEP !== '1' && !reuse) await admin.query(`drop database if exists ${name} with (force)`);
    else log(`  kept database ${name}`);
    await admin.end();
  }
}

/** Each step of a settlement on its own, to see where the time goes. */
async function timeParts(db, log, linked) {
  const s = await import(path.join(ROOT, 'src/server/modules/partners/settlement.ts'));
  const repo = await import(path.join(ROOT, 'src/server/modules/partners/repository.ts'));
  const { parsePeriod } = await import(path.join(ROOT, 'src/server/modules/partners/periods.ts'));
  const { computePeriod } = await import(path.join(ROOT, 'src/server/modules/partners/commission.ts'));
  const period = parsePeriod(MONTH);
  const time = async (label, fn) => {
    const t0 = Date.now();
    const r = await fn();
    log(`    ${label}: ${((Date.now() - t0) / 1000).toFixed(2)} s`);
    return r;
  };
  const all = await repo.allPartners(db);
  const plans = new Map((await repo.allPlans(db)).map((p) => [p.id, p]));
  const nodes = s.nodesOfKind(all, plans, 'month');
  const own = await time('own figures', () =>
    s.ownFigures(
      db,
      period,
      nodes.map((n) => n.id),
    ),
  );
  await time('cpa (with the linked-accounts check)', () => s.cpaOfPeriod(db, period, nodes, plans, all, own, linked));
  await time('compute', () => computePeriod(nodes, own, new Map()));
}

/** Partners (a three-level tree), players bound round-robin, bets over the month, deposits and bonuses as the ledger aggregates them. */
async function fill(c, { partners, players, bets }) {
  const tiers = JSON.stringify([
    { minNgrMinor: '0', minActivePlayers: 1, rateBp: 2000 },
    { minNgrMinor: '5000000', minActivePlayers: 50, rateBp: 3500 },
  ]);
  const cpa = JSON.stringify({ amountMinor: '5000', minFirstDepositMinor: '30000', minValidBetMinor: '100000', withinDays: 30 });
  await c.query(
    `insert into partner_plans (name, period_kind, tiers, cpa, carry_over, payment_fee_bp, platform_fees, is_default)
    values ('Bench', 'month', $1::jsonb, $2::jsonb, true, 150, '[{"gameGroup":"slots","feeBp":800}]'::jsonb, true)`,
    [tiers, cpa],
  );
  const top = Math.max(1, Math.round(partners / 10));
  const mid = Math.round(partners * 0.3);
  // Level 1: ids 1..top; level 2: next `mid`, parent among the tops; level 3: the rest, parent among level 2.
  await c.query(`insert into partners (account, password_hash, name, code, level, plan_id)
    select 'pa' || g, 'x', 'Partner ' || g, 'pa' || g, 1, 1 from generate_series(1, ${top}) g`);
  await c.query(`insert into partners (account, password_hash, name, code, level, plan_id, parent_id, rate_cap_bp)
    select 'pa' || g, 'x', 'Partner ' || g, 'pa' || g, 2, 1, 1 + (g % ${top}), 2500 from generate_series(${top + 1}, ${top + mid}) g`);
  await c.query(`insert into partners (account, password_hash, name, code, level, plan_id, parent_id, rate_cap_bp)
    select 'pa' || g, 'x', 'Partner ' || g, 'pa' || g, 3, 1, ${top + 1} + (g % ${Math.max(1, mid)}), 1500 from generate_series(${top + mid + 1}, ${partners}) g`);
  await c.query(`insert into players (account, password_hash, recommend_code, created_at)
    select 'b' || g, 'x', 'R' || g, timestamptz '${MONTH}-01 00:00+08' + (g % 20) * interval '1 day' from generate_series(1, ${players}) g`);
  await c.query(`insert into partner_bindings (player_id, partner_id, source, registration_ip, registered_at)
    select id, 1 + (id % ${partners}), 'code', '10.' || (id % 250) || '.' || (id % 199) || '.1', created_at from players`);
  // Bets: settled over the month's Taipei days, three game groups, each player about bets/players of them.
  await c.query(`insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, ledger_version, ledger_net_minor, placed_at, settled_at)
    select 'SLX', 'B' || g, 1 + (g % ${players}), case g % 3 when 0 then 'lucky-7' when 1 then 'ocean' else 'baccarat' end,
           case g % 3 when 0 then 'slots' when 1 then 'fish' else 'casino' end, 1000, (g % 5) * 450, 1000, 'settled', 1, 1, (g % 5) * 450 - 1000,
           timestamptz '${MONTH}-01 00:00+08' + ((g % ${DAYS * 86400}) * interval '1 second'), timestamptz '${MONTH}-01 00:00+08' + ((g % ${DAYS * 86400}) * interval '1 second')
    from generate_series(1, ${bets}) g`);
  await c.query(`insert into ledger_daily (kind, day, player_id, journals, amount_minor)
    select 'deposit', date '${MONTH}-01' + (id % 20)::int, id, 1, 50000 from players`);
  await c.query(`insert into ledger_daily (kind, day, player_id, journals, amount_minor)
    select 'promotion_grant', date '${MONTH}-01' + (id % 28)::int, id, 1, 2000 from players where id % 10 = 0`);
  await c.query(`insert into ledger_first_deposits (player_id, day, amount_minor, journal_id)
    select id, date '${MONTH}-01' + (id % 20)::int, 50000, id from players`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  partnersBench().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
