// The system domain's housekeeping jobs: outbox events every subscriber received are deleted once past their
// retention (pending and dead-lettered ones are kept for redrive), and job runs past theirs, in bounded batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { purgeDeliveredOutbox, purgeJobRuns } from '../../src/server/jobs/purge.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const ids = (res: unknown) => (res as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id));

/** An event written daysAgo days ago with one delivery per given status. */
async function event(daysAgo: number, statuses: string[]): Promise<number> {
  const [id] = ids(
    await database.db.execute(sql`
      insert into outbox_events (name, payload, created_at) values ('test.event', '{}'::jsonb, now() - ${daysAgo}::integer * interval '1 day') returning id`),
  );
  for (const [i, status] of statuses.entries()) {
    await database.db.execute(sql`
      insert into outbox_deliveries (event_id, subscriber, event_name, status, delivered_at)
      values (${id}, ${`sub-${i}`}, 'test.event', ${status}, ${status === 'delivered' ? sql`now()` : sql`null`})`);
  }
  return id;
}

async function present(table: 'outbox_events' | 'job_runs', wanted: number[]): Promise<number[]> {
  const res = await database.db.execute(
    sql`select id from ${sql.identifier(table)} where id in (${sql.join(
      wanted.map((w) => sql`${w}`),
      sql`, `,
    )}) order by id`,
  );
  return ids(res);
}

describe('outbox purge', () => {
  it('deletes old events whose every delivery was delivered, and keeps pending, dead and recent ones', async () => {
    const oldDelivered = await event(10, ['delivered', 'delivered']);
    const oldNobody = await event(10, []);
    const oldPending = await event(10, ['delivered', 'pending']);
    const oldDead = await event(10, ['dead']);
    const recent = await event(1, ['delivered']);
    const deleted = await purgeDeliveredOutbox(database.db, 7 * DAY_MS);
    expect(deleted).toBe(2);
    expect(await present('outbox_events', [oldDelivered, oldNobody, oldPending, oldDead, recent])).toEqual([oldPending, oldDead, recent]);
    const left = await database.db.execute(sql`select count(*)::int as id from outbox_deliveries where event_id = ${oldDelivered}`);
    expect(ids(left)).toEqual([0]);
  });

  it('works through more than one batch in a run', async () => {
    const old = await Promise.all([1, 2, 3, 4, 5].map(() => event(30, ['delivered'])));
    expect(await purgeDeliveredOutbox(database.db, 7 * DAY_MS, 2)).toBe(5);
    expect(await present('outbox_events', old)).toEqual([]);
  });
});

describe('job-run purge', () => {
  it('deletes the runs older than the retention, batch by batch, and keeps the rest', async () => {
    const insert = async (daysAgo: number) =>
      ids(
        await database.db.execute(sql`
          insert into job_runs (name, trigger, instance, started_at, result) values ('t-purge', 'schedule', 'x', now() - ${daysAgo}::integer * interval '1 day', 'ok') returning id`),
      )[0];
    const old = [await insert(40), await insert(35), await insert(31)];
    const kept = [await insert(29), await insert(0)];
    expect(await purgeJobRuns(database.db, 30 * DAY_MS, 2)).toBe(3);
    expect(await present('job_runs', [...old, ...kept])).toEqual(kept);
  });
});
