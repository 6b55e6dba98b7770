// The reports domain's own aggregate: the players active per Taipei day (a settled bet or a deposit that stands), kept
// by the bets' and the ledger's aggregate functions through report_active_apply (sql/report_active_apply.sql),
// read here for the daily summary's active players and the retention report's weeks.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The sources of a player's activity on a day, as the bits report_active_days.sources holds. */
export const ACTIVE_SOURCE = { bet: 1, deposit: 2 } as const;

/** Per day of the range, how many players were active: 16 shard rows a day, whatever the number of players. */
export async function activePlayersByDay(db: DbOrTx, from: string, to: string): Promise<Map<string, number>> {
  const res = await db.execute<{ day: string; n: string }>(sql`
    select day::text as day, sum(players)::text as n from report_active_daily where day between ${from}::date and ${to}::date group by day`);
  return new Map(res.rows.map((r) => [r.day, Number(r.n)]));
}

/** How many players were active on any day of the range, each counted once however many days they were active. */
export async function activePlayersInRange(db: DbOrTx, from: string, to: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select count(distinct player_id)::int as n from report_active_days where day between ${from}::date and ${to}::date`);
  return Number(res.rows[0]?.n ?? 0);
}

/** Recomputes a day's active players from the bets' and the ledger's rebuilt aggregates (inside the rebuild's transaction). */
export async function rebuildActiveDay(tx: DbOrTx, day: string): Promise<void> {
  await tx.execute(sql`lock table report_active_days, report_active_daily in exclusive mode`);
  await tx.execute(sql`select report_active_rebuild_day(${day}::date)`);
}
