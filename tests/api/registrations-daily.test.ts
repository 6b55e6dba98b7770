// Registrations per Taipei day (auth_registrations_daily, read by the daily summary and the partners' figures) are kept
// by triggers on players (src/server/modules/auth/sql: inserts counted per statement, the rest per row): a bulk insert of many players in one
// statement, a corrected sign-up time and a deletion each leave the counts equal to a count of the players themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { seedReference } from '../../src/server/seed.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedReference(database.db);
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

/** The kept counts and a count straight from players, per Taipei day (days whose kept count is 0 left out). */
async function countsBoth(): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
  const kept = await database.db.execute<{ day: string; n: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(players)::int as n from auth_registrations_daily group by day having sum(players) <> 0`);
  const counted = await database.db.execute<{ day: string; n: number }>(sql`
    select to_char((created_at at time zone 'Asia/Taipei')::date, 'YYYY-MM-DD') as day, count(*)::int as n from players group by 1`);
  const asMap = (rows: { day: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.day, r.n]));
  return { kept: asMap(kept.rows), counted: asMap(counted.rows) };
}

describe('registrations per Taipei day', () => {
  it('a bulk insert, a corrected sign-up time and a deletion keep the counts equal to the players', async () => {
    // 2,000 players over three Taipei days in one statement; 15:59 and 16:00 UTC fall on either side of a Taipei midnight.
    await database.db.execute(sql`
      insert into players (account, password_hash, recommend_code, created_at)
      select 'rg' || g, 'x', 'RG' || g, timestamptz '2026-03-01 15:59:00+00' + ((g % 3) * interval '1 minute') + ((g % 2) * interval '1 day')
      from generate_series(1, 2000) g`);
    let both = await countsBoth();
    expect(both.kept).toEqual(both.counted);
    expect(Object.values(both.kept).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2000);
    expect(both.kept['2026-03-01']).toBeGreaterThan(0);
    expect(both.kept['2026-03-02']).toBeGreaterThan(0);

    await database.db.execute(sql`update players set created_at = created_at + interval '10 days' where account in ('rg1', 'rg2', 'rg3')`);
    await database.db.execute(sql`delete from players where account in ('rg4', 'rg5')`);
    both = await countsBoth();
    expect(both.kept).toEqual(both.counted);
  }, 120_000);
});
