// Checks that the bets bench's two fills (tests/perf/bets-bench.mjs, BETS_BENCH_FILL=statements|bulk) leave the same
// database: the same small fill, pinned to one moment, goes into two fresh databases one way each, both are vacuumed
// and analyzed as the bench does, and the script compares what the query depends on. Prints each comparison and
// exits 1 if one that must match does not.
//   - rows of every partition of bet_records and of bet_keys: count and a checksum over (ctid, row), so the same rows
//     in the same heap places (created_at and updated_at left out: they are each fill's own now());
//   - index definitions (pg_indexes), the partition tree of tables and indexes, constraints, triggers;
//   - heap statistics (pages, tuples, all-visible pages) and the planner's column statistics of player_id and
//     placed_at (sampled by ANALYZE, so shown side by side rather than required to match);
//   - index sizes (shown: an index built in one pass is packed tighter than one grown row by row);
//   - EXPLAIN (ANALYZE, BUFFERS) of betsOf's two queries (src/server/modules/bets/repository.ts, written out here as
//     drizzle sends them) for a few players: the plan's shape must match; buffers are shown.
// Run: node --disable-warning=ExperimentalWarning tests/perf/bets-fill-check.mjs   (Node 24; it imports .ts)
// Env: DATABASE_URL, BETS_CHECK_ROWS (200000), BETS_CHECK_PLAYERS (2000), BETS_CHECK_CHUNK (50000).
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { fillBetRecords } from './bets-bench.mjs';
import { createDb } from './pg.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rows = Number(process.env.BETS_CHECK_ROWS ?? 200_000);
const players = Number(process.env.BETS_CHECK_PLAYERS ?? 2_000);
const chunk = Number(process.env.BETS_CHECK_CHUNK ?? 50_000);
// The bench places one record a second backwards, 60 days in 5,184,000 records; these fewer records are spread over the
// 60 days (and so over three month partitions) as the bench's are.
const step = Math.max(1, Math.floor(5_184_000 / rows));

const { openDatabase } = await import(path.join(ROOT, 'src/server/db/client.ts'));
const { seedReference } = await import(path.join(ROOT, 'src/server/seed.ts'));

const at = new Date(Math.floor(Date.now() / 1000) * 1000);
const to = at;
const from = new Date(at.getTime() - 30 * 86_400_000);
const samplePlayers = [1, Math.floor(players / 2), players];

const PAGE = `select "id", "gp_code", "bet_id", "player_id", "game", "game_type", "stake_minor", "payout_minor", "valid_bet_minor", "status",
  "version", "ledger_version", "ledger_net_minor", "points_version", "points_net", "bonus_wallet_id", "detail", "placed_at", "settled_at",
  "updated_at" from "bet_records"
  where ("bet_records"."player_id" = $1 and "bet_records"."placed_at" >= $2 and "bet_records"."placed_at" <= $3)
  order by "bet_records"."placed_at" desc, "bet_records"."id" desc limit $4`;
const TOTALS = `select count(*)::int, coalesce(sum("bet_records"."stake_minor"), 0)::text,
  coalesce(sum(case when "bet_records"."status" = 'settled' then "bet_records"."payout_minor" else 0 end), 0)::text,
  coalesce(sum("bet_records"."valid_bet_minor"), 0)::text from "bet_records"
  where ("bet_records"."player_id" = $1 and "bet_records"."placed_at" >= $2 and "bet_records"."placed_at" <= $3)`;

/** The plan without its timings and counts of work: node types, relations, indexes, conditions, rows. */
function shape(node) {
  const keep = ['Node Type', 'Relation Name', 'Index Name', 'Index Cond', 'Filter', 'Sort Key', 'Actual Rows', 'Heap Fetches', 'Subplans Removed'];
  const out = {};
  for (const k of keep) if (node[k] !== undefined) out[k] = node[k];
  if (node.Plans) out.Plans = node.Plans.map(shape);
  return out;
}
function buffers(node) {
  const b = { hit: node['Shared Hit Blocks'] ?? 0, read: node['Shared Read Blocks'] ?? 0 };
  return `${b.hit} hit, ${b.read} read`;
}

