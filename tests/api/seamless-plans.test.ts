// The seamless wallet's lookups by a provider's transaction id must read one row whatever the table's statistics say.
// A table the planner knows nothing of (a fresh table before its first analyse) once had its lookups by
// (gp_code, tx_id) planned on the round index, then led by gp_code as well: with both estimated at one row the planner
// may take either, and that one read every transaction of the provider. Pooled connections kept the plan, and the
// seamless bench ran at half speed whenever its plans were made before the table was analysed. The rule that keeps
// it from coming back: on seamless_transactions only the unique (gp_code, tx_id) index starts with gp_code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seamless_transactions indexes', () => {
  it('only the unique (gp_code, tx_id) index starts with gp_code, so no other can be taken for a lookup by transaction id', async () => {
    const res = await t.database.db.execute<{ name: string; uniq: boolean; cols: string }>(sql`
      select c.relname as name, i.indisunique as uniq,
        (select string_agg(a.attname, ',' order by k.n) from unnest(i.indkey) with ordinality as k(attnum, n)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as cols
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'seamless_transactions'::regclass`);
    const ledByProvider = res.rows.filter((r) => r.cols.split(',')[0] === 'gp_code');
    expect(ledByProvider).toEqual([{ name: 'seamless_transactions_provider_tx_uq', uniq: true, cols: 'gp_code,tx_id' }]);
    expect(res.rows.find((r) => r.name === 'seamless_transactions_round_idx')?.cols).toBe('round_id,gp_code');
  });
});

describe('bet_seamless_round plans', () => {
  it('keeps generic plans: its lookups of a partitioned bet_records would otherwise be planned again on every call', async () => {
    // CREATE OR REPLACE FUNCTION drops a setting it does not name: src/server/modules/bets/sql/bet_seamless_round.sql names it.
    const res = await t.database.db.execute<{ config: string[] | null }>(sql`
      select proconfig as config from pg_proc where proname = 'bet_seamless_round' and pronamespace = 'public'::regnamespace`);
    expect(res.rows).toHaveLength(1);
    expect(res.rows[0]!.config).toContain('plan_cache_mode=force_generic_plan');
  });
});
