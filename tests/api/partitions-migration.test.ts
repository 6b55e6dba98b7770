// The partitioning migration (drizzle/0036_partitions.sql) converts a database that already holds bet records and
// postings: every migration before it goes to an empty PGlite (with the SQL function files, as start-up applies them),
// rows of two past months are written the way the old tables held them, and then the migration runs. The rows come
// through unchanged, each in its month's partition, postings take their journal's time, the ids go on from where they
// were and the provider's key stays unique.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema.ts';
import type { Db } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { isUniqueViolation } from '../../src/server/db/errors.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TAG = '0036_partitions';

/** A copy of drizzle/ whose journal stops before the partitioning migration. */
function foldersBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(path.join(ROOT, 'drizzle'), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('the partitioning migration', () => {
  it('converts existing bet records and postings into monthly partitions', async () => {
    const client = await PGlite.create('memory://');
    const db = drizzle(client, { schema });
    const before = foldersBefore();
    try {
      await migrateDatabase(db as unknown as Db, { migrationsFolder: before });
      await db.execute(sql`insert into levels (id, name_frontend, name_frontend_en) values (0, 'L0', 'L0') on conflict do nothing`);
      await db.execute(sql`insert into players (id, account, password_hash, recommend_code) values (1, 'conv1', 'x', 'CONV1')`);
      await db.execute(sql`insert into accounts (id, player_id, kind, balance_minor) values (1, 1, 'central', 700), (2, null, 'house_adjust', -700)`);
      await db.execute(sql`insert into journals (id, kind, idempotency_key, request_hash, player_id, created_at) values
        (1, 'adjustment', 'conv-1', '\\x00', 1, '2025-03-10T10:00:00Z'), (2, 'adjustment', 'conv-2', '\\x00', 1, '2025-04-02T10:00:00Z')`);
      await db.execute(sql`insert into postings (id, journal_id, account_id, amount_minor, balance_after_minor) values
        (1, 1, 1, 1000, 1000), (2, 1, 2, -1000, -1000), (3, 2, 1, -300, 700), (4, 2, 2, 300, -700)`);
      await db.execute(sql`select setval('postings_id_seq', 4)`);
      await db.execute(sql`insert into bet_records (id, gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, placed_at)
        values (1, 'SLX', 'c-1', 1, 'g', 'slots', 100, 0, 100, 'settled', 1, '2025-03-11T00:00:00Z'),
               (2, 'SLX', 'c-2', 1, 'g', 'slots', 100, 0, 100, 'settled', 1, '2025-04-12T00:00:00Z')`);
      await db.execute(sql`select setval('bet_records_id_seq', 2)`);
      await db.execute(sql`insert into bet_record_history (bet_record_id, version, snapshot) values (1, 0, '{}')`);

      await migrateDatabase(db as unknown as Db, { migrationsFolder: path.join(ROOT, 'drizzle') });

      const parts = await db.execute<{ id: number; part: string }>(sql`select id::int, tableoid::regclass::text as part from bet_records order by id`);
      expect(parts.rows).toEqual([
        { id: 1, part: 'bet_records_p2025_03' },
        { id: 2, part: 'bet_records_p2025_04' },
      ]);
      const postings = await db.execute<{ id: number; part: string; created: string }>(sql`
        select id::int, tableoid::regclass::text as part, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as created from postings order by id`);
      expect(postings.rows).toEqual([
        { id: 1, part: 'postings_p2025_03', created: '2025-03-10' },
        { id: 2, part: 'postings_p2025_03', created: '2025-03-10' },
        { id: 3, part: 'postings_p2025_04', created: '2025-04-02' },
        { id: 4, part: 'postings_p2025_04', created: '2025-04-02' },
      ]);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from bet_keys`)).rows[0]!.n).toBe(2);
      // The ids go on from the old sequences.
      const next = await db.execute<{
        id: number;
      }>(sql`insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, placed_at)
        values ('SLX', 'c-3', 1, 'g', 'slots', 100, 0, 100, 'settled', 1, now()) returning id::int`);
      expect(next.rows[0]!.id).toBe(3);
      const dup = await db
        .execute(
          sql`insert into bet_records (gp_code, bet_id, player_id, game, game_type, stake_minor, payout_minor, valid_bet_minor, status, version, placed_at)
        values ('SLX', 'c-1', 1, 'g', 'slots', 100, 0, 100, 'settled', 1, now())`,
        )
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(dup, 'bet_records_provider_bet_uq')).toBe(true);
      expect(await checkLedger(db as unknown as Db)).toEqual([]);
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      await client.close();
    }
  }, 180_000);
});