async function build(fill) {
  const db = await createDb(`bets_check_${fill}`);
  const database = await openDatabase({ url: db.url });
  const c = new pg.Client({ connectionString: db.url });
  c.on('error', () => {});
  await seedReference(database.db);
  await c.connect();
  const t0 = Date.now();
  await fillBetRecords(c, { rows, players, chunk, fill, at, step });
  await c.query('vacuum (analyze) bet_records');
  console.log(`  ${fill}: filled and vacuumed in ${((Date.now() - t0) / 1000).toFixed(1)} s (${db.name})`);
  const q = async (text, params) => (await c.query(text, params)).rows;
  const tables = (
    await q(`select c.relname from pg_class c where c.relkind in ('r', 'p') and (c.relname like 'bet\\_records%' or c.relname = 'bet_keys') order by 1`)
  ).map((r) => r.relname);
  const state = {};
  state.rows = {};
  for (const t of tables) {
    state.rows[t] = (
      await q(
        `select count(*)::int as n, md5(coalesce(string_agg(ctid::text || ' ' || (to_jsonb(t) - 'created_at' - 'updated_at')::text, ',' order by ctid), '')) as sum from ${t} t`,
      )
    )[0];
  }
  state.indexes = await q(
    `select tablename, indexname, indexdef from pg_indexes where tablename like 'bet\\_records%' or tablename = 'bet_keys' order by 1, 2`,
  );
  state.tree = await q(`select i.inhrelid::regclass::text as child, i.inhparent::regclass::text as parent, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname like 'bet\\_records%' or p.relname like 'bet\\_keys%' order by 1, 2`);
  state.constraints = await q(`select conrelid::regclass::text as rel, conname, contype, conislocal, coninhcount, conindid::regclass::text as idx,
      (select p.conname from pg_constraint p where p.oid = c.conparentid) as parent, pg_get_constraintdef(c.oid) as def
    from pg_constraint c where conrelid::regclass::text like 'bet\\_records%' or conrelid = 'bet_keys'::regclass order by 1, 2`);
  state.triggers = await q(`select tgrelid::regclass::text as rel, tgname, tgenabled, tgisinternal, (tgparentid <> 0) as cloned, pg_get_triggerdef(oid) as def
    from pg_trigger where tgrelid::regclass::text like 'bet\\_records%' or tgrelid = 'bet_keys'::regclass order by 1, 2`);
  state.heap = await q(`select relname, relpages, reltuples, relallvisible from pg_class where relkind = 'r' and relname like 'bet\\_records%' order by 1`);
  // Shown, not compared: building bet_keys' primary key after the load counts the table's pages and tuples into
  // pg_class as a side effect, where the statements fill leaves the never-analyzed table's -1 (autovacuum would
  // count it in production). betsOf does not read bet_keys, and ingestion's use of it (ON CONFLICT on the key) does
  // not consult the estimate.
  const keysHeap = (await q(`select relpages, reltuples from pg_class where relname = 'bet_keys'`))[0];
  state.sequence = (await q(`select last_value::text from bet_records_id_seq`))[0].last_value;
  const stats = await q(`select tablename, attname, null_frac, n_distinct, round(correlation::numeric, 3)::text as correlation from pg_stats
    where tablename like 'bet\\_records\\_p%' and attname in ('player_id', 'placed_at') order by 1, 2`);
  const indexSizes = await q(`select c.relname, pg_relation_size(c.oid) / 8192 as relpages from pg_class c
    where c.relkind = 'i' and (c.relname like 'bet\\_records\\_p%' or c.relname = 'bet_keys_pkey') order by 1`);
  const plans = [];
  for (const p of samplePlayers) {
    for (const [label, text, params] of [
      ['page', PAGE, [p, from, to, 10]],
      ['totals', TOTALS, [p, from, to]],
    ]) {
      await c.query(text, params); // once to warm the cache, as the bench's 300 queries do
      const plan = (await q(`explain (analyze, buffers, format json) ${text}`, params))[0]['QUERY PLAN'][0].Plan;
      plans.push({ player: p, label, shape: shape(plan), buffers: buffers(plan) });
    }
  }
  await c.end();
  await database.close();
  return { db, state, stats, indexSizes, plans, keysHeap };
}

console.log(`\n== bets bench fills compared: ${rows.toLocaleString('en')} rows, ${players} players, chunks of ${chunk}, at ${at.toISOString()} ==\n`);
const a = await build('statements');
const b = await build('bulk');
let failed = false;
try {
  for (const key of Object.keys(a.state)) {
    const same = isDeepStrictEqual(a.state[key], b.state[key]);
    if (!same) failed = true;
    console.log(`  ${key}: ${same ? 'same' : 'DIFFERENT'}`);
    if (!same) console.log(JSON.stringify({ statements: a.state[key], bulk: b.state[key] }, null, 1));
  }
  const parts = Object.entries(a.state.rows)
    .map(([t, r]) => `${t} ${r.n}`)
    .join(', ');
  console.log(`    (rows: ${parts}; sequence at ${a.state.sequence})`);
  for (let i = 0; i < a.plans.length; i++) {
    const [pa, pb] = [a.plans[i], b.plans[i]];
    const same = isDeepStrictEqual(pa.shape, pb.shape);
    if (!same) failed = true;
    console.log(`  plan of ${pa.label} for player ${pa.player}: ${same ? 'same shape' : 'DIFFERENT'}; buffers statements ${pa.buffers}, bulk ${pb.buffers}`);
    if (!same) console.log(JSON.stringify({ statements: pa.shape, bulk: pb.shape }, null, 1));
  }
  console.log(`    (plan of the totals for player 1: ${JSON.stringify(a.plans[1].shape)})`);
  console.log('  column statistics (sampled), statements | bulk:');
  for (let i = 0; i < a.stats.length; i++) {
    const [x, y] = [a.stats[i], b.stats[i]];
    console.log(
      `    ${x.tablename}.${x.attname}: null_frac ${x.null_frac}|${y?.null_frac}, n_distinct ${x.n_distinct}|${y?.n_distinct}, correlation ${x.correlation}|${y?.correlation}`,
    );
  }
  console.log(`  bet_keys in pg_class (not compared): statements ${JSON.stringify(a.keysHeap)}, bulk ${JSON.stringify(b.keysHeap)}`);
  console.log('  index pages, statements | bulk:');
  for (let i = 0; i < a.indexSizes.length; i++) console.log(`    ${a.indexSizes[i].relname}: ${a.indexSizes[i].relpages} | ${b.indexSizes[i]?.relpages}`);
  console.log(failed ? '\n  RESULT: the fills DIFFER' : '\n  RESULT: the fills leave the same database');
} finally {
  await a.db.drop();
  await b.db.drop();
}
process.exit(failed ? 1 : 0);
