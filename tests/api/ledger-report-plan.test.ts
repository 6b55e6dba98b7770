// The ledger's daily report of a journal (src/server/ledger/sql/ledger_report_journal.sql) must look each posting's account up by
// its key, whatever the planner knows of the accounts table. Joined instead, a table without statistics (just filled,
// as in the benchmarks, or a new deployment before its first analyse) was read whole into a hash for every journal,
// and the red-packet rush spent more of the database's time there than in posting its journals. The plans are read
// with auto_explain, sent back to this connection as notices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, seedPlayer, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// auto_explain is a module of PostgreSQL itself; PGlite has none.
describe.skipIf(!process.env.DATABASE_URL)('ledger_report_journal plan', () => {
  it('reads the accounts of a journal by their key, not the whole table, on a table without statistics', async () => {
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await seedPlayer(t, { centralMinor: 10_000n }));
    // Two thousand empty accounts: too many pages for a sequential read to beat a key lookup whatever the planner
    // knows, so the test fails only on a plan that joins. Were autovacuum to analyse the table first, the old join
    // would be planned as lookups too and the test would pass without telling; it cannot fail for that reason.
    await t.database.db.execute(sql`
      insert into accounts (player_id, kind, ref) select ${players[0]!.playerId}, 'platform', 'plan' || n from generate_series(1, 2000) as n`);
    const res = await t.database.db.execute<{ id: string }>(sql`
      select id::text from journals where player_id = ${players[2]!.playerId} order by id desc limit 1`);
    const journalId = res.rows[0]!.id;

    const client = new pg.Client({ connectionString: t.database.url });
    const plans: string[] = [];
    client.on('notice', (n) => {
      plans.push(String(n.message));
    });
    await client.connect();
    try {
      await client.query(`LOAD 'auto_explain'`);
      await client.query('SET auto_explain.log_min_duration = 0');
      await client.query('SET auto_explain.log_nested_statements = on');
      await client.query('SET auto_explain.log_level = notice');
      // Reported again inside a transaction that is rolled back, so the day's figures stay as they were.
      await client.query('begin');
      await client.query('select ledger_report_journal($1)', [journalId]);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    const sum = plans.find((p) => p.includes('FROM postings p'));
    expect(sum, plans.join('\n---\n')).toBeDefined();
    expect(sum).toContain('Index Scan using accounts_pkey on accounts');
    expect(sum).not.toMatch(/Seq Scan on accounts/);
  });
});
