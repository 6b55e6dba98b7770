// Who moved money: the number of players with at least one journal since a moment, for the dashboard's active players.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export async function activePlayersSince(db: DbOrTx, since: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(distinct player_id)::int as n from journals where player_id is not null and created_at >= ${since.toISOString()}`,
  );
  return rows[0]?.n ?? 0;
}
