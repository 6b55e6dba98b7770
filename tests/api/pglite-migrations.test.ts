// `npm start` serves the embedded PGlite, whose migrator prepares each chunk of a migration: a chunk holding two
// statements fails there ("cannot insert multiple commands into a prepared statement") while PostgreSQL, which CI
// runs everything else on, accepts it. Every migration is applied to a fresh PGlite here, whatever DATABASE_URL says,
// and the demo player's tables answer afterwards.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';

describe('migrations on the embedded database', () => {
  it('apply from an empty PGlite, one statement per chunk', async () => {
    const database = await openDatabase({});
    try {
      const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const rows = (applied as unknown as { rows: Array<{ n: number }> }).rows;
      expect(rows[0].n).toBeGreaterThan(20);
      const players = await database.db.execute(sql`select count(*)::int as n from players`);
      expect((players as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
